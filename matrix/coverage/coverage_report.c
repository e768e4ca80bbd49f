// SPDX-License-Identifier: GPL-2.0
/*
 * coverage report: each changed line's state, the tallies per patch, and
 * coverage.tsv and coverage.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "out.h"
#include "usage.h"
#include "util.h"

static char *profiles[MAX_PROFILES];
static unsigned nprofiles;

/*
 * What a changed line is here: run, not-run, no-code, or why it cannot run
 * on this arch and config (*reason, and the state named after it).
 */
static const char *line_state(const struct cline *l, const char **reason)
{
	int reached = !strcmp(l->state, "profiled") || !strcmp(l->state, "header");

	*reason = l->reason;
	if (!reached)
		return l->state;
	if (!l->seen && !strcmp(l->state, "header")) {
		/* gcov shows a header only where some of it became code */
		*reason = NULL;
		return "no-code";
	}
	if (!l->seen) {
		*reason = "no gcov data came back for its file";
		return "no-data";
	}
	*reason = NULL;
	if (l->executable && !l->count && l->excuse) {
		*reason = l->excuse;
		return "unreachable";
	}
	return !l->executable ? "no-code" : l->count ? "run" : "not-run";
}

struct tally {
	unsigned run, executable, br_taken, br_total, not_executable, unreachable;
};

static void tally_line(struct tally *t, const struct cline *l)
{
	const char *reason, *state = line_state(l, &reason);

	if (reason) {
		t->unreachable++;
		return;
	}
	if (!strcmp(state, "no-code")) {
		t->not_executable++;
		return;
	}
	t->executable++;
	t->run += l->count > 0;
	for (size_t i = 0; i < l->nbr; i++) {
		t->br_total++;
		t->br_taken += l->br[i].taken > 0;
	}
}

static void ran_by(FILE *f, const struct cline *l, const char *sep)
{
	const char *s = "";

	for (unsigned p = 0; p < nprofiles; p++)
		if (l->ran_in[p]) {
			fprintf(f, "%s%s", s, profiles[p]);
			s = sep;
		}
}

static void branches(FILE *f, const struct cline *l)
{
	unsigned taken = 0;

	for (size_t i = 0; i < l->nbr; i++)
		taken += l->br[i].taken > 0;
	fprintf(f, "%u/%zu", taken, l->nbr);
}

/* Patches in their order (NN- names sort so). */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cmd_report(int argc, char **argv)
{
	const char *arch = NULL, *point = NULL, *lines_path = NULL, *files_path = NULL, *tree = "", *outdir = NULL;
	const char *unreachable = NULL, *mutants = NULL, *no_mutant = NULL;
	char path[4200], dir[4200], buf[4096];
	char **patches = NULL;
	size_t npatches = 0;
	struct tally all = { 0 };
	struct out o;
	FILE *f, *in;
	int i;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		const char **dst = !strcmp(argv[i], "--arch") ? &arch : !strcmp(argv[i], "--point") ? &point :
			!strcmp(argv[i], "--lines") ? &lines_path : !strcmp(argv[i], "--files") ? &files_path :
			!strcmp(argv[i], "--tree") ? &tree : !strcmp(argv[i], "--out") ? &outdir :
			!strcmp(argv[i], "--unreachable") ? &unreachable : !strcmp(argv[i], "--mutants") ? &mutants :
			!strcmp(argv[i], "--no-mutant") ? &no_mutant : NULL;

		if (!dst || i + 1 == argc)
			die("unknown or incomplete option %s", argv[i]);
		*dst = argv[++i];
	}
	if (i + 1 != argc || !arch || !point || !lines_path || !files_path || !outdir)
		die("usage: coverage report --arch A --point P --lines LINES --files FILES --tree TREE --out DIR "
		    "[--unreachable FILE] [--mutants FILE [--no-mutant FILE]] COVDIR");

	load_files(files_path);
	load_lines(lines_path);
	if (unreachable) {
		struct excuses ex = { 0 };

		load_excuses(&ex, unreachable, arch);
		for (size_t k = 0; k < nlines; k++)
			lines[k].excuse = excuse_for(&ex, lines[k].file, lines[k].text);
	}
	if (no_mutant) {
		struct excuses ex = { 0 };

		load_excuses(&ex, no_mutant, arch);
		for (size_t k = 0; k < nlines; k++)
			lines[k].no_mutant = excuse_for(&ex, lines[k].file, lines[k].text);
	}
	qsort(lines, nlines, sizeof(*lines), cmp_line);
	if (mutants)
		load_mutants(mutants);
	snprintf(path, sizeof(path), "%s/profiles.tsv", argv[i]);
	in = open_or_die(path);
	while (fgets(buf, sizeof(buf), in) && nprofiles < MAX_PROFILES) {
		char *field[3];

		split_tabs(buf, field, 3);
		profiles[nprofiles] = xstrdup(field[0]);
		snprintf(path, sizeof(path), "%s/%s.gcov", argv[i], field[0]);
		snprintf(dir, sizeof(dir), "%s/%s", argv[i], field[0]);
		load_gcov(path, nprofiles++, tree, dir);
	}
	fclose(in);
	if (!nprofiles)
		die("%s/profiles.tsv names no profile", argv[i]);

	for (size_t k = 0; k < nlines; k++) {
		size_t j;

		tally_line(&all, &lines[k]);
		for (j = 0; j < npatches && strcmp(patches[j], lines[k].patch); j++)
			;
		if (j == npatches) {
			patches = xrealloc(patches, (npatches + 1) * sizeof(*patches));
			patches[npatches++] = lines[k].patch;
		}
	}
	qsort(patches, npatches, sizeof(*patches), cmp_str);

	/* coverage.tsv: every changed line, for tools. */
	f = out_open(&o, outdir, "coverage.tsv");
	fprintf(f, "patch\tfile\tline\tstate\tcount\tbranches\tran_by\tmutants\tno_mutant\n");
	for (size_t k = 0; k < nlines; k++) {
		const struct cline *l = &lines[k];
		const char *reason, *state = line_state(l, &reason);

		fprintf(f, "%s\t%s\t%d\t%s\t%lu\t", l->patch, l->file, l->line, state, l->count);
		branches(f, l);
		fputc('\t', f);
		ran_by(f, l, ",");
		fprintf(f, "\t%s\t%s\n", l->mutants, l->no_mutant ? l->no_mutant : "");
	}
	if (out_commit(&o))
		return 1;

	/* coverage.md: per patch, what ran and what did not. */
	f = out_open(&o, outdir, "coverage.md");
	fprintf(f, "# Series coverage on %s at %s\n\n", arch, point);
	fprintf(f, "The lines the series changed (`git blame` from base to %s), in a kernel that\n"
		"profiled the series' files with gcov, run by the guest's programs (one profile\n"
		"each, and `boot` for what ran before the first). A line with no code (a\n"
		"declaration, a brace, a comment) is not counted; a branch direction is one\n"
		"outcome of a condition as gcov counts it. Other arches' lines are counted\n"
		"under \"cannot run here\" and listed in coverage.tsv only.\n\n", point);
	fprintf(f, "**Lines run: %u/%u, branch directions taken: %u/%u** (%u lines with no code; "
		"%u lines that cannot run on this arch or config, below).\n\n",
		all.run, all.executable, all.br_taken, all.br_total, all.not_executable, all.unreachable);
	fprintf(f, "| patch | lines run | branch directions | no code | cannot run here |\n|---|---|---|---|---|\n");
	for (size_t p = 0; p < npatches; p++) {
		struct tally t = { 0 };

		for (size_t k = 0; k < nlines; k++)
			if (!strcmp(lines[k].patch, patches[p]))
				tally_line(&t, &lines[k]);
		fprintf(f, "| ");
		md_str(f, patches[p]);
		fprintf(f, " | %u/%u | %u/%u | %u | %u |\n", t.run, t.executable, t.br_taken, t.br_total,
			t.not_executable, t.unreachable);
	}
	for (size_t p = 0; p < npatches; p++) {
		int header = 0;

		for (size_t k = 0; k < nlines; k++) {
			const struct cline *l = &lines[k];
			unsigned taken = 0;
			const char *what, *state = line_state(l, &what);

			if (strcmp(l->patch, patches[p]))
				continue;
			for (size_t b = 0; b < l->nbr; b++)
				taken += l->br[b].taken > 0;
			if (!strcmp(state, "other-arch"))
				continue;	/* counted in the table; each is in coverage.tsv */
			if (what)
				;
			else if (!strcmp(state, "no-code"))
				continue;
			else if (!strcmp(state, "not-run"))
				what = "not run";
			else if (l->excuse)
				what = "run, though the series' unreachable list says no test can run it";
			else if (taken < l->nbr)
				what = "run; a branch direction not taken";
			else
				continue;
			if (!header) {
				fprintf(f, "\n## ");
				md_str(f, patches[p]);
				fprintf(f, "\n\n| line | code | what | branches | ran by |\n|---|---|---|---|---|\n");
				header = 1;
			}
			fprintf(f, "| ");
			md_str(f, l->file);
			fprintf(f, ":%d | ", l->line);
			md_code(f, l->text);
			fprintf(f, " | ");
			md_str(f, what);
			fprintf(f, " | ");
			branches(f, l);
			fprintf(f, " | ");
			ran_by(f, l, ", ");
			fprintf(f, " |\n");
		}
	}
	if (mutants) {
		unsigned run = 0, mutated = 0, excused = 0;

		for (size_t k = 0; k < nlines; k++) {
			const char *why, *state = line_state(&lines[k], &why);

			if (strcmp(state, "run"))
				continue;
			run++;
			mutated += !!lines[k].mutants[0];
			excused += !lines[k].mutants[0] && lines[k].no_mutant;
		}
		fprintf(f, "\n## Lines run that no mutant changes\n\n"
			"Of the %u lines run, %u are changed by some mutant of the catalogue, which\n"
			"measures whether the tests check them; %u more have the series' reason why\n"
			"none does (the last column), and %u have neither.\n",
			run, mutated, excused, run - mutated - excused);
		if (run > mutated)
			fprintf(f, "\n| line | code | patch | ran by | why no mutant |\n|---|---|---|---|---|\n");
		for (size_t k = 0; k < nlines; k++) {
			const struct cline *l = &lines[k];
			const char *why, *state = line_state(l, &why);

			if (strcmp(state, "run") || l->mutants[0])
				continue;
			fprintf(f, "| ");
			md_str(f, l->file);
			fprintf(f, ":%d | ", l->line);
			md_code(f, l->text);
			fprintf(f, " | ");
			md_str(f, l->patch);
			fprintf(f, " | ");
			ran_by(f, l, ", ");
			fprintf(f, " | ");
			md_str(f, l->no_mutant ? l->no_mutant : "**none given**");
			fprintf(f, " |\n");
		}
	}
	if (out_commit(&o))
		return 1;
	printf("coverage %s %s: series lines run: %u/%u, branches: %u/%u\n", arch, point, all.run,
	       all.executable, all.br_taken, all.br_total);
	return 0;
}

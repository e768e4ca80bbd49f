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

/* What `coverage report` is given. */
struct report_opts {
	const char *arch, *point, *lines_path, *files_path, *tree, *outdir;
	const char *unreachable, *mutants, *no_mutant, *covdir;
};

static void report_options(int argc, char **argv, struct report_opts *o)
{
	int i;

	*o = (struct report_opts){ .tree = "" };
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		const char **dst = !strcmp(argv[i], "--arch") ? &o->arch : !strcmp(argv[i], "--point") ? &o->point :
			!strcmp(argv[i], "--lines") ? &o->lines_path : !strcmp(argv[i], "--files") ? &o->files_path :
			!strcmp(argv[i], "--tree") ? &o->tree : !strcmp(argv[i], "--out") ? &o->outdir :
			!strcmp(argv[i], "--unreachable") ? &o->unreachable : !strcmp(argv[i], "--mutants") ? &o->mutants :
			!strcmp(argv[i], "--no-mutant") ? &o->no_mutant : NULL;

		if (!dst || i + 1 == argc)
			die("unknown or incomplete option %s", argv[i]);
		*dst = argv[++i];
	}
	if (i + 1 != argc || !o->arch || !o->point || !o->lines_path || !o->files_path || !o->outdir)
		die("usage: coverage report --arch A --point P --lines LINES --files FILES --tree TREE --out DIR "
		    "[--unreachable FILE] [--mutants FILE [--no-mutant FILE]] COVDIR");
	o->covdir = argv[i];
}

/* The series' lines, their excuses and mutants, and what each profile ran of them. */
static void report_load(const struct report_opts *o)
{
	char path[4200], dir[4200], buf[4096];
	FILE *in;

	load_files(o->files_path);
	load_lines(o->lines_path);
	if (o->unreachable) {
		struct excuses ex = { 0 };

		load_excuses(&ex, o->unreachable, o->arch);
		for (size_t k = 0; k < nlines; k++)
			lines[k].excuse = excuse_for(&ex, lines[k].file, lines[k].text);
	}
	if (o->no_mutant) {
		struct excuses ex = { 0 };

		load_excuses(&ex, o->no_mutant, o->arch);
		for (size_t k = 0; k < nlines; k++)
			lines[k].no_mutant = excuse_for(&ex, lines[k].file, lines[k].text);
	}
	qsort(lines, nlines, sizeof(*lines), cmp_line);
	if (o->mutants)
		load_mutants(o->mutants);
	snprintf(path, sizeof(path), "%s/profiles.tsv", o->covdir);
	in = open_or_die(path);
	while (fgets(buf, sizeof(buf), in) && nprofiles < MAX_PROFILES) {
		char *field[3];

		split_tabs(buf, field, 3);
		profiles[nprofiles] = xstrdup(field[0]);
		snprintf(path, sizeof(path), "%s/%s.gcov", o->covdir, field[0]);
		snprintf(dir, sizeof(dir), "%s/%s", o->covdir, field[0]);
		load_gcov(path, nprofiles++, o->tree, dir);
	}
	fclose(in);
	if (!nprofiles)
		die("%s/profiles.tsv names no profile", o->covdir);
}

/* The patches the lines come from, sorted; all the lines tallied in *all. */
static size_t report_patches(char ***patches, struct tally *all)
{
	size_t npatches = 0;

	*patches = NULL;
	for (size_t k = 0; k < nlines; k++) {
		size_t j;

		tally_line(all, &lines[k]);
		for (j = 0; j < npatches && strcmp((*patches)[j], lines[k].patch); j++)
			;
		if (j == npatches) {
			*patches = xrealloc(*patches, (npatches + 1) * sizeof(**patches));
			(*patches)[npatches++] = lines[k].patch;
		}
	}
	qsort(*patches, npatches, sizeof(**patches), cmp_str);
	return npatches;
}

/* coverage.tsv: every changed line, for tools. */
static int write_coverage_tsv(const char *outdir)
{
	struct out o;
	FILE *f = out_open(&o, outdir, "coverage.tsv");

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
	return out_commit(&o);
}

/* coverage.md's head: what it counts, the totals, a row per patch. */
static void md_summary(FILE *f, const struct report_opts *o, const struct tally *all, char **patches,
		       size_t npatches)
{
	fprintf(f, "# Series coverage on %s at %s\n\n", o->arch, o->point);
	fprintf(f, "The lines the series changed (`git blame` from base to %s), in a kernel that\n"
		"profiled the series' files with gcov, run by the guest's programs (one profile\n"
		"each, and `boot` for what ran before the first). A line with no code (a\n"
		"declaration, a brace, a comment) is not counted; a branch direction is one\n"
		"outcome of a condition as gcov counts it. Other arches' lines are counted\n"
		"under \"cannot run here\" and listed in coverage.tsv only.\n\n", o->point);
	fprintf(f, "**Lines run: %u/%u, branch directions taken: %u/%u** (%u lines with no code; "
		"%u lines that cannot run on this arch or config, below).\n\n",
		all->run, all->executable, all->br_taken, all->br_total, all->not_executable, all->unreachable);
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
}

/* What coverage.md says of a line in its patch's section; NULL: the line is not listed. */
static const char *md_line_what(const struct cline *l)
{
	unsigned taken = 0;
	const char *what, *state = line_state(l, &what);

	for (size_t b = 0; b < l->nbr; b++)
		taken += l->br[b].taken > 0;
	if (!strcmp(state, "other-arch"))
		return NULL;	/* counted in the table; each is in coverage.tsv */
	if (what)
		return what;
	if (!strcmp(state, "no-code"))
		return NULL;
	if (!strcmp(state, "not-run"))
		return "not run";
	if (l->excuse)
		return "run, though the series' unreachable list says no test can run it";
	if (taken < l->nbr)
		return "run; a branch direction not taken";
	return NULL;
}

/* A patch's section: its lines not run, or run with a branch direction not taken. */
static void md_patch(FILE *f, const char *patch)
{
	int header = 0;

	for (size_t k = 0; k < nlines; k++) {
		const struct cline *l = &lines[k];
		const char *what;

		if (strcmp(l->patch, patch) || !(what = md_line_what(l)))
			continue;
		if (!header) {
			fprintf(f, "\n## ");
			md_str(f, patch);
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

/* The lines run that no mutant of the catalogue changes. */
static void md_unmutated(FILE *f)
{
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

int cmd_report(int argc, char **argv)
{
	struct report_opts opts;
	struct tally all = { 0 };
	char **patches;
	size_t npatches;
	struct out o;
	FILE *f;

	report_options(argc, argv, &opts);
	report_load(&opts);
	npatches = report_patches(&patches, &all);
	if (write_coverage_tsv(opts.outdir))
		return 1;
	/* coverage.md: per patch, what ran and what did not. */
	f = out_open(&o, opts.outdir, "coverage.md");
	md_summary(f, &opts, &all, patches, npatches);
	for (size_t p = 0; p < npatches; p++)
		md_patch(f, patches[p]);
	if (opts.mutants)
		md_unmutated(f);
	if (out_commit(&o))
		return 1;
	printf("coverage %s %s: series lines run: %u/%u, branches: %u/%u\n", opts.arch, opts.point, all.run,
	       all.executable, all.br_taken, all.br_total);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * coverage: which lines of a series the guest's programs ran (make coverage).
 *
 *   coverage extract CONSOLE BUILD OUTDIR
 *       The gcov data a coverage boot wrote on its console (vocab.h,
 *       KMX_GCOV) as files: OUTDIR/PROFILE/<path in BUILD>.gcda, one folder
 *       per profile ("boot", then each program), and OUTDIR/profiles.tsv
 *       (PROFILE, files kept, files damaged). A file whose sum or size does
 *       not match (a kernel message cut into its lines, say) is left out and
 *       counted as damaged. Exit 1 when the console holds no profile.
 *
 *   coverage report --arch A --point P --lines LINES --files FILES
 *                   --tree TREE --out DIR [--unreachable FILE] [--mutants FILE] COVDIR
 *       LINES: FILE, LINE, PATCH, TEXT per line the series changed (git
 *       blame BASE..POINT at POINT). FILES: FILE, STATE, REASON per file it
 *       changed; STATE is `profiled` (a .c built with gcov), `header`
 *       (reached through the objects that include it), or a reason the file
 *       cannot run here (`other-arch`, `not-built`). COVDIR: what extract
 *       wrote, plus PROFILE.gcov (gcov -b -c -t of that profile's files).
 *       --unreachable: the series' own word on lines no test can run
 *       (FILE, TEXT, ARCHES, REASON a line: a changed line of FILE whose
 *       code holds TEXT, on ARCHES, `*` for all): such a line, not run, is
 *       `unreachable` with the reason and not counted; run, it is counted
 *       run and the report says the reason is wrong.
 *       --mutants: FILE, LINE, MUTANT per line a mutant of the catalogue
 *       changes: the report names them beside each line, and lists the
 *       lines run that no mutant changes (the tests' checks of those are
 *       unmeasured).
 *       Writes DIR/coverage.md and DIR/coverage.tsv, and prints the closing
 *       line: lines run of the executable changed lines, branch directions
 *       taken of theirs.
 *
 * gcov itself reads the counters (it knows the compiler's notes format);
 * this tool only joins its text output to the series' lines. A changed
 * line gcov shows as `-` holds no code (a declaration, a brace, a
 * comment) and is not counted.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "out.h"
#include "usage.h"
#include "util.h"
#include "vocab.h"

const char *progname = "coverage";

/* mkdir -p of the folder that holds PATH. */
static void make_parents(const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(buf, 0755) && errno != EEXIST)
				die("mkdir %s: %s", buf, strerror(errno));
			*p = '/';
		}
}

/* ---- extract ------------------------------------------------------------ */

struct gcda {
	char path[1024];
	long size;
	unsigned char *data;
	long len, cap;
	unsigned sum;
	int open, bad;
};

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void gcda_put(struct gcda *g, unsigned char byte)
{
	if (g->len == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 65536;
		g->data = xrealloc(g->data, g->cap);
	}
	g->data[g->len++] = byte;
	g->sum = (g->sum ^ byte) * 16777619u;
}

/* One `data` line's text; a byte that is not of the form damages the file. */
static void gcda_decode(struct gcda *g, const char *s)
{
	while (*s && !g->bad) {
		if (*s == 'z') {
			char *end;
			unsigned long run = strtoul(s + 1, &end, 16);

			if (*end != ';' || end == s + 1 || g->len + (long)run > g->size) {
				g->bad = 1;
				return;
			}
			while (run--)
				gcda_put(g, 0);
			s = end + 1;
		} else if (hexval(s[0]) >= 0 && hexval(s[1]) >= 0 && g->len < g->size) {
			gcda_put(g, hexval(s[0]) << 4 | hexval(s[1]));
			s += 2;
		} else {
			g->bad = 1;
		}
	}
}

/* A profile's name as a folder name: what a program name may hold. */
static void profile_name(char *dst, size_t cap, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < cap; i++)
		dst[i] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", s[i]) ? s[i] : '_';
	dst[i] = 0;
	if (!i || !strcmp(dst, ".") || !strcmp(dst, ".."))
		snprintf(dst, cap, "unnamed");
}

static int cmd_extract(int argc, char **argv)
{
	char line[8192], profile[128] = "", prefix[1100], out[4200];
	struct gcda g = { 0 };
	size_t plen;
	unsigned kept = 0, damaged = 0, profiles = 0;
	FILE *in, *list;

	if (argc != 4)
		die("usage: coverage extract CONSOLE BUILD OUTDIR");
	in = fopen(argv[1], "r");
	if (!in)
		die("%s: %s", argv[1], strerror(errno));
	snprintf(prefix, sizeof(prefix), "/debug/gcov%s/", argv[2]);
	plen = strlen(prefix);
	snprintf(out, sizeof(out), "%s/profiles.tsv", argv[3]);
	make_parents(out);
	list = fopen(out, "w");
	if (!list)
		die("%s: %s", out, strerror(errno));

#define END_PROFILE() do { if (profiles) fprintf(list, "%s\t%u\t%u\n", profile, kept, damaged); } while (0)
	while (fgets(line, sizeof(line), in)) {
		char *s = line + strspn(line, "\r");

		s[strcspn(s, "\r\n")] = 0;
		if (strncmp(s, KMX_GCOV, strlen(KMX_GCOV)))
			continue;
		s += strlen(KMX_GCOV);
		if (!strncmp(s, "profile ", 8)) {
			END_PROFILE();
			profile_name(profile, sizeof(profile), s + 8);
			profiles++;
			kept = damaged = 0;
			g.open = 0;
		} else if (!strncmp(s, "file ", 5) && profiles) {
			char *sp = strrchr(s + 5, ' ');

			if (g.open)
				damaged++;	/* the last one never ended */
			g.open = sp != NULL;
			if (!sp)
				continue;
			*sp = 0;
			snprintf(g.path, sizeof(g.path), "%s", s + 5);
			g.size = atol(sp + 1);
			g.len = 0;
			g.sum = 2166136261u;
			g.bad = g.size <= 0;
		} else if (!strncmp(s, "data ", 5) && g.open) {
			gcda_decode(&g, s + 5);
		} else if (!strncmp(s, "end ", 4) && g.open) {
			FILE *f;

			g.open = 0;
			if (g.bad || g.len != g.size || strtoul(s + 4, NULL, 16) != g.sum ||
			    strncmp(g.path, prefix, plen) || strstr(g.path, "/../")) {
				damaged++;
				continue;
			}
			snprintf(out, sizeof(out), "%s/%s/%s", argv[3], profile, g.path + plen);
			make_parents(out);
			f = fopen(out, "w");
			if (!f || fwrite(g.data, 1, g.len, f) != (size_t)g.len || fclose(f))
				die("%s: %s", out, strerror(errno));
			kept++;
		} else if (!strncmp(s, "error ", 6)) {
			warning("the guest: %s", s + 6);
		}
	}
	if (g.open)
		damaged++;
	END_PROFILE();
#undef END_PROFILE
	fclose(in);
	if (fclose(list))
		die("%s/profiles.tsv: %s", argv[3], strerror(errno));
	free(g.data);
	if (!profiles)
		return error("%s holds no coverage data (a kernel with CONFIG_GCOV_KERNEL, booted with kmatrix_gcov=1?)",
			     argv[1]), 1;
	return 0;
}

/* ---- report ------------------------------------------------------------- */

#define MAX_PROFILES 128

struct branch {
	char graph[128];	/* the object (its .gcno): a header's line is in several */
	int index;
	unsigned long taken;
};

struct cline {
	char *file, *patch, *text;
	int line;
	int seen, executable;
	unsigned long count;
	unsigned char ran_in[MAX_PROFILES];
	struct branch *br;
	size_t nbr;
	const char *state, *reason;	/* the file's */
	const char *excuse;		/* why no test can run it (--unreachable), or NULL */
	char mutants[96];		/* the mutants that change it, space-separated */
};

static struct cline *lines;
static size_t nlines;

struct cfile {
	char *file, *state, *reason;
};
static struct cfile *files;
static size_t nfiles;

static FILE *open_or_die(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		die("%s: %s", path, strerror(errno));
	return f;
}

struct excuse {
	char *file, *text, *arches, *reason;
};
static struct excuse *excuses;
static size_t nexcuses;

static int arch_listed(const char *arches, const char *arch)
{
	size_t n = strlen(arch);

	if (!strcmp(arches, "*"))
		return 1;
	for (const char *p = arches; (p = strstr(p, arch)); p += n)
		if ((p == arches || p[-1] == ' ' || p[-1] == ',') && (!p[n] || p[n] == ' ' || p[n] == ','))
			return 1;
	return 0;
}

static void load_excuses(const char *path, const char *arch)
{
	char buf[8192], *f[4];
	FILE *in = open_or_die(path);
	int lineno = 0;

	while (fgets(buf, sizeof(buf), in)) {
		lineno++;
		if (buf[0] == '#' || buf[strspn(buf, " \t\r\n")] == 0)
			continue;
		if (split_tabs(buf, f, 4) != 4 || !f[1][0])
			die("%s:%d: not FILE<tab>TEXT<tab>ARCHES<tab>REASON", path, lineno);
		if (!arch_listed(f[2], arch))
			continue;
		excuses = xrealloc(excuses, (nexcuses + 1) * sizeof(*excuses));
		excuses[nexcuses++] = (struct excuse){ xstrdup(f[0]), xstrdup(f[1]), xstrdup(f[2]), xstrdup(f[3]) };
	}
	fclose(in);
}

static const char *excuse_for(const char *file, const char *text)
{
	for (size_t i = 0; i < nexcuses; i++)
		if (!strcmp(excuses[i].file, file) && strstr(text, excuses[i].text))
			return excuses[i].reason;
	return NULL;
}

static char *profiles[MAX_PROFILES];
static unsigned nprofiles;


static void load_files(const char *path)
{
	char buf[8192], *f[3];
	FILE *in = open_or_die(path);

	while (fgets(buf, sizeof(buf), in)) {
		int n = split_tabs(buf, f, 3);

		if (n < 2)
			continue;
		files = xrealloc(files, (nfiles + 1) * sizeof(*files));
		files[nfiles++] = (struct cfile){ xstrdup(f[0]), xstrdup(f[1]), xstrdup(n > 2 ? f[2] : "") };
	}
	fclose(in);
}

static struct cfile *find_file(const char *name)
{
	for (size_t i = 0; i < nfiles; i++)
		if (!strcmp(files[i].file, name))
			return &files[i];
	return NULL;
}

static void load_lines(const char *path)
{
	char buf[8192], *f[4];
	FILE *in = open_or_die(path);

	while (fgets(buf, sizeof(buf), in)) {
		struct cline *l;
		struct cfile *cf;

		if (split_tabs(buf, f, 4) < 4)
			continue;
		lines = xrealloc(lines, (nlines + 1) * sizeof(*lines));
		l = &lines[nlines++];
		memset(l, 0, sizeof(*l));
		l->file = xstrdup(f[0]);
		l->line = atoi(f[1]);
		l->patch = xstrdup(f[2]);
		l->text = xstrdup(f[3]);
		cf = find_file(l->file);
		l->state = cf ? cf->state : "not-built";
		l->reason = cf ? cf->reason : "not in the list of the series' files";
	}
	fclose(in);
}

/* The changed line FILE:LINE, by bisection: LINES is sorted by file, then line. */
static int cmp_line(const void *a, const void *b)
{
	const struct cline *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static struct cline *find_line(const char *file, int line)
{
	struct cline key = { .file = (char *)file, .line = line };

	return bsearch(&key, lines, nlines, sizeof(*lines), cmp_line);
}

static void load_mutants(const char *path)
{
	char buf[4096], *f[3];
	FILE *in = open_or_die(path);

	while (fgets(buf, sizeof(buf), in)) {
		struct cline *l;
		size_t n;

		if (split_tabs(buf, f, 3) != 3 || !(l = find_line(f[0], atoi(f[1]))))
			continue;
		n = strlen(l->mutants);
		if (!strstr(l->mutants, f[2]) && n + strlen(f[2]) + 2 < sizeof(l->mutants))
			snprintf(l->mutants + n, sizeof(l->mutants) - n, "%s%s", n ? " " : "", f[2]);
	}
	fclose(in);
}

/* A path as the tree names it: TREE/kernel/signal.c is kernel/signal.c. */
static const char *tree_path(const char *path, const char *tree)
{
	size_t n = strlen(tree);

	if (!strncmp(path, tree, n) && path[n] == '/')
		return path + n + 1;
	while (!strncmp(path, "./", 2))
		path += 2;
	return path;
}

/* One profile's gcov text: counts and branches of the changed lines. */
static void load_gcov(const char *path, unsigned prof, const char *tree, const char *prof_dir)
{
	/* gcov names the notes as found: in the profile's own folder. The
	 * object is their path below it, the same in every profile. */
	char real[PATH_MAX], *r = realpath(prof_dir, real);
	size_t rlen = r ? strlen(real) : 0;

	char buf[16384], source[4096] = "", graph[128] = "";
	struct cline *cur = NULL;
	FILE *in = fopen(path, "r");

	if (!in)
		return;		/* a profile without files: nothing ran */
	while (fgets(buf, sizeof(buf), in)) {
		char count[32], *colon;
		int lineno;

		if (!strncmp(buf, "branch ", 7)) {
			int index;
			unsigned long taken = 0;
			char *t;

			if (!cur || sscanf(buf + 7, "%d", &index) != 1)
				continue;
			t = strstr(buf, " taken ");
			if (t)
				taken = strtoul(t + 7, NULL, 10);
			for (size_t i = 0; i < cur->nbr; i++)
				if (cur->br[i].index == index && !strcmp(cur->br[i].graph, graph)) {
					cur->br[i].taken += taken;
					goto next;
				}
			cur->br = xrealloc(cur->br, (cur->nbr + 1) * sizeof(*cur->br));
			cur->br[cur->nbr] = (struct branch){ .index = index, .taken = taken };
			snprintf(cur->br[cur->nbr++].graph, sizeof(graph), "%s", graph);
			continue;
		}
		if (sscanf(buf, " %31[^:]:%d:", count, &lineno) != 2) {
			cur = NULL;	/* function, call, or other summary lines */
			continue;
		}
		colon = strchr(strchr(buf, ':') + 1, ':') + 1;
		colon[strcspn(colon, "\n")] = 0;
		if (lineno == 0) {
			if (!strncmp(colon, "Source:", 7))
				snprintf(source, sizeof(source), "%s", tree_path(colon + 7, tree));
			else if (!strncmp(colon, "Graph:", 6))
				snprintf(graph, sizeof(graph), "%s",
					 r && !strncmp(colon + 6, real, rlen) && colon[6 + rlen] == '/' ?
					 colon + 7 + rlen : colon + 6);
			cur = NULL;
			continue;
		}
		cur = find_line(source, lineno);
		if (!cur)
			continue;
		cur->seen = 1;
		if (!strcmp(count, "-"))
			continue;
		cur->executable = 1;
		if (count[0] >= '0' && count[0] <= '9') {
			unsigned long n = strtoul(count, NULL, 10);

			cur->count += n;
			if (n)
				cur->ran_in[prof] = 1;
		}
next:;
	}
	fclose(in);
}

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

static int cmd_report(int argc, char **argv)
{
	const char *arch = NULL, *point = NULL, *lines_path = NULL, *files_path = NULL, *tree = "", *outdir = NULL;
	const char *unreachable = NULL, *mutants = NULL;
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
			!strcmp(argv[i], "--unreachable") ? &unreachable : !strcmp(argv[i], "--mutants") ? &mutants : NULL;

		if (!dst || i + 1 == argc)
			die("unknown or incomplete option %s", argv[i]);
		*dst = argv[++i];
	}
	if (i + 1 != argc || !arch || !point || !lines_path || !files_path || !outdir)
		die("usage: coverage report --arch A --point P --lines LINES --files FILES --tree TREE --out DIR "
		    "[--unreachable FILE] [--mutants FILE] COVDIR");

	load_files(files_path);
	load_lines(lines_path);
	if (unreachable) {
		load_excuses(unreachable, arch);
		for (size_t k = 0; k < nlines; k++)
			lines[k].excuse = excuse_for(lines[k].file, lines[k].text);
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
	fprintf(f, "patch\tfile\tline\tstate\tcount\tbranches\tran_by\tmutants\n");
	for (size_t k = 0; k < nlines; k++) {
		const struct cline *l = &lines[k];
		const char *reason, *state = line_state(l, &reason);

		fprintf(f, "%s\t%s\t%d\t%s\t%lu\t", l->patch, l->file, l->line, state, l->count);
		branches(f, l);
		fputc('\t', f);
		ran_by(f, l, ",");
		fprintf(f, "\t%s\n", l->mutants);
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
		unsigned unmutated = 0;

		for (size_t k = 0; k < nlines; k++) {
			const struct cline *l = &lines[k];
			const char *why, *state = line_state(l, &why);

			if (strcmp(state, "run") || l->mutants[0])
				continue;
			if (!unmutated++)
				fprintf(f, "\n## Lines run that no mutant changes\n\n"
					"The tests run them; whether they check them, no mutant of the catalogue\n"
					"measures yet.\n\n| line | code | patch | ran by |\n|---|---|---|---|\n");
			fprintf(f, "| ");
			md_str(f, l->file);
			fprintf(f, ":%d | ", l->line);
			md_code(f, l->text);
			fprintf(f, " | ");
			md_str(f, l->patch);
			fprintf(f, " | ");
			ran_by(f, l, ", ");
			fprintf(f, " |\n");
		}
		if (!unmutated)
			fprintf(f, "\nEvery line run is changed by some mutant of the catalogue.\n");
	}
	if (out_commit(&o))
		return 1;
	printf("coverage %s %s: series lines run: %u/%u, branches: %u/%u\n", arch, point, all.run,
	       all.executable, all.br_taken, all.br_total);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "extract"))
		return cmd_extract(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	fprintf(stderr, "usage: coverage extract CONSOLE BUILD OUTDIR\n"
		"       coverage report --arch A --point P --lines LINES --files FILES --tree TREE --out DIR\n"
		"                       [--unreachable FILE] [--mutants FILE] COVDIR\n");
	return 2;
}

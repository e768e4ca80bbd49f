// SPDX-License-Identifier: GPL-2.0
/*
 * report: read the cells of one run and write what people and tools read.
 *
 *   report [--expect FILE] [--table] [--quiet] RUN_DIR
 *                 summary.json, summary.md, junit.xml (and the table)
 *   report [--expect FILE] --cell CELL_DIR/cell.tsv   one cell
 *   report [--expect FILE] --compare RUN_A RUN_B      what changed (exit 1: worse)
 *   report [--expect FILE] --history OUT_DIR RUN...   OUT_DIR/history.html
 *   --previous RUN: index.html also says what changed since RUN
 *
 * --expect FILE: the expectations (matrix/expectations/SERIES.tsv) mark each
 * result expected or unexpected; without it every fail and error is
 * unexpected.
 *
 * A cell is RUN_DIR/<arch>-<point>/cell.tsv, written by run-cell.sh and
 * bootrun: tab-separated lines `arch`, `point`, `build STATUS SECONDS REASON`,
 * `boot STATUS SECONDS REASON`, `qemu COMMAND`, `test NAME STATUS REASON`,
 * `diag NAME LINE`. The cells are taken in the order of RUN_DIR/cells.list
 * (`ARCH POINT` lines) when there is one. A missing or unreadable cell, or a line that makes no
 * sense, turns that cell into an `error` with the reason; the rest of the
 * report is still written. summary.json is written atomically.
 *
 * Exit status: 0 when every cell built, booted, reported at least one
 * result and no result was unexpected; 1 otherwise; 2 for bad usage.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ktap.h"
#include "usage.h"

const char *progname = "report";

struct test {
	char *name, *status, *reason, *diag;
	const char *expected;	/* from the expectations, or NULL: not judged */
	int unexpected;
};

/* One line of an expectations file: ARCH POINT TEST STATUS, `*` wildcards. */
struct expectation {
	char arch[64], point[64], test[128], status[16];
};
static struct expectation *expectations;
static size_t nexpectations;
static int have_expectations;

struct cell {
	char dir[256];
	char arch[64], point[64];
	char build_status[32], boot_status[32];
	double build_s, boot_s;
	char *build_reason, *boot_reason, *qemu;
	struct test *tests;
	size_t ntests;
	unsigned counts[5];	/* by enum test_status */
	unsigned unexpected;
};

static int wild_match(const char *pattern, const char *s)
{
	size_t n = strlen(pattern);

	if (!strcmp(pattern, "*"))
		return 1;
	if (n && pattern[n - 1] == '*')
		return !strncmp(pattern, s, n - 1);
	return !strcmp(pattern, s);
}

static int load_expectations(const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int lineno = 0;

	if (!f)
		return error("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		struct expectation e;
		enum test_status st;

		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == 0)
			continue;
		if (sscanf(line, "%63s %63s %127s %15s", e.arch, e.point, e.test, e.status) != 4 ||
		    ktap_parse_status(e.status, &st)) {
			fclose(f);
			return error("%s:%d: expected ARCH POINT TEST pass|fail|skip|xfail|error", path, lineno);
		}
		expectations = realloc(expectations, (nexpectations + 1) * sizeof(*expectations));
		if (!expectations)
			die("out of memory");
		expectations[nexpectations++] = e;
	}
	fclose(f);
	have_expectations = 1;
	return 0;
}

static const char *expected_status(const char *arch, const char *point, const char *test)
{
	for (size_t i = 0; i < nexpectations; i++) {
		const struct expectation *e = &expectations[i];

		if (wild_match(e->arch, arch) && wild_match(e->point, point) && wild_match(e->test, test))
			return e->status;
	}
	return NULL;
}

/* Marks each result expected or not: by the file, or (without one) every fail and error. */
static void judge(struct cell *c)
{
	c->unexpected = 0;
	for (size_t j = 0; j < c->ntests; j++) {
		struct test *t = &c->tests[j];

		if (have_expectations) {
			t->expected = expected_status(c->arch, c->point, t->name);
			t->unexpected = t->expected && strcmp(t->expected, t->status);
		} else {
			t->expected = NULL;
			t->unexpected = !strcmp(t->status, "fail") || !strcmp(t->status, "error");
		}
		c->unexpected += t->unexpected;
	}
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");

	if (!p)
		die("out of memory");
	return p;
}

/* Splits a line at tabs in place; returns the number of fields. */
static int split_tabs(char *line, char **f, int max)
{
	int n = 0;

	line[strcspn(line, "\r\n")] = 0;
	f[n++] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t') {
			*p = 0;
			f[n++] = p + 1;
		}
	return n;
}

static void cell_error(struct cell *c, const char *fmt, const char *arg)
{
	char r[512];

	snprintf(r, sizeof(r), fmt, arg);
	if (!c->boot_status[0] || !strcmp(c->boot_status, "ok"))
		snprintf(c->boot_status, sizeof(c->boot_status), "error");
	free(c->boot_reason);
	c->boot_reason = xstrdup(r);
}

static void load_cell(struct cell *c, const char *run_dir, const char *name)
{
	char path[1024], line[8192], *f[4];
	FILE *in;
	int lineno = 0;

	memset(c, 0, sizeof(*c));
	snprintf(c->dir, sizeof(c->dir), "%s", name);
	/* The directory name is arch-point; the file's own lines win. */
	snprintf(c->arch, sizeof(c->arch), "%.*s", (int)strcspn(name, "-"), name);
	snprintf(c->point, sizeof(c->point), "%s", strchr(name, '-') ? strchr(name, '-') + 1 : "");
	c->build_reason = xstrdup("");
	c->boot_reason = xstrdup("");
	c->qemu = xstrdup("");
	snprintf(path, sizeof(path), "%s/%s/cell.tsv", run_dir, name);
	in = fopen(path, "r");
	if (!in) {
		snprintf(c->build_status, sizeof(c->build_status), "error");
		cell_error(c, "no cell.tsv: the cell did not finish (%s)", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), in)) {
		int n = split_tabs(line, f, 4);
		enum test_status st;

		lineno++;
		if (!strcmp(f[0], "arch") && n == 2) {
			snprintf(c->arch, sizeof(c->arch), "%s", f[1]);
		} else if (!strcmp(f[0], "point") && n == 2) {
			snprintf(c->point, sizeof(c->point), "%s", f[1]);
		} else if (!strcmp(f[0], "build") && n == 4) {
			snprintf(c->build_status, sizeof(c->build_status), "%s", f[1]);
			c->build_s = atof(f[2]);
			free(c->build_reason);
			c->build_reason = xstrdup(f[3]);
		} else if (!strcmp(f[0], "boot") && n == 4) {
			snprintf(c->boot_status, sizeof(c->boot_status), "%s", f[1]);
			c->boot_s = atof(f[2]);
			free(c->boot_reason);
			c->boot_reason = xstrdup(f[3]);
		} else if (!strcmp(f[0], "qemu") && n == 2) {
			free(c->qemu);
			c->qemu = xstrdup(f[1]);
		} else if (!strcmp(f[0], "test") && n == 4 && !ktap_parse_status(f[2], &st)) {
			struct test *t;

			c->tests = realloc(c->tests, (c->ntests + 1) * sizeof(*c->tests));
			if (!c->tests)
				die("out of memory");
			t = &c->tests[c->ntests++];
			t->name = xstrdup(f[1]);
			t->status = xstrdup(f[2]);
			t->reason = xstrdup(f[3]);
			t->diag = xstrdup("");
			c->counts[st]++;
		} else if (!strcmp(f[0], "diag") && n == 3 && c->ntests &&
			   !strcmp(c->tests[c->ntests - 1].name, f[1])) {
			struct test *t = &c->tests[c->ntests - 1];
			size_t old = strlen(t->diag);

			t->diag = realloc(t->diag, old + strlen(f[2]) + 2);
			if (!t->diag)
				die("out of memory");
			sprintf(t->diag + old, "%s%s", old ? "\n" : "", f[2]);
		} else {
			char where[64];

			snprintf(where, sizeof(where), "line %d", lineno);
			cell_error(c, "corrupt cell.tsv at %s", where);
			break;
		}
	}
	fclose(in);
	if (!c->build_status[0]) {
		snprintf(c->build_status, sizeof(c->build_status), "error");
		cell_error(c, "%s", "cell.tsv has no build line (truncated?)");
	} else if (!c->boot_status[0]) {
		cell_error(c, "%s", "cell.tsv has no boot line (truncated?)");
	}
}

/* Built, booted, reported, and nothing unexpected. */
static int cell_ok(const struct cell *c)
{
	return !strcmp(c->build_status, "ok") && !strcmp(c->boot_status, "ok") &&
	       c->ntests > 0 && !c->unexpected;
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = *s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static int write_json(const char *run_dir, struct cell *cells, size_t n)
{
	char path[1024], tmp[1100];
	char real[4096];
	const char *run_id;
	FILE *f;

	/* results/latest is a link: the run id is where it points. */
	if (!realpath(run_dir, real))
		snprintf(real, sizeof(real), "%s", run_dir);
	run_id = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;

	snprintf(path, sizeof(path), "%s/summary.json", run_dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	f = fopen(tmp, "w");
	if (!f)
		return error("%s: %s", tmp, strerror(errno));
	fprintf(f, "{\n  \"run_id\": ");
	json_str(f, run_id);
	{
		/* The run's ccache line, when the matrix wrote one. */
		char p[4200], line[256] = "";
		FILE *cc;

		snprintf(p, sizeof(p), "%s/ccache.txt", run_dir);
		cc = fopen(p, "r");
		if (cc) {
			if (fgets(line, sizeof(line), cc))
				line[strcspn(line, "\n")] = 0;
			fclose(cc);
		}
		fprintf(f, ",\n  \"ccache\": ");
		if (line[0])
			json_str(f, line);
		else
			fputs("null", f);
	}
	{
		/* What the run is of (run.tsv, written by the matrix). */
		char p[4200], line[1024], *fld[3];
		FILE *ri;
		int npatches = 0;

		snprintf(p, sizeof(p), "%s/run.tsv", run_dir);
		ri = fopen(p, "r");
		fprintf(f, ",\n  \"patches\": [");
		while (ri && fgets(line, sizeof(line), ri)) {
			int nf = split_tabs(line, fld, 3);

			if (nf == 3 && !strcmp(fld[0], "patch")) {
				fprintf(f, "%s{\"point\": ", npatches++ ? ", " : "");
				json_str(f, fld[1]);
				fprintf(f, ", \"subject\": ");
				json_str(f, fld[2]);
				fputc('}', f);
			}
		}
		fputc(']', f);
		if (ri)
			rewind(ri);
		while (ri && fgets(line, sizeof(line), ri)) {
			int nf = split_tabs(line, fld, 3);

			if (nf >= 2 && (!strcmp(fld[0], "started") || !strcmp(fld[0], "kernel"))) {
				fprintf(f, ",\n  \"%s\": ", fld[0]);
				json_str(f, fld[1]);
			} else if (nf == 3 && !strcmp(fld[0], "series")) {
				fprintf(f, ",\n  \"series\": {\"name\": ");
				json_str(f, fld[1]);
				fprintf(f, ", \"source\": ");
				json_str(f, fld[2]);
				fputc('}', f);
			}
		}
		if (ri)
			fclose(ri);
	}
	fprintf(f, ",\n  \"cells\": [");
	for (size_t i = 0; i < n; i++) {
		struct cell *c = &cells[i];

		fprintf(f, "%s\n    {\"arch\": ", i ? "," : "");
		json_str(f, c->arch);
		fprintf(f, ", \"point\": ");
		json_str(f, c->point);
		fprintf(f, ",\n     \"build\": {\"status\": ");
		json_str(f, c->build_status);
		fprintf(f, ", \"seconds\": %.1f, \"reason\": ", c->build_s);
		json_str(f, c->build_reason);
		fprintf(f, "},\n     \"boot\": {\"status\": ");
		json_str(f, c->boot_status);
		fprintf(f, ", \"seconds\": %.1f, \"reason\": ", c->boot_s);
		json_str(f, c->boot_reason);
		fprintf(f, "},\n     \"qemu_command\": ");
		json_str(f, c->qemu);
		fprintf(f, ",\n     \"counts\": {\"pass\": %u, \"fail\": %u, \"skip\": %u, \"xfail\": %u, \"error\": %u, \"unexpected\": %u}",
			c->counts[T_PASS], c->counts[T_FAIL], c->counts[T_SKIP],
			c->counts[T_XFAIL], c->counts[T_ERROR], c->unexpected);
		fprintf(f, ",\n     \"ok\": %s", cell_ok(c) ? "true" : "false");
		fprintf(f, ",\n     \"tests\": [");
		for (size_t j = 0; j < c->ntests; j++) {
			struct test *t = &c->tests[j];

			fprintf(f, "%s\n       {\"name\": ", j ? "," : "");
			json_str(f, t->name);
			fprintf(f, ", \"status\": ");
			json_str(f, t->status);
			fprintf(f, ", \"reason\": ");
			json_str(f, t->reason);
			fprintf(f, ", \"diagnostics\": ");
			json_str(f, t->diag);
			fprintf(f, ", \"expected\": ");
			if (t->expected)
				json_str(f, t->expected);
			else
				fputs("null", f);
			fprintf(f, ", \"unexpected\": %s}", t->unexpected ? "true" : "false");
		}
		fprintf(f, "%s]}", c->ntests ? "\n     " : "");
	}
	fprintf(f, "\n  ]\n}\n");
	if (fclose(f) || rename(tmp, path))
		return error("%s: %s", path, strerror(errno));
	return 0;
}

static const struct test *find_test(const struct cell *c, const char *name)
{
	for (size_t m = 0; m < c->ntests; m++)
		if (!strcmp(c->tests[m].name, name))
			return &c->tests[m];
	return NULL;
}

/*
 * Per arch, along the points in run order: where each test's result
 * changes (a per-patch run shows the patch that flips it). Written as
 * Markdown to f, or as plain text when markdown is 0.
 */
static void print_flips(FILE *f, const struct cell *cells, size_t n, int markdown)
{
	int any = 0;

	for (size_t i = 0; i < n; i++) {
		int first_of_arch = 1;

		for (size_t k = 0; k < i; k++)
			if (!strcmp(cells[k].arch, cells[i].arch))
				first_of_arch = 0;
		if (!first_of_arch)
			continue;
		/* cells[i] is the arch's first cell; follow its later ones. */
		for (size_t j = i + 1; j < n; j++) {
			const struct cell *b = &cells[j], *a = NULL;

			if (strcmp(b->arch, cells[i].arch))
				continue;
			for (size_t k = 0; k < j; k++)
				if (!strcmp(cells[k].arch, b->arch))
					a = &cells[k];	/* the previous cell of this arch */
			for (size_t m = 0; m < b->ntests; m++) {
				const struct test *tb = &b->tests[m], *ta = find_test(a, tb->name);

				if (!ta || !strcmp(ta->status, tb->status))
					continue;
				if (!any++)
					fprintf(f, markdown ? "\n## Where results change along the points\n\n"
						"| arch | test | from | to | at point |\n|---|---|---|---|---|\n"
						: "\nWhere results change along the points:\n");
				if (markdown)
					fprintf(f, "| %s | `%s` | %s | %s | %s (after %s) |\n", b->arch,
						tb->name, ta->status, tb->status, b->point, a->point);
				else
					fprintf(f, "  %-10s %-36s %s -> %s  at %s (after %s)\n", b->arch,
						tb->name, ta->status, tb->status, b->point, a->point);
			}
		}
	}
}

static void xml_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = *s;

		if (ch == '<')
			fputs("&lt;", f);
		else if (ch == '>')
			fputs("&gt;", f);
		else if (ch == '&')
			fputs("&amp;", f);
		else if (ch == '"')
			fputs("&quot;", f);
		else if (ch < 0x20 && ch != '\n' && ch != '\t')
			fputc(' ', f);
		else
			fputc(ch, f);
	}
}

/* The grid's rows and columns: the arches and points, in run order (64 at most). */
static void grid_axes(const struct cell *cells, size_t n, const char *archs[64], size_t *na,
		      const char *points[64], size_t *np)
{
	*na = *np = 0;
	for (size_t i = 0; i < n; i++) {
		size_t a, p;

		for (a = 0; a < *na && strcmp(archs[a], cells[i].arch); a++)
			;
		if (a == *na && *na < 64)
			archs[(*na)++] = cells[i].arch;
		for (p = 0; p < *np && strcmp(points[p], cells[i].point); p++)
			;
		if (p == *np && *np < 64)
			points[(*np)++] = cells[i].point;
	}
}

/* Opens RUN_DIR/NAME.tmp.PID for writing; commit_file() renames it into place. */
static FILE *open_tmp(const char *run_dir, const char *name, char *tmp, size_t n)
{
	FILE *f;

	snprintf(tmp, n, "%s/%s.tmp.%d", run_dir, name, (int)getpid());
	f = fopen(tmp, "w");
	if (!f)
		error("%s: %s", tmp, strerror(errno));
	return f;
}

static int commit_file(FILE *f, const char *tmp, const char *run_dir, const char *name)
{
	char path[1100];

	snprintf(path, sizeof(path), "%s/%s", run_dir, name);
	if (fclose(f) || rename(tmp, path))
		return error("%s: %s", path, strerror(errno));
	return 0;
}

static const char *cell_status(const struct cell *c)
{
	if (strcmp(c->build_status, "ok"))
		return c->build_status[0] ? c->build_status : "error";
	if (strcmp(c->boot_status, "ok"))
		return c->boot_status;
	if (!c->ntests)
		return "no-results";
	return c->unexpected ? "unexpected" : "ok";
}

/*
 * JUnit XML: a testsuite per cell; build and boot are test cases too. Only
 * an unexpected result is a <failure>: an expected failure is reported in
 * <system-out>, so a CI system shows red exactly where the matrix does.
 */
static int write_junit(const char *run_dir, const struct cell *cells, size_t n)
{
	char tmp[1100];
	FILE *f = open_tmp(run_dir, "junit.xml", tmp, sizeof(tmp));

	if (!f)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"kmatrix\">\n");
	for (size_t i = 0; i < n; i++) {
		const struct cell *c = &cells[i];
		int build_bad = strcmp(c->build_status, "ok") != 0;
		int boot_bad = strcmp(c->boot_status, "ok") != 0;
		unsigned skipped = c->counts[T_SKIP];

		fprintf(f, "  <testsuite name=\"");
		xml_str(f, c->arch);
		fputc('/', f);
		xml_str(f, c->point);
		fprintf(f, "\" tests=\"%zu\" failures=\"%u\" errors=\"0\" skipped=\"%u\" time=\"%.1f\">\n",
			c->ntests + 2, c->unexpected + build_bad + boot_bad, skipped, c->build_s + c->boot_s);
		fprintf(f, "    <testcase classname=\"%s.%s\" name=\"build\" time=\"%.1f\">", c->arch, c->point, c->build_s);
		if (build_bad) {
			fprintf(f, "<failure message=\"build %s\">", c->build_status);
			xml_str(f, c->build_reason);
			fprintf(f, "</failure>");
		}
		fprintf(f, "</testcase>\n    <testcase classname=\"%s.%s\" name=\"boot\" time=\"%.1f\">", c->arch, c->point, c->boot_s);
		if (boot_bad) {
			fprintf(f, "<failure message=\"boot %s\">", c->boot_status);
			xml_str(f, c->boot_reason);
			fprintf(f, "</failure>");
		}
		fprintf(f, "</testcase>\n");
		for (size_t j = 0; j < c->ntests; j++) {
			const struct test *t = &c->tests[j];

			fprintf(f, "    <testcase classname=\"%s.%s\" name=\"", c->arch, c->point);
			xml_str(f, t->name);
			fprintf(f, "\">");
			if (t->unexpected) {
				fprintf(f, "<failure message=\"%s, expected %s: ", t->status, t->expected ? t->expected : "pass");
				xml_str(f, t->reason);
				fprintf(f, "\">");
				xml_str(f, t->diag);
				fprintf(f, "</failure>");
			} else if (!strcmp(t->status, "skip")) {
				fprintf(f, "<skipped message=\"");
				xml_str(f, t->reason);
				fprintf(f, "\"/>");
			} else if (strcmp(t->status, "pass")) {
				fprintf(f, "<system-out>expected %s: ", t->status);
				xml_str(f, t->reason);
				fprintf(f, "</system-out>");
			}
			fprintf(f, "</testcase>\n");
		}
		fprintf(f, "  </testsuite>\n");
	}
	fprintf(f, "</testsuites>\n");
	return commit_file(f, tmp, run_dir, "junit.xml");
}

/* The arch x point grid, then every test x cell, in Markdown. */
static int write_markdown(const char *run_dir, const struct cell *cells, size_t n)
{
	char tmp[1100];
	const char *archs[64], *points[64];
	size_t na = 0, np = 0;
	FILE *f = open_tmp(run_dir, "summary.md", tmp, sizeof(tmp));

	if (!f)
		return -1;
	grid_axes(cells, n, archs, &na, points, &np);
	char real[4096];

	if (!realpath(run_dir, real))
		snprintf(real, sizeof(real), "%s", run_dir);
	fprintf(f, "# kmatrix run %s\n\n| arch |", strrchr(real, '/') ? strrchr(real, '/') + 1 : real);
	for (size_t p = 0; p < np; p++)
		fprintf(f, " %s |", points[p]);
	fprintf(f, "\n|---|");
	for (size_t p = 0; p < np; p++)
		fprintf(f, "---|");
	fputc('\n', f);
	for (size_t a = 0; a < na; a++) {
		fprintf(f, "| %s |", archs[a]);
		for (size_t p = 0; p < np; p++) {
			const struct cell *c = NULL;

			for (size_t i = 0; i < n; i++)
				if (!strcmp(cells[i].arch, archs[a]) && !strcmp(cells[i].point, points[p]))
					c = &cells[i];
			if (!c)
				fprintf(f, " |");
			else
				fprintf(f, " %s%s%s: %u pass, %u fail, %u skip |",
					cell_ok(c) ? "" : "**", cell_status(c), cell_ok(c) ? "" : "**",
					c->counts[T_PASS], c->counts[T_FAIL] + c->counts[T_ERROR],
					c->counts[T_SKIP]);
		}
		fputc('\n', f);
	}
	fprintf(f, "\nA result in **bold** is unexpected; `(exp. X)` gives the expectation.\n\n| test |");
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %s %s |", cells[i].arch, cells[i].point);
	fprintf(f, "\n|---|");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "---|");
	fputc('\n', f);
	/* Tests in first-seen order over all cells. */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < cells[i].ntests; j++) {
			const char *name = cells[i].tests[j].name;
			int seen = 0;

			for (size_t k = 0; k < i && !seen; k++)
				for (size_t m = 0; m < cells[k].ntests && !seen; m++)
					seen = !strcmp(cells[k].tests[m].name, name);
			for (size_t m = 0; m < j && !seen; m++)
				seen = !strcmp(cells[i].tests[m].name, name);
			if (seen)
				continue;
			fprintf(f, "| `%s` |", name);
			for (size_t k = 0; k < n; k++) {
				const struct test *t = NULL;

				for (size_t m = 0; m < cells[k].ntests; m++)
					if (!strcmp(cells[k].tests[m].name, name))
						t = &cells[k].tests[m];
				if (!t)
					fprintf(f, " |");
				else if (t->unexpected)
					fprintf(f, " **%s** (exp. %s) |", t->status, t->expected ? t->expected : "pass");
				else
					fprintf(f, " %s |", t->status);
			}
			fputc('\n', f);
		}
	print_flips(f, cells, n, 1);
	return commit_file(f, tmp, run_dir, "summary.md");
}

static size_t list_cells(const char *run_dir, char ***names);

static size_t load_run(const char *run_dir, struct cell **cells)
{
	char **names;
	size_t n = list_cells(run_dir, &names);

	*cells = calloc(n ? n : 1, sizeof(**cells));
	if (!*cells)
		die("out of memory");
	for (size_t j = 0; j < n; j++) {
		load_cell(&(*cells)[j], run_dir, names[j]);
		judge(&(*cells)[j]);
	}
	return n;
}

static const struct cell *find_cell(const struct cell *cells, size_t n, const char *arch,
				    const char *point)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(cells[i].arch, arch) && !strcmp(cells[i].point, point))
			return &cells[i];
	return NULL;
}

static void html_str(FILE *f, const char *s)
{
	xml_str(f, s);
}

/*
 * index.html: one static file, no script, no network. The grid (arch x
 * point, coloured by status, with times), each cell's tests and a link to
 * its console log, where results change along the points, and what changed
 * since the previous run (when one is given).
 */
static int write_html(const char *run_dir, const struct cell *cells, size_t n,
		      const char *previous)
{
	char tmp[1100], real[4096];
	const char *archs[64], *points[64];
	size_t na = 0, np = 0;
	FILE *f = open_tmp(run_dir, "index.html", tmp, sizeof(tmp));

	if (!f)
		return -1;
	if (!realpath(run_dir, real))
		snprintf(real, sizeof(real), "%s", run_dir);
	grid_axes(cells, n, archs, &na, points, &np);
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<title>kmatrix %s</title>\n<style>\n"
		"body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:.5em 0}"
		"td,th{border:1px solid #999;padding:.3em .6em;text-align:left;vertical-align:top}"
		".ok{background:#cfc}.unexpected{background:#fcc}.error,.failed,.timeout,.panic,"
		".no-results,.qemu-error,.not-run,.interrupted{background:#f99}"
		".pass{color:#060}.fail{color:#a00}.skip{color:#666}.xfail{color:#660}"
		"td.unexp{background:#fcc;font-weight:bold}code{font-size:90%%}\n"
		"</style></head><body>\n<h1>kmatrix run %s</h1>\n", strrchr(real, '/') ? strrchr(real, '/') + 1 : real,
		strrchr(real, '/') ? strrchr(real, '/') + 1 : real);
	fprintf(f, "<h2 id=\"grid\">Cells</h2>\n<table id=\"cells\"><tr><th>arch</th>");
	for (size_t p = 0; p < np; p++) {
		fprintf(f, "<th>");
		html_str(f, points[p]);
		fprintf(f, "</th>");
	}
	fprintf(f, "</tr>\n");
	for (size_t a = 0; a < na; a++) {
		fprintf(f, "<tr><th>");
		html_str(f, archs[a]);
		fprintf(f, "</th>");
		for (size_t p = 0; p < np; p++) {
			const struct cell *c = find_cell(cells, n, archs[a], points[p]);

			if (!c) {
				fprintf(f, "<td></td>");
				continue;
			}
			fprintf(f, "<td class=\"cell %s\" data-arch=\"%s\" data-point=\"%s\" data-status=\"%s\">"
				"<a href=\"#%s-%s\">%s</a><br>%u pass, %u fail, %u skip, %u unexpected<br>"
				"build %.1f s, boot %.1f s</td>", cell_status(c), c->arch, c->point,
				cell_status(c), c->arch, c->point, cell_status(c), c->counts[T_PASS],
				c->counts[T_FAIL] + c->counts[T_ERROR], c->counts[T_SKIP], c->unexpected,
				c->build_s, c->boot_s);
		}
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n");

	/* Where results change along the points, per arch. */
	fprintf(f, "<h2 id=\"flips\">Where results change along the points</h2>\n<table><tr><th>arch</th><th>test</th><th>from</th><th>to</th><th>at point</th></tr>\n");
	for (size_t j = 0; j < n; j++) {
		const struct cell *b = &cells[j], *a = NULL;

		for (size_t k = 0; k < j; k++)
			if (!strcmp(cells[k].arch, b->arch))
				a = &cells[k];
		if (!a)
			continue;
		for (size_t m = 0; m < b->ntests; m++) {
			const struct test *tb = &b->tests[m], *ta = find_test(a, tb->name);

			if (ta && strcmp(ta->status, tb->status))
				fprintf(f, "<tr><td>%s</td><td><code>%s</code></td><td class=\"%s\">%s</td>"
					"<td class=\"%s\">%s</td><td>%s (after %s)</td></tr>\n", b->arch, tb->name,
					ta->status, ta->status, tb->status, tb->status, b->point, a->point);
		}
	}
	fprintf(f, "</table>\n");

	if (previous) {
		struct cell *P;
		size_t np2 = load_run(previous, &P);

		fprintf(f, "<h2 id=\"changes\">Changes since the previous run (");
		html_str(f, strrchr(previous, '/') ? strrchr(previous, '/') + 1 : previous);
		fprintf(f, ")</h2>\n<ul>\n");
		for (size_t i = 0; i < n; i++) {
			const struct cell *c = &cells[i], *o = find_cell(P, np2, c->arch, c->point);

			if (!o) {
				fprintf(f, "<li>new cell %s %s</li>\n", c->arch, c->point);
				continue;
			}
			if (strcmp(cell_status(o), cell_status(c)))
				fprintf(f, "<li>%s %s: %s &rarr; %s</li>\n", c->arch, c->point, cell_status(o), cell_status(c));
			for (size_t m = 0; m < c->ntests; m++) {
				const struct test *t = &c->tests[m], *ot = find_test(o, t->name);

				if (ot && strcmp(ot->status, t->status))
					fprintf(f, "<li>%s %s <code>%s</code>: %s &rarr; %s%s</li>\n", c->arch, c->point,
						t->name, ot->status, t->status, t->unexpected ? " (unexpected)" : "");
			}
		}
		fprintf(f, "</ul>\n");
	}

	fprintf(f, "<h2>Tests per cell</h2>\n");
	for (size_t i = 0; i < n; i++) {
		const struct cell *c = &cells[i];

		fprintf(f, "<details id=\"%s-%s\"%s><summary>%s %s: %s</summary>\n<p>build %s (%.1f s) ",
			c->arch, c->point, cell_ok(c) ? "" : " open", c->arch, c->point, cell_status(c),
			c->build_status, c->build_s);
		html_str(f, c->build_reason);
		fprintf(f, "; boot %s (%.1f s) ", c->boot_status, c->boot_s);
		html_str(f, c->boot_reason);
		fprintf(f, "<br><a href=\"%s/console.log\">console log</a> &middot; <a href=\"%s/build.log\">build log</a>"
			"<br>QEMU: <code>", c->dir, c->dir);
		html_str(f, c->qemu);
		fprintf(f, "</code></p>\n<table><tr><th>test</th><th>result</th><th>expected</th><th>reason</th></tr>\n");
		for (size_t m = 0; m < c->ntests; m++) {
			const struct test *t = &c->tests[m];

			fprintf(f, "<tr><td><code>");
			html_str(f, t->name);
			fprintf(f, "</code></td><td class=\"%s%s\">%s</td><td>%s</td><td>", t->status,
				t->unexpected ? " unexp" : "", t->status, t->expected ? t->expected : "");
			html_str(f, t->reason);
			fprintf(f, "</td></tr>\n");
		}
		fprintf(f, "</table></details>\n");
	}
	fprintf(f, "</body></html>\n");
	return commit_file(f, tmp, run_dir, "index.html");
}

static void print_cell_line(const struct cell *c)
{
	printf("  [%s %s] build %s %.1fs, boot %s %.1fs, tests: %u pass, %u fail, %u skip, %u unexpected%s%s\n",
	       c->arch, c->point, c->build_status, c->build_s, c->boot_status, c->boot_s,
	       c->counts[T_PASS], c->counts[T_FAIL] + c->counts[T_ERROR], c->counts[T_SKIP],
	       c->unexpected, c->boot_reason[0] || c->build_reason[0] ? ": " : "",
	       c->build_reason[0] ? c->build_reason : c->boot_reason);
	for (size_t j = 0; j < c->ntests; j++) {
		const struct test *t = &c->tests[j];

		if (t->unexpected || (!t->expected && strcmp(t->status, "pass") && strcmp(t->status, "skip")))
			printf("  [%s %s]   %s%s %s (expected %s): %s\n", c->arch, c->point,
			       t->unexpected ? "UNEXPECTED " : "", t->status, t->name,
			       t->expected ? t->expected : "no expectation", t->reason);
	}
}

static void print_table(const struct cell *cells, size_t n)
{
	printf("\n%-10s %-10s %-8s %8s  %-12s %7s  %5s %5s %5s %6s  %s\n", "arch", "point",
	       "build", "seconds", "boot", "seconds", "pass", "fail", "skip", "unexp", "note");
	for (size_t i = 0; i < n; i++) {
		const struct cell *c = &cells[i];
		const char *note = c->build_reason[0] ? c->build_reason : c->boot_reason;

		printf("%-10s %-10s %-8s %8.1f  %-12s %7.1f  %5u %5u %5u %6u  %.60s\n",
		       c->arch, c->point, c->build_status, c->build_s, c->boot_status,
		       c->boot_s, c->counts[T_PASS], c->counts[T_FAIL] + c->counts[T_ERROR],
		       c->counts[T_SKIP], c->unexpected,
		       !note[0] && !c->ntests ? "no test results" : note);
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The cells to read: cells.list in run order, else every cell directory. */
static size_t list_cells(const char *run_dir, char ***names)
{
	char path[1024], line[512], arch[128], point[128];
	size_t n = 0, cap = 0;
	FILE *in;
	DIR *d;
	struct dirent *e;

	*names = NULL;
	snprintf(path, sizeof(path), "%s/cells.list", run_dir);
	in = fopen(path, "r");
	if (in) {
		while (fgets(line, sizeof(line), in)) {
			char name[300];

			if (sscanf(line, "%127s %127s", arch, point) != 2)
				continue;
			snprintf(name, sizeof(name), "%s-%s", arch, point);
			if (n == cap)
				*names = realloc(*names, (cap = cap ? 2 * cap : 16) * sizeof(char *));
			(*names)[n++] = xstrdup(name);
		}
		fclose(in);
		return n;
	}
	d = opendir(run_dir);
	if (!d)
		die("%s: %s", run_dir, strerror(errno));
	while ((e = readdir(d))) {
		char p[1300];
		FILE *t;

		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s/cell.tsv", run_dir, e->d_name);
		t = fopen(p, "r");
		if (!t)
			continue;
		fclose(t);
		if (n == cap)
			*names = realloc(*names, (cap = cap ? 2 * cap : 16) * sizeof(char *));
		(*names)[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	qsort(*names, n, sizeof(char *), by_name);
	return n;
}

/*
 * What changed from run A to run B: new unexpected results, fixes, tests
 * that appeared or vanished, cells that stopped (or started) building or
 * booting. Exit status 1 when B has an unexpected result A did not have,
 * or a cell that no longer builds or boots.
 */
static int compare_runs(const char *ra, const char *rb)
{
	struct cell *A, *B;
	size_t na = load_run(ra, &A), nb = load_run(rb, &B);
	int worse = 0, changes = 0;

	printf("compare %s -> %s\n", ra, rb);
	for (size_t i = 0; i < nb; i++) {
		const struct cell *b = &B[i], *a = find_cell(A, na, b->arch, b->point);

		if (!a) {
			printf("  new cell      %s %s\n", b->arch, b->point);
			changes++;
			continue;
		}
		if (strcmp(a->build_status, b->build_status) || strcmp(a->boot_status, b->boot_status)) {
			int broke = (!strcmp(a->build_status, "ok") && strcmp(b->build_status, "ok")) ||
				    (!strcmp(a->boot_status, "ok") && strcmp(b->boot_status, "ok"));

			printf("  %s %s %s: build %s -> %s, boot %s -> %s %s\n", broke ? "STOPPED  " : "cell     ",
			       b->arch, b->point, a->build_status, b->build_status, a->boot_status,
			       b->boot_status, broke ? (b->build_reason[0] ? b->build_reason : b->boot_reason) : "");
			worse |= broke;
			changes++;
		}
		for (size_t m = 0; m < b->ntests; m++) {
			const struct test *tb = &b->tests[m], *ta = find_test(a, tb->name);

			if (!ta) {
				if (a->ntests) {	/* a cell that reported nothing before is not news per test */
					printf("  appeared      %s %s %s: %s\n", b->arch, b->point, tb->name, tb->status);
					changes++;
				}
				worse |= tb->unexpected;
				continue;
			}
			if (!strcmp(ta->status, tb->status))
				continue;
			changes++;
			if (tb->unexpected && !ta->unexpected) {
				printf("  NEW FAILURE   %s %s %s: %s -> %s (expected %s): %s\n", b->arch, b->point,
				       tb->name, ta->status, tb->status, tb->expected ? tb->expected : "pass", tb->reason);
				worse = 1;
			} else if (!tb->unexpected && ta->unexpected) {
				printf("  fixed         %s %s %s: %s -> %s\n", b->arch, b->point, tb->name,
				       ta->status, tb->status);
			} else {
				printf("  changed       %s %s %s: %s -> %s\n", b->arch, b->point, tb->name,
				       ta->status, tb->status);
			}
		}
		for (size_t m = 0; m < a->ntests; m++)
			if (b->ntests && !find_test(b, a->tests[m].name)) {
				printf("  vanished      %s %s %s (was %s)\n", b->arch, b->point,
				       a->tests[m].name, a->tests[m].status);
				changes++;
			}
	}
	for (size_t i = 0; i < na; i++)
		if (!find_cell(B, nb, A[i].arch, A[i].point)) {
			printf("  vanished cell %s %s\n", A[i].arch, A[i].point);
			changes++;
		}
	printf("%d changes; %s\n", changes, worse ? "WORSE: a new unexpected result or a cell that stopped building or booting" : "nothing got worse");
	return worse;
}

/*
 * history.html over the runs given (oldest first): each test's result per
 * run, one row per arch, point and test.
 */
static int write_history(const char *out_dir, char **runs, int nruns)
{
	struct cell **R = calloc(nruns, sizeof(*R));
	size_t *N = calloc(nruns, sizeof(*N));
	char tmp[1100];
	FILE *f;

	if (!R || !N)
		die("out of memory");
	for (int r = 0; r < nruns; r++)
		N[r] = load_run(runs[r], &R[r]);
	f = open_tmp(out_dir, "history.html", tmp, sizeof(tmp));
	if (!f)
		return -1;
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>kmatrix history</title>\n"
		"<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em}"
		".pass{background:#cfc}.fail{background:#fcc}.skip{background:#eee}.error{background:#f99}.xfail{background:#ffc}"
		"</style></head><body><h1>kmatrix: results over the last %d runs</h1>\n<table><tr><th>arch</th><th>point</th><th>test</th>", nruns);
	for (int r = 0; r < nruns; r++) {
		fprintf(f, "<th><a href=\"%s/index.html\">", strrchr(runs[r], '/') ? strrchr(runs[r], '/') + 1 : runs[r]);
		html_str(f, strrchr(runs[r], '/') ? strrchr(runs[r], '/') + 1 : runs[r]);
		fprintf(f, "</a></th>");
	}
	fprintf(f, "</tr>\n");
	/* Rows: every (arch, point, test) of any run, first seen first. */
	{
		struct key { const char *arch, *point, *name; } *keys = NULL;
		size_t nkeys = 0;

		for (int r = 0; r < nruns; r++)
			for (size_t i = 0; i < N[r]; i++)
				for (size_t m = 0; m < R[r][i].ntests; m++) {
					const struct cell *c = &R[r][i];
					size_t k;

					for (k = 0; k < nkeys; k++)
						if (!strcmp(keys[k].arch, c->arch) && !strcmp(keys[k].point, c->point) &&
						    !strcmp(keys[k].name, c->tests[m].name))
							break;
					if (k < nkeys)
						continue;
					keys = realloc(keys, (nkeys + 1) * sizeof(*keys));
					if (!keys)
						die("out of memory");
					keys[nkeys++] = (struct key){ c->arch, c->point, c->tests[m].name };
				}
		for (size_t k = 0; k < nkeys; k++) {
			fprintf(f, "<tr><td>%s</td><td>%s</td><td><code>%s</code></td>", keys[k].arch,
				keys[k].point, keys[k].name);
			for (int q = 0; q < nruns; q++) {
				const struct cell *o = find_cell(R[q], N[q], keys[k].arch, keys[k].point);
				const struct test *t = o ? find_test(o, keys[k].name) : NULL;

				fprintf(f, "<td class=\"%s\">%s</td>", t ? t->status : "", t ? t->status : "");
			}
			fprintf(f, "</tr>\n");
		}
		free(keys);
	}
	fprintf(f, "</table></body></html>\n");
	return commit_file(f, tmp, out_dir, "history.html");
}

int main(int argc, char **argv)
{
	int table = 0, quiet = 0, i, bad = 0;
	const char *previous = NULL;
	struct cell *cells;
	char **names;
	size_t n;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--table")) {
			table = 1;
		} else if (!strcmp(argv[i], "--quiet")) {
			quiet = 1;
		} else if (!strcmp(argv[i], "--expect") && i + 1 < argc) {
			if (load_expectations(argv[++i]))
				return 2;
		} else if (!strcmp(argv[i], "--history") && i + 2 < argc) {
			/* --history OUT_DIR RUN... */
			return write_history(argv[i + 1], argv + i + 2, argc - i - 2) ? 1 : 0;
		} else if (!strcmp(argv[i], "--previous") && i + 1 < argc) {
			previous = argv[++i];
		} else if (!strcmp(argv[i], "--compare") && i + 2 < argc) {
			return compare_runs(argv[i + 1], argv[i + 2]) ? 1 : 0;
		} else if (!strcmp(argv[i], "--cell") && i + 1 < argc) {
			struct cell c;
			char *dir = xstrdup(argv[i + 1]), *slash = strrchr(dir, '/'), *name;

			if (!slash)
				die("--cell takes RUN_DIR/CELL/cell.tsv");
			*slash = 0;
			name = strrchr(dir, '/');
			*name++ = 0;
			load_cell(&c, dir, name);
			judge(&c);
			print_cell_line(&c);
			return cell_ok(&c) ? 0 : 1;
		} else {
			fprintf(stderr, "usage: report [--expect FILE] [--table] [--quiet] RUN_DIR | --cell FILE\n");
			return 2;
		}
	}
	if (i + 1 != argc) {
		fprintf(stderr, "usage: report [--expect FILE] [--table] [--quiet] RUN_DIR | --cell FILE\n");
		return 2;
	}
	n = list_cells(argv[i], &names);
	cells = calloc(n ? n : 1, sizeof(*cells));
	if (!cells)
		die("out of memory");
	for (size_t j = 0; j < n; j++) {
		load_cell(&cells[j], argv[i], names[j]);
		judge(&cells[j]);
		bad |= !cell_ok(&cells[j]);
	}
	if (write_json(argv[i], cells, n) || write_junit(argv[i], cells, n) ||
	    write_markdown(argv[i], cells, n) || write_html(argv[i], cells, n, previous))
		return 1;
	if (table) {
		print_table(cells, n);
		print_flips(stdout, cells, n, 0);
	}
	if (!quiet) {
		if (!n) {
			printf("report: %s has no cells\n", argv[i]);
		} else {
			unsigned unexpected = 0, failed_cells = 0;

			for (size_t j = 0; j < n; j++) {
				unexpected += cells[j].unexpected;
				failed_cells += strcmp(cells[j].build_status, "ok") ||
						strcmp(cells[j].boot_status, "ok") || !cells[j].ntests;
			}
			unsigned results = 0;

			for (size_t j = 0; j < n; j++)
				results += cells[j].ntests;
			printf("\n%s: %zu cells; %u did not build, boot or report; %u unexpected results%s\n",
			       argv[i], n, failed_cells, unexpected,
			       bad ? "" : have_expectations ? ": all as expected" : ": all passed");
			/* The closing line CI tools read: as expected vs not (or no cell). */
			printf("matrix: %u passed, %u failed\n", results - unexpected,
			       unexpected + failed_cells);
		}
	}
	return bad || !n ? 1 : 0;
}

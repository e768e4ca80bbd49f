// SPDX-License-Identifier: GPL-2.0
/*
 * The expectations of a series (matrix/expectations/<series>.tsv): lines
 * `ARCH POINT TEST STATUS` with `*` wildcards (or a trailing `*`), first
 * match wins; POINT may be a range of the series' points, `base..13`
 * (base is 0, NN-slug is NN). Lines `needs TEST CONFIG_X[,CONFIG_Y]` say
 * what a test needs of the kernel: where the cell's kernel lacks it, the
 * test is expected to skip, whatever the other lines say. Without a file,
 * every fail and error is unexpected.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_reader.h"
#include "run.h"
#include "usage.h"

/* One line of an expectations file: ARCH POINT TEST STATUS, `*` wildcards. */
struct expectation {
	char arch[64], point[64], test[128];
	enum kmx_test_status status;
};

/* A `needs TEST CONFIG...` line. */
struct expectation_need {
	char test[128], options[256];
};

int expectations_load(struct expectations *x, const char *path)
{
	char line[512], status[16];
	FILE *f = fopen(path, "r");
	int lineno = 0;

	if (!f)
		return error("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		struct expectation e;

		lineno++;
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == 0)
			continue;
		if (!strncmp(line, "needs\t", 6)) {
			struct expectation_need nd;

			if (sscanf(line + 6, "%127s %255s", nd.test, nd.options) != 2 || strncmp(nd.options, "CONFIG_", 7)) {
				fclose(f);
				return error("%s:%d: expected needs TEST CONFIG_X[,CONFIG_Y...]", path, lineno);
			}
			x->needs = xrealloc(x->needs, (x->nneeds + 1) * sizeof(*x->needs));
			x->needs[x->nneeds++] = nd;
			continue;
		}
		if (sscanf(line, "%63s %63s %127s %15s", e.arch, e.point, e.test, status) != 4 ||
		    ktap_parse_status(status, &e.status)) {
			fclose(f);
			return error("%s:%d: expected ARCH POINT TEST pass|fail|skip|xfail|error", path, lineno);
		}
		x->e = xrealloc(x->e, (x->n + 1) * sizeof(*x->e));
		x->e[x->n++] = e;
	}
	fclose(f);
	x->given = 1;
	return 0;
}

static int wild_match(const char *pattern, const char *s)
{
	size_t n = strlen(pattern);

	if (!strcmp(pattern, "*"))
		return 1;
	if (n && pattern[n - 1] == '*')
		return !strncmp(pattern, s, n - 1);
	return !strcmp(pattern, s);
}

/* A point's number in the series: base 0, NN-slug NN; -1 for any other point. */
static long point_number(const char *point)
{
	char *end;
	long n;

	if (!strcmp(point, "base"))
		return 0;
	n = strtol(point, &end, 10);
	return end != point && *end == '-' && n >= 0 ? n : -1;
}

/* POINT against a pattern: a wildcard, or a range FROM..TO of points' numbers. */
static int point_match(const char *pattern, const char *point)
{
	const char *dots = strstr(pattern, "..");
	char from[64];
	long n, lo, hi;

	if (!dots)
		return wild_match(pattern, point);
	snprintf(from, sizeof(from), "%.*s", (int)(dots - pattern), pattern);
	n = point_number(point);
	lo = !strcmp(from, "base") ? 0 : atol(from);
	hi = atol(dots + 2);
	return n >= 0 && n >= lo && n <= hi;
}

int expectation_for(const struct expectations *x, const char *arch, const char *point, const char *test,
		    enum kmx_test_status *st)
{
	for (size_t i = 0; x && i < x->n; i++) {
		const struct expectation *e = &x->e[i];

		if (wild_match(e->arch, arch) && point_match(e->point, point) && wild_match(e->test, test)) {
			*st = e->status;
			return 1;
		}
	}
	return 0;
}

const char *expectation_unmet_need(const struct expectations *x, const char *test, const struct kconfig *k,
				   enum kmx_test_status status)
{
	for (size_t i = 0; x && i < x->nneeds; i++) {
		const struct expectation_need *nd = &x->needs[i];
		int has;

		if (!wild_match(nd->test, test))
			continue;
		has = kconfig_has(k, nd->options);
		if (has == 0 || (has < 0 && status == KMX_SKIP))
			return nd->options;
	}
	return NULL;
}

int expectations_given(const struct expectations *x)
{
	return x && x->given;
}

void expectations_clear(struct expectations *x)
{
	free(x->e);
	free(x->needs);
	memset(x, 0, sizeof(*x));
}


/*
 * A run's known breaks (RUN/known-breaks.tsv, copied there from
 * matrix/known-breaks/<tree>.tsv when the run starts, so that the run says
 * which it was judged by): lines `ARCH POINT STAGE MATCH REASON`, STAGE
 * build or boot, `*` wildcards as above; MATCH is text the cell's first
 * error must contain (`*`: any), so that another failure of the same cell is
 * still a failure. They are properties of a kernel tree (an upstream build
 * break, say), not of a series.
 */
void known_breaks_load(struct known_breaks *kb, const char *run_dir)
{
	struct tsv t;
	int n;

	memset(kb, 0, sizeof(*kb));
	if (!tsv_open(&t, run_dir, "known-breaks.tsv"))
		return;
	while ((n = tsv_next(&t, 5)) >= 0) {
		struct known_break *b;

		if (n != 5)
			continue;
		kb->b = xrealloc(kb->b, (kb->n + 1) * sizeof(*kb->b));
		b = &kb->b[kb->n++];
		b->arch = xstrdup(t.f[0]);
		b->point = xstrdup(t.f[1]);
		b->stage = xstrdup(t.f[2]);
		b->match = xstrdup(t.f[3]);
		b->reason = xstrdup(t.f[4]);
	}
}

const char *known_break_for(const struct known_breaks *kb, const char *arch, const char *point,
			    const char *stage, const char *first_error)
{
	for (size_t i = 0; kb && i < kb->n; i++) {
		const struct known_break *b = &kb->b[i];

		if (wild_match(b->arch, arch) && wild_match(b->point, point) && !strcmp(b->stage, stage) &&
		    (!strcmp(b->match, "*") || strstr(first_error, b->match)))
			return b->reason;
	}
	return NULL;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The expectations of a series (matrix/expectations/<series>.tsv): lines
 * `ARCH POINT TEST STATUS` with `*` wildcards (or a trailing `*`), first
 * match wins. Without a file, every fail and error is unexpected.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ktap_reader.h"
#include "run.h"
#include "usage.h"

/* One line of an expectations file: ARCH POINT TEST STATUS, `*` wildcards. */
struct expectation {
	char arch[64], point[64], test[128];
	enum kmx_test_status status;
};
static struct expectation *expectations;
static size_t nexpectations;
static int have_expectations;

int expectations_load(const char *path)
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
		if (sscanf(line, "%63s %63s %127s %15s", e.arch, e.point, e.test, status) != 4 ||
		    ktap_parse_status(status, &e.status)) {
			fclose(f);
			return error("%s:%d: expected ARCH POINT TEST pass|fail|skip|xfail|error", path, lineno);
		}
		expectations = xrealloc(expectations, (nexpectations + 1) * sizeof(*expectations));
		expectations[nexpectations++] = e;
	}
	fclose(f);
	have_expectations = 1;
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

int expectation_for(const char *arch, const char *point, const char *test, enum kmx_test_status *st)
{
	for (size_t i = 0; i < nexpectations; i++) {
		const struct expectation *e = &expectations[i];

		if (wild_match(e->arch, arch) && wild_match(e->point, point) && wild_match(e->test, test)) {
			*st = e->status;
			return 1;
		}
	}
	return 0;
}

int expectations_given(void)
{
	return have_expectations;
}


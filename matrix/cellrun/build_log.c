// SPDX-License-Identifier: GPL-2.0
/*
 * What a cell's build left, in one line for its record: the first error
 * of the log, whether the machine rather than the kernel caused it, and
 * why a series did not apply.
 */
#define _GNU_SOURCE
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vocab.h"
#include "cellrun.h"

/*
 * A compiler's or assembler's "error:" / "Error:", modpost's "ERROR:", a
 * linker's undefined reference, make's own "***" (a failed recipe, a
 * missing target), or a "kmatrix: " message of ours.
 */
#define FIRST_ERROR_RE "error:|undefined reference to|: \\*\\*\\* |^kmatrix: "
/*
 * The machine's fault, not the kernel's: a full disk, no memory, a
 * compiler killed; a missing tool reads "sh: 1: flex: not found" (kbuild's
 * shell is dash), "make[2]: gcc: No such file or directory" or ccache's
 * "Could not find compiler". A header the patch forgot is a compiler's
 * "fatal error: x.h: No such file or directory" and stays `failed`.
 */
#define INFRA_RE "No space left on device|Cannot allocate memory|Killed signal terminated program|" \
	"not found \\(Debian package|: not found$|: command not found|" \
	"^make(\\[[0-9]+\\])?: [^ ]+: No such file or directory|Could not find compiler"

/* LINE as a field: at most ONE_LINE_MAX bytes, tabs as spaces. */
static void one_line(char *out, size_t size, const char *line)
{
	snprintf(out, size < ONE_LINE_MAX + 1 ? size : ONE_LINE_MAX + 1, "%s", line);
	for (char *p = out; *p; p++)
		if (*p == '\t')
			*p = ' ';
}

/*
 * The first line of LOG that RE matches, among its first MAX_LINES lines
 * (0: all), into out; its line number, 0 if none.
 */
static size_t first_match(const char *log, const char *re, int flags, size_t max_lines,
			  char *out, size_t size)
{
	FILE *f = fopen(log, "r");
	char *line = NULL;
	size_t cap = 0, n = 0, found = 0;
	ssize_t len;
	regex_t rx;

	*out = 0;
	if (!f)
		return 0;
	if (regcomp(&rx, re, REG_EXTENDED | REG_NOSUB | flags)) {
		fclose(f);
		return 0;
	}
	while ((!max_lines || n < max_lines) && (len = getline(&line, &cap, f)) >= 0) {
		n++;
		if (len && line[len - 1] == '\n')
			line[len - 1] = 0;
		if (!regexec(&rx, line, 0, NULL, 0)) {
			one_line(out, size, line);
			found = n;
			break;
		}
	}
	regfree(&rx);
	free(line);
	fclose(f);
	return found;
}

static void build_first_error(const char *log, char *out, size_t size)
{
	first_match(log, FIRST_ERROR_RE, REG_ICASE, 0, out, size);
}

/* Only the lines up to the first error count: what a failed compile says after it is not the cause. */
static void build_infra_error(const char *log, char *out, size_t size)
{
	char first[ONE_LINE_MAX + 1];
	size_t upto = first_match(log, FIRST_ERROR_RE, REG_ICASE, 0, first, sizeof(first));

	first_match(log, INFRA_RE, 0, upto, out, size);
}

void build_outcome(const char *log, int rc, int stopped, double secs, char *out, size_t size)
{
	char why[ONE_LINE_MAX + 1];
	enum kmx_build_outcome o = KMX_BUILD_INFRA;

	if (stopped)
		snprintf(why, sizeof(why), "interrupted during the build");
	else if (rc == 0)
		o = KMX_BUILD_OK, why[0] = 0;
	else {
		build_infra_error(log, why, sizeof(why));
		if (!*why && rc == 125)
			snprintf(why, sizeof(why), "the build could not be started");
		if (!*why) {
			o = KMX_BUILD_FAILED;
			build_first_error(log, why, sizeof(why));
		}
	}
	snprintf(out, size, "%s\t%.1f\t%s", kmx_build_outcome_name[o], secs, why);
}

void series_error_line(const char *path, char *out, size_t size)
{
	char lines[2][1024] = { "", "" }, joined[2100];
	FILE *f = fopen(path, "r");

	for (int i = 0; f && i < 2 && fgets(lines[i], sizeof(lines[i]), f); i++) {
		char *l = lines[i];

		l[strcspn(l, "\n")] = 0;
		if (!strncmp(l, "kmatrix:", 8))
			memmove(l, l + 8 + strspn(l + 8, " "), strlen(l + 8 + strspn(l + 8, " ")) + 1);
	}
	if (f)
		fclose(f);
	snprintf(joined, sizeof(joined), "%s%s%s", lines[0], lines[1][0] ? "; " : "", lines[1]);
	one_line(out, size, joined);
}

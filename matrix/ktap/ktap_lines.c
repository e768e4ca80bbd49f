// SPDX-License-Identifier: GPL-2.0
/*
 * What one KTAP line says, for the reader (ktap_internal.h): its indent
 * and text, a plan's count, a result line's parts, and what the kernel's
 * selftest harness prints around a result; none of it keeps state.
 */
#include <stdio.h>
#include <string.h>

#include "ktap_internal.h"

/*
 * A console line's indent (its leading spaces) and its text after them,
 * up to a CR or LF, cut to SIZE.
 */
size_t ktap_lex(const char *raw, char *text, size_t size)
{
	size_t indent = 0;

	while (*raw == ' ')
		raw++, indent++;
	snprintf(text, size, "%s", raw);
	text[strcspn(text, "\r\n")] = 0;
	return indent;
}

int ktap_parse_status(const char *s, enum kmx_test_status *out)
{
	for (size_t i = 0; i < KMX_FLAKY; i++)	/* the guest's statuses */
		if (!strcmp(s, kmx_test_status_name[i])) {
			*out = i;
			return 0;
		}
	return -1;
}

/* A count of a plan, "1..N": digits, as many as come, held at INT_MAX. */
int ktap_parse_count(const char *s)
{
	long long n = 0;

	for (; *s >= '0' && *s <= '9'; s++)
		if (n < 0x7fffffff)
			n = n * 10 + (*s - '0');
	return n > 0x7fffffff ? 0x7fffffff : (int)n;
}

/*
 * Parses "ok N name # DIRECTIVE reason" / "not ok N name # reason".
 * Fills name (up to " # "), directive and reason; returns 1 for ok, 0 for
 * not ok, -1 for a line that is not a result.
 */
int ktap_parse_result(const char *line, char *name, size_t nlen,
		      char *directive, size_t dlen, char *reason, size_t rlen)
{
	int ok;
	const char *p = line, *hash;
	size_t n;

	if (!strncmp(p, "ok ", 3))
		ok = 1, p += 3;
	else if (!strncmp(p, "not ok ", 7))
		ok = 0, p += 7;
	else
		return -1;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == ' ')
		p++;
	/* No description, a directive at once: "ok 1 # SKIP reason" (6.1's kselftest_harness). */
	if (!strncmp(p, "# ", 2)) {
		hash = p - 1;
		n = 0;
	} else {
		hash = strstr(p, " # ");
		n = hash ? (size_t)(hash - p) : strlen(p);
	}
	if (n >= nlen)
		n = nlen - 1;
	memcpy(name, p, n);
	name[n] = 0;
	directive[0] = reason[0] = 0;
	if (hash) {
		const char *d = hash + 3;
		static const char *const known[] = { "SKIP", "XFAIL", "TIMEOUT", "ERROR", "TODO" };

		for (size_t i = 0; i < sizeof(known) / sizeof(*known); i++) {
			size_t l = strlen(known[i]);

			if (!strncmp(d, known[i], l) && (d[l] == 0 || d[l] == ' ')) {
				snprintf(directive, dlen, "%s", known[i]);
				d += l;
				while (*d == ' ')
					d++;
				break;
			}
		}
		snprintf(reason, rlen, "%s", d);
	}
	return ok;
}

/* kselftest_harness's own lines around a test: "Starting N tests", "RUN  name ...", "OK  name", "FAIL  name". */
static int is_harness_status(const char *line, size_t len)
{
	static const char *const words[] = { "Starting ", "RUN ", "OK ", "FAIL ", "SKIP ", "XFAIL ", "XPASS " };

	while (len && *line == ' ')
		line++, len--;
	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (len >= strlen(words[i]) && !strncmp(line, words[i], strlen(words[i])))
			return 1;
	return 0;
}

/*
 * The name of a result line that has none: kselftest_harness of 6.1 writes
 * "ok 1 # SKIP reason" for a skipped test, after its own "OK  global.kcmp"
 * (or "RUN  global.kcmp ..."); the test's name is the word after the last.
 */
void ktap_harness_test_name(const char *d, char *name, size_t n)
{
	while (d && *d) {
		size_t len = strcspn(d, "\n");
		const char *w = d;

		while (w < d + len && *w == ' ')
			w++;
		if (!strncmp(w, "OK ", 3) || !strncmp(w, "RUN ", 4)) {
			w += strcspn(w, " ");
			while (w < d + len && *w == ' ')
				w++;
			snprintf(name, n, "%.*s", (int)strcspn(w, " \n"), w);
		}
		d += len + (d[len] == '\n');
	}
}

/*
 * Why a bare "not ok" failed, from its diagnostics D: our programs print
 * the reason last; the kernel's selftests print the first failed assertion
 * first, then the harness's status lines.
 */
void ktap_bare_not_ok_reason(const char *d, int kselftest, char *reason, size_t n)
{
	const char *last = strrchr(d, '\n');

	snprintf(reason, n, "%s", last ? last + 1 : d);
	if (!kselftest)
		return;
	while (*d) {
		size_t len = strcspn(d, "\n");

		if (len && !is_harness_status(d, len)) {
			snprintf(reason, n, "%.*s", (int)len, d);
			return;
		}
		d += len + (d[len] == '\n');
	}
}

/* A result line's status, from its "ok" or "not ok" and its directive. */
enum kmx_test_status ktap_classify(int ok, const char *directive)
{
	if (!strcmp(directive, "SKIP"))
		return KMX_SKIP;
	if (!strcmp(directive, "XFAIL"))
		return ok ? KMX_XFAIL : KMX_FAIL;
	if (!strcmp(directive, "ERROR"))
		return KMX_ERROR;
	return ok ? KMX_PASS : KMX_FAIL;	/* TIMEOUT is a failure of the test */
}

int ktap_timed_out(const char *reason, const char *diag)
{
	return strstr(reason, KMX_TIMEOUT) || strstr(reason, "terminated by timeout") ||
	       (diag && strstr(diag, "terminated by timeout"));
}

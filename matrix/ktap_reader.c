// SPDX-License-Identifier: GPL-2.0
/*
 * The KTAP reader (see ktap_reader.h). Results at indent 2 are the tests; a
 * program's own result line at indent 0 adds an entry only when it carries
 * news its subtests cannot: a program that timed out, crashed, or printed
 * fewer results than its plan, or one that has no subtests at all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_reader.h"

int ktap_parse_status(const char *s, enum kmx_test_status *out)
{
	for (size_t i = 0; i < KMX_FLAKY; i++)	/* the guest's statuses */
		if (!strcmp(s, kmx_test_status_name[i])) {
			*out = i;
			return 0;
		}
	return -1;
}

void ktap_init(struct ktap_state *k)
{
	memset(k, 0, sizeof(*k));
	k->top_plan = -1;
	k->sub_plan = -1;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");

	if (!p)
		abort();
	return p;
}

static void add_result(struct ktap_state *k, const char *name,
		       enum kmx_test_status st, const char *reason)
{
	struct ktap_test_result *t;

	if (k->ntests == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 16;
		k->tests = realloc(k->tests, k->cap * sizeof(*k->tests));
		if (!k->tests)
			abort();
	}
	t = &k->tests[k->ntests++];
	t->name = xstrdup(name);
	t->status = st;
	t->reason = xstrdup(reason);
	t->diag = k->pending_diag ? k->pending_diag : xstrdup("");
	k->pending_diag = NULL;
}

/* A subtest's result: named after its program if it said so, never merged with another. */
static void add_subtest_result(struct ktap_state *k, const char *name,
			       enum kmx_test_status st, const char *reason)
{
	char full[512], unique[540];
	unsigned seen = 0;

	snprintf(full, sizeof(full), "%s%s", k->prefix, name);
	snprintf(unique, sizeof(unique), "%s", full);
	for (size_t i = k->program_first; i < k->ntests; i++) {
		const char *t = k->tests[i].name;
		size_t l = strlen(full);

		if (!strncmp(t, full, l) && (t[l] == 0 || (t[l] == '#' && atoi(t + l + 1) > 0)))
			seen++;
	}
	if (seen)
		snprintf(unique, sizeof(unique), "%s#%u", full, seen + 1);
	add_result(k, unique, st, reason);
}

static void add_diag(struct ktap_state *k, const char *text)
{
	size_t old = k->pending_diag ? strlen(k->pending_diag) : 0;
	char *p = realloc(k->pending_diag, old + strlen(text) + 2);

	if (!p)
		abort();
	if (old)
		p[old++] = '\n';
	strcpy(p + old, text);
	k->pending_diag = p;
}

/*
 * Parses "ok N name # DIRECTIVE reason" / "not ok N name # reason".
 * Fills name (up to " # "), directive and reason; returns 1 for ok, 0 for
 * not ok, -1 for a line that is not a result.
 */
static int parse_result(const char *line, char *name, size_t nlen,
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
static void harness_test_name(const struct ktap_state *k, char *name, size_t n)
{
	const char *d = k->pending_diag;

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
 * Why a bare "not ok" failed: our programs print the reason last; the
 * kernel's selftests print the first failed assertion first, then the
 * harness's status lines.
 */
static void bare_not_ok_reason(const struct ktap_state *k, char *reason, size_t n)
{
	const char *d = k->pending_diag, *last = strrchr(d, '\n');

	snprintf(reason, n, "%s", last ? last + 1 : d);
	if (!k->prefix[0])
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

/*
 * A subunit v1 outcome line of a selftest (powerpc's harness): the result,
 * and why: the detail in brackets, else the program's last line of output
 * ("[SKIP] Test skipped on line 42", "[FAIL] Test FAILED on line 7").
 */
static int subunit_result(struct ktap_state *k, const char *text)
{
	static const struct { const char *word; enum kmx_test_status st; } outcomes[] = {
		{ "success: ", KMX_PASS }, { "failure: ", KMX_FAIL }, { "error: ", KMX_ERROR },
		{ "skip: ", KMX_SKIP }, { "xfail: ", KMX_XFAIL },
	};
	char name[256], reason[300];

	for (size_t i = 0; i < sizeof(outcomes) / sizeof(*outcomes); i++) {
		size_t l = strlen(outcomes[i].word);
		const char *detail;

		if (strncmp(text, outcomes[i].word, l))
			continue;
		snprintf(name, sizeof(name), "%s", text + l);
		detail = strstr(name, " [");
		if (detail && name[strlen(name) - 1] == ']') {
			snprintf(reason, sizeof(reason), "%.*s", (int)(strlen(detail) - 3), detail + 2);
			name[detail - name] = 0;
		} else {
			snprintf(reason, sizeof(reason), "%s", outcomes[i].st == KMX_PASS ? "" : k->last_output);
		}
		add_subtest_result(k, name, outcomes[i].st, reason);
		k->sub_results++;
		k->last_output[0] = 0;
		return 1;
	}
	return 0;
}

static enum kmx_test_status classify(int ok, const char *directive)
{
	if (!strcmp(directive, "SKIP"))
		return KMX_SKIP;
	if (!strcmp(directive, "XFAIL"))
		return ok ? KMX_XFAIL : KMX_FAIL;
	if (!strcmp(directive, "ERROR"))
		return KMX_ERROR;
	return ok ? KMX_PASS : KMX_FAIL;	/* TIMEOUT is a failure of the test */
}

void ktap_feed(struct ktap_state *k, const char *raw)
{
	char name[256], directive[16], reason[512], text[1024];
	int indent = 0, ok;
	const char *line = raw;

	while (*line == ' ')
		line++, indent++;
	snprintf(text, sizeof(text), "%s", line);
	text[strcspn(text, "\r\n")] = 0;

	if (indent == 0 && !strcmp(text, "KTAP version 1")) {
		k->seen_version = 1;
		return;
	}
	if (!k->seen_version)
		return;
	if (!strncmp(text, "1..", 3) && text[3] >= '0' && text[3] <= '9') {
		if (indent == 0)
			k->top_plan = atoi(text + 3);
		else if (indent == 2)
			k->sub_plan = atoi(text + 3);
		return;
	}
	if (indent == 2 && !strncmp(text, "# Subtest: ", 11)) {
		snprintf(k->prefix, sizeof(k->prefix), "%.*s.", (int)sizeof(k->prefix) - 2, text + 11);
		return;
	}
	if (!strncmp(text, "# ", 2) || !strcmp(text, "#")) {
		if (indent == 2 && strncmp(text, "# Totals:", 9))
			add_diag(k, text[1] ? text + 2 : "");
		return;
	}
	if (indent == 2 && k->prefix[0] && subunit_result(k, text))
		return;
	ok = parse_result(text, name, sizeof(name), directive, sizeof(directive),
			  reason, sizeof(reason));
	if (ok < 0) {
		if (indent == 2 && k->prefix[0] && text[0])
			snprintf(k->last_output, sizeof(k->last_output), "%s", text);
		return;
	}
	if (!strcmp(directive, "TIMEOUT")) {
		char r[600];

		snprintf(r, sizeof(r), "TIMEOUT%s%s", reason[0] ? " " : "", reason);
		snprintf(reason, sizeof(reason), "%s", r);
	}
	if (indent == 2) {
		if (!name[0])
			harness_test_name(k, name, sizeof(name));
		/* kselftest.h's ksft_test_result_skip("vdso_getcpu\n"): its message names it. */
		if (!name[0])
			snprintf(name, sizeof(name), "%s", reason);
		if (!reason[0] && !ok && k->pending_diag)
			bare_not_ok_reason(k, reason, sizeof(reason));
		add_subtest_result(k, name, classify(ok, directive), reason);
		k->sub_results++;
		return;
	}
	if (indent != 0)
		return;
	/* A program's own result line. */
	k->top_results++;
	snprintf(k->last_program, sizeof(k->last_program), "%s", name);
	if (k->sub_results == 0) {
		add_result(k, name, classify(ok, directive), reason);
	} else if (k->sub_plan >= 0 && k->sub_results < k->sub_plan) {
		char r[700];

		snprintf(r, sizeof(r), "%d of %d results, then: %s",
			 k->sub_results, k->sub_plan,
			 reason[0] ? reason : ok ? "the program ended" : "failed");
		add_result(k, name, KMX_ERROR, r);
	} else if (!ok && directive[0] && strcmp(directive, "SKIP")) {
		add_result(k, name, KMX_ERROR, reason);
	}
	free(k->pending_diag);
	k->pending_diag = NULL;
	k->sub_plan = -1;
	k->sub_results = 0;
	k->prefix[0] = 0;
	k->last_output[0] = 0;
	k->program_first = k->ntests;
}

void ktap_free(struct ktap_state *k)
{
	for (size_t i = 0; i < k->ntests; i++) {
		free(k->tests[i].name);
		free(k->tests[i].reason);
		free(k->tests[i].diag);
	}
	free(k->tests);
	free(k->pending_diag);
	ktap_init(k);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the KTAP reader: feed it consoles, check what it found.
 * Here the helpers and main(); the cases are in test_ktap_*.c.
 */
#include <stdio.h>
#include <string.h>

#include "test_ktap.h"

const char *progname = "test_ktap";

int passed, failed;

void feed_all(struct ktap_state *k, const char *text)
{
	char line[1024];

	ktap_init(k);
	while (*text) {
		size_t n = strcspn(text, "\n");

		snprintf(line, sizeof(line), "%.*s", (int)n, text);
		ktap_feed(k, line);
		text += n + (text[n] == '\n');
	}
}

const struct ktap_test_result *find(const struct ktap_state *k, const char *name)
{
	for (size_t i = 0; i < k->ntests; i++)
		if (!strcmp(k->tests[i].name, name))
			return &k->tests[i];
	return NULL;
}

void expect(const struct ktap_state *k, const char *name,
	    enum kmx_test_status st, const char *reason)
{
	const struct ktap_test_result *t = find(k, name);

	CHECK(t, "no result named %s", name);
	if (!t)
		return;
	CHECK(t->status == st, "%s: expected %s, got %s", name,
	      kmx_test_status_name[st], kmx_test_status_name[t->status]);
	if (reason)
		CHECK(!strcmp(t->reason, reason), "%s: expected reason '%s', got '%s'",
		      name, reason, t->reason);
}

/* k's results, one a line: "NAME STATUS" and ": REASON" when there is one. */
static void results_text(const struct ktap_state *k, char *out, size_t size)
{
	size_t used = 0;

	out[0] = 0;
	for (size_t i = 0; i < k->ntests && used < size; i++) {
		const struct ktap_test_result *t = &k->tests[i];

		used += snprintf(out + used, size - used, "%s %s%s%s\n", t->name,
				 kmx_test_status_name[t->status], t->reason[0] ? ": " : "", t->reason);
	}
}

void expect_results_at(const struct ktap_state *k, const char *want, const char *file, int line)
{
	char got[8192];

	results_text(k, got, sizeof(got));
	CHECK(!strcmp(got, want), "%s:%d: the results, in order: expected\n%s--- got\n%s---", file, line, want, got);
}

void expect_diag(const struct ktap_state *k, const char *name, const char *diag)
{
	const struct ktap_test_result *t = find(k, name);

	CHECK(t && !strcmp(t->diag, diag), "diagnostics of %s: '%s'", name, t ? t->diag : "");
}

/* Index of the result NAME, or -1. */
long position(const struct ktap_state *k, const char *name)
{
	const struct ktap_test_result *t = find(k, name);

	return t ? t - k->tests : -1;
}

/* The groups of cases, by name: `test_ktap [GROUP...]` runs those (default: all). */
static const struct {
	const char *name;
	void (*run)(void);
} groups[] = {
	{ "lines", test_lines }, { "lines_kselftests", test_lines_kselftests }, { "plans", test_plans },
	{ "nesting", test_nesting }, { "nesting_deep", test_nesting_deep },
	{ "linear", test_linear }, { "odd_bytes", test_odd_bytes },
};

int main(int argc, char **argv)
{
	const size_t n = sizeof(groups) / sizeof(groups[0]);

	for (int a = 1; a < argc; a++) {
		size_t i = 0;

		while (i < n && strcmp(groups[i].name, argv[a]))
			i++;
		if (i == n) {
			fprintf(stderr, "test_ktap: no group '%s' (lines plans nesting linear odd_bytes)\n", argv[a]);
			return 2;
		}
	}
	for (size_t i = 0; i < n; i++) {
		int chosen = argc == 1;

		for (int a = 1; a < argc; a++)
			chosen |= !strcmp(groups[i].name, argv[a]);
		if (chosen)
			groups[i].run();
	}

	printf("test_ktap: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}

// SPDX-License-Identifier: GPL-2.0
/* The cases of cost and of odd input: linear time, any bytes, any length. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_ktap.h"

static double seconds(void)
{
	struct timespec ts;

	/* The process's own CPU time: a busy host must not fail a test of cost. */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * 100,000 results in one program, some names again and again, 100,000
 * children waiting for their parent's name, 100,000 diagnostics: linear
 * cost. The bound is loose (a busy machine passes); quadratic would not.
 */
void test_linear(void)
{
	const int n = 100000;
	struct ktap_state k;
	char line[100];
	double t0 = seconds(), took;

	ktap_init(&k);
	ktap_feed(&k, "KTAP version 1");
	ktap_feed(&k, "1..2");
	ktap_feed(&k, "  ok 1 dup#3");	/* taken before "dup" comes a third time */
	for (int i = 1; i <= n; i++) {
		if (i % 10)
			snprintf(line, sizeof(line), "  ok %d t%d", i, i);
		else
			snprintf(line, sizeof(line), "  not ok %d dup", i);
		ktap_feed(&k, line);
	}
	for (int i = 1; i <= n; i++) {
		snprintf(line, sizeof(line), "    ok %d c%d", i, i % 1000);
		ktap_feed(&k, line);
	}
	ktap_feed(&k, "  ok 1 parent");
	for (int i = 1; i <= n; i++) {
		snprintf(line, sizeof(line), "  # diagnostic line %d", i);
		ktap_feed(&k, line);
	}
	ktap_feed(&k, "  not ok 1 last");
	ktap_feed(&k, "ok 1 many");
	ktap_feed(&k, "  ok 1 t5");	/* a new program: names start afresh */
	ktap_feed(&k, "ok 2 next");
	ktap_finish(&k);
	took = seconds() - t0;
	CHECK((size_t)2 * n + 3 == k.ntests, "expected %d results, got %zu", 2 * n + 3, k.ntests);
	CHECK(took < 2.0, "%d results took %.2f s", 2 * n, took);
	CHECK(0 == position(&k, "dup#3"), "the name printed first keeps it: at %ld",
	      position(&k, "dup#3"));
	expect(&k, "dup", KMX_FAIL, NULL);
	expect(&k, "dup#2", KMX_FAIL, NULL);
	expect(&k, "dup#4", KMX_FAIL, NULL);
	expect(&k, "dup#10001", KMX_FAIL, NULL);
	CHECK(!find(&k, "dup#10002"), "one dup too many");
	expect(&k, "t99999", KMX_PASS, "");
	expect(&k, "parent.c0", KMX_PASS, "");
	expect(&k, "parent.c999#100", KMX_PASS, "");
	CHECK(!find(&k, "parent.c1#101"), "c1 came 100 times");
	CHECK(k.ntests && !strcmp("t5", k.tests[k.ntests - 1].name),
	      "the next program's t5: '%s'", k.ntests ? k.tests[k.ntests - 1].name : "");
	{
		const struct ktap_test_result *t = find(&k, "last");

		const char *head = "diagnostic line 1\ndiagnostic line 2\n";

		/* Past KTAP_DIAG_MAX, the head, a count and the last line. */
		CHECK(t && !strncmp(head, t->diag, strlen(head)),
		      "diagnostics of last begin '%.40s'", t ? t->diag : "");
		CHECK(t && strlen(t->diag) < KTAP_DIAG_MAX + 100, "diagnostics of last: %zu bytes",
		      t ? strlen(t->diag) : 0);
		CHECK(t && strstr(t->diag, " more lines, not kept)\ndiagnostic line 100000"),
		      "diagnostics of last end '%s'", t ? t->diag + strlen(t->diag) - 60 : "");
		CHECK(t && !strcmp("diagnostic line 100000", t->reason), "reason of last: '%s'",
		      t ? t->reason : "");
	}
	ktap_free(&k);
}

/* Any bytes, any length: no crash, no overrun; a name never holds a tab or a line end. */
void test_odd_bytes(void)
{
	static const char *const heads[] = {
		"ok 1 ", "not ok 2 ", "# Subtest: ", "# ", "1..", "success: ", "failure: ",
		"ok 3 # SKIP ", "not ok 4 x # TIMEOUT ", "KTAP version 1", "",
	};
	size_t big = 300000, bad = 0;
	char *line = malloc(big + 1);
	unsigned seed = 12345;
	struct ktap_state k;

	if (!line)
		abort();
	ktap_init(&k);
	ktap_feed(&k, "KTAP version 1");
	ktap_feed(&k, "1..3");
	ktap_feed(&k, "  # Subtest: tab\there");
	ktap_feed(&k, "  ok 1 a\tb\rc");
	ktap_feed(&k, "  not ok 2\t# SKIP\t");
	for (int i = 0; i < 20000; i++) {
		size_t indent, len, pos = 0;
		const char *h;

		seed = seed * 1103515245 + 12345;
		indent = (seed >> 8) % 12;
		h = heads[(seed >> 16) % (sizeof(heads) / sizeof(*heads))];
		len = i % 997 == 0 ? big - 40 : (seed >> 4) % 300;
		memset(line, ' ', indent);
		pos = indent + snprintf(line + indent, 40, "%s", h);
		for (size_t j = 0; j < len && pos < big; j++) {
			seed = seed * 1103515245 + 12345;
			line[pos++] = 1 + (seed >> 16) % 255;	/* any byte but NUL */
		}
		line[pos] = 0;
		ktap_feed(&k, line);
	}
	memset(line, ' ', big);
	snprintf(line + big - 10, 11, "ok 1 far");
	ktap_feed(&k, line);
	memset(line, '9', big);
	memcpy(line, "1..", 3);
	line[big] = 0;
	ktap_feed(&k, line);
	ktap_finish(&k);
	for (size_t i = 0; i < k.ntests; i++)
		bad += strpbrk(k.tests[i].name, "\t\r\n") != NULL || !k.tests[i].reason || !k.tests[i].diag;
	CHECK(0 == bad, "%zu of %zu results with a tab or a line end in the name", bad, k.ntests);
	CHECK(k.ntests > 0, "no results read");
	expect(&k, "tab here.a b", KMX_PASS, "");
	ktap_free(&k);
	free(line);
}

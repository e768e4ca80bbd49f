// SPDX-License-Identifier: GPL-2.0
/*
 * The expectations parser (and its sibling in expect.c, the known-breaks
 * parser) on any file: the input is loaded as both, then looked up with a
 * few fixed results and with the words of its own first lines (so that
 * the wildcards meet names they can match), then forgotten.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "run.h"

const char *progname = "fuzz-expect";

/* The lines whose words are also looked up: enough to meet the wildcards, bounded so a run stays fast. */
#define FUZZ_QUERY_LINES 32

static const char *const fixed[][3] = {
	{ "m68k", "base", "seccomp_bpf.TRACE_syscall.ptrace.kill_after" },
	{ "x86_64", "10-sa-immutable", "kernel_warning.seccomp_bpf.global.kcmp#2" },
	{ "sparc32", "rc1", "ptrace_sigtrap_ignored" },
	{ "", "", "" },
	{ "*", "*", "*" },
};

static void lookup(const struct expectations *x, const struct known_breaks *kb, const char *a, const char *p,
		   const char *t)
{
	enum kmx_test_status st = KMX_NTEST_STATUS;
	const char *why;

	if (expectation_for(x, a, p, t, &st))
		FUZZ_ASSERT(st < KMX_FLAKY);
	why = known_break_for(kb, a, p, "build", t);
	FUZZ_ASSERT(!why || why == known_break_for(kb, a, p, "build", t));
	known_break_for(kb, a, p, "boot", t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fuzz_dir(NULL);
	char path[4200], *buf, *line, *end, w[3][128], *f[5];
	struct known_breaks kb;
	struct expectations x = { 0 };
	unsigned lines = 0;

	fuzz_put("known-breaks.tsv", data, size);
	expectations_load(&x, fuzz_path("known-breaks.tsv", path, sizeof(path)));
	FUZZ_ASSERT(expectations_given(&x) == 0 || expectations_given(&x) == 1);
	known_breaks_load(&kb, dir);
	for (size_t i = 0; i < sizeof(fixed) / sizeof(*fixed); i++)
		lookup(&x, &kb, fixed[i][0], fixed[i][1], fixed[i][2]);

	buf = malloc(size + 1);
	if (buf) {
		memcpy(buf, data, size);
		buf[size] = 0;
		for (line = buf; line < buf + size && lines++ < FUZZ_QUERY_LINES; line = end + 1) {
			end = memchr(line, '\n', buf + size - line);
			if (!end)
				end = buf + size;
			*end = 0;
			if (sscanf(line, "%127s %127s %127s", w[0], w[1], w[2]) == 3)
				lookup(&x, &kb, w[0], w[1], w[2]);
			if (split_tabs(line, f, 5) >= 4)
				FUZZ_ASSERT(!known_break_for(&kb, f[0], f[1], f[2], f[3]) || kb.n);
		}
		free(buf);
	}

	for (size_t i = 0; i < kb.n; i++) {
		struct known_break *b = &kb.b[i];

		free(b->arch), free(b->point), free(b->stage), free(b->match), free(b->reason);
	}
	free(kb.b);
	expectations_clear(&x);
	FUZZ_ASSERT(!expectations_given(&x));
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the harnesses share: the entry point libFuzzer (and replay.c)
 * calls, a private folder to write an input into (the loaders read files,
 * not memory), and an assertion that stays on in every build.
 */
#ifndef KMX_FUZZ_H
#define KMX_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken invariant is a finding like a crash: abort, so both fuzzer and replay see it. */
#define FUZZ_ASSERT(cond) do {							\
	if (!(cond))								\
		fuzz_fail(__FILE__, __LINE__, #cond);				\
} while (0)
__attribute__((noreturn)) void fuzz_fail(const char *file, int line, const char *what);

/*
 * The harness's folder under $TMPDIR, made once per process (libFuzzer
 * calls the harness thousands of times a second) and removed at exit.
 * SUBDIRS are made in it, in order ("m68k-base", "m68k-base/attempt1").
 */
const char *fuzz_dir(const char *const *subdirs);
/* Writes len bytes to DIR/NAME, or removes it when data is NULL. */
void fuzz_put(const char *name, const void *data, size_t len);
/* DIR/NAME, in buf. */
const char *fuzz_path(const char *name, char *buf, size_t n);

/* One part of an input cut at a separator byte. */
struct fuzz_part {
	const uint8_t *p;
	size_t len;
};
/* Cuts data at each sep, at most max parts (the last keeps the rest); returns how many. */
size_t fuzz_split(const uint8_t *data, size_t size, uint8_t sep, struct fuzz_part *parts, size_t max);

#endif

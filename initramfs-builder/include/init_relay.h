/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A program's output on its way to the console: each line indented as a
 * subtest of init's document (ktap_print_subtest_line()), the last one
 * kept (a selftest's reason to skip), and the time the program says its
 * tests need (ktap_limits.h's `# kmatrix_needs_ms=N`).
 */
#ifndef KMX_INIT_RELAY_H
#define KMX_INIT_RELAY_H

#include "ktap_limits.h"
#include "ktap_writer.h"

/* Copies the child's output to the console, each line indented. */
struct relay {
	char line[KTAP_LINE_MAX];
	unsigned len;
	char last[KTAP_LINE_MAX];	/* the last line that was not empty: why a selftest skipped */
	unsigned long needs_ms;		/* what the program said its tests need, or 0 */
};

#define RELAY_NEEDS_LINE	"# " KTAP_NEEDS_KEY

/*
 * How much of the child's output one poll passes on: a child that writes
 * faster than the console takes it keeps the pipe full, and an unbounded
 * drain would never get back to the clock.
 */
#define RELAY_BURST	16384
/* After the child's end: at most what a pipe holds (16 pages of up to 64 KiB). */
#define RELAY_REST	(1L << 20)

static void relay_flush(struct relay *r)
{
	if (!r->len)
		return;
	ktap_print_subtest_line(r->line, r->len);
	memcpy(r->last, r->line, r->len);
	r->last[r->len] = 0;
	r->len = 0;
	if (!k_strncmp(r->last, RELAY_NEEDS_LINE, sizeof(RELAY_NEEDS_LINE) - 1)) {
		unsigned long ms = ktap_limit_seconds(r->last + sizeof(RELAY_NEEDS_LINE) - 1);

		if (ms > r->needs_ms)
			r->needs_ms = ms;
	}
}

/* Stops at EOF, at -EAGAIN (nothing left for now), or after max bytes. */
static void relay_drain(struct relay *r, int fd, long max)
{
	char buf[512];
	long n;

	for (; max > 0 && (n = sys_read(fd, buf, sizeof(buf))) > 0; max -= n)
		for (long i = 0; i < n; i++) {
			if (buf[i] == '\n' || r->len == sizeof(r->line) - 1)
				relay_flush(r);
			if (buf[i] != '\n')
				r->line[r->len++] = buf[i];
		}
}

#endif

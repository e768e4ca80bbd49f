// SPDX-License-Identifier: GPL-2.0
/*
 * The KTAP reader on any console: the input is a console log, fed line by
 * line as bootrun feeds it, then finished and freed. The reader may ignore
 * anything, but must not crash, hang, or break what ktap_reader.h promises
 * of its results.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "ktap_reader.h"

const char *progname = "fuzz-ktap";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ktap_state k;
	char *buf = malloc(size + 1), *line, *end;
	size_t n;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	ktap_init(&k);
	for (line = buf; line < buf + size; line = end + 1) {
		end = memchr(line, '\n', buf + size - line);
		if (!end)
			end = buf + size;
		*end = 0;
		ktap_feed(&k, line);
	}
	ktap_finish(&k);
	n = k.ntests;
	ktap_finish(&k);	/* "Once." */
	FUZZ_ASSERT(k.ntests == n && n <= k.cap);
	for (size_t i = 0; i < n; i++) {
		const struct ktap_test_result *t = &k.tests[i];

		FUZZ_ASSERT(t->name && t->reason && t->diag);
		/* cell.tsv's fields and lines: a name never holds their separators. */
		FUZZ_ASSERT(!t->name[strcspn(t->name, "\t\n\r")]);
		/* The guest's statuses only: flaky is the host's verdict on two boots. */
		FUZZ_ASSERT(t->status < KMX_FLAKY);
	}
	ktap_free(&k);
	FUZZ_ASSERT(!k.tests && !k.ntests);
	free(buf);
	return 0;
}

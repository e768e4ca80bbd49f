// SPDX-License-Identifier: GPL-2.0
/*
 * bootrun's reading of the console's lines (bootrun.h): which are the
 * guest's and which the kernel's, which kernel lines are a panic, and the
 * kernel warnings, each a result of its own.
 */
#include <stdio.h>
#include <string.h>

#include "bootrun.h"

/*
 * A line of the guest's user space: init writes nothing else (ktap_writer.h),
 * and every program's output reaches the console through init, indented.
 * The rest is the kernel's (or the firmware's, or QEMU's).
 */
int is_guest_line(const char *line)
{
	static const char *const starts[] = {
		" ", "\t", "#", "ok ", "not ok ", "KTAP version ", "TAP version ", "1..",
	};

	line += strspn(line, "\r");
	for (size_t i = 0; i < sizeof(starts) / sizeof(*starts); i++)
		if (!strncmp(line, starts[i], strlen(starts[i])))
			return 1;
	return 0;
}

static const char *const panic_patterns[] = {
	"Kernel panic", "Oops", "BUG:", "Internal error",
};

int is_panic_line(const char *line)
{
	for (size_t i = 0; i < sizeof(panic_patterns) / sizeof(*panic_patterns); i++)
		if (strstr(line, panic_patterns[i]))
			return 1;
	return 0;
}

/*
 * A WARN is not the end of the boot (some tests provoke one on purpose, like
 * seccomp's SECCOMP_MODE_DEAD at the base point): it is a result of its own,
 * `kernel_warning.<test>`, failed, with the WARNING line as its reason and
 * the trace as its diagnostics, so that the expectations say where one is
 * expected. <test> is the test that was running: the next result the guest
 * prints (its result line comes after what the kernel printed while it
 * ran), or the program, when the program ends first; `boot` before the
 * guest's KTAP began, `end` when nothing followed.
 */
int is_warning_line(const char *line)
{
	return strstr(line, "[ cut here ]") != NULL;
}

#define WARNING_RESULT	"kernel_warning."
#define MAX_WARNINGS	32
#define WARNING_DIAG	4096

struct kernel_warning {
	char first[256];	/* the "WARNING: ..." line */
	char diag[WARNING_DIAG];	/* the lines after it, up to the end of the trace */
	size_t ntests_at;	/* results the reader had when it began */
	int programs_at;
	int before_ktap;
	int in_trace;
	char test[300];		/* the test it is charged to, once known */
};

static struct kernel_warning warnings[MAX_WARNINGS];
static unsigned nwarnings;

/*
 * A console line: a kernel line may open a warning; any line may belong to
 * the one open (a trace's lines are indented like the guest's).
 */
void warning_line(const char *line, int kernel_line, const struct ktap_state *k)
{
	struct kernel_warning *w = nwarnings ? &warnings[nwarnings - 1] : NULL;

	if (kernel_line && is_warning_line(line)) {
		if (nwarnings == MAX_WARNINGS)
			return;
		w = &warnings[nwarnings++];
		memset(w, 0, sizeof(*w));
		w->ntests_at = k->ntests;
		w->programs_at = k->top_results;
		w->before_ktap = !k->seen_version;
		w->in_trace = 1;
		return;
	}
	if (!w || !w->in_trace)
		return;
	if (strstr(line, "---[ end trace")) {
		w->in_trace = 0;
	} else if (!w->first[0] && strstr(line, "WARNING:")) {
		snprintf(w->first, sizeof(w->first), "%s", strstr(line, "WARNING:"));
	} else {
		size_t len = strlen(w->diag);

		snprintf(w->diag + len, sizeof(w->diag) - len, "%s%s", len ? "\n" : "", line);
	}
}

/* After each line the reader took: charges open warnings to a test. */
void warnings_attribute(const struct ktap_state *k, int at_end)
{
	for (unsigned i = 0; i < nwarnings; i++) {
		struct kernel_warning *w = &warnings[i];

		if (w->test[0])
			continue;
		if (w->before_ktap)
			snprintf(w->test, sizeof(w->test), "boot");
		else if (k->ntests > w->ntests_at)
			snprintf(w->test, sizeof(w->test), "%s", k->tests[w->ntests_at].name);
		else if (k->top_results > w->programs_at)
			snprintf(w->test, sizeof(w->test), "%s", k->last_program);
		else if (at_end)
			snprintf(w->test, sizeof(w->test), "end");
	}
}

/* The warnings' results in the record, after the guest's. */
void warnings_put(FILE *f)
{
	for (unsigned i = 0; i < nwarnings; i++) {
		const struct kernel_warning *w = &warnings[i];
		char name[340];
		unsigned same = 0;

		for (unsigned j = 0; j < i; j++)
			same += !strcmp(warnings[j].test, w->test);
		if (same)
			snprintf(name, sizeof(name), WARNING_RESULT "%s#%u", w->test, same + 1);
		else
			snprintf(name, sizeof(name), WARNING_RESULT "%s", w->test);
		put_result(f, name, KMX_FAIL,
			   w->first[0] ? w->first : "a kernel warning (no WARNING: line)", w->diag, NULL);
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * How a boot ended, from what bootrun saw of it, and its record (--out: a
 * cell's cell.tsv; bootrun.h; the record's lines are described in bootrun.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "bootrun.h"
#include "usage.h"

/*
 * How the boot ended: a signal, a panic, a time limit, the end marker, or
 * QEMU's exit, the first that applies; then a limit that the host's load
 * ran out makes it infra.
 */
void boot_classify(struct boot *b, const struct ktap_state *k)
{
	int ws = b->wait_status;

	if (b->stopped_by) {
		b->status = KMX_BOOT_INTERRUPTED;
		snprintf(b->reason, sizeof(b->reason), "stopped by signal %d", b->stopped_by);
	} else if (b->first_panic[0]) {
		b->status = KMX_BOOT_PANIC;
		snprintf(b->reason, sizeof(b->reason), "%s", b->first_panic);
	} else if (b->status == KMX_BOOT_TIMEOUT) {
		/* already explained */
	} else if (b->marker_seen) {
		if (k->ntests == 0) {
			b->status = KMX_BOOT_NO_RESULTS;
			snprintf(b->reason, sizeof(b->reason), "end marker but no KTAP results");
		} else {
			b->status = KMX_BOOT_OK;
			if (b->warnings)
				snprintf(b->reason, sizeof(b->reason), "%d kernel warning(s) on the console", b->warnings);
		}
	} else if (b->guest_started && !b->qemu_failed_exec &&
		   ((WIFEXITED(ws) && WEXITSTATUS(ws) != 0) || WIFSIGNALED(ws))) {
		/*
		 * After the kernel started, QEMU giving up is the guest's doing
		 * (sparc32's "Error state" and m68k's "DOUBLE MMU FAULT" end in
		 * cpu_abort()): a result about the kernel, not the machine.
		 */
		b->status = KMX_BOOT_QEMU_ABORT;
		if (WIFEXITED(ws))
			snprintf(b->reason, sizeof(b->reason), "QEMU exited with status %d while the kernel ran (see console log)", WEXITSTATUS(ws));
		else
			snprintf(b->reason, sizeof(b->reason), "QEMU died by signal %d while the kernel ran (see console log)", WTERMSIG(ws));
	} else if (b->qemu_failed_exec || (WIFEXITED(ws) && WEXITSTATUS(ws) != 0) ||
		   WIFSIGNALED(ws)) {
		b->status = KMX_BOOT_QEMU_ERROR;
		if (WIFEXITED(ws))
			snprintf(b->reason, sizeof(b->reason), "QEMU exited with status %d before the end marker (see console log)", WEXITSTATUS(ws));
		else
			snprintf(b->reason, sizeof(b->reason), "QEMU died by signal %d", WTERMSIG(ws));
	} else {
		b->status = KMX_BOOT_NO_RESULTS;
		snprintf(b->reason, sizeof(b->reason), "QEMU exited before the end marker, %zu KTAP results", k->ntests);
	}
	/*
	 * A limit that ran out on a busy host judges the host, not the kernel:
	 * the cell is infra (and booted again), its results kept as they came.
	 * A guest that hangs idle makes QEMU wait for nothing, so a real hang
	 * stays a timeout however busy the host is.
	 */
	if (b->overload.share > 0 && (b->status == KMX_BOOT_OK || b->status == KMX_BOOT_TIMEOUT)) {
		b->status = KMX_BOOT_INFRA;
		snprintf(b->reason, sizeof(b->reason), "%s", b->overload.what);
	}
}

/* Tabs and newlines would break the record's fields. */
static void put_field(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

/* A result of the record: its `test` line and one `diag` line per line of DIAG. */
void put_result(FILE *f, const char *name, enum kmx_test_status status,
		const char *reason, const char *diag, const char *key)
{
	fprintf(f, "test\t");
	put_field(f, name);
	fprintf(f, "\t%s\t", kmx_test_status_name[status]);
	put_field(f, reason);
	if (key && *key) {
		fputc('\t', f);
		put_field(f, key);
	}
	fputc('\n', f);
	while (*diag) {
		size_t len = strcspn(diag, "\n");
		char line[1024];

		snprintf(line, sizeof(line), "%.*s", (int)len, diag);
		fprintf(f, "diag\t");
		put_field(f, name);
		fputc('\t', f);
		put_field(f, line);
		fputc('\n', f);
		diag += len + (diag[len] == '\n');
	}
}

/* The programs that did not build (--unbuilt): PROGRAM.build, failed. */
#define UNBUILT_LOG_LINES 40
static int put_unbuilt(FILE *f, const char *path)
{
	char line[2048];
	FILE *in = fopen(path, "r");

	if (!in)
		return errno == ENOENT ? 0 : error("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), in)) {
		char *prog = strtok(line, "\t\n"), *why = strtok(NULL, "\t\n");
		char *log_path = strtok(NULL, "\t\n");
		char name[300], reason[600], diag[UNBUILT_LOG_LINES * 160] = "", l[160];
		FILE *log = log_path ? fopen(log_path, "r") : NULL;
		size_t used = 0;

		if (!prog)
			continue;
		snprintf(name, sizeof(name), "%s.build", prog);
		snprintf(reason, sizeof(reason), "did not build at this point: %s",
			 why ? why : "(no error line in its log)");
		for (int n = 0; log && n < UNBUILT_LOG_LINES && fgets(l, sizeof(l), log); n++)
			used += snprintf(diag + used, sizeof(diag) - used, "%s", l);
		if (log)
			fclose(log);
		else if (log_path)
			snprintf(diag, sizeof(diag), "%s: %s", log_path, strerror(errno));
		put_result(f, name, KMX_FAIL, reason, diag, NULL);
	}
	fclose(in);
	return 0;
}

static const struct cpu_time no_time;

/*
 * The record, written atomically. Without cmd (a boot that did not start:
 * not run, QEMU not there) it has no `qemu` and `host` lines, and no results.
 */
int write_record(const char *out, const struct cell_head *h, const struct boot *b,
		 const char *cmd, const struct ktap_state *k, const char *unbuilt)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", out);
	f = fopen(tmp, "w");
	if (!f)
		return error("%s: %s", tmp, strerror(errno));
	if (h->arch)	/* the build's line is cellrun's, fields and all */
		fprintf(f, "arch\t%s\npoint\t%s\nbuild\t%s\n", h->arch, h->point, h->build);
	fprintf(f, "boot\t%s\t%.1f\t", kmx_boot_outcome_name[b->status], b->seconds);
	put_field(f, b->reason);
	fputc('\n', f);
	if (h->alone) {
		fputs("alone\t", f);
		put_field(f, h->alone);
		fputc('\n', f);
	}
	if (!cmd)
		goto done;
	fprintf(f, "qemu\t");
	put_field(f, cmd);
	/* CPU time over all threads; the wait of the most waiting one, as the
	 * overload check counts it (threads wait side by side). */
	fprintf(f, "\nhost\t%.1f\t%.1f\n", b->qemu.ran, waited_since(&no_time, &b->qemu));
	if (unbuilt && put_unbuilt(f, unbuilt)) {
		fclose(f);
		return -1;
	}
	for (size_t i = 0; i < k->ntests; i++) {
		const struct ktap_test_result *t = &k->tests[i];

		put_result(f, t->name, t->status, t->reason, t->diag, t->key);
	}
	warnings_put(f);
done:
	if (fclose(f) || rename(tmp, out))
		return error("%s: %s", out, strerror(errno));
	return 0;
}

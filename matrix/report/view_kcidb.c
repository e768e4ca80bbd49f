// SPDX-License-Identifier: GPL-2.0
/*
 * kcidb.json: the run in KCIDB's I/O schema v5.3 (kernelci/kcidb-io), what
 * the KernelCI dashboard and kcidb-submit read. One checkout (the tree and
 * the series as its patchset), a build per cell, and per cell a `boot`
 * test and a test per result. Nothing here needs a network: submitting is
 * kci-dev's or kcidb-submit's job (docs/results.md).
 *
 * Every status kmatrix has maps to KCIDB's here, and only here:
 *
 *   result   pass PASS, fail FAIL, skip SKIP, error ERROR,
 *            xfail DONE (it ended as its own test expected, neither a pass
 *            nor a fail), flaky ERROR (two boots disagreed: the result
 *            cannot be trusted either way)
 *   boot     ok PASS; timeout, panic, no-results, qemu-abort FAIL (the
 *            kernel's doing); qemu-error, interrupted, infra, error ERROR
 *            (the machine's); not-run MISS
 *   build    ok PASS, failed FAIL, infra and error ERROR
 *
 * kmatrix's own verdict (expected, unexpected, unjudged; against_base where
 * the arch's base judged it), the expected
 * status and the cell's status go in each test's `misc`.
 */
#include <stdio.h>
#include <string.h>

#include "out.h"

#define ORIGIN "kmatrix"

static const char *const kcidb_test_status[KMX_NTEST_STATUS] = {
	[KMX_PASS] = "PASS", [KMX_FAIL] = "FAIL", [KMX_SKIP] = "SKIP",
	[KMX_XFAIL] = "DONE", [KMX_ERROR] = "ERROR", [KMX_FLAKY] = "ERROR",
};

/* A step without an outcome (a cell not done) is ERROR. */
static const char *const kcidb_boot_status[KMX_NBOOT_OUTCOME + 1] = {
	[KMX_BOOT_OK] = "PASS", [KMX_BOOT_TIMEOUT] = "FAIL", [KMX_BOOT_PANIC] = "FAIL",
	[KMX_BOOT_NO_RESULTS] = "FAIL", [KMX_BOOT_QEMU_ABORT] = "FAIL", [KMX_BOOT_QEMU_ERROR] = "ERROR",
	[KMX_BOOT_INTERRUPTED] = "ERROR", [KMX_BOOT_NOT_RUN] = "MISS", [KMX_BOOT_INFRA] = "ERROR",
	[KMX_BOOT_ERROR] = "ERROR", [NO_BOOT] = "ERROR",
};

static const char *const kcidb_build_status[KMX_NBUILD_OUTCOME + 1] = {
	[KMX_BUILD_OK] = "PASS", [KMX_BUILD_FAILED] = "FAIL", [KMX_BUILD_INFRA] = "ERROR",
	[KMX_BUILD_ERROR] = "ERROR", [NO_BUILD] = "ERROR",
};

/*
 * A result's name as a KCIDB path: dotted nodes of [a-zA-Z0-9_-]. Other
 * characters become `_`, an empty node `_`; `#2` (a name printed again)
 * becomes `_2`, kept apart from the first.
 */
static void kcidb_path(char *out, size_t cap, const char *name)
{
	size_t o = 0;
	int node_empty = 1;

	for (const char *p = name; *p && o + 2 < cap; p++) {
		if (*p == '.') {
			if (node_empty)
				out[o++] = '_';
			out[o++] = '.';
			node_empty = 1;
			continue;
		}
		out[o++] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *p) ? *p : '_';
		node_empty = 0;
	}
	if (node_empty && o + 1 < cap)
		out[o++] = '_';
	out[o] = 0;
}

/* `, "key": "value"`, or nothing for a value the run has not. */
static void opt_str(FILE *f, const char *key, const char *value)
{
	if (!value)
		return;
	fprintf(f, ", \"%s\": ", key);
	json_str(f, value);
}

static void id(FILE *f, const struct run *r, const struct cell *c, const char *tail)
{
	char buf[1024];

	snprintf(buf, sizeof(buf), ORIGIN ":%s%s%s%s%s%s%s", r->id, c ? ":" : "", c ? c->arch : "",
		 c ? ":" : "", c ? c->point : "", tail ? ":" : "", tail ? tail : "");
	json_str(f, buf);
}

static void write_test(FILE *f, const struct run *r, const struct cell *c, const char *tail, const char *path,
		       const char *status, double duration, int first)
{
	fprintf(f, "%s\n  {\"id\": ", first ? "" : ",");
	id(f, r, c, tail);
	fprintf(f, ", \"build_id\": ");
	id(f, r, c, NULL);
	fprintf(f, ", \"origin\": \"" ORIGIN "\", \"path\": ");
	json_str(f, path);
	fprintf(f, ", \"status\": \"%s\"", status);
	if (duration >= 0)
		fprintf(f, ", \"duration\": %.1f", duration);
}

/* The one checkout: the tree and the series over it. */
static void put_checkout(FILE *f, const struct run *r)
{
	fprintf(f, "{\"id\": ");
	id(f, r, NULL, NULL);
	fprintf(f, ", \"origin\": \"" ORIGIN "\"");
	opt_str(f, "tree_name", r->tree);
	opt_str(f, "start_time", r->started);
	fprintf(f, ", \"valid\": %s", r->series_error ? "false" : "true");
	opt_str(f, "patchset_hash", r->patchset_hash);
	if (r->npatch_files) {
		fprintf(f, ", \"patchset_files\": [");
		for (size_t i = 0; i < r->npatch_files; i++) {
			const char *slash = strrchr(r->patch_files[i], '/');
			char url[4200];

			fprintf(f, "%s{\"name\": ", i ? ", " : "");
			json_str(f, slash ? slash + 1 : r->patch_files[i]);
			snprintf(url, sizeof(url), "file://%s", r->patch_files[i]);
			json_member(f, ", \"url\": ", url);
			fprintf(f, "}");
		}
		fprintf(f, "]");
	}
	json_member(f, ", \"misc\": {\"kernel\": ", r->kernel ? r->kernel : "");
	json_member(f, ", \"tree_source\": ", r->tree_source ? r->tree_source : "");
	json_member(f, ", \"series\": ", r->series_name ? r->series_name : "");
	opt_str(f, "series_error", r->series_error);
	fprintf(f, "}}");
}

/* A cell's build. */
static void put_build(FILE *f, const struct run *r, const struct cell *c)
{
	fprintf(f, "{\"id\": ");
	id(f, r, c, NULL);
	fprintf(f, ", \"checkout_id\": ");
	id(f, r, NULL, NULL);
	fprintf(f, ", \"origin\": \"" ORIGIN "\", \"architecture\": ");
	json_str(f, c->arch);
	fprintf(f, ", \"status\": \"%s\", \"duration\": %.1f, \"misc\": {\"point\": ",
		kcidb_build_status[c->build], c->build_s);
	json_str(f, c->point);
	json_member(f, ", \"kmatrix_status\": ", cell_status(c));
	json_member(f, ", \"reason\": ", c->build_reason);
	fprintf(f, "}}");
}

/* A cell's boot, then its results, each a test. */
static void put_cell_tests(FILE *f, const struct run *r, const struct cell *c, int first)
{
	char path[600], tail[32];

	write_test(f, r, c, "boot", "boot", kcidb_boot_status[c->boot], c->boot_s, first);
	json_member(f, ", \"misc\": {\"kmatrix_status\": ", boot_name(c->boot));
	json_member(f, ", \"reason\": ", c->boot_reason);
	fprintf(f, "}}");
	for (size_t m = 0; m < c->ntests; m++) {
		const struct test *t = &c->tests[m];

		kcidb_path(path, sizeof(path), t->name);
		snprintf(tail, sizeof(tail), "%zu", m + 1);
		write_test(f, r, c, tail, path, kcidb_test_status[t->status], -1, 0);
		json_member(f, ", \"misc\": {\"name\": ", t->name);
		fprintf(f, ", \"kmatrix_status\": \"%s\", \"verdict\": \"%s\", \"expected\": ", status_name(t->status),
			t->unexpected ? "unexpected" : t->unjudged ? "unjudged" : "expected");
		json_str(f, t->judged ? status_name(t->expected) : NULL);
		json_member(f, ", \"cell\": ", cell_status(c));
		/* Judged against base, not by an expectation: how (run.h's names). */
		if (t->vs_base != BASE_NONE) {
			json_member(f, ", \"against_base\": ", base_relation_name[t->vs_base]);
			if (t->first_bad)
				json_member(f, ", \"first_bad\": ", t->first_bad);
		}
		fprintf(f, "}");
		opt_str(f, "comment", t->reason && t->reason[0] ? t->reason : NULL);
		fprintf(f, "}");
	}
}

int write_kcidb(const struct run *r)
{
	struct out o;
	FILE *f = out_open(&o, r->dir, "kcidb.json");

	if (!f)
		return -1;
	fprintf(f, "{\"version\": {\"major\": 5, \"minor\": 3},\n\"checkouts\": [");
	put_checkout(f, r);
	fprintf(f, "],\n\"builds\": [");
	for (size_t i = 0; i < r->ncells; i++) {
		fprintf(f, "%s\n  ", i ? "," : "");
		put_build(f, r, &r->cells[i]);
	}
	fprintf(f, "],\n\"tests\": [");
	for (size_t i = 0; i < r->ncells; i++)
		put_cell_tests(f, r, &r->cells[i], i == 0);
	fprintf(f, "]}\n");
	return out_commit(&o);
}

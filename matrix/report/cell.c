// SPDX-License-Identifier: GPL-2.0
/*
 * A cell's record, as run.h models it: its cell.tsv, the attempt a retry
 * set aside, a boot set aside for a boot alone, and its coverage tallies. A
 * missing or unreadable record, or a line that makes no sense, makes the
 * cell an `error` with the reason; judging it is judge.c's.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap_reader.h"
#include "run.h"

/*
 * A seconds field: a number of seconds, or 0 when it is none (text, nan,
 * inf, negative), as atof() already made text 0: every format can hold a
 * number, and tools add the seconds up (report order, jq).
 */
static double seconds(const char *field)
{
	double s = atof(field);

	return isfinite(s) && s >= 0 ? s : 0;
}

/* A new result of cell c, named name: the first result of a name is the one cell_find_test() finds. */
static struct test *add_test(struct cell *c, const char *name)
{
	struct test *t;

	c->tests = xgrow(c->tests, c->ntests, sizeof(*c->tests));
	t = &c->tests[c->ntests];
	memset(t, 0, sizeof(*t));
	t->name = xstrdup(name);
	name_index_add(&c->names, t->name, c->ntests++);
	return t;
}

/* Appends a diagnostics line to t, whose diag holds *len bytes in *cap: linear in the lines. */
static void add_diag(struct test *t, size_t *len, size_t *cap, const char *line)
{
	size_t n = strlen(line), need = *len + !!*len + n + 1;

	if (need > *cap) {
		*cap = need > 2 * *cap ? need : 2 * *cap;
		t->diag = xrealloc(t->diag, *cap);
	}
	if (*len)
		t->diag[(*len)++] = '\n';
	memcpy(t->diag + *len, line, n + 1);
	*len += n;
}

const char *build_name(enum kmx_build_outcome o)
{
	return o < KMX_NBUILD_OUTCOME ? kmx_build_outcome_name[o] : "";
}

const char *boot_name(enum kmx_boot_outcome o)
{
	return o < KMX_NBOOT_OUTCOME ? kmx_boot_outcome_name[o] : "";
}

/* The outcome NAMES (n of them) calls word, or -1: then its line is corrupt, as a test's of no status is. */
static int outcome(const char *word, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(word, names[i]))
			return i;
	return -1;
}

static void cell_error(struct cell *c, const char *reason)
{
	if (c->boot == NO_BOOT || c->boot == KMX_BOOT_OK)
		c->boot = KMX_BOOT_ERROR;
	xset(&c->boot_reason, reason);
}

/* Reads one cell.tsv into c (already named); returns -1 if there is none. */
static int read_cell_tsv(struct cell *c, const char *path)
{
	char *line = NULL, *f[5], why[128];
	size_t size = 0, diag_len = 0, diag_cap = 0;
	FILE *in = fopen(path, "r");
	int lineno = 0;

	if (!in)
		return -1;
	/* A line is as long as the guest made it: a long reason is not a corrupt record. */
	while (getline(&line, &size, in) >= 0) {
		int n = split_tabs(line, f, 5), o;
		enum kmx_test_status st;

		lineno++;
		if (!strcmp(f[0], "arch") && n == 2) {
			xset(&c->arch, f[1]);
		} else if (!strcmp(f[0], "point") && n == 2) {
			xset(&c->point, f[1]);
		} else if (!strcmp(f[0], "build") && n == 4 &&
			   (o = outcome(f[1], kmx_build_outcome_name, KMX_NBUILD_OUTCOME)) >= 0) {
			c->build = o;
			c->build_s = seconds(f[2]);
			xset(&c->build_reason, f[3]);
		} else if (!strcmp(f[0], "boot") && n == 4 &&
			   (o = outcome(f[1], kmx_boot_outcome_name, KMX_NBOOT_OUTCOME)) >= 0) {
			c->boot = o;
			c->boot_s = seconds(f[2]);
			xset(&c->boot_reason, f[3]);
		} else if (!strcmp(f[0], "qemu") && n == 2) {
			xset(&c->qemu, f[1]);
		} else if (!strcmp(f[0], "alone") && n == 2) {
			/* cellrun again: this boot ran alone, at the run's end */
			xset(&c->alone, f[1]);
		} else if (!strcmp(f[0], "host") && n == 3) {
			/* bootrun's seconds QEMU ran and waited for a CPU: the host's load */
			c->qemu_ran_s = seconds(f[1]);
			c->qemu_waited_s = seconds(f[2]);
			c->has_host = 1;
		} else if (!strcmp(f[0], "test") && (n == 4 || n == 5) && !ktap_parse_status(f[2], &st)) {
			struct test *t = add_test(c, f[1]);

			t->status = st;
			t->boots = 1;
			t->failed_boots = status_fails(st);
			t->reason = xstrdup(f[3]);
			t->key = xstrdup(n == 5 ? f[4] : "");
			t->diag = xstrdup("");
			diag_len = 0;
			diag_cap = 1;
		} else if (!strcmp(f[0], "diag") && n == 3 && c->ntests &&
			   !strcmp(c->tests[c->ntests - 1].name, f[1])) {
			add_diag(&c->tests[c->ntests - 1], &diag_len, &diag_cap, f[2]);
		} else {
			snprintf(why, sizeof(why), "corrupt cell.tsv at line %d", lineno);
			cell_error(c, why);
			break;
		}
	}
	free(line);
	fclose(in);
	return 0;
}

void cell_clear(struct cell *c)
{
	for (size_t i = 0; i < c->ntests; i++) {
		free(c->tests[i].name);
		free(c->tests[i].reason);
		free(c->tests[i].diag);
		free(c->tests[i].first_reason);
		free(c->tests[i].key);
	}
	free(c->tests);
	name_index_free(&c->names);
	free(c->dir), free(c->arch), free(c->point);
	free(c->build_reason), free(c->boot_reason), free(c->qemu), free(c->retry), free(c->alone);
	for (size_t i = 0; i < c->ncoverage; i++)
		free(c->coverage[i].patch);
	free(c->coverage);
	for (size_t i = 0; i < c->kconfig.n; i++)
		free(c->kconfig.names[i]);
	free(c->kconfig.names);
	name_index_free(&c->kconfig.set);
	memset(c, 0, sizeof(*c));
}

/* CELL_DIR/kernel.config's options set (=y, =m), if the cell kept it. */
static void load_kconfig(struct kconfig *k, const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	k->known = 1;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '=');

		if (strncmp(line, "CONFIG_", 7) || !eq || (eq[1] != 'y' && eq[1] != 'm'))
			continue;
		*eq = 0;
		k->names = xgrow(k->names, k->n, sizeof(*k->names));
		k->names[k->n] = xstrdup(line);
		name_index_add(&k->set, k->names[k->n], k->n);
		k->n++;
	}
	fclose(f);
}

int kconfig_has(const struct kconfig *k, const char *list)
{
	char name[128];

	if (!k || !k->known)
		return -1;
	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");

		snprintf(name, sizeof(name), "%.*s", (int)n, p);
		if (name_index_find(&k->set, name) == NO_ITEM)
			return 0;
		p += n + (p[n] == ',');
	}
	return 1;
}

static void tally_add(struct coverage_tally *t, const char *state, const char *branches)
{
	unsigned taken, total;

	if (!strcmp(state, "run") || !strcmp(state, "not-run")) {
		t->code++;
		t->run += !strcmp(state, "run");
		if (sscanf(branches, "%u/%u", &taken, &total) == 2 && taken <= total) {
			t->br_taken += taken;
			t->br_total += total;
		}
	} else if (strcmp(state, "no-code")) {
		t->elsewhere++;
	}
}

/*
 * A coverage cell's coverage.tsv (make coverage; matrix/coverage/coverage.c writes
 * it, a line per changed line of the series): its tallies. None: nothing.
 */
static void load_coverage(struct cell *c, const char *path)
{
	char line[8192], *f[7];
	FILE *in = fopen(path, "r");

	if (!in)
		return;
	c->has_coverage = 1;
	while (fgets(line, sizeof(line), in)) {
		struct coverage_tally *t = NULL;

		if (split_tabs(line, f, 7) < 6 || !strcmp(f[0], "patch"))
			continue;
		for (size_t i = 0; i < c->ncoverage && !t; i++)
			if (!strcmp(c->coverage[i].patch, f[0]))
				t = &c->coverage[i];
		if (!t) {
			c->coverage = xgrow(c->coverage, c->ncoverage, sizeof(*c->coverage));
			t = &c->coverage[c->ncoverage++];
			memset(t, 0, sizeof(*t));
			t->patch = xstrdup(f[0]);
		}
		tally_add(t, f[3], f[5]);
		tally_add(&c->coverage_all, f[3], f[5]);
	}
	fclose(in);
}

/* Another attempt of cell c, before read_cell_tsv() fills it in. */
static void cell_start(struct cell *a, const char *arch, const char *point)
{
	a->arch = xstrdup(arch);
	a->point = xstrdup(point);
	a->build = NO_BUILD;
	a->boot = NO_BOOT;
	a->build_reason = xstrdup("");
	a->boot_reason = xstrdup("");
	a->qemu = xstrdup("");
}

/*
 * A cell booted again alone at the run's end (cellrun again) says so,
 * and names the boot it set aside when that was not its first
 * (attempt2/: the first stays in attempt1/).
 */
static void note_alone_boot(struct cell *c, const char *path)
{
	struct cell o = { 0 };
	char why[1400];
	int aside;

	if (!c->alone)
		return;
	cell_start(&o, c->arch, c->point);
	aside = !read_cell_tsv(&o, path);
	snprintf(why, sizeof(why), "%s%sbooted again alone at the run's end (%.300s)%s%s%s%.300s",
		 c->retry ? c->retry : "", c->retry ? "; " : "", c->alone,
		 aside ? "; the boot set aside: boot " : "", aside ? boot_name(o.boot) : "",
		 aside && o.boot_reason[0] ? ": " : "", aside ? o.boot_reason : "");
	free(c->retry);
	c->retry = xstrdup(why);
	cell_clear(&o);
}

/* A retried cell: each test keeps its first attempt's result beside its own. */
static void merge_first_attempt(struct cell *c, const char *path)
{
	struct cell first = { 0 };
	char why[600];

	cell_start(&first, c->arch, c->point);
	if (read_cell_tsv(&first, path)) {
		cell_clear(&first);
		return;
	}
	snprintf(why, sizeof(why), "first attempt: boot %s%s%s", boot_name(first.boot),
		 first.boot_reason[0] ? ": " : "", first.boot_reason);
	c->retry = xstrdup(why);
	/*
	 * An attempt the machine decided (infra: a time limit the host's load
	 * ran out) judged nothing: a first one neither confirms nor makes
	 * flaky the second's results; a second one leaves the cell infra,
	 * unconfirmed either way (the first attempt stays in attempt1/).
	 */
	if (first.boot == KMX_BOOT_INFRA || c->boot == KMX_BOOT_INFRA) {
		cell_clear(&first);
		return;
	}
	for (size_t i = 0; i < c->ntests; i++) {
		struct test *t = &c->tests[i];
		const struct test *o = cell_find_test(&first, t->name);

		if (!o)
			continue;
		t->retried = 1;
		t->first = o->status;
		t->first_reason = xstrdup(o->reason);
		t->boots++;
		t->failed_boots += status_fails(o->status);
	}
	/*
	 * A failure the second attempt has no result of the same name for is
	 * kept, not lost: a program that timed out as a whole the first time
	 * ("signal") reports its own results the second time ("signal.signal").
	 * judge_retry() decides what it is. (A first-only pass or skip says
	 * nothing the second attempt does not.)
	 */
	for (size_t i = 0; i < first.ntests; i++) {
		const struct test *o = &first.tests[i];
		struct test *t;

		if ((o->status != KMX_FAIL && o->status != KMX_ERROR) || cell_find_test(c, o->name))
			continue;
		t = add_test(c, o->name);
		t->reason = xstrdup(o->reason);
		t->diag = xstrdup(o->diag ? o->diag : "");
		t->status = t->first = o->status;
		t->first_reason = xstrdup(o->reason);
		t->first_only = 1;
		t->boots = t->failed_boots = 1;
	}
	cell_clear(&first);
}

void run_load_cell(struct cell *c, const char *run_dir, const char *name, int run_over)
{
	char path[4200];
	size_t dash = strcspn(name, "-");

	memset(c, 0, sizeof(*c));
	c->dir = xstrdup(name);
	/* The folder name is arch-point; the file's own lines win. */
	c->arch = xstrdup(name);
	c->arch[dash] = 0;
	c->point = xstrdup(name[dash] ? name + dash + 1 : "");
	c->build = NO_BUILD;
	c->boot = NO_BOOT;
	c->build_reason = xstrdup("");
	c->boot_reason = xstrdup("");
	c->qemu = xstrdup("");
	snprintf(path, sizeof(path), "%s/%s/cell.tsv", run_dir, name);
	if (read_cell_tsv(c, path)) {
		char why[300];

		if (!run_over) {
			c->verdict = CELL_PENDING;
			return;
		}
		c->build = KMX_BUILD_ERROR;
		snprintf(why, sizeof(why), "no cell.tsv: the cell did not finish (%s)", strerror(errno));
		cell_error(c, why);
		if (run_over < 0) {	/* the run was interrupted before this cell ended */
			c->build = KMX_BUILD_INFRA;
			xset(&c->build_reason, "not run: the run was interrupted");
		}
		return;
	}
	if (c->build == NO_BUILD) {
		c->build = KMX_BUILD_ERROR;
		cell_error(c, "cell.tsv has no build line (truncated?)");
	} else if (c->boot == NO_BOOT) {
		cell_error(c, "cell.tsv has no boot line (truncated?)");
	}
	snprintf(path, sizeof(path), "%s/%s/attempt1/cell.tsv", run_dir, name);
	merge_first_attempt(c, path);
	snprintf(path, sizeof(path), "%s/%s/attempt2/cell.tsv", run_dir, name);
	note_alone_boot(c, path);
	snprintf(path, sizeof(path), "%s/%s/coverage.tsv", run_dir, name);
	load_coverage(c, path);
	snprintf(path, sizeof(path), "%s/%s/reproduce.sh", run_dir, name);
	c->has_reproducer = access(path, X_OK) == 0;
	snprintf(path, sizeof(path), "%s/%s/kernel.config", run_dir, name);
	load_kconfig(&c->kconfig, path);
}

const struct test *cell_counterpart(const struct cell *c, const struct test *t)
{
	const struct test *same = cell_find_test(c, t->name);

	return same ? same : cell_find_key(c, t->key);
}

const struct test *cell_find_key(const struct cell *c, const char *key)
{
	for (size_t i = 0; c && key && *key && i < c->ntests; i++)
		if (c->tests[i].key && !strcmp(c->tests[i].key, key))
			return &c->tests[i];
	return NULL;
}

const struct test *cell_find_test(const struct cell *c, const char *name)
{
	size_t i;

	if (!c)
		return NULL;
	i = name_index_find(&c->names, name);
	return i == NO_ITEM ? NULL : &c->tests[i];
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a run into the model of run.h: its cells (and their retries),
 * what the run is of, the expectations applied, and the grid's axes. A
 * missing or unreadable cell, or a line that makes no sense, makes that
 * cell an `error` with the reason; the rest of the run still loads.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ktap_reader.h"
#include "run.h"
#include "usage.h"

/* FNV-1a, its bits mixed (murmur3's finalizer): the index uses the low ones. */
static size_t name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

static struct name_slot *name_probe(const struct name_index *x, const char *name)
{
	size_t i = name_hash(name) & (x->cap - 1);

	while (x->slot[i].name && strcmp(x->slot[i].name, name))
		i = (i + 1) & (x->cap - 1);
	return &x->slot[i];
}

static void name_index_grow(struct name_index *x)
{
	struct name_index bigger = { .cap = x->cap ? 2 * x->cap : 16, .n = x->n };

	bigger.slot = calloc(bigger.cap, sizeof(*bigger.slot));
	if (!bigger.slot)
		die("out of memory");
	for (size_t i = 0; i < x->cap; i++)
		if (x->slot[i].name)
			*name_probe(&bigger, x->slot[i].name) = x->slot[i];
	free(x->slot);
	*x = bigger;
}

size_t name_index_add(struct name_index *x, const char *name, size_t item)
{
	struct name_slot *s;

	if (2 * (x->n + 1) > x->cap)
		name_index_grow(x);
	s = name_probe(x, name);
	if (!s->name) {
		s->name = name;
		s->item = item;
		x->n++;
	}
	return s->item;
}

size_t name_index_find(const struct name_index *x, const char *name)
{
	const struct name_slot *s;

	if (!x->cap)
		return NO_ITEM;
	s = name_probe(x, name);
	return s->name ? s->item : NO_ITEM;
}

void name_index_free(struct name_index *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}

const char *status_name(enum kmx_test_status s)
{
	return kmx_test_status_name[s];
}

static void set(char **field, const char *value)
{
	free(*field);
	*field = xstrdup(value);
}

/*
 * A seconds field: a number of seconds, or 0 when it is none (text, nan,
 * inf, negative), as atof() already made text 0: every format can hold a
 * number, and tools add the seconds up (report times, jq).
 */
static double seconds(const char *field)
{
	double s = atof(field);

	return isfinite(s) && s >= 0 ? s : 0;
}

const char *const base_relation_name[BASE_NRELATIONS] = {
#define KMX_X(e, s) [e] = s,
	BASE_RELATIONS(KMX_X)
#undef KMX_X
};

/* A status that fails a result (flaky is the host's verdict on two that differ). */
static int failing(enum kmx_test_status st)
{
	return st == KMX_FAIL || st == KMX_ERROR;
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

static void cell_error(struct cell *c, const char *reason)
{
	if (!c->boot_status[0] || !strcmp(c->boot_status, "ok"))
		set(&c->boot_status, "error");
	set(&c->boot_reason, reason);
}

/* Reads one cell.tsv into c (already named); returns -1 if there is none. */
static int read_cell_tsv(struct cell *c, const char *path)
{
	char *line = NULL, *f[4], why[128];
	size_t size = 0, diag_len = 0, diag_cap = 0;
	FILE *in = fopen(path, "r");
	int lineno = 0;

	if (!in)
		return -1;
	/* A line is as long as the guest made it: a long reason is not a corrupt record. */
	while (getline(&line, &size, in) >= 0) {
		int n = split_tabs(line, f, 4);
		enum kmx_test_status st;

		lineno++;
		if (!strcmp(f[0], "arch") && n == 2) {
			set(&c->arch, f[1]);
		} else if (!strcmp(f[0], "point") && n == 2) {
			set(&c->point, f[1]);
		} else if ((!strcmp(f[0], "build") || !strcmp(f[0], "boot")) && n == 4) {
			int build = f[0][1] == 'u';

			set(build ? &c->build_status : &c->boot_status, f[1]);
			*(build ? &c->build_s : &c->boot_s) = seconds(f[2]);
			set(build ? &c->build_reason : &c->boot_reason, f[3]);
		} else if (!strcmp(f[0], "qemu") && n == 2) {
			set(&c->qemu, f[1]);
		} else if (!strcmp(f[0], "alone") && n == 2) {
			/* run-cell.sh again: this boot ran alone, at the run's end */
			set(&c->alone, f[1]);
		} else if (!strcmp(f[0], "host") && n == 3) {
			/* bootrun's seconds QEMU ran and waited for a CPU: the host's load */
			c->qemu_ran_s = seconds(f[1]);
			c->qemu_waited_s = seconds(f[2]);
			c->has_host = 1;
		} else if (!strcmp(f[0], "test") && n == 4 && !ktap_parse_status(f[2], &st)) {
			struct test *t = add_test(c, f[1]);

			t->status = st;
			t->boots = 1;
			t->failed_boots = failing(st);
			t->reason = xstrdup(f[3]);
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
	}
	free(c->tests);
	name_index_free(&c->names);
	free(c->dir), free(c->arch), free(c->point), free(c->build_status), free(c->boot_status);
	free(c->build_reason), free(c->boot_reason), free(c->qemu), free(c->retry), free(c->alone);
	for (size_t i = 0; i < c->ncoverage; i++)
		free(c->coverage[i].patch);
	free(c->coverage);
	memset(c, 0, sizeof(*c));
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
 * A coverage cell's coverage.tsv (make coverage; matrix/coverage.c writes
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
	a->build_status = xstrdup("");
	a->boot_status = xstrdup("");
	a->build_reason = xstrdup("");
	a->boot_reason = xstrdup("");
	a->qemu = xstrdup("");
}

/*
 * A cell booted again alone at the run's end (run-cell.sh again) says so,
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
		 aside ? "; the boot set aside: boot " : "", aside ? o.boot_status : "",
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
	snprintf(why, sizeof(why), "first attempt: boot %s%s%s", first.boot_status,
		 first.boot_reason[0] ? ": " : "", first.boot_reason);
	c->retry = xstrdup(why);
	/*
	 * An attempt the machine decided (infra: a time limit the host's load
	 * ran out) judged nothing: a first one neither confirms nor makes
	 * flaky the second's results; a second one leaves the cell infra,
	 * unconfirmed either way (the first attempt stays in attempt1/).
	 */
	if (!strcmp(first.boot_status, kmx_boot_outcome_name[KMX_BOOT_INFRA]) ||
	    !strcmp(c->boot_status, kmx_boot_outcome_name[KMX_BOOT_INFRA])) {
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
		t->failed_boots += failing(o->status);
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

int cell_is_base(const struct cell *c)
{
	return !c->judged_as && !strcmp(c->point, "base");
}

int run_lists_other_point(const char *run_dir, const char *arch, const char *point)
{
	char path[4200], a[256], p[256];
	int found = 0;
	FILE *in;

	snprintf(path, sizeof(path), "%s/cells.list", run_dir);
	in = fopen(path, "r");
	while (in && !found && fscanf(in, "%255s %255s", a, p) == 2)
		found = !strcmp(a, arch) && strcmp(p, point);
	if (in)
		fclose(in);
	return found;
}

void cell_set_base(struct cell *c, const struct cell *base)
{
	c->base = NULL;
	if (base && base != c && !c->judged_as && !cell_is_base(c) && !strcmp(base->arch, c->arch) &&
	    (base->verdict == CELL_OK || base->verdict == CELL_UNEXPECTED))
		c->base = base;
}

/* A result's standing against base; BASE_NONE where an expectation judges it or there is no base. */
static enum base_relation base_relation(const struct cell *c, struct test *t, enum kmx_test_status st)
{
	int before;

	t->at_base = NULL;
	if (t->judged)
		return BASE_NONE;
	if (c->is_reference)
		return BASE_BASELINE;
	if (!c->base)
		return BASE_NONE;
	t->at_base = cell_find_test(c->base, t->name);
	if (!t->at_base)
		return BASE_NEW;
	/* Failing in any of base's boots: a failure now is not the series' doing. */
	before = failing(t->at_base->status) || t->at_base->status == KMX_FLAKY || t->at_base->failed_boots;
	if (before)
		return failing(st) ? BASE_PRE_EXISTING : BASE_FIXED;
	return failing(st) ? BASE_REGRESSION : BASE_SAME;
}

/*
 * Whether a status would be unexpected for test t of cell c: against the
 * expectation; else against base (a failure that did not fail there, or a
 * new one; never base's own); else, without expectations, as a fail or an
 * error.
 */
static int unexpected_status(const struct cell *c, struct test *t, enum kmx_test_status st)
{
	switch (base_relation(c, t, st)) {
	case BASE_NONE:
		break;
	case BASE_REGRESSION:
		return 1;
	case BASE_NEW:
		return failing(st);
	default:
		return 0;
	}
	if (expectations_given())
		return t->judged && t->expected != st;
	return failing(st);
}

/*
 * A result that is unexpected in one attempt and not in the other is
 * flaky, with both outcomes in its reason. Unexpected in both (even with
 * different statuses) is a regression and stays unexpected.
 */
static void judge_retry(const struct cell *c, struct test *t)
{
	char r[1200];
	int now = unexpected_status(c, t, t->status), before = unexpected_status(c, t, t->first);

	/* In the first attempt only: flaky if unexpected there, else as it was. */
	if (t->first_only) {
		snprintf(r, sizeof(r), "first attempt %s%s%s; the second attempt reported no result of this name",
			 status_name(t->first), t->first_reason[0] ? ": " : "", t->first_reason);
		free(t->reason);
		t->reason = xstrdup(r);
		if (before)
			t->status = KMX_FLAKY;
		t->first_only = 0;	/* judged once, however often the cell is */
		return;
	}
	if (!t->retried || t->status == KMX_FLAKY || t->first == t->status)
		return;
	snprintf(r, sizeof(r), "first attempt %s%s%s; second attempt %s%s%s",
		 status_name(t->first), t->first_reason[0] ? ": " : "", t->first_reason,
		 status_name(t->status), t->reason[0] ? ": " : "", t->reason);
	free(t->reason);
	t->reason = xstrdup(r);
	if (now != before)
		t->status = KMX_FLAKY;
	t->retried = 0;		/* judged once, however often the cell is */
}

/* The machine, not the kernel: what makes a cell `infra` (NULL if not). */
static const char *infra_cause(const struct cell *c)
{
	if (!strcmp(c->build_status, "infra"))
		return c->build_reason;
	if (!strcmp(c->boot_status, "infra") || !strcmp(c->boot_status, "qemu-error") ||
	    !strcmp(c->boot_status, "interrupted"))
		return c->boot_reason;
	return NULL;
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
	c->build_status = xstrdup("");
	c->boot_status = xstrdup("");
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
		set(&c->build_status, "error");
		snprintf(why, sizeof(why), "no cell.tsv: the cell did not finish (%s)", strerror(errno));
		cell_error(c, why);
		if (run_over < 0) {	/* the run was interrupted before this cell ended */
			set(&c->build_status, "infra");
			set(&c->build_reason, "not run: the run was interrupted");
		}
		return;
	}
	if (!c->build_status[0]) {
		set(&c->build_status, "error");
		cell_error(c, "cell.tsv has no build line (truncated?)");
	} else if (!c->boot_status[0]) {
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
}

int cell_offers_reproducer(const struct cell *c)
{
	return c->has_reproducer && c->verdict != CELL_PENDING &&
	       (!cell_ok(c) || c->counts[KMX_FAIL] || c->counts[KMX_ERROR] || c->counts[KMX_FLAKY]);
}

/* Marks each result expected or not, counts, and gives the cell its verdict. */
void cell_judge(struct cell *c)
{
	if (c->verdict == CELL_PENDING && !c->build_status[0])
		return;
	c->unexpected = c->unjudged = 0;
	memset(c->counts, 0, sizeof(c->counts));
	for (size_t j = 0; j < c->ntests; j++) {
		struct test *t = &c->tests[j];
		t->judged = expectation_for(c->arch, c->judged_as ? c->judged_as : c->point, t->name,
					    &t->expected);
		judge_retry(c, t);
		/* A flaky result is not a regression. */
		t->unexpected = t->status != KMX_FLAKY && unexpected_status(c, t, t->status);
		t->vs_base = base_relation(c, t, t->status);
		/* Shown, but neither as expected nor not: the closing line counts it apart. */
		t->unjudged = expectations_given() && !t->judged && t->status != KMX_FLAKY && t->vs_base == BASE_NONE;
		c->counts[t->status]++;
	}
	c->regressions = c->pre_existing = c->gone = 0;
	for (size_t j = 0; c->base && j < c->base->ntests; j++)
		c->gone += !cell_find_test(c, c->base->tests[j].name);
	c->infra_cause = infra_cause(c);
	for (size_t j = 0; j < c->ntests; j++) {
		struct test *t = &c->tests[j];

		/* The machine, not the kernel, decided this boot: what it got wrong
		 * is nobody's verdict; what it got right still passed. */
		if (c->infra_cause && t->unexpected) {
			t->unexpected = 0;
			t->unjudged = 1;
		}
		c->unexpected += t->unexpected;
		c->unjudged += t->unjudged;
		c->regressions += t->unexpected && t->vs_base != BASE_NONE;
		c->pre_existing += !t->unexpected && !t->unjudged && failing(t->status) &&
				   (t->vs_base == BASE_PRE_EXISTING || t->vs_base == BASE_BASELINE);
	}
	if (c->infra_cause)
		c->verdict = CELL_INFRA;
	else if (strcmp(c->build_status, "ok"))
		c->verdict = CELL_BUILD;
	else if (strcmp(c->boot_status, "ok"))
		c->verdict = CELL_BOOT;
	else if (!c->ntests)
		c->verdict = CELL_NO_RESULTS;
	else
		c->verdict = c->unexpected ? CELL_UNEXPECTED : CELL_OK;
	/* Only the kernel's own failures can be known breaks, never a broken record. */
	c->known_break = NULL;
	if (c->verdict == CELL_BUILD && !strcmp(c->build_status, "failed"))
		c->known_break = known_break_for(c->known_breaks, c->arch, c->point, "build", c->build_reason);
	else if ((c->verdict == CELL_BOOT && (!strcmp(c->boot_status, "panic") || !strcmp(c->boot_status, "timeout"))) ||
		 c->verdict == CELL_NO_RESULTS)
		c->known_break = known_break_for(c->known_breaks, c->arch, c->point, "boot", c->boot_reason);
	if (c->known_break)
		c->verdict = CELL_KNOWN_BREAK;
}

/*
 * Whether a matrix boots this cell again alone, once its other cells are
 * done (report again): a time limit ran out, which the builds and boots
 * beside it may have caused; or a regression against base was booted only
 * once. Not a cell that already was.
 */
int cell_wants_alone_boot(const struct cell *c)
{
	if (c->alone || strcmp(c->build_status, kmx_build_outcome_name[KMX_BUILD_OK]))
		return 0;
	if (!strcmp(c->boot_status, kmx_boot_outcome_name[KMX_BOOT_TIMEOUT]) ||
	    (!strcmp(c->boot_status, kmx_boot_outcome_name[KMX_BOOT_INFRA]) &&
	     !strncmp(c->boot_reason, KMX_HOST_OVERLOADED, strlen(KMX_HOST_OVERLOADED))))
		return 1;
	for (size_t j = 0; j < c->ntests; j++) {
		const struct test *t = &c->tests[j];

		if (t->unexpected && ktap_timed_out(t->reason, t->diag))
			return 1;
		/*
		 * A regression against base booted once: its cell was judged before
		 * base's record was there (an arch's boots overlap), so it was not
		 * booted again at once. It is confirmed now.
		 */
		if (t->unexpected && t->vs_base != BASE_NONE && t->boots < 2 && !c->retry)
			return 1;
	}
	return 0;
}

const char *cell_status(const struct cell *c)
{
	switch (c->verdict) {
	case CELL_PENDING:	return "pending";
	case CELL_INFRA:	return "infra";
	case CELL_BUILD:	return c->build_status[0] ? c->build_status : "error";
	case CELL_BOOT:		return c->boot_status;
	case CELL_NO_RESULTS:	return "no-results";
	case CELL_UNEXPECTED:	return "unexpected";
	case CELL_KNOWN_BREAK:	return "known-break";
	case CELL_OK:		break;
	}
	return "ok";
}

const char *run_tree(const struct run *r)
{
	return r->tree ? r->tree : r->kernel ? r->kernel : "unknown";
}

void run_subject(const struct run *r, char *buf, size_t n)
{
	snprintf(buf, n, "kernel %s (%s), series %s%s%s", r->kernel ? r->kernel : "unknown",
		 r->tree_source ? r->tree_source : r->tree ? r->tree : "tree not recorded",
		 r->series_name ? r->series_name : "none recorded",
		 r->series_error ? ", which does not apply to this tree: " : "",
		 r->series_error ? r->series_error : "");
}

const struct cell *run_find_cell(const struct run *r, const char *arch, const char *point)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (!strcmp(r->cells[i].arch, arch) && !strcmp(r->cells[i].point, point))
			return &r->cells[i];
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

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The cells to read: cells.list in run order, else every cell folder. */
static size_t list_cells(const char *run_dir, char ***names)
{
	char path[4200], line[512], arch[128], point[128];
	size_t n = 0;
	FILE *in;
	DIR *d;
	struct dirent *e;

	*names = NULL;
	snprintf(path, sizeof(path), "%s/cells.list", run_dir);
	in = fopen(path, "r");
	if (in) {
		while (fgets(line, sizeof(line), in)) {
			char name[300];

			if (sscanf(line, "%127s %127s", arch, point) != 2)
				continue;
			snprintf(name, sizeof(name), "%s-%s", arch, point);
			*names = xrealloc(*names, (n + 1) * sizeof(char *));
			(*names)[n++] = xstrdup(name);
		}
		fclose(in);
		return n;
	}
	d = opendir(run_dir);
	if (!d)
		die("%s: %s", run_dir, strerror(errno));
	while ((e = readdir(d))) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s/cell.tsv", run_dir, e->d_name);
		if (e->d_name[0] == '.' || stat(path, &st))
			continue;
		*names = xrealloc(*names, (n + 1) * sizeof(char *));
		(*names)[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	qsort(*names, n, sizeof(char *), by_name);
	return n;
}

/*
 * run.tsv: `started`, `kernel VERSION`, `tree NAME SOURCE`, `series NAME SOURCE`,
 * `patch POINT SUBJECT`, `offset PATCH GIT-LINE`, `series-error WHAT`, `patchfile PATH`,
 * `patchset SHA256`, `ended HOW`.
 */
static void load_run_info(struct run *r)
{
	char p[4200], line[1024], *f[3];
	FILE *in;

	snprintf(p, sizeof(p), "%s/ccache.txt", r->dir);
	in = fopen(p, "r");
	if (in) {
		if (fgets(line, sizeof(line), in) && (line[strcspn(line, "\n")] = 0, line[0]))
			r->ccache = xstrdup(line);
		fclose(in);
	}
	snprintf(p, sizeof(p), "%s/run.tsv", r->dir);
	in = fopen(p, "r");
	if (!in)
		return;
	while (fgets(line, sizeof(line), in)) {
		int n = split_tabs(line, f, 3);

		if (n == 3 && !strcmp(f[0], "patch")) {
			r->patch_points = xrealloc(r->patch_points, (r->npatches + 1) * sizeof(char *));
			r->patch_subjects = xrealloc(r->patch_subjects, (r->npatches + 1) * sizeof(char *));
			r->patch_points[r->npatches] = xstrdup(f[1]);
			r->patch_subjects[r->npatches++] = xstrdup(f[2]);
		} else if (n >= 2 && !strcmp(f[0], "started")) {
			set(&r->started, f[1]);
		} else if (n >= 2 && !strcmp(f[0], "kernel")) {
			set(&r->kernel, f[1]);
		} else if (n == 3 && !strcmp(f[0], "tree")) {
			set(&r->tree, f[1]);
			set(&r->tree_source, f[2]);
		} else if (n >= 2 && !strcmp(f[0], "series-error")) {
			set(&r->series_error, f[1]);
		} else if (n == 3 && !strcmp(f[0], "offset")) {
			r->offsets = xrealloc(r->offsets, (r->noffsets + 1) * sizeof(char *));
			snprintf(p, sizeof(p), "%s: %s", f[1], f[2]);
			r->offsets[r->noffsets++] = xstrdup(p);
		} else if (n >= 2 && !strcmp(f[0], "note")) {
			r->notes = xrealloc(r->notes, (r->nnotes + 1) * sizeof(char *));
			r->notes[r->nnotes++] = xstrdup(f[1]);
		} else if (n >= 2 && !strcmp(f[0], "patchfile")) {
			r->patch_files = xgrow(r->patch_files, r->npatch_files, sizeof(char *));
			r->patch_files[r->npatch_files++] = xstrdup(f[1]);
		} else if (n >= 2 && !strcmp(f[0], "patchset")) {
			set(&r->patchset_hash, f[1]);
		} else if (n >= 2 && !strcmp(f[0], "ended")) {
			set(&r->ended, f[1]);
		} else if (n == 3 && !strcmp(f[0], "series")) {
			set(&r->series_name, f[1]);
			set(&r->series_source, f[2]);
		}
	}
	fclose(in);
}

static void add_axis(const char ***axis, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*axis)[i], name))
			return;
	*axis = xgrow(*axis, *n, sizeof(**axis));
	(*axis)[(*n)++] = name;
}

/* Per arch, along its cells in run order: each test whose result changes. */
static void find_flips(struct run *r)
{
	for (size_t a = 0; a < r->narchs; a++) {
		const struct cell *prev = NULL;

		for (size_t j = 0; j < r->ncells; j++) {
			const struct cell *c = &r->cells[j];

			/* A cell the machine decided, or not done, says nothing of the kernel. */
			if (strcmp(c->arch, r->archs[a]) || c->verdict == CELL_INFRA || c->verdict == CELL_PENDING)
				continue;
			for (size_t m = 0; prev && m < c->ntests; m++) {
				const struct test *now = &c->tests[m], *was = cell_find_test(prev, now->name);

				if (!was || was->status == now->status)
					continue;
				r->flips = xgrow(r->flips, r->nflips, sizeof(*r->flips));
				r->flips[r->nflips++] = (struct flip){ prev, c, was, now };
			}
			prev = c;
		}
	}
}

/*
 * RUN/first-bad.tsv: ARCH, TEST, the first bad patch (or empty), a note.
 * Each regression of that test on that arch, at every point, names it.
 */
static void load_first_bad(struct run *r)
{
	char path[4200], *line = NULL, *f[4];
	size_t size = 0;
	FILE *in;

	snprintf(path, sizeof(path), "%s/first-bad.tsv", r->dir);
	in = fopen(path, "r");
	while (in && getline(&line, &size, in) >= 0) {
		struct first_bad *b;

		if (split_tabs(line, f, 4) != 4)
			continue;
		r->first_bad = xgrow(r->first_bad, r->nfirst_bad, sizeof(*r->first_bad));
		b = &r->first_bad[r->nfirst_bad++];
		*b = (struct first_bad){ xstrdup(f[0]), xstrdup(f[1]), xstrdup(f[2]), xstrdup(f[3]) };
		for (size_t j = 0; j < r->ncells; j++) {
			struct cell *c = &r->cells[j];
			size_t i = name_index_find(&c->names, b->test);

			if (strcmp(c->arch, b->arch) || i == NO_ITEM || c->tests[i].vs_base != BASE_REGRESSION)
				continue;
			c->tests[i].first_bad = b->patch[0] ? b->patch : NULL;
			c->tests[i].first_bad_note = b->note;
		}
	}
	free(line);
	if (in)
		fclose(in);
}

/* What a run is of (its run.tsv) and nothing more: for lists of runs. */
void run_load_info(struct run *r, const char *dir)
{
	memset(r, 0, sizeof(*r));
	r->dir = xstrdup(dir);
	load_run_info(r);
}

void run_load(struct run *r, const char *dir)
{
	char real[4096], **names;
	struct stat st;
	int over;

	memset(r, 0, sizeof(*r));
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		die("%s: not a run (no such folder)", dir);
	r->dir = xstrdup(dir);
	/* results/latest is a link: the run id is where it points. */
	if (!realpath(dir, real))
		snprintf(real, sizeof(real), "%s", dir);
	r->id = xstrdup(strrchr(real, '/') ? strrchr(real, '/') + 1 : real);
	load_run_info(r);
	known_breaks_load(&r->known_breaks, dir);
	mutants_load(&r->mutants, dir);
	/* A run that says when it started and not that it ended is still going. */
	over = !r->started || r->ended ? 1 : 0;
	if (r->ended && !strncmp(r->ended, "interrupted", 11))
		over = -1;
	r->ncells = list_cells(dir, &names);
	r->cells = xrealloc(NULL, r->ncells * sizeof(*r->cells));
	for (size_t j = 0; j < r->ncells; j++) {
		run_load_cell(&r->cells[j], dir, names[j], over);
		r->cells[j].known_breaks = &r->known_breaks;
		r->cells[j].judged_as = mutants_base_of(&r->mutants, r->cells[j].point);
		add_axis(&r->archs, &r->narchs, r->cells[j].arch);
		add_axis(&r->points, &r->npoints, r->cells[j].point);
		free(names[j]);
	}
	free(names);
	/* The base cells first: the others' results are judged against theirs. */
	for (size_t j = 0; j < r->ncells; j++)
		if (cell_is_base(&r->cells[j])) {
			r->cells[j].is_reference = !r->mutants.n &&
				run_lists_other_point(dir, r->cells[j].arch, r->cells[j].point);
			cell_judge(&r->cells[j]);
		}
	for (size_t j = 0; j < r->ncells; j++)
		if (!cell_is_base(&r->cells[j])) {
			cell_set_base(&r->cells[j], run_find_cell(r, r->cells[j].arch, "base"));
			cell_judge(&r->cells[j]);
		}
	load_first_bad(r);
	/* Mutants are each their own change of one base: nothing flips between them. */
	if (!r->mutants.n)
		find_flips(r);
	mutants_judge(r);
}

void run_totals(const struct run *r, struct run_totals *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t j = 0; j < r->ncells; j++) {
		const struct cell *c = &r->cells[j];

		t->results += c->ntests;
		t->unexpected += c->unexpected;
		t->flaky += c->counts[KMX_FLAKY];
		t->unjudged += c->unjudged;
		t->regressions += c->regressions;
		t->pre_existing += c->pre_existing;
		t->gone += c->gone;
		for (size_t i = 0; i < c->ntests; i++)
			t->against_base += c->tests[i].vs_base != BASE_NONE;
		t->infra_cells += c->verdict == CELL_INFRA;
		t->pending_cells += c->verdict == CELL_PENDING;
		t->known_breaks += c->verdict == CELL_KNOWN_BREAK;
		t->failed_cells += c->verdict == CELL_BUILD || c->verdict == CELL_BOOT ||
				   c->verdict == CELL_NO_RESULTS;
	}
}

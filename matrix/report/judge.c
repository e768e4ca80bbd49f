// SPDX-License-Identifier: GPL-2.0
/*
 * Judging a loaded cell: each result against its expectation, or against
 * the arch's base cell; a retry's two attempts (flaky); the cell's verdict
 * and status, and whether a matrix boots it again alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_reader.h"
#include "run.h"

const char *status_name(enum kmx_test_status s)
{
	return kmx_test_status_name[s];
}

int cell_is_base(const struct cell *c)
{
	return !c->judged_as && !strcmp(c->point, "base");
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
	t->at_base = cell_counterpart(c->base, t);
	if (!t->at_base)
		return BASE_NEW;
	/* Failing in any of base's boots: a failure now is not the series' doing. */
	before = status_fails(t->at_base->status) || t->at_base->status == KMX_FLAKY || t->at_base->failed_boots;
	if (before)
		return status_fails(st) ? BASE_PRE_EXISTING : BASE_FIXED;
	return status_fails(st) ? BASE_REGRESSION : BASE_SAME;
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
		return status_fails(st);
	default:
		return 0;
	}
	if (expectations_given(c->expectations))
		return t->judged && t->expected != st;
	return status_fails(st);
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
	if (c->build == KMX_BUILD_INFRA)
		return c->build_reason;
	if (c->boot == KMX_BOOT_INFRA || c->boot == KMX_BOOT_QEMU_ERROR || c->boot == KMX_BOOT_INTERRUPTED)
		return c->boot_reason;
	return NULL;
}

int cell_offers_reproducer(const struct cell *c)
{
	return c->has_reproducer && c->verdict != CELL_PENDING &&
	       (!cell_ok(c) || c->counts[KMX_FAIL] || c->counts[KMX_ERROR] || c->counts[KMX_FLAKY]);
}

/* Marks each result expected or not, counts, and gives the cell its verdict. */
void cell_judge(struct cell *c)
{
	if (c->verdict == CELL_PENDING && c->build == NO_BUILD)
		return;
	c->unexpected = c->unjudged = 0;
	memset(c->counts, 0, sizeof(c->counts));
	for (size_t j = 0; j < c->ntests; j++) {
		struct test *t = &c->tests[j];
		t->judged = expectation_for(c->expectations, c->arch, c->judged_as ? c->judged_as : c->point,
					    t->name, &t->expected);
		/* What the test needs and this kernel has not: a skip is all it can give. */
		if (expectation_unmet_need(c->expectations, t->name, &c->kconfig, t->status)) {
			t->judged = 1;
			t->expected = KMX_SKIP;
		}
		judge_retry(c, t);
		/* A flaky result is not a regression. */
		t->unexpected = t->status != KMX_FLAKY && unexpected_status(c, t, t->status);
		t->vs_base = base_relation(c, t, t->status);
		/* Shown, but neither as expected nor not: the closing line counts it apart. */
		t->unjudged = expectations_given(c->expectations) && !t->judged && t->status != KMX_FLAKY &&
			      t->vs_base == BASE_NONE;
		c->counts[t->status]++;
	}
	c->regressions = c->pre_existing = c->gone = 0;
	for (size_t j = 0; c->base && j < c->base->ntests; j++)
		c->gone += !cell_counterpart(c, &c->base->tests[j]);
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
		c->pre_existing += !t->unexpected && !t->unjudged && status_fails(t->status) &&
				   (t->vs_base == BASE_PRE_EXISTING || t->vs_base == BASE_BASELINE);
	}
	if (c->infra_cause)
		c->verdict = CELL_INFRA;
	else if (c->build != KMX_BUILD_OK)
		c->verdict = CELL_BUILD;
	else if (c->boot != KMX_BOOT_OK)
		c->verdict = CELL_BOOT;
	else if (!c->ntests)
		c->verdict = CELL_NO_RESULTS;
	else
		c->verdict = c->unexpected ? CELL_UNEXPECTED : CELL_OK;
	/* Only the kernel's own failures can be known breaks, never a broken record. */
	c->known_break = NULL;
	if (c->verdict == CELL_BUILD && c->build == KMX_BUILD_FAILED)
		c->known_break = known_break_for(c->known_breaks, c->arch, c->point, "build", c->build_reason);
	else if ((c->verdict == CELL_BOOT && (c->boot == KMX_BOOT_PANIC || c->boot == KMX_BOOT_TIMEOUT)) ||
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
	if (c->alone || c->build != KMX_BUILD_OK)
		return 0;
	if (c->boot == KMX_BOOT_TIMEOUT ||
	    (c->boot == KMX_BOOT_INFRA &&
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
	if (c->verdict == CELL_BUILD)
		return c->build == NO_BUILD ? build_name(KMX_BUILD_ERROR) : build_name(c->build);
	if (c->verdict == CELL_BOOT)
		return boot_name(c->boot);
	return cell_verdict_name[c->verdict];
}

/*
 * Whether a cell is booted again at once (cellrun, cell_retry_wanted()): a
 * boot that gave no results, or a failure QEMU or the host's load may have
 * caused, or an unexpected result. In a matrix, not a cell the run's end
 * boots again alone (cell_wants_alone_boot()): the builds and boots beside
 * it may be why, and they are still running.
 */
int cell_wants_retry(const struct cell *c, int in_matrix)
{
	if (c->build != KMX_BUILD_OK || (in_matrix && cell_wants_alone_boot(c)))
		return 0;
	switch (c->boot) {
	case KMX_BOOT_TIMEOUT:
	case KMX_BOOT_QEMU_ERROR:
	case KMX_BOOT_QEMU_ABORT:
	case KMX_BOOT_NO_RESULTS:
	case KMX_BOOT_INFRA:
		return 1;
	case KMX_BOOT_OK:
		return !cell_ok(c);
	default:
		return 0;
	}
}

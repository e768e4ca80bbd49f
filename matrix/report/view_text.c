// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal's views: a cell's line, the table, the flips, compare, the
 * closing lines. Every line goes through term_printf(): a guest's escape
 * sequence is shown, never sent to the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"

/* A result that failed against base, as 0-day reports a commit against its parent: the failures of each boot. */
static void print_regression(const struct cell *c, const struct test *t)
{
	/* A selftest whose message changed with its outcome: its name at base too. */
	const char *as = t->at_base && strcmp(t->at_base->name, t->name) ? " as " : "";
	const char *base_name = *as ? t->at_base->name : "";

	if (t->at_base && t->first_bad)
		term_printf("REGRESSION %s %s, regressed by %s (%s at base%s%s; base %u/%u failed, %s %u/%u failed): %s\n",
			    status_name(t->status), t->name, t->first_bad, status_name(t->at_base->status), as,
			    base_name, t->at_base->failed_boots, t->at_base->boots, c->point, t->failed_boots,
			    t->boots, t->reason);
	else if (t->at_base)
		term_printf("REGRESSION %s %s (%s at base%s%s; base %u/%u failed, %s %u/%u failed%s%s): %s\n",
			    status_name(t->status), t->name, status_name(t->at_base->status), as, base_name,
			    t->at_base->failed_boots, t->at_base->boots, c->point, t->failed_boots, t->boots,
			    t->first_bad_note ? "; first bad patch not found: " : "",
			    t->first_bad_note ? t->first_bad_note : "", t->reason);
	else if (t->first_bad)
		term_printf("NEW FAILURE %s %s, failing from %s on (no such result at base; %s %u/%u failed): %s\n",
			    status_name(t->status), t->name, t->first_bad, c->point, t->failed_boots, t->boots,
			    t->reason);
	else
		term_printf("NEW FAILURE %s %s (no such result at base; %s %u/%u failed%s%s): %s\n",
			    status_name(t->status), t->name, c->point, t->failed_boots, t->boots,
			    t->first_bad_note ? "; first failing patch not found: " : "",
			    t->first_bad_note ? t->first_bad_note : "", t->reason);
}

/* The cell's counts and first reason, as its line has them. */
static void cell_counts_text(const struct cell *c, char *buf, size_t size)
{
	size_t n = snprintf(buf, size, "build %s %.1fs, boot %s %.1fs, tests: %u pass, %u fail, %u skip, %u unexpected",
			    build_name(c->build), c->build_s, boot_name(c->boot), c->boot_s,
			    c->counts[KMX_PASS], c->counts[KMX_FAIL] + c->counts[KMX_ERROR], c->counts[KMX_SKIP],
			    c->unexpected);

#define ADD(...) (n += snprintf(buf + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__))
	if (c->unjudged)
		ADD(", %u unjudged", c->unjudged);
	if (c->pre_existing)
		ADD(", %u pre-existing", c->pre_existing);
	if (c->gone)
		ADD(", %u gone (reported at base, not here)", c->gone);
	ADD("%s%s", c->boot_reason[0] || c->build_reason[0] ? ": " : "",
	    c->build_reason[0] ? c->build_reason : c->boot_reason);
#undef ADD
}

void cell_headline(const struct cell *c, char *buf, size_t size)
{
	if (c->verdict == CELL_INFRA)
		snprintf(buf, size, "could not be judged (infra, build %s, boot %s): %s",
			 build_name(c->build), boot_name(c->boot), c->infra_cause);
	else if (c->verdict == CELL_KNOWN_BREAK)
		snprintf(buf, size, "a known break of this tree (build %s, boot %s): %s",
			 build_name(c->build), boot_name(c->boot), c->known_break);
	else
		cell_counts_text(c, buf, size);
}

void print_cell_line(const struct cell *c)
{
	static char line[8192];

	cell_headline(c, line, sizeof(line));
	term_printf("  [%s %s] %s\n", c->arch, c->point, line);
	if (c->verdict == CELL_INFRA)
		return;
	if (c->verdict == CELL_KNOWN_BREAK) {
		cell_counts_text(c, line, sizeof(line));
		term_printf("  [%s %s] %s\n", c->arch, c->point, line);
	}
	if (c->retry)
		term_printf("  [%s %s]   booted twice; %s\n", c->arch, c->point, c->retry);
	/* A busy host explains a slow boot; said once it is a quarter of it. */
	if (c->has_host && c->qemu_waited_s > 0.25 * c->boot_s)
		term_printf("  [%s %s]   host busy: QEMU waited for a CPU %.1f s of the boot's %.1f s\n", c->arch,
			    c->point, c->qemu_waited_s, c->boot_s);
	for (size_t j = 0; j < c->ntests; j++) {
		const struct test *t = &c->tests[j];

		if (t->unexpected && t->vs_base != BASE_NONE) {
			term_printf("  [%s %s]   ", c->arch, c->point);
			print_regression(c, t);
			continue;
		}
		if (t->vs_base != BASE_NONE && t->status != KMX_FLAKY)
			continue;
		if (t->unexpected || t->status == KMX_FLAKY ||
		    (!t->judged && t->status != KMX_PASS && t->status != KMX_SKIP))
			term_printf("  [%s %s]   %s%s %s (expected %s): %s\n", c->arch, c->point,
				    t->unexpected ? "UNEXPECTED " : "", status_name(t->status), t->name,
				    t->judged ? status_name(t->expected) : "no expectation", t->reason);
	}
}

/* A result that counts as failed for a reproduction: it failed, or was not as expected. */
static int failed_result(const struct test *t)
{
	return t->status == KMX_FAIL || t->status == KMX_ERROR || t->status == KMX_FLAKY || t->unexpected;
}

/* A flaky result (it differed between two boots) is reproduced by either failure. */
static int same_failure(const struct test *was, const struct test *now)
{
	if (was->status == KMX_FLAKY)
		return now->status == KMX_FAIL || now->status == KMX_ERROR;
	return was->status == now->status;
}

int print_reproduced(const struct cell *was, const struct cell *now)
{
	unsigned again = 0, differ = 0, not_run = 0, failed = 0;
	int outcome_same = was->build == now->build && was->boot == now->boot;

	if (!outcome_same) {
		differ++;
		term_printf("  NOT the same: build %s, boot %s in the run; build %s, boot %s now\n",
			    build_name(was->build), boot_name(was->boot), build_name(now->build), boot_name(now->boot));
	}
	for (size_t i = 0; i < was->ntests; i++) {
		const struct test *t = &was->tests[i], *u;

		if (!failed_result(t))
			continue;
		failed++;
		u = cell_counterpart(now, t);
		if (!u) {
			not_run++;
		} else if (same_failure(t, u)) {
			again++;
			term_printf("  again: %s %s: %s\n", status_name(u->status), u->name, u->reason);
		} else {
			differ++;
			term_printf("  NOT again: %s: %s in the run (%s), %s now\n", t->name, status_name(t->status),
				    t->reason, status_name(u->status));
		}
	}
	for (size_t i = 0; i < now->ntests; i++) {
		const struct test *u = &now->tests[i], *t = cell_counterpart(was, u);

		if (!failed_result(u) || (t && failed_result(t)))
			continue;
		differ++;
		term_printf("  NOT the same: %s %s now: %s (%s in the run)\n", status_name(u->status), u->name,
			    u->reason, t ? status_name(t->status) : "not reported");
	}
	if (differ) {
		term_printf("reproduce %s %s: NOT the same: %u difference(s); %u of %u failed result(s) again\n",
			    was->arch, was->point, differ, again, failed);
		return 1;
	}
	if (failed && !again && outcome_same && now->boot == KMX_BOOT_OK) {
		term_printf("reproduce %s %s: none of the cell's %u failed result(s) ran: choose the program that reports them\n",
			    was->arch, was->point, failed);
		return 1;
	}
	term_printf("reproduce %s %s: the same: %u of %u failed result(s) again%s, no other failure\n",
		    was->arch, was->point, again, failed, not_run ? " (the others' programs did not run)" : "");
	return 0;
}

void print_table(const struct run *r)
{
	char subject[1024];

	run_subject(r, subject, sizeof(subject));
	term_printf("\n%s", subject);
	for (size_t i = 0; i < r->noffsets; i++)
		term_printf("%s offset %s", i ? "," : "; the series applied with", r->offsets[i]);
	for (size_t i = 0; i < r->nnotes; i++)
		term_printf("\nNote: %s", r->notes[i]);
	/* unjdg: the results no expectation judged (or failed in an infra cell), neither passed nor failed. */
	term_printf("\n%-10s %-10s %-8s %8s  %-12s %7s  %5s %5s %5s %6s %6s  %s\n", "arch", "point",
		    "build", "seconds", "boot", "seconds", "pass", "fail", "skip", "unexp", "unjdg", "note");
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		const char *note = c->build_reason[0] ? c->build_reason : c->boot_reason;

		if (c->verdict == CELL_PENDING) {
			term_printf("%-10s %-10s %-8s\n", c->arch, c->point, "pending");
			continue;
		}
		term_printf("%-10s %-10s %-8s %8.1f  %-12s %7.1f  %5u %5u %5u %6u %6u  %s%.60s\n",
			    c->arch, c->point, build_name(c->build), c->build_s, boot_name(c->boot),
			    c->boot_s, c->counts[KMX_PASS], c->counts[KMX_FAIL] + c->counts[KMX_ERROR],
			    c->counts[KMX_SKIP], c->unexpected, c->unjudged,
			    c->verdict == CELL_INFRA ? "INFRA, not judged: " :
			    c->verdict == CELL_KNOWN_BREAK ? "KNOWN BREAK of the tree: " : "",
			    c->verdict == CELL_KNOWN_BREAK ? c->known_break :
			    !note[0] && !c->ntests ? "no test results" : note);
	}
}

void print_flips_text(const struct run *r)
{
	if (r->nflips)
		term_printf("\nWhere results change along the points:\n");
	for (size_t i = 0; i < r->nflips; i++) {
		const struct flip *x = &r->flips[i];

		term_printf("  %-10s %-36s %s -> %s  at %s (after %s)\n", x->to->arch, x->now->name,
			    status_name(x->was->status), status_name(x->now->status), x->to->point, x->from->point);
	}
}

static void print_change(const struct change *x, int *changes)
{
	const struct cell *b = x->now, *a = x->was;
	const struct test *ta = x->was_test, *tb = x->now_test;

	switch (x->kind) {
	case CHANGE_NEW_CELL:
		term_printf("  new cell      %s %s\n", b->arch, b->point);
		break;
	case CHANGE_CELL:
		if (b->verdict == CELL_INFRA) {
			term_printf("  could not be judged %s %s: %s\n", b->arch, b->point, b->infra_cause);
			break;
		}
		if (a->build == b->build && a->boot == b->boot)
			return;	/* only the verdict: the tests' lines say why */
		term_printf("  %s %s %s: build %s -> %s, boot %s -> %s %s\n", x->worse ? "STOPPED  " : "cell     ",
			    b->arch, b->point, build_name(a->build), build_name(b->build), boot_name(a->boot),
			    boot_name(b->boot), x->worse ? (b->build_reason[0] ? b->build_reason : b->boot_reason) : "");
		break;
	case CHANGE_APPEARED:
		if (!a->ntests)
			return;	/* a cell that reported nothing before is not news per test */
		term_printf("  appeared      %s %s %s: %s\n", b->arch, b->point, tb->name, status_name(tb->status));
		break;
	case CHANGE_NEW_FAILURE:
		term_printf("  NEW FAILURE   %s %s %s: %s -> %s (expected %s): %s\n", b->arch, b->point, tb->name,
			    status_name(ta->status), status_name(tb->status),
			    tb->judged ? status_name(tb->expected) : "pass", tb->reason);
		break;
	case CHANGE_FIXED:
	case CHANGE_CHANGED:
		term_printf("  %s %s %s %s: %s -> %s\n", x->kind == CHANGE_FIXED ? "fixed        " : "changed      ",
			    b->arch, b->point, tb->name, status_name(ta->status), status_name(tb->status));
		break;
	case CHANGE_VANISHED:
		term_printf("  vanished      %s %s %s (was %s)\n", b->arch, b->point, ta->name, status_name(ta->status));
		break;
	case CHANGE_VANISHED_CELL:
		term_printf("  vanished cell %s %s\n", a->arch, a->point);
		break;
	}
	(*changes)++;
}

/* The test-level changes by test (comparison_transitions()). */
void print_transitions(const struct comparison *cmp)
{
	struct transition *t;
	size_t n = comparison_transitions(cmp, &t);

	term_printf("transitions %s -> %s, by test\n", cmp->a->dir, cmp->b->dir);
	for (size_t i = 0; i < n; i++) {
		term_printf("  %s: %s%s on", t[i].test, t[i].what, t[i].worse ? " (WORSE)" : "");
		for (size_t c = 0; c < t[i].ncells; c++)
			term_printf("%s %s %s", c ? "," : "", t[i].cells[c]->arch, t[i].cells[c]->point);
		term_printf(" (%zu)\n", t[i].ncells);
	}
	term_printf("%zu tests changed\n", n);
	transitions_free(t, n);
}

void print_comparison(const struct comparison *cmp)
{
	int changes = 0;

	term_printf("compare %s -> %s\n", cmp->a->dir, cmp->b->dir);
	if (cmp->other_tree)
		term_printf("  note: the runs are of different kernel trees (%s, %s): the changes below are\n"
			    "  differences between the trees, not regressions\n", run_tree(cmp->a), run_tree(cmp->b));
	if (cmp->other_series)
		term_printf("  note: the runs are of different series (%s, %s): the changes below are\n"
			    "  differences between the series, not regressions\n", cmp->a->series_name,
			    cmp->b->series_name);
	for (size_t i = 0; i < cmp->nchanges; i++)
		print_change(&cmp->changes[i], &changes);
	term_printf("%d changes; %s\n", changes, cmp->other_tree ? "runs of different trees: nothing is judged worse" :
		    cmp->other_series ? "runs of different series: nothing is judged worse" :
		    cmp->worse ?
		    "WORSE: a new unexpected result or a cell that stopped building or booting" :
		    "nothing got worse");
}

int print_closing(const struct run *r)
{
	struct run_totals t;
	int bad = !r->ncells;

	for (size_t j = 0; j < r->ncells; j++)
		bad |= !cell_ok(&r->cells[j]);
	if (!r->ncells) {
		term_printf("report: %s has no cells\n", r->dir);
		return 1;
	}
	run_totals(r, &t);
	term_printf("\n%s: %zu cells; %u did not build, boot or report; %u unexpected results%s\n",
		    r->dir, r->ncells, t.failed_cells, t.unexpected,
		    r->mutants.n ? " (in a mutants run, the results that kill)" :
		    bad ? "" : t.unjudged ? ": every judged result as expected" :
		    t.pre_existing ? ": no regression (the failures were there at base too)" :
		    expectations_given(r->expectations) ? ": all as expected" : ": all passed");
	if (t.flaky)
		term_printf("%s: %u flaky results (they differed between two boots; not counted as regressions)\n",
			    r->dir, t.flaky);
	if (t.unjudged)
		term_printf("%s: %u results not judged (no expectation names them, or not as expected in a cell that could not be judged; shown, not counted as passed)\n",
			    r->dir, t.unjudged);
	if (t.against_base)
		term_printf("%s: %u results judged against the same result at base: %u regressions, %u failures that are there at base too (pre-existing: not counted as failures)%s\n",
			    r->dir, t.against_base, t.regressions, t.pre_existing,
			    t.gone ? "; some results of base are gone (below)" : "");
	for (size_t j = 0; j < r->ncells; j++)
		for (size_t i = 0; i < r->cells[j].ntests && (r->cells[j].regressions || r->cells[j].pre_existing); i++) {
			const struct cell *c = &r->cells[j];
			const struct test *x = &c->tests[i];

			if (x->unexpected && x->vs_base != BASE_NONE) {
				term_printf("  %s %s: ", c->arch, c->point);
				print_regression(c, x);
			} else if (!x->unexpected && (x->status == KMX_FAIL || x->status == KMX_ERROR) &&
				   (x->vs_base == BASE_PRE_EXISTING || x->vs_base == BASE_BASELINE)) {
				term_printf("  %s %s: pre-existing %s %s: %s\n", c->arch, c->point, status_name(x->status),
					    x->name, x->reason);
			}
		}
	for (size_t j = 0; t.gone && j < r->ncells; j++) {
		const struct cell *c = &r->cells[j];

		for (size_t i = 0; c->gone && i < c->base->ntests; i++)
			if (!cell_counterpart(c, &c->base->tests[i]))
				term_printf("  %s %s: gone %s (%s at base; not reported here)\n", c->arch, c->point,
					    c->base->tests[i].name, status_name(c->base->tests[i].status));
	}
	if (t.known_breaks)
		term_printf("%s: %u cells failed as the tree's known breaks say (not counted as failures)\n", r->dir,
			    t.known_breaks);
	if (t.infra_cells || t.pending_cells)
		term_printf("%s: %u cells could not be judged (infrastructure), %u not run yet\n", r->dir,
			    t.infra_cells, t.pending_cells);
	/*
	 * The closing line CI tools read: as expected vs not (or no cell). A
	 * mutants run closes with its own line instead (print_mutants_closing):
	 * there an unexpected result is what the run looks for.
	 */
	if (r->mutants.n)
		return bad;
	/* "N passed, N failed" first, as CI tools read it; the rest only when there are. */
	term_printf("matrix: %u passed, %u failed", t.results - t.unexpected - t.flaky - t.unjudged - t.pre_existing,
		    t.unexpected + t.failed_cells);
	if (t.flaky)
		term_printf(", %u flaky", t.flaky);
	if (t.unjudged)
		term_printf(", %u unjudged", t.unjudged);
	if (t.against_base)
		term_printf(", %u regressions against base, %u pre-existing", t.regressions, t.pre_existing);
	if (t.infra_cells)
		term_printf(", %u cells not judged (infra)", t.infra_cells);
	if (t.known_breaks)
		term_printf(", %u known breaks", t.known_breaks);
	term_printf("\n");
	return bad;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The KTAP reader (see ktap_reader.h). The lines at indent 2 * d are level
 * d: level 0 the programs' result lines, level 1 a program's tests, deeper
 * levels their subtests. A result line closes the level below it (its
 * children) and adds an entry of its own only when it carries news they
 * cannot: it has no children, it failed while none of them did, it timed
 * out or crashed (a directive other than SKIP), or they fell short of their
 * plan. A level whose parent never printed its result (the console ended,
 * or a shallower line came) is closed as cut short.
 *
 * Children of a parent with no "# Subtest:" line are held until its result
 * line names them.
 *
 * This file is the reader's state machine: what each line does to the
 * levels. What a line says is ktap_lines.c's; the results, the held ones,
 * their names and the diagnostics are kept by ktap_results.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_internal.h"

static void level_reset(struct ktap_state *k, size_t d)
{
	struct ktap_level *l = lv(k, d);

	free(l->name);
	free(l->diag);
	free(l->tail);
	memset(l, 0, sizeof(*l));
	l->plan = -1;
	l->held_from = k->nheld;
}

void ktap_init(struct ktap_state *k)
{
	memset(k, 0, sizeof(*k));
	k->top_plan = -1;
	for (size_t d = 1; d <= KTAP_MAX_DEPTH; d++)
		level_reset(k, d);
}

/*
 * A subunit v1 outcome line of a selftest (powerpc's harness): the result,
 * and why: the detail in brackets, else the program's last line of output
 * ("[SKIP] Test skipped on line 42", "[FAIL] Test FAILED on line 7").
 */
static int subunit_result(struct ktap_state *k, const char *text)
{
	static const struct { const char *word; enum kmx_test_status st; } outcomes[] = {
		{ "success: ", KMX_PASS }, { "failure: ", KMX_FAIL }, { "error: ", KMX_ERROR },
		{ "skip: ", KMX_SKIP }, { "xfail: ", KMX_XFAIL },
	};
	char name[256], reason[300];

	for (size_t i = 0; i < sizeof(outcomes) / sizeof(*outcomes); i++) {
		size_t l = strlen(outcomes[i].word);
		const char *detail;

		if (strncmp(text, outcomes[i].word, l))
			continue;
		snprintf(name, sizeof(name), "%s", text + l);
		detail = strstr(name, " [");
		if (detail && name[strlen(name) - 1] == ']') {
			snprintf(reason, sizeof(reason), "%.*s", (int)(strlen(detail) - 3), detail + 2);
			name[detail - name] = 0;
		} else {
			snprintf(reason, sizeof(reason), "%s", outcomes[i].st == KMX_PASS ? "" : k->last_output);
		}
		ktap_add_at(k, 1, name, outcomes[i].st, reason, ktap_diag_take(lv(k, 1)));
		lv(k, 1)->results++;
		k->last_output[0] = 0;
		return 1;
	}
	return 0;
}

/* ---- Levels ------------------------------------------------------------ */

/* A line at level D opens it and its ancestors: their held results start here at the latest. */
static void level_touch(struct ktap_state *k, size_t d)
{
	for (; d >= 1 && !lv(k, d)->open; d--) {
		lv(k, d)->open = 1;
		lv(k, d)->held_from = k->nheld;
	}
}

/* The end of a program's scope: its names may come again in the next. */
static void program_end(struct ktap_state *k)
{
	ktap_names_clear(k);
	k->program_results = 0;
	k->prefix[0] = 0;
	k->program[0] = 0;
	k->last_output[0] = 0;
}

/*
 * Level E whose parent never printed its result line: its held children
 * keep their names without the parent's (nothing gave it), and a plan not
 * met is an error of the parent's, named from "# Subtest:" if it can be.
 */
static void close_cut_short(struct ktap_state *k, size_t e)
{
	struct ktap_level *c = lv(k, e);
	char *diag;

	if (!c->open)
		return;
	if (e > 1 && !c->name)
		ktap_lift(k, e - 1, c->held_from);
	diag = ktap_diag_take(c);
	if (c->plan >= 0 && c->results < c->plan) {
		const char *name = e > 1 ? c->name : k->program;
		char r[96];

		if (!name || !name[0])
			name = KTAP_UNNAMED_RESULT;
		snprintf(r, sizeof(r), "%d of %d results, then: no result line", c->results, c->plan);
		if (e == 1)
			ktap_emit(k, "", name, KMX_ERROR, r, diag, 0);
		else
			ktap_add_at(k, e - 1, name, KMX_ERROR, r, diag);
	} else {
		free(diag);
	}
	if (e > 1 && c->failed)
		lv(k, e - 1)->failed = 1;
	level_reset(k, e);
	if (e == 1)
		program_end(k);
}

/* Every level deeper than D, from the deepest. */
static void close_below(struct ktap_state *k, size_t d)
{
	for (size_t e = KTAP_MAX_DEPTH; e > d; e--)
		close_cut_short(k, e);
}

/*
 * What a parent's result line adds, its children at level C (NULL: none
 * possible): 0 if nothing. ST and OUT are the entry's.
 */
static int parent_news(const struct ktap_level *c, int ok, const char *directive,
		       const char *reason, const char *ended,
		       enum kmx_test_status *st, char *out, size_t olen)
{
	*st = ktap_classify(ok, directive);
	snprintf(out, olen, "%s", reason);
	if (!c || !c->results)
		return 1;
	if (c->plan >= 0 && c->results < c->plan) {
		snprintf(out, olen, "%d of %d results, then: %s", c->results, c->plan,
			 reason[0] ? reason : ok ? ended : "failed");
		*st = KMX_ERROR;
		return 1;
	}
	if (!ok && directive[0] && strcmp(directive, "SKIP")) {
		*st = KMX_ERROR;
		return 1;
	}
	/* Not ok with no child failed: exit status 1 after passes, say. */
	if (!ok && !directive[0] && !c->failed) {
		if (!reason[0])
			snprintf(out, olen, "not ok, though no result under it failed");
		return 1;
	}
	return 0;
}

/*
 * A result line at level D (0: a program's). Its children (level D + 1)
 * end here: held ones get its name; then its own entry, if it has news.
 */
static void result_line(struct ktap_state *k, size_t d, char *name, size_t nlen,
			int ok, const char *directive, char *reason, size_t rlen)
{
	struct ktap_level *l = d ? lv(k, d) : NULL;
	struct ktap_level *c = d < KTAP_MAX_DEPTH ? lv(k, d + 1) : NULL;
	enum kmx_test_status st;
	char out[768], *diag = NULL;
	int news;

	close_below(k, d + 1);
	if (l) {
		diag = ktap_diag_take(l);
		if (!name[0])
			ktap_harness_test_name(diag, name, nlen);
		/* kselftest.h's ksft_test_result_skip("vdso_getcpu\n"): its message names it. */
		if (!name[0])
			snprintf(name, nlen, "%s", reason);
		if (!reason[0] && !ok && diag)
			ktap_bare_not_ok_reason(diag, d == 1 && k->prefix[0], reason, rlen);
	}
	if (d && c && c->open && !c->name) {
		ktap_held_rename(k, c->held_from, name);
		ktap_lift(k, d, c->held_from);
	}
	news = parent_news(c, ok, directive, reason, d ? "the test ended" : "the program ended",
			   &st, out, sizeof(out));
	diag = ktap_diag_join(diag, c ? ktap_diag_take(c) : NULL);
	if (l && c && c->failed)
		l->failed = 1;
	if (c)
		level_reset(k, d + 1);
	if (!d) {
		k->top_results++;
		snprintf(k->last_program, sizeof(k->last_program), "%s", name);
		if (news)
			ktap_emit(k, "", name, st, out, diag, 0);
		else
			free(diag);
		program_end(k);
		return;
	}
	l->results++;
	if (news)
		ktap_add_at(k, d, name, st, out, diag);
	else
		free(diag);
}

/* "# Subtest: NAME" at level D: the name of D's parent. */
static void subtest_line(struct ktap_state *k, size_t d, const char *name)
{
	struct ktap_level *l = lv(k, d);
	int had_name = l->name != NULL;

	if (d == 1) {
		snprintf(k->prefix, sizeof(k->prefix), "%.*s.", (int)sizeof(k->prefix) - 2, name);
		snprintf(k->program, sizeof(k->program), "%s", name);
		return;
	}
	close_below(k, d);	/* deeper lines left open: cut short */
	free(l->name);
	l->name = strndup(name, 255);
	if (!l->name)
		abort();
	/* Children printed before it: it names them now. */
	if (!had_name)
		ktap_lift(k, d, l->held_from);
}

/* A "# " line at level D. */
static void diag_line(struct ktap_state *k, size_t d, const char *text)
{
	const char *s = text[1] ? text + 2 : "";

	if (d == 0) {
		/* init's "# running NAME": the program's name if it is cut short */
		if (!strncmp(s, "running ", 8))
			snprintf(k->program, sizeof(k->program), "%s", s + 8);
		return;
	}
	if (!strncmp(text, "# Subtest: ", 11))
		subtest_line(k, d, text + 11);
	else if (strncmp(text, "# Totals:", 9))
		ktap_diag_add(lv(k, d), s);
}

void ktap_feed(struct ktap_state *k, const char *raw)
{
	char name[256], directive[16], reason[512], text[1024];
	size_t indent = ktap_lex(raw, text, sizeof(text)), d;
	int ok;

	if (indent == 0 && !strcmp(text, "KTAP version 1")) {
		k->seen_version = 1;
		return;
	}
	if (!k->seen_version || indent % 2 || indent / 2 > KTAP_MAX_DEPTH)
		return;
	d = indent / 2;
	if (d)
		level_touch(k, d);
	if (!strncmp(text, "1..", 3) && text[3] >= '0' && text[3] <= '9') {
		if (d)
			lv(k, d)->plan = ktap_parse_count(text + 3);
		else
			k->top_plan = ktap_parse_count(text + 3);
		return;
	}
	if (!strncmp(text, "# ", 2) || !strcmp(text, "#")) {
		diag_line(k, d, text);
		return;
	}
	if (d == 1 && k->prefix[0] && subunit_result(k, text))
		return;
	ok = ktap_parse_result(text, name, sizeof(name), directive, sizeof(directive),
			       reason, sizeof(reason));
	if (ok < 0) {
		if (d == 1 && k->prefix[0] && text[0])
			snprintf(k->last_output, sizeof(k->last_output), "%s", text);
		return;
	}
	if (!strcmp(directive, "TIMEOUT")) {
		char r[600];

		snprintf(r, sizeof(r), "TIMEOUT%s%s", reason[0] ? " " : "", reason);
		snprintf(reason, sizeof(reason), "%s", r);
	}
	result_line(k, d, name, sizeof(name), ok, directive, reason, sizeof(reason));
}

void ktap_finish(struct ktap_state *k)
{
	char r[96];

	if (!k->seen_version || k->finished)
		return;
	k->finished = 1;
	close_below(k, 0);
	if (k->top_plan < 0 || k->top_results >= k->top_plan)
		return;
	snprintf(r, sizeof(r), "plan 1..%d, %d result%s", k->top_plan, k->top_results,
		 k->top_results == 1 ? "" : "s");
	ktap_emit(k, "", KTAP_PLAN_RESULT, KMX_ERROR, r, NULL, 0);
}

void ktap_free(struct ktap_state *k)
{
	for (size_t i = 0; i < k->ntests; i++) {
		free(k->tests[i].name);
		free(k->tests[i].reason);
		free(k->tests[i].diag);
		free(k->tests[i].key);
	}
	for (size_t i = 0; i < k->nheld; i++) {
		free(k->held[i].name);
		free(k->held[i].reason);
		free(k->held[i].diag);
	}
	for (size_t d = 1; d <= KTAP_MAX_DEPTH; d++)
		level_reset(k, d);
	free(k->tests);
	free(k->held);
	ktap_names_clear(k);
	ktap_init(k);
}


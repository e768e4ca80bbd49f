// SPDX-License-Identifier: GPL-2.0
/*
 * index.html and history.html: static files, no script, no network. Every
 * field from a run goes through markup_printf()/markup_str().
 */
#include <stdlib.h>
#include <string.h>

#include "out.h"

/*
 * One stylesheet: a class per name of vocab.h's lists and per cell verdict,
 * made from the lists themselves, so that a name added there has its
 * colour. A cell whose build or boot failed is called by that outcome, a
 * failure's colour; the verdicts' own colours come after, and win.
 */
static const char style_base[] =
	"body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:.5em 0}"
	"td,th{border:1px solid #999;padding:.3em .6em;text-align:left;vertical-align:top}"
	"td.unexp{background:#fcc;font-weight:bold}code{font-size:90%}\n"
	"td.mut-killed{background:#cfc}td.mut-bad{background:#fcc;font-weight:bold}td.mut-other{background:#eee}\n";
static const char *const verdict_background[CELL_NVERDICTS] = {
	[CELL_PENDING] = "#ddd", [CELL_INFRA] = "#ddd", [CELL_NO_RESULTS] = "#f99",
	[CELL_UNEXPECTED] = "#fcc", [CELL_KNOWN_BREAK] = "#eec", [CELL_OK] = "#cfc",
};
static const char *const test_colour[KMX_NTEST_STATUS] = {
	[KMX_PASS] = "#060", [KMX_FAIL] = "#a00", [KMX_SKIP] = "#666",
	[KMX_XFAIL] = "#660", [KMX_FLAKY] = "#a60",	/* an error: an outcome's background */
};
/* history.html: a result's status as its cell's background. */
static const char *const test_background[KMX_NTEST_STATUS] = {
	[KMX_PASS] = "#cfc", [KMX_FAIL] = "#fcc", [KMX_SKIP] = "#eee",
	[KMX_XFAIL] = "#ffc", [KMX_ERROR] = "#f99", [KMX_FLAKY] = "#fd9",
};

static void put_style(FILE *f)
{
	fputs(style_base, f);
	for (int o = 0; o < KMX_NBUILD_OUTCOME; o++)
		if (o != KMX_BUILD_OK)
			fprintf(f, ".%s{background:#f99}", kmx_build_outcome_name[o]);
	for (int o = 0; o < KMX_NBOOT_OUTCOME; o++)
		if (o != KMX_BOOT_OK)
			fprintf(f, ".%s{background:#f99}", kmx_boot_outcome_name[o]);
	for (int v = 0; v < CELL_NVERDICTS; v++)
		if (cell_verdict_name[v] && verdict_background[v])
			fprintf(f, ".%s{background:%s}", cell_verdict_name[v], verdict_background[v]);
	for (int t = 0; t < KMX_NTEST_STATUS; t++)
		if (test_colour[t])
			fprintf(f, ".%s{color:%s}", kmx_test_status_name[t], test_colour[t]);
	fputc('\n', f);
}

static void grid(FILE *f, const struct run *r)
{
	fprintf(f, "<h2 id=\"grid\">Cells</h2>\n<table id=\"cells\"><tr><th>arch</th>");
	for (size_t p = 0; p < r->npoints; p++)
		markup_printf(f, "<th>%s</th>", r->points[p]);
	fprintf(f, "</tr>\n");
	for (size_t a = 0; a < r->narchs; a++) {
		markup_printf(f, "<tr><th>%s</th>", r->archs[a]);
		for (size_t p = 0; p < r->npoints; p++) {
			const struct cell *c = run_find_cell(r, r->archs[a], r->points[p]);
			const char *st;

			if (!c) {
				fprintf(f, "<td></td>");
				continue;
			}
			st = cell_status(c);
			markup_printf(f, "<td class=\"cell %s\" data-arch=\"%s\" data-point=\"%s\" data-status=\"%s\">"
				      "<a href=\"#%s-%s\">%s</a><br>", st, c->arch, c->point, st, c->arch,
				      c->point, st);
			if (c->verdict == CELL_INFRA)
				markup_printf(f, "could not be judged: %s<br>", c->infra_cause);
			if (c->verdict == CELL_KNOWN_BREAK)
				markup_printf(f, "a known break of this tree: %s<br>", c->known_break);
			markup_printf(f, "%u pass, %u fail, %u skip, %u unexpected", c->counts[KMX_PASS],
				      c->counts[KMX_FAIL] + c->counts[KMX_ERROR], c->counts[KMX_SKIP], c->unexpected);
			if (c->counts[KMX_FLAKY])
				markup_printf(f, ", %u flaky", c->counts[KMX_FLAKY]);
			if (c->unjudged)
				markup_printf(f, ", %u unjudged", c->unjudged);
			markup_printf(f, "<br>build %.1f s, boot %.1f s</td>", c->build_s, c->boot_s);
		}
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n");
}

static void flips(FILE *f, const struct run *r)
{
	fprintf(f, "<h2 id=\"flips\">Where results change along the points</h2>\n<table><tr><th>arch</th>"
		"<th>test</th><th>from</th><th>to</th><th>at point</th></tr>\n");
	for (size_t i = 0; i < r->nflips; i++) {
		const struct flip *x = &r->flips[i];
		const char *was = status_name(x->was->status), *now = status_name(x->now->status);

		markup_printf(f, "<tr><td>%s</td><td><code>%s</code></td><td class=\"%s\">%s</td>"
			      "<td class=\"%s\">%s</td><td>%s (after %s)</td></tr>\n", x->to->arch, x->now->name,
			      was, was, now, now, x->to->point, x->from->point);
	}
	fprintf(f, "</table>\n");
}

static void changes(FILE *f, const struct comparison *cmp)
{
	markup_printf(f, "<h2 id=\"changes\">Changes since the previous run (%s)</h2>\n<ul>\n", cmp->a->id);
	for (size_t i = 0; i < cmp->nchanges; i++) {
		const struct change *x = &cmp->changes[i];

		switch (x->kind) {
		case CHANGE_NEW_CELL:
			markup_printf(f, "<li>new cell %s %s</li>\n", x->now->arch, x->now->point);
			break;
		case CHANGE_CELL:
			if (strcmp(cell_status(x->was), cell_status(x->now)))
				markup_printf(f, "<li>%s %s: %s &rarr; %s</li>\n", x->now->arch, x->now->point,
					      cell_status(x->was), cell_status(x->now));
			break;
		case CHANGE_NEW_FAILURE:
		case CHANGE_FIXED:
		case CHANGE_CHANGED:
			markup_printf(f, "<li>%s %s <code>%s</code>: %s &rarr; %s%s</li>\n", x->now->arch,
				      x->now->point, x->now_test->name, status_name(x->was_test->status),
				      status_name(x->now_test->status), x->now_test->unexpected ? " (unexpected)" : "");
			break;
		default:
			break;
		}
	}
	fprintf(f, "</ul>\n");
}

static void cell_details(FILE *f, const struct cell *c)
{
	markup_printf(f, "<details id=\"%s-%s\"%s><summary>%s %s: %s</summary>\n<p>build %s (%.1f s) %s; "
		      "boot %s (%.1f s) %s", c->arch, c->point, cell_ok(c) ? "" : " open", c->arch, c->point,
		      cell_status(c), build_name(c->build), c->build_s, c->build_reason, boot_name(c->boot),
		      c->boot_s, c->boot_reason);
	if (c->retry)
		markup_printf(f, "<br>booted twice; %s (<a href=\"%s/attempt1/console.log\">its console log</a>)",
			      c->retry, c->dir);
	markup_printf(f, "<br><a href=\"%s/console.log\">console log</a> &middot; <a href=\"%s/build.log\">build log</a>",
		      c->dir, c->dir);
	if (cell_offers_reproducer(c))
		markup_printf(f, " &middot; <a href=\"%s/reproduce.sh\">reproduce.sh</a> (run it in a kmatrix clone; "
			      "<code>reproduce.sh PROGRAM</code> boots only that program)", c->dir);
	markup_printf(f, "<br>QEMU: <code>%s</code></p>\n", c->qemu);
	if (c->has_coverage) {
		const struct coverage_tally *a = &c->coverage_all;

		markup_printf(f, "<p>Series coverage: lines run %u/%u, branch directions taken %u/%u (%u lines cannot "
			      "run here); each line in <a href=\"%s/coverage.md\">coverage.md</a>.</p>\n"
			      "<table><tr><th>patch</th><th>lines run</th><th>branch directions</th>"
			      "<th>cannot run here</th></tr>\n", a->run, a->code, a->br_taken, a->br_total,
			      a->elsewhere, c->dir);
		for (size_t p = 0; p < c->ncoverage; p++) {
			const struct coverage_tally *t = &c->coverage[p];

			markup_printf(f, "<tr><td><code>%s</code></td><td>%u/%u</td><td>%u/%u</td><td>%u</td></tr>\n",
				      t->patch, t->run, t->code, t->br_taken, t->br_total, t->elsewhere);
		}
		fprintf(f, "</table>\n");
	}
	fprintf(f, "<table><tr><th>test</th><th>result</th><th>expected</th><th>reason</th></tr>\n");
	for (size_t m = 0; m < c->ntests; m++) {
		const struct test *t = &c->tests[m];

		markup_printf(f, "<tr><td><code>%s</code></td><td class=\"%s%s\">%s</td><td>%s</td><td>%s</td></tr>\n",
			      t->name, status_name(t->status), t->unexpected ? " unexp" : "", status_name(t->status),
			      t->judged ? status_name(t->expected) : t->unjudged ? "none: not judged" : "",
			      t->reason);
	}
	fprintf(f, "</table></details>\n");
}

int write_html(const struct run *r, const struct comparison *since_previous)
{
	struct out o;
	FILE *f = out_open(&o, r->dir, "index.html");
	char subject[1024];

	if (!f)
		return -1;
	markup_printf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		      "<title>kmatrix %s</title>\n<style>\n", r->id);
	put_style(f);
	run_subject(r, subject, sizeof(subject));
	markup_printf(f, "</style></head><body>\n<h1>kmatrix run %s</h1>\n<p id=\"subject\">%s.</p>\n", r->id, subject);
	put_list(f, markup_printf, "<p>The series met this tree with offsets (no fuzz):</p><ul>\n",
		 "<li><code>%s</code></li>\n", "</ul>\n", r->offsets, r->noffsets);
	put_list(f, markup_printf, "", "<p class=\"note\">Note: %s</p>\n", "", r->notes, r->nnotes);
	if (r->mutants.n)
		html_mutants(f, r);
	else
		grid(f, r);
	flips(f, r);
	if (since_previous)
		changes(f, since_previous);
	fprintf(f, "<h2>Tests per cell</h2>\n");
	for (size_t i = 0; i < r->ncells; i++)
		cell_details(f, &r->cells[i]);
	fprintf(f, "</body></html>\n");
	return out_commit(&o);
}

/* "ARCH\tPOINT\tNAME": a row of history.html, and its key in the index of rows. */
static char *history_key(const struct cell *c, const struct test *t)
{
	size_t n = strlen(c->arch) + strlen(c->point) + strlen(t->name) + 3;
	char *k = xrealloc(NULL, n);

	snprintf(k, n, "%s\t%s\t%s", c->arch, c->point, t->name);
	return k;
}

/* Each test's result per run (oldest first): one row per arch, point and test. */
/* The last two runs' changes, by test (comparison_transitions()): only what changed. */
static void history_transitions(FILE *f, const struct run *a, const struct run *b)
{
	struct comparison cmp;
	struct transition *t;
	size_t n;

	run_compare(&cmp, a, b);
	n = comparison_transitions(&cmp, &t);
	markup_printf(f, "<h2 id=\"transitions\">What changed from %s to %s, by test</h2>\n", a->id, b->id);
	if (cmp.other_tree || cmp.other_series)
		markup_printf(f, "<p class=\"note\">The runs are of different %s: these are differences, not "
			      "regressions.</p>\n", cmp.other_tree ? "kernel trees" : "series");
	if (!n)
		fprintf(f, "<p>No test changed.</p>\n");
	else
		fprintf(f, "<table><tr><th>test</th><th>change</th><th>where</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		markup_printf(f, "<tr><td><code>%s</code></td><td>%s%s</td><td>", t[i].test, t[i].what,
			      t[i].worse ? " (worse)" : "");
		for (size_t c = 0; c < t[i].ncells; c++)
			markup_printf(f, "%s%s %s", c ? ", " : "", t[i].cells[c]->arch, t[i].cells[c]->point);
		fprintf(f, "</td></tr>\n");
	}
	if (n)
		fprintf(f, "</table>\n");
	transitions_free(t, n);
	free(cmp.changes);
}

int write_history(const char *out_dir, const struct run *runs, size_t nruns)
{
	struct key { const char *arch, *point, *name; char *key; } *keys = NULL;
	struct name_index rows = { 0 };
	size_t nkeys = 0;
	struct out o;
	FILE *f = out_open(&o, out_dir, "history.html");

	if (!f)
		return -1;
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>kmatrix history</title>\n"
		"<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em}");
	for (int t = 0; t < KMX_NTEST_STATUS; t++)
		fprintf(f, ".%s{background:%s}", kmx_test_status_name[t], test_background[t]);
	fprintf(f, "</style></head><body><h1>kmatrix: results over the last %zu runs</h1>\n", nruns);
	if (nruns >= 2)
		history_transitions(f, &runs[nruns - 2], &runs[nruns - 1]);
	fprintf(f, "<h2>Every result</h2>\n<table><tr><th>arch</th><th>point</th><th>test</th>");
	for (size_t q = 0; q < nruns; q++)
		markup_printf(f, "<th><a href=\"%s/index.html\">%s</a></th>", runs[q].id, runs[q].id);
	fprintf(f, "</tr>\n");
	for (size_t q = 0; q < nruns; q++)
		for (size_t i = 0; i < runs[q].ncells; i++)
			for (size_t m = 0; m < runs[q].cells[i].ntests; m++) {
				const struct cell *c = &runs[q].cells[i];
				char *key = history_key(c, &c->tests[m]);

				if (name_index_add(&rows, key, nkeys) != nkeys) {
					free(key);	/* a row already */
					continue;
				}
				keys = xgrow(keys, nkeys, sizeof(*keys));
				keys[nkeys++] = (struct key){ c->arch, c->point, c->tests[m].name, key };
			}
	for (size_t k = 0; k < nkeys; k++) {
		markup_printf(f, "<tr><td>%s</td><td>%s</td><td><code>%s</code></td>", keys[k].arch,
			      keys[k].point, keys[k].name);
		for (size_t q = 0; q < nruns; q++) {
			const struct cell *c = run_find_cell(&runs[q], keys[k].arch, keys[k].point);
			const struct test *t = c ? cell_find_test(c, keys[k].name) : NULL;
			const char *st = t ? status_name(t->status) : "";

			markup_printf(f, "<td class=\"%s\">%s</td>", st, st);
		}
		fprintf(f, "</tr>\n");
	}
	name_index_free(&rows);
	for (size_t k = 0; k < nkeys; k++)
		free(keys[k].key);
	free(keys);
	fprintf(f, "</table></body></html>\n");
	return out_commit(&o);
}

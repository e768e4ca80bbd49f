// SPDX-License-Identifier: GPL-2.0
/* summary.json: the model for tools (the README shows its shape). */
#include <stdio.h>

#include "out.h"

/* An array of strings on one line: ["a", "b"]. */
static void json_strs(FILE *f, char *const *s, size_t n)
{
	fputc('[', f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s", i ? ", " : "");
		json_str(f, s[i]);
	}
	fputc(']', f);
}

static void json_tally(FILE *f, const struct coverage_tally *t)
{
	fprintf(f, "{");
	if (t->patch) {
		json_member(f, "\"patch\": ", t->patch);
		fprintf(f, ", ");
	}
	fprintf(f, "\"lines_run\": %u, \"lines_with_code\": %u, \"branches_taken\": %u, \"branches\": %u, "
		"\"lines_elsewhere\": %u}", t->run, t->code, t->br_taken, t->br_total, t->elsewhere);
}

static void write_cell(FILE *f, const struct cell *c)
{
	json_member(f, "{\"arch\": ", c->arch);
	json_member(f, ", \"point\": ", c->point);
	json_member(f, ",\n     \"build\": {\"status\": ", build_name(c->build));
	fprintf(f, ", \"seconds\": %.1f, \"reason\": ", c->build_s);
	json_str(f, c->build_reason);
	json_member(f, "},\n     \"boot\": {\"status\": ", boot_name(c->boot));
	fprintf(f, ", \"seconds\": %.1f, \"reason\": ", c->boot_s);
	json_str(f, c->boot_reason);
	/* bootrun's sample of QEMU's threads: how busy the host was. */
	if (c->has_host)
		fprintf(f, ", \"host\": {\"qemu_ran_s\": %.1f, \"qemu_waited_s\": %.1f}", c->qemu_ran_s,
			c->qemu_waited_s);
	else
		fprintf(f, ", \"host\": null");
	json_member(f, "},\n     \"qemu_command\": ", c->qemu);
	json_member(f, ",\n     \"status\": ", cell_status(c));
	json_member(f, ", \"infra\": ", c->infra_cause);
	json_member(f, ", \"known_break\": ", c->known_break);
	json_member(f, ", \"retry\": ", c->retry);
	fprintf(f, ",\n     \"counts\": {\"pass\": %u, \"fail\": %u, \"skip\": %u, \"xfail\": %u, \"error\": %u, ",
		c->counts[KMX_PASS], c->counts[KMX_FAIL], c->counts[KMX_SKIP],
		c->counts[KMX_XFAIL], c->counts[KMX_ERROR]);
	if (c->counts[KMX_FLAKY])
		fprintf(f, "\"flaky\": %u, ", c->counts[KMX_FLAKY]);
	/* Like flaky, only when there are: the results no expectation names. */
	if (c->unjudged)
		fprintf(f, "\"unjudged\": %u, ", c->unjudged);
	/* Like flaky, only when there are: failures there at base too. */
	if (c->pre_existing)
		fprintf(f, "\"pre_existing\": %u, ", c->pre_existing);
	if (c->gone)
		fprintf(f, "\"gone\": %u, ", c->gone);
	fprintf(f, "\"unexpected\": %u}", c->unexpected);
	fprintf(f, ",\n     \"ok\": %s", cell_ok(c) ? "true" : "false");
	/* For a cell that failed or has a failed result; relative to the run, as the reports link it. */
	if (cell_offers_reproducer(c)) {
		char path[512];

		snprintf(path, sizeof(path), "%s/reproduce.sh", c->dir);
		json_member(f, ", \"reproducer\": ", path);
	}
	/* make coverage's cells: the series' changed lines run, per patch. */
	if (c->has_coverage) {
		fprintf(f, ",\n     \"coverage\": ");
		json_tally(f, &c->coverage_all);
		fprintf(f, ",\n     \"coverage_by_patch\": [");
		for (size_t i = 0; i < c->ncoverage; i++) {
			fprintf(f, "%s\n       ", i ? "," : "");
			json_tally(f, &c->coverage[i]);
		}
		fprintf(f, "]");
	}
	fprintf(f, ",\n     \"tests\": [");
	for (size_t j = 0; j < c->ntests; j++) {
		const struct test *t = &c->tests[j];

		fprintf(f, "%s\n       {\"name\": ", j ? "," : "");
		json_str(f, t->name);
		/* A selftest's PROGRAM#N: what pairs it across cells when its name changes. */
		if (t->key && *t->key)
			json_member(f, ", \"key\": ", t->key);
		json_member(f, ", \"status\": ", status_name(t->status));
		json_member(f, ", \"reason\": ", t->reason);
		json_member(f, ", \"diagnostics\": ", t->diag);
		json_member(f, ", \"expected\": ", t->judged ? status_name(t->expected) : NULL);
		fprintf(f, ", \"unexpected\": %s%s", t->unexpected ? "true" : "false",
			t->unjudged ? ", \"unjudged\": true" : "");
		/* Judged against base: how it stands there (run.h), and base's status. */
		if (t->vs_base != BASE_NONE) {
			json_member(f, ", \"against_base\": ", base_relation_name[t->vs_base]);
			json_member(f, ", \"base_status\": ", t->at_base ? status_name(t->at_base->status) : NULL);
			json_member(f, ", \"first_bad\": ", t->first_bad);
		}
		fprintf(f, "}");
	}
	fprintf(f, "%s]}", c->ntests ? "\n     " : "");
}

int write_json(const struct run *r)
{
	struct out o;
	FILE *f = out_open(&o, r->dir, "summary.json");

	if (!f)
		return -1;
	json_member(f, "{\n  \"run_id\": ", r->id);
	json_member(f, ",\n  \"ccache\": ", r->ccache);
	fprintf(f, ",\n  \"patches\": [");
	for (size_t i = 0; i < r->npatches; i++) {
		fprintf(f, "%s{\"point\": ", i ? ", " : "");
		json_str(f, r->patch_points[i]);
		json_member(f, ", \"subject\": ", r->patch_subjects[i]);
		fputc('}', f);
	}
	fputc(']', f);
	if (r->started)
		json_member(f, ",\n  \"started\": ", r->started);
	if (r->kernel)
		json_member(f, ",\n  \"kernel\": ", r->kernel);
	if (r->tree) {
		json_member(f, ",\n  \"tree\": {\"name\": ", r->tree);
		json_member(f, ", \"source\": ", r->tree_source);
		fprintf(f, ", \"offsets\": ");
		json_strs(f, r->offsets, r->noffsets);
		json_member(f, ", \"series_error\": ", r->series_error);
		fputc('}', f);
	}
	if (r->series_name) {
		json_member(f, ",\n  \"series\": {\"name\": ", r->series_name);
		json_member(f, ", \"source\": ", r->series_source);
		if (r->series_title)
			json_member(f, ", \"title\": ", r->series_title);
		fputc('}', f);
	}
	if (r->ended)
		json_member(f, ",\n  \"ended\": ", r->ended);
	fprintf(f, ",\n  \"notes\": ");
	json_strs(f, r->notes, r->nnotes);
	fprintf(f, ",\n  \"cells\": [");
	for (size_t i = 0; i < r->ncells; i++) {
		fprintf(f, "%s\n    ", i ? "," : "");
		write_cell(f, &r->cells[i]);
	}
	fprintf(f, "\n  ]\n}\n");
	return out_commit(&o);
}

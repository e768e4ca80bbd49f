// SPDX-License-Identifier: GPL-2.0
/* summary.json: the model for tools (the README shows its shape). */
#include <stdio.h>

#include "out.h"

static void json_str_or_null(FILE *f, const char *s)
{
	if (s)
		json_str(f, s);
	else
		fputs("null", f);
}

static void json_tally(FILE *f, const struct coverage_tally *t)
{
	fprintf(f, "{");
	if (t->patch) {
		fprintf(f, "\"patch\": ");
		json_str(f, t->patch);
		fprintf(f, ", ");
	}
	fprintf(f, "\"lines_run\": %u, \"lines_with_code\": %u, \"branches_taken\": %u, \"branches\": %u, "
		"\"lines_elsewhere\": %u}", t->run, t->code, t->br_taken, t->br_total, t->elsewhere);
}

static void write_cell(FILE *f, const struct cell *c)
{
	fprintf(f, "{\"arch\": ");
	json_str(f, c->arch);
	fprintf(f, ", \"point\": ");
	json_str(f, c->point);
	fprintf(f, ",\n     \"build\": {\"status\": ");
	json_str(f, build_name(c->build));
	fprintf(f, ", \"seconds\": %.1f, \"reason\": ", c->build_s);
	json_str(f, c->build_reason);
	fprintf(f, "},\n     \"boot\": {\"status\": ");
	json_str(f, boot_name(c->boot));
	fprintf(f, ", \"seconds\": %.1f, \"reason\": ", c->boot_s);
	json_str(f, c->boot_reason);
	/* bootrun's sample of QEMU's threads: how busy the host was. */
	if (c->has_host)
		fprintf(f, ", \"host\": {\"qemu_ran_s\": %.1f, \"qemu_waited_s\": %.1f}", c->qemu_ran_s,
			c->qemu_waited_s);
	else
		fprintf(f, ", \"host\": null");
	fprintf(f, "},\n     \"qemu_command\": ");
	json_str(f, c->qemu);
	fprintf(f, ",\n     \"status\": ");
	json_str(f, cell_status(c));
	fprintf(f, ", \"infra\": ");
	json_str_or_null(f, c->infra_cause);
	fprintf(f, ", \"known_break\": ");
	json_str_or_null(f, c->known_break);
	fprintf(f, ", \"retry\": ");
	json_str_or_null(f, c->retry);
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
		fprintf(f, ", \"reproducer\": ");
		json_str(f, path);
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
		fprintf(f, ", \"status\": ");
		json_str(f, status_name(t->status));
		fprintf(f, ", \"reason\": ");
		json_str(f, t->reason);
		fprintf(f, ", \"diagnostics\": ");
		json_str(f, t->diag);
		fprintf(f, ", \"expected\": ");
		json_str_or_null(f, t->judged ? status_name(t->expected) : NULL);
		fprintf(f, ", \"unexpected\": %s%s", t->unexpected ? "true" : "false",
			t->unjudged ? ", \"unjudged\": true" : "");
		/* Judged against base: how it stands there (run.h), and base's status. */
		if (t->vs_base != BASE_NONE) {
			fprintf(f, ", \"against_base\": ");
			json_str(f, base_relation_name[t->vs_base]);
			fprintf(f, ", \"base_status\": ");
			json_str_or_null(f, t->at_base ? status_name(t->at_base->status) : NULL);
			fprintf(f, ", \"first_bad\": ");
			json_str_or_null(f, t->first_bad);
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
	fprintf(f, "{\n  \"run_id\": ");
	json_str(f, r->id);
	fprintf(f, ",\n  \"ccache\": ");
	json_str_or_null(f, r->ccache);
	fprintf(f, ",\n  \"patches\": [");
	for (size_t i = 0; i < r->npatches; i++) {
		fprintf(f, "%s{\"point\": ", i ? ", " : "");
		json_str(f, r->patch_points[i]);
		fprintf(f, ", \"subject\": ");
		json_str(f, r->patch_subjects[i]);
		fputc('}', f);
	}
	fputc(']', f);
	if (r->started) {
		fprintf(f, ",\n  \"started\": ");
		json_str(f, r->started);
	}
	if (r->kernel) {
		fprintf(f, ",\n  \"kernel\": ");
		json_str(f, r->kernel);
	}
	if (r->tree) {
		fprintf(f, ",\n  \"tree\": {\"name\": ");
		json_str(f, r->tree);
		fprintf(f, ", \"source\": ");
		json_str(f, r->tree_source);
		fprintf(f, ", \"offsets\": [");
		for (size_t i = 0; i < r->noffsets; i++) {
			fprintf(f, "%s", i ? ", " : "");
			json_str(f, r->offsets[i]);
		}
		fprintf(f, "], \"series_error\": ");
		json_str_or_null(f, r->series_error);
		fputc('}', f);
	}
	if (r->series_name) {
		fprintf(f, ",\n  \"series\": {\"name\": ");
		json_str(f, r->series_name);
		fprintf(f, ", \"source\": ");
		json_str(f, r->series_source);
		fputc('}', f);
	}
	if (r->ended) {
		fprintf(f, ",\n  \"ended\": ");
		json_str(f, r->ended);
	}
	fprintf(f, ",\n  \"notes\": [");
	for (size_t i = 0; i < r->nnotes; i++) {
		fprintf(f, "%s", i ? ", " : "");
		json_str(f, r->notes[i]);
	}
	fprintf(f, "]");
	fprintf(f, ",\n  \"cells\": [");
	for (size_t i = 0; i < r->ncells; i++) {
		fprintf(f, "%s\n    ", i ? "," : "");
		write_cell(f, &r->cells[i]);
	}
	fprintf(f, "\n  ]\n}\n");
	return out_commit(&o);
}

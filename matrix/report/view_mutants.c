// SPDX-License-Identifier: GPL-2.0
/*
 * The views of a `make mutants` run: mutants.json, mutants.md, the
 * section of index.html, and the terminal's table and closing line. Each
 * formats the model of run.h (mutants.c) and nothing else.
 */
#include <string.h>

#include "out.h"

static const struct mutant_cell *on_arch(const struct mutant *m, const char *arch)
{
	for (size_t a = 0; a < m->ncells; a++)
		if (!strcmp(m->cells[a].arch, arch))
			return &m->cells[a];
	return NULL;
}

/* What a cell of the table says besides the verdict: the killers, the excuse, the failure. */
static const char *detail(const struct mutant_cell *mc)
{
	if (mc->verdict == MUT_KILLED)
		return mc->killers;
	if (mc->excuse)
		return mc->excuse;
	if (mc->cell && (mc->verdict == MUT_INVALID || mc->verdict == MUT_INFRA))
		return mc->cell->infra_cause ? mc->cell->infra_cause :
		       mc->cell->known_break ? mc->cell->known_break :
		       mc->cell->verdict == CELL_BUILD ? mc->cell->build_reason : mc->cell->boot_reason;
	return "";
}

/* RUN/NAME, written whole by body: only a run with mutants has the file. */
static int write_file(const struct run *r, const char *name, void (*body)(FILE *f, const struct run *r))
{
	struct out o;
	FILE *f;

	if (!r->mutants.n)
		return 0;
	f = out_open(&o, r->dir, name);
	if (!f)
		return -1;
	body(f, r);
	return out_commit(&o);
}

static void mutants_json(FILE *f, const struct run *r)
{
	struct mutant_totals t;

	mutant_totals(r, &t);
	json_member(f, "{\"run\": ", r->id);
	json_member(f, ", \"catalogue\": ", r->mutants.catalogue);
	json_member(f, ", \"base\": ", r->mutants.base);
	fprintf(f, ",\n \"totals\": {\"mutants\": %u, \"killed\": %u, \"survived\": %u, \"invalid\": %u, "
		"\"excused\": %u, \"not_judged\": %u, \"no_cell\": %u},\n \"mutants\": [", t.n, t.killed,
		t.survived, t.invalid, t.excused, t.pending, t.elsewhere);
	for (size_t i = 0; i < r->mutants.n; i++) {
		const struct mutant *m = &r->mutants.m[i];

		fprintf(f, "%s\n  {\"point\": ", i ? "," : "");
		json_str(f, m->point);
		json_member(f, ", \"file\": ", m->file);
		json_member(f, ", \"subject\": ", m->subject);
		json_member(f, ", \"corrupts\": ", m->corrupts);
		json_member(f, ",\n   \"verdict\": ", mutant_verdict_name[m->verdict]);
		json_member(f, ", \"equivalent\": ", m->equivalent);
		fprintf(f, ",\n   \"arches\": [");
		for (size_t a = 0; a < m->ncells; a++) {
			const struct mutant_cell *mc = &m->cells[a];

			fprintf(f, "%s\n    {\"arch\": ", a ? "," : "");
			json_str(f, mc->arch);
			json_member(f, ", \"verdict\": ", mutant_verdict_name[mc->verdict]);
			json_member(f, ", \"why_run\": ", mc->why);
			json_member(f, ", \"detail\": ", detail(mc));
			json_member(f, ", \"cell\": ", mc->cell ? mc->cell->dir : "");
			fputc('}', f);
		}
		fprintf(f, "]}");
	}
	fprintf(f, "\n]}\n");
}

int write_mutants_json(const struct run *r)
{
	return write_file(r, "mutants.json", mutants_json);
}

static void mutants_md(FILE *f, const struct run *r)
{
	md_printf(f, "# kmatrix mutants, run %s\n\nCatalogue ", r->id);
	md_code(f, r->mutants.catalogue);
	fprintf(f, ", over the point ");
	md_code(f, r->mutants.base);
	fprintf(f, ". A mutant is **killed** on an arch when a result there is unexpected against ");
	md_code(f, r->mutants.base);
	fprintf(f, "'s expectations (the tests that caught it are named).\n\n| mutant | corrupts | what |");
	md_head(f, "|---|---|---|", r->archs, r->narchs);
	for (size_t i = 0; i < r->mutants.n; i++) {
		const struct mutant *m = &r->mutants.m[i];

		fprintf(f, "| ");
		md_code(f, m->point);
		md_printf(f, " | %s | %s |", m->corrupts, m->subject);
		for (size_t a = 0; a < r->narchs; a++) {
			const struct mutant_cell *mc = on_arch(m, r->archs[a]);
			const char *b = mc && (mc->verdict == MUT_SURVIVED || mc->verdict == MUT_INVALID) ? "**" : "";

			if (!mc)
				fprintf(f, " |");
			else
				md_printf(f, " %s%s%s%s%s |", b, mutant_verdict_name[mc->verdict], b,
					  *detail(mc) ? ": " : "", detail(mc));
		}
		fputc('\n', f);
	}
}

int write_mutants_md(const struct run *r)
{
	return write_file(r, "mutants.md", mutants_md);
}

void html_mutants(FILE *f, const struct run *r)
{
	if (!r->mutants.n)
		return;
	markup_printf(f, "<h2>Mutants</h2>\n<p>Catalogue <code>%s</code> over <code>%s</code>: killed = an "
		      "unexpected result against <code>%s</code>'s expectations "
		      "(<a href=\"mutants.json\">mutants.json</a>, <a href=\"mutants.md\">mutants.md</a>).</p>\n"
		      "<table><tr><th>mutant</th><th>corrupts</th><th>what</th>", r->mutants.catalogue,
		      r->mutants.base, r->mutants.base);
	for (size_t a = 0; a < r->narchs; a++)
		markup_printf(f, "<th>%s</th>", r->archs[a]);
	fprintf(f, "</tr>\n");
	for (size_t i = 0; i < r->mutants.n; i++) {
		const struct mutant *m = &r->mutants.m[i];

		markup_printf(f, "<tr><td><code>%s</code></td><td>%s</td><td>%s</td>", m->point, m->corrupts,
			      m->subject);
		for (size_t a = 0; a < r->narchs; a++) {
			const struct mutant_cell *mc = on_arch(m, r->archs[a]);

			if (!mc) {
				fprintf(f, "<td></td>");
				continue;
			}
			markup_printf(f, "<td class=\"mut-%s\"><a href=\"#%s-%s\">%s</a><br><small>%s</small></td>",
				      mc->verdict == MUT_KILLED ? "killed" : mc->verdict == MUT_SURVIVED ||
				      mc->verdict == MUT_INVALID ? "bad" : "other", mc->arch, m->point,
				      mutant_verdict_name[mc->verdict], detail(mc));
		}
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n");
}

void print_mutants(const struct run *r)
{
	term_printf("\n%-44s", "mutant");
	for (size_t a = 0; a < r->narchs; a++)
		term_printf(" %-10s", r->archs[a]);
	term_printf("\n");
	for (size_t i = 0; i < r->mutants.n; i++) {
		const struct mutant *m = &r->mutants.m[i];

		term_printf("%-44.44s", m->point);
		for (size_t a = 0; a < r->narchs; a++) {
			const struct mutant_cell *mc = on_arch(m, r->archs[a]);

			term_printf(" %-10s", mc ? mc->verdict == MUT_UNREACHABLE ? "unreached" :
				    mutant_verdict_name[mc->verdict] : "");
		}
		term_printf("\n");
	}
	for (size_t i = 0; i < r->mutants.n; i++)
		for (size_t a = 0; a < r->mutants.m[i].ncells; a++) {
			const struct mutant_cell *mc = &r->mutants.m[i].cells[a];

			if (mc->verdict != MUT_KILLED && mc->verdict != MUT_PENDING && mc->verdict != MUT_NOT_RUN)
				term_printf("  %s on %s: %s%s%s\n", r->mutants.m[i].point, mc->arch,
					    mutant_verdict_name[mc->verdict], *detail(mc) ? ": " : "", detail(mc));
		}
}

int print_mutants_closing(const struct run *r)
{
	struct mutant_totals t;

	mutant_totals(r, &t);
	term_printf("mutants: %u killed, %u survived, %u invalid of %u (per arch:", t.killed, t.survived,
		    t.invalid, t.n);
	for (size_t a = 0; a < r->narchs; a++) {
		unsigned killed, of;

		mutant_arch_totals(r, r->archs[a], &killed, &of);
		term_printf(" %s %u/%u", r->archs[a], killed, of);
	}
	term_printf(")\n");
	if (t.excused || t.pending)
		term_printf("mutants: %u not counted: excused by the catalogue everywhere they ran (equivalent, "
			    "invisible, unreachable under QEMU); %u not judged (infra, not run)\n",
			    t.excused, t.pending);
	if (t.elsewhere)
		term_printf("mutants: %u touch none of the run's arches (no cell)\n", t.elsewhere);
	return t.survived || t.invalid || t.pending;
}

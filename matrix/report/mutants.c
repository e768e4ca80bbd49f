// SPDX-License-Identifier: GPL-2.0
/*
 * The mutants of a `make mutants` run (see run.h): what RUN/mutants.tsv
 * says each mutant is, and how it fared on each arch it touches.
 *
 * mutants.tsv, tab-separated, written by run-mutants.sh:
 *   catalogue FOLDER BASE
 *   mutant POINT CORRUPTS FILE SUBJECT
 *   touches POINT ARCH PATH          (the arches it runs on, and why)
 *   Needs POINT CONFIG_X[,CONFIG_Y] WHY   (invisible where the kernel lacks one)
 *   Invisible-on POINT ARCHES WHY
 *   Unreachable-under-QEMU POINT ARCHES WHY
 *   Equivalent POINT WHY
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

static struct mutant *find(struct mutants *ms, const char *point)
{
	for (size_t i = 0; i < ms->n; i++)
		if (!strcmp(ms->m[i].point, point))
			return &ms->m[i];
	return NULL;
}

/* A later line of the same kind adds to the earlier: "a b" + "c" = "a b c". */
static void append(char **field, const char *value, const char *sep)
{
	size_t n = *field ? strlen(*field) + strlen(sep) : 0;

	*field = xrealloc(*field, n + strlen(value) + 1);
	if (n)
		strcat(*field, sep);
	else
		**field = 0;
	strcat(*field, value);
}

void mutants_load(struct mutants *ms, const char *run_dir)
{
	struct mutant *m;
	struct tsv t;
	char **f = t.f;
	int n;

	memset(ms, 0, sizeof(*ms));
	if (!tsv_open(&t, run_dir, "mutants.tsv"))
		return;
	while ((n = tsv_next(&t, 5)) >= 0) {
		if (n == 3 && !strcmp(f[0], "catalogue")) {
			ms->catalogue = xstrdup(f[1]);
			ms->base = xstrdup(f[2]);
		} else if (n == 5 && !strcmp(f[0], "mutant")) {
			ms->m = xrealloc(ms->m, (ms->n + 1) * sizeof(*ms->m));
			m = &ms->m[ms->n++];
			memset(m, 0, sizeof(*m));
			m->point = xstrdup(f[1]);
			m->corrupts = xstrdup(f[2]);
			m->file = xstrdup(f[3]);
			m->subject = xstrdup(f[4]);
		} else if (n >= 3 && (m = find(ms, f[1]))) {
			if (n == 4 && !strcmp(f[0], "touches")) {
				m->cells = xrealloc(m->cells, (m->ncells + 1) * sizeof(*m->cells));
				memset(&m->cells[m->ncells], 0, sizeof(*m->cells));
				m->cells[m->ncells].arch = xstrdup(f[2]);
				m->cells[m->ncells++].why = xstrdup(f[3]);
			} else if (n == 4 && !strcmp(f[0], "Needs")) {
				char why[1200];

				append(&m->needs, f[2], ",");
				snprintf(why, sizeof(why), "this kernel has not %s: %s", f[2], f[3]);
				append(&m->needs_why, why, "; ");
			} else if (n == 4 && !strcmp(f[0], "Invisible-on")) {
				append(&m->invisible_arches, f[2], " ");
				append(&m->invisible_why, f[3], "; ");
			} else if (n == 4 && !strcmp(f[0], "Unreachable-under-QEMU")) {
				append(&m->unreachable_arches, f[2], " ");
				append(&m->unreachable_why, f[3], "; ");
			} else if (!strcmp(f[0], "Equivalent")) {
				append(&m->equivalent, f[2], "; ");
			}
		}
	}
}

const char *mutants_base_of(const struct mutants *ms, const char *point)
{
	for (size_t i = 0; i < ms->n; i++)
		if (!strcmp(ms->m[i].point, point))
			return ms->base;
	return NULL;
}

/* Is arch one of the words of list? */
static int names_arch(const char *list, const char *arch)
{
	size_t n = strlen(arch);

	for (const char *p = list; p && *p; p += strcspn(p, " "), p += strspn(p, " "))
		if (!strncmp(p, arch, n) && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

/* The cell's unexpected tests, comma-separated: measured, then written once (linear in the tests). */
static char *killers(const struct cell *c)
{
	size_t n = 1;
	const char *sep = "";
	char *k, *p;

	for (size_t j = 0; j < c->ntests; j++)
		if (c->tests[j].unexpected)
			n += strlen(c->tests[j].name) + 2;
	p = k = xrealloc(NULL, n);
	*p = 0;
	for (size_t j = 0; j < c->ntests; j++)
		if (c->tests[j].unexpected) {
			p += sprintf(p, "%s%s", sep, c->tests[j].name);
			sep = ", ";
		}
	return k;
}

/*
 * Did a test's own program end unexpectedly, the kernel hanging or
 * panicking under it? Then that test caught the mutant, not the boot: the
 * results before it came, so the kernel booted and ran tests. (The
 * reader's own results, ktap.*, say only that the document was cut.)
 */
static int test_caught_it(const struct cell *c)
{
	for (size_t j = 0; j < c->ntests; j++)
		if (c->tests[j].unexpected && strncmp(c->tests[j].name, "ktap.", 5))
			return 1;
	return 0;
}

static void judge_cell(const struct mutant *m, struct mutant_cell *mc)
{
	const struct cell *c = mc->cell;

	if (!c) {
		mc->verdict = MUT_NOT_RUN;
		return;
	}
	switch (c->verdict) {
	case CELL_PENDING:
		mc->verdict = MUT_PENDING;
		return;
	case CELL_INFRA:
	case CELL_KNOWN_BREAK:	/* the tree's break, not the mutant's: no verdict */
		mc->verdict = MUT_INFRA;
		return;
	case CELL_BUILD:
	case CELL_BOOT:
	case CELL_NO_RESULTS:
		/*
		 * The kernel's doing (a compile error, a panic, a hang, no
		 * results) makes the mutant invalid, unless a test was running
		 * when it hung or panicked: that test killed it. A broken or
		 * missing record (`error`: the cell never ran, say) is not the
		 * mutant's.
		 */
		if (c->build == KMX_BUILD_ERROR || c->boot == KMX_BOOT_ERROR ||
		    (c->boot == KMX_BOOT_NOT_RUN && c->build != KMX_BUILD_FAILED)) {
			mc->verdict = MUT_INFRA;
		} else if (c->verdict == CELL_BOOT && (c->boot == KMX_BOOT_PANIC || c->boot == KMX_BOOT_TIMEOUT) &&
			   test_caught_it(c)) {
			char *k = killers(c);
			size_t n = strlen(k) + strlen(c->boot_reason) + 64;

			mc->verdict = MUT_KILLED;
			free(mc->killers);
			mc->killers = xrealloc(NULL, n);
			snprintf(mc->killers, n, "%s (the boot: %s, %s)", k, boot_name(c->boot), c->boot_reason);
			free(k);
		} else {
			mc->verdict = MUT_INVALID;
		}
		return;
	case CELL_UNEXPECTED:
		mc->verdict = MUT_KILLED;
		free(mc->killers);
		mc->killers = killers(c);
		return;
	case CELL_OK:
	case CELL_NVERDICTS:	/* (no cell's) */
		break;
	}
	/* The arch's own reason first: code not built there says more than equivalence. */
	mc->verdict = MUT_SURVIVED;
	if (m->needs && kconfig_has(&c->kconfig, m->needs) == 0)
		mc->verdict = MUT_INVISIBLE, mc->excuse = m->needs_why;
	else if (names_arch(m->invisible_arches, mc->arch))
		mc->verdict = MUT_INVISIBLE, mc->excuse = m->invisible_why;
	else if (names_arch(m->unreachable_arches, mc->arch))
		mc->verdict = MUT_UNREACHABLE, mc->excuse = m->unreachable_why;
	else if (m->equivalent)
		mc->verdict = MUT_EQUIVALENT, mc->excuse = m->equivalent;
}

static int excused(enum mutant_verdict v)
{
	return v == MUT_INVISIBLE || v == MUT_UNREACHABLE || v == MUT_EQUIVALENT;
}

/*
 * Over a mutant's arches: a survival anywhere makes it survived; else a
 * kill makes it killed; else an invalid build or boot, then infra and
 * pending; a mutant excused everywhere it ran keeps the excuse.
 */
static enum mutant_verdict overall(const struct mutant *m)
{
	static const enum mutant_verdict order[] = {
		MUT_SURVIVED, MUT_KILLED, MUT_INVALID, MUT_INFRA, MUT_PENDING,
		MUT_EQUIVALENT, MUT_UNREACHABLE, MUT_INVISIBLE,
	};

	for (size_t o = 0; o < sizeof(order) / sizeof(order[0]); o++)
		for (size_t a = 0; a < m->ncells; a++)
			if (m->cells[a].verdict == order[o])
				return order[o];
	return MUT_NOT_RUN;
}

void mutants_judge(struct run *r)
{
	for (size_t i = 0; i < r->mutants.n; i++) {
		struct mutant *m = &r->mutants.m[i];

		for (size_t a = 0; a < m->ncells; a++) {
			m->cells[a].cell = run_find_cell(r, m->cells[a].arch, m->point);
			judge_cell(m, &m->cells[a]);
		}
		m->verdict = overall(m);
	}
}

void mutant_totals(const struct run *r, struct mutant_totals *t)
{
	memset(t, 0, sizeof(*t));
	t->n = r->mutants.n;
	for (size_t i = 0; i < r->mutants.n; i++) {
		enum mutant_verdict v = r->mutants.m[i].verdict;

		if (!r->mutants.m[i].ncells) {
			t->elsewhere++;
			continue;
		}
		t->killed += v == MUT_KILLED;
		t->survived += v == MUT_SURVIVED;
		t->invalid += v == MUT_INVALID;
		t->excused += excused(v);
		t->pending += v == MUT_PENDING || v == MUT_INFRA || v == MUT_NOT_RUN;
	}
}

void mutant_arch_totals(const struct run *r, const char *arch, unsigned *killed, unsigned *of)
{
	*killed = *of = 0;
	for (size_t i = 0; i < r->mutants.n; i++)
		for (size_t a = 0; a < r->mutants.m[i].ncells; a++) {
			const struct mutant_cell *mc = &r->mutants.m[i].cells[a];

			if (strcmp(mc->arch, arch) || excused(mc->verdict) || mc->verdict == MUT_NOT_RUN)
				continue;
			*killed += mc->verdict == MUT_KILLED;
			*of += 1;
		}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * junit.xml: a testsuite per cell; build and boot are test cases too. Only
 * an unexpected result is a <failure>: an expected failure is reported in
 * <system-out>, so a CI system shows red exactly where the matrix does. A
 * cell the machine kept from being judged (infra) or not run yet is an
 * <error>, never a failure; a flaky result is a pass with both outcomes.
 * A result no expectation names is <skipped>, with a message that says so:
 * a CI system counts a bare test case as passed, and skipped is JUnit's one
 * outcome that is neither a pass nor a failure.
 */
#include "out.h"

/* The build or boot of cell c as a test case: bad when it did not end ok. */
static void step(FILE *f, const struct cell *c, const char *name, double s, int bad, const char *status,
		 const char *reason)
{
	markup_printf(f, "    <testcase classname=\"%s.%s\" name=\"%s\" time=\"%.1f\">", c->arch, c->point,
		      name, s);
	if (bad && c->verdict == CELL_KNOWN_BREAK)
		markup_printf(f, "<skipped message=\"%s %s, a known break of this tree: %s\"/>", name, status,
			      c->known_break);
	else if (bad && c->verdict == CELL_INFRA)
		markup_printf(f, "<error type=\"infra\" message=\"%s %s\">%s</error>", name, status, reason);
	else if (bad)
		markup_printf(f, "<failure message=\"%s %s\">%s</failure>", name, status, reason);
	fprintf(f, "</testcase>\n");
}

static void testcase(FILE *f, const struct cell *c, const struct test *t)
{
	const char *status = status_name(t->status);

	markup_printf(f, "    <testcase classname=\"%s.%s\" name=\"%s\">", c->arch, c->point, t->name);
	if (t->unexpected)
		markup_printf(f, "<failure message=\"%s, expected %s: %s\">%s</failure>", status,
			      t->judged ? status_name(t->expected) : "pass", t->reason, t->diag);
	else if (t->unjudged)
		markup_printf(f, "<skipped message=\"not judged (%s): %s%s%s\"/>",
			      c->verdict == CELL_INFRA ? "its cell could not be judged" : "no expectation names it",
			      status, t->reason[0] ? ": " : "", t->reason);
	else if (t->status == KMX_SKIP)
		markup_printf(f, "<skipped message=\"%s\"/>", t->reason);
	else if (t->status != KMX_PASS)
		markup_printf(f, "<system-out>expected %s: %s</system-out>", status, t->reason);
	fprintf(f, "</testcase>\n");
}

/* The test cases testcase() makes <skipped>. */
static unsigned skipped(const struct cell *c)
{
	unsigned n = 0;

	for (size_t j = 0; j < c->ntests; j++)
		n += !c->tests[j].unexpected && (c->tests[j].status == KMX_SKIP || c->tests[j].unjudged);
	return n;
}

int write_junit(const struct run *r)
{
	struct out o;
	FILE *f = out_open(&o, r->dir, "junit.xml");

	if (!f)
		return -1;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"kmatrix\">\n");
	for (size_t i = 0; i < r->ncells; i++) {
		const struct cell *c = &r->cells[i];
		int infra = c->verdict == CELL_INFRA || c->verdict == CELL_PENDING;
		int known = c->verdict == CELL_KNOWN_BREAK;
		int build_bad = c->build != KMX_BUILD_OK;
		int boot_bad = c->boot != KMX_BOOT_OK;

		if (c->verdict == CELL_PENDING)
			continue;
		markup_printf(f, "  <testsuite name=\"%s/%s\" tests=\"%zu\" failures=\"%u\" errors=\"%u\" "
			      "skipped=\"%u\" time=\"%.1f\">\n", c->arch, c->point, c->ntests + 2,
			      c->unexpected + (infra || known ? 0 : build_bad + boot_bad),
			      infra ? build_bad + boot_bad : 0, skipped(c) + (known ? build_bad + boot_bad : 0),
			      c->build_s + c->boot_s);
		if (r->tree)
			markup_printf(f, "    <properties><property name=\"kernel\" value=\"%s\"/>"
				      "<property name=\"tree\" value=\"%s\"/></properties>\n",
				      r->kernel ? r->kernel : "", r->tree_source);
		step(f, c, "build", c->build_s, build_bad, build_name(c->build), c->build_reason);
		step(f, c, "boot", c->boot_s, boot_bad, boot_name(c->boot), c->boot_reason);
		for (size_t j = 0; j < c->ntests; j++)
			testcase(f, c, &c->tests[j]);
		fprintf(f, "  </testsuite>\n");
	}
	fprintf(f, "</testsuites>\n");
	return out_commit(&o);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every view of report needs to write: a file that appears whole or
 * not at all, and the two escapings (JSON strings; HTML and XML text and
 * attributes, which share one function so no renderer prints a field raw).
 */
#ifndef KMX_OUT_H
#define KMX_OUT_H

#include <stdio.h>

#include "run.h"

/* DIR/NAME is written as DIR/NAME.tmp.PID and renamed into place by out_commit(). */
struct out {
	FILE *f;
	char tmp[4200], path[4200];
};
FILE *out_open(struct out *o, const char *dir, const char *name);
/* 0, or -1 with the error printed and the temporary file removed. */
int out_commit(struct out *o);

void json_str(FILE *f, const char *s);
/* Text for HTML or XML, in an element or in a quoted attribute. */
void markup_str(FILE *f, const char *s);
/* printf whose %s arguments are all escaped with markup_str (only %s, %u, %zu, %.1f). */
void markup_printf(FILE *f, const char *fmt, ...);

/* The views: each formats the model and nothing else. */
int write_json(const struct run *r);
int write_junit(const struct run *r);
int write_markdown(const struct run *r);
int write_html(const struct run *r, const struct comparison *since_previous);
int write_history(const char *out_dir, const struct run *runs, size_t nruns);
void print_table(const struct run *r);
void print_flips_text(const struct run *r);
void print_cell_line(const struct cell *c);
void print_comparison(const struct comparison *cmp);
/* make mutants (view_mutants.c): files written only for a run with mutants. */
int write_mutants_json(const struct run *r);
int write_mutants_md(const struct run *r);
void html_mutants(FILE *f, const struct run *r);
void print_mutants(const struct run *r);
/* The mutants' closing lines; returns 1 when a mutant survived, is invalid or was not judged. */
int print_mutants_closing(const struct run *r);
/* The run's closing lines; returns the exit status (0: every cell ok). */
int print_closing(const struct run *r, int have_expectations);

#endif

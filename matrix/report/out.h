/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every view of report needs to write: a file that appears whole or
 * not at all, and the escapings of text from a run (JSON strings; HTML and
 * XML, which share one function so no renderer prints a field raw;
 * Markdown; the terminal).
 *
 * A guest's console may print any byte, and names, reasons and diagnostics
 * come from it. Each escaping reads its text through utf8_next(): a byte
 * that does not begin valid UTF-8 is U+FFFD, so every output is UTF-8, and
 * each format keeps out the control characters it cannot hold.
 */
#ifndef KMX_OUT_H
#define KMX_OUT_H

#include <stdio.h>

#include "run.h"

/*
 * DIR/NAME is written as DIR/NAME.tmp.PID and renamed into place by
 * out_commit(). Until then an exit (die()) or a signal removes it: no
 * temporary file is ever left.
 */
struct out {
	FILE *f;
	char tmp[4200], path[4200];
};
FILE *out_open(struct out *o, const char *dir, const char *name);
/* 0, or -1 with the error printed and the temporary file removed. */
int out_commit(struct out *o);

/* The code point at *s, and *s moved past it; U+FFFD for a byte that begins no valid UTF-8. */
unsigned utf8_next(const char **s);
/* C0, DEL and C1: what no format shows as it is. */
static inline int is_control(unsigned cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/* A JSON string, quoted: a control character as \uXXXX; null for no string. */
void json_str(FILE *f, const char *s);
/* A member of an object: the text before its value (the comma, the key), then the string. */
static inline void json_member(FILE *f, const char *before, const char *s)
{
	fputs(before, f);
	json_str(f, s);
}
/*
 * Text for HTML or XML, in an element or in a quoted attribute: a control
 * character other than tab and newline, which XML 1.0 cannot hold even
 * escaped, and HTML calls an error, is a space.
 */
void markup_str(FILE *f, const char *s);
/*
 * printf whose %s arguments are all escaped with markup_str (%s, %d, %u,
 * %zu, %f, with -, width and precision; a %f that is nan or inf prints 0).
 */
void markup_printf(FILE *f, const char *fmt, ...);
/*
 * Text in a Markdown table's cell: `|` and backticks escaped, so the row
 * stays one row of its cells; a control character (a newline) is a space.
 */
void md_str(FILE *f, const char *s);
/* The same text as a code span: `name`, with a longer fence when it holds backticks. */
void md_code(FILE *f, const char *s);
/* printf whose %s arguments are all escaped with md_str. */
void md_printf(FILE *f, const char *fmt, ...);
/*
 * The rest of a Markdown table's head after its first columns' names (view_md.c):
 * a column per name, then the rule, the first columns' (rule) and one per name.
 */
void md_head(FILE *f, const char *rule, const char *const *names, size_t n);
/*
 * A list of a run's strings in HTML or Markdown: head, each string through
 * pr's item format, tail; nothing at all for none.
 */
typedef void esc_printf_fn(FILE *f, const char *fmt, ...);
void put_list(FILE *f, esc_printf_fn *pr, const char *head, const char *item, const char *tail,
	      char *const *s, size_t n);
/*
 * printf to the terminal: each %s argument with its control characters
 * shown as \xHH, so an escape sequence from a guest reaches no terminal.
 * Widths and precisions count characters, not bytes (%-10s, %.60s).
 */
void term_printf(const char *fmt, ...);

/* The views: each formats the model and nothing else. */
int write_json(const struct run *r);
int write_junit(const struct run *r);
int write_markdown(const struct run *r);
/* kcidb.json: the run in KCIDB's I/O schema v5.3 (view_kcidb.c). */
int write_kcidb(const struct run *r);
int write_html(const struct run *r, const struct comparison *since_previous);
int write_history(const char *out_dir, const struct run *runs, size_t nruns);
void print_table(const struct run *r);
void print_flips_text(const struct run *r);
int write_flips_md(FILE *f, const struct run *r, const char *arch);
void print_cell_line(const struct cell *c);
/* The first line of print_cell_line(), without its "[arch point] " and not escaped. */
void cell_headline(const struct cell *c, char *buf, size_t size);
/* Whether the cell now (its reproduce.sh) came out as was did; prints why, returns 0 if so. */
int print_reproduced(const struct cell *was, const struct cell *now);
void print_comparison(const struct comparison *cmp);
/* The test-level changes only, one line per test and transition, with its arches and points. */
void print_transitions(const struct comparison *cmp);
/* make mutants (view_mutants.c): files written only for a run with mutants. */
int write_mutants_json(const struct run *r);
int write_mutants_md(const struct run *r);
void html_mutants(FILE *f, const struct run *r);
void print_mutants(const struct run *r);
/* The mutants' closing lines; returns 1 when a mutant survived, is invalid or was not judged. */
int print_mutants_closing(const struct run *r);
/* The run's closing lines; returns the exit status (0: every cell ok). */
int print_closing(const struct run *r);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the KTAP reader's own files share (its users include ktap_reader.h
 * only): ktap_reader.c, the state machine, what each line does to the
 * levels; ktap_lines.c, what one line says; ktap_results.c, what the
 * reader keeps (results, held results, their names, diagnostics).
 */
#ifndef KMX_KTAP_INTERNAL_H
#define KMX_KTAP_INTERNAL_H

#include "ktap_reader.h"

/* Level D >= 1: the lines at indent 2 * D. */
static inline struct ktap_level *lv(struct ktap_state *k, size_t d)
{
	return &k->level[d - 1];
}

/* ---- ktap_lines.c ------------------------------------------------------- */

size_t ktap_lex(const char *raw, char *text, size_t size);
int ktap_parse_count(const char *s);
int ktap_parse_result(const char *line, char *name, size_t nlen,
		      char *directive, size_t dlen, char *reason, size_t rlen);
void ktap_harness_test_name(const char *d, char *name, size_t n);
void ktap_bare_not_ok_reason(const char *d, int kselftest, char *reason, size_t n);
enum kmx_test_status ktap_classify(int ok, const char *directive);

/* ---- ktap_results.c ----------------------------------------------------- */

void ktap_names_clear(struct ktap_state *k);
void ktap_emit(struct ktap_state *k, const char *prefix, const char *name,
	       enum kmx_test_status st, const char *reason, char *diag, int unique);
void ktap_held_rename(struct ktap_state *k, size_t from, const char *parent);
void ktap_lift(struct ktap_state *k, size_t d, size_t from);
void ktap_add_at(struct ktap_state *k, size_t d, const char *name,
		 enum kmx_test_status st, const char *reason, char *diag);
void ktap_diag_add(struct ktap_level *l, const char *text);
char *ktap_diag_take(struct ktap_level *l);
char *ktap_diag_join(char *a, char *b);

#endif

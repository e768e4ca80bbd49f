// SPDX-License-Identifier: GPL-2.0
/*
 * The KTAP reader's store (ktap_internal.h): its results, the results held
 * until a parent names them, the program's names that make each unique,
 * and the diagnostics waiting for their result. Every copy is bounded and
 * every table grows by doubling, so the cost stays linear in the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_internal.h"
#include "util.h"

/* "<a><sep><b>", however long. */
static char *join(const char *a, const char *sep, const char *b)
{
	size_t la = strlen(a), ls = strlen(sep), lb = strlen(b);
	char *p = xrealloc(NULL, la + ls + lb + 1);

	memcpy(p, a, la);
	memcpy(p + la, sep, ls);
	memcpy(p + la + ls, b, lb + 1);
	return p;
}

static struct ktap_test_result *push(struct ktap_test_result **v, size_t *n, size_t *cap)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		*v = xrealloc(*v, *cap * sizeof(**v));
	}
	return &(*v)[(*n)++];
}

/* ---- Unique names within a program: "#2", "#3"... -------------------- */

void ktap_names_clear(struct ktap_state *k)
{
	name_index_free(&k->names);
	free(k->name_count);
	k->name_count = NULL;
	k->nnames = 0;
}

/* NAME (owned by a result) taken in the program, its count 1. */
static void name_take(struct ktap_state *k, const char *name)
{
	k->name_count = xgrow(k->name_count, k->nnames, sizeof(*k->name_count));
	k->name_count[k->nnames] = 1;
	name_index_add(&k->names, name, k->nnames++);
}

/*
 * BASE (taken) as it is if no result of the program has that name, else
 * BASE#2, BASE#3... the first one free: a name printed again, or printed
 * as another's "#2", never merges with it.
 */
static char *unique_name(struct ktap_state *k, char *base)
{
	size_t i = name_index_find(&k->names, base);
	char *cand;

	if (i == NO_ITEM) {
		name_take(k, base);
		return base;
	}
	for (;;) {
		size_t len = strlen(base) + 16;

		cand = xrealloc(NULL, len);
		snprintf(cand, len, "%s#%u", base, ++k->name_count[i]);
		if (name_index_find(&k->names, cand) == NO_ITEM)
			break;
		free(cand);
	}
	name_take(k, cand);
	free(base);
	return cand;
}

/* ---- Results ----------------------------------------------------------- */

/* A result into tests, named PREFIX NAME (unique within the program if asked). Takes DIAG. */
void ktap_emit(struct ktap_state *k, const char *prefix, const char *name,
	       enum kmx_test_status st, const char *reason, char *diag, int unique)
{
	struct ktap_test_result *t;
	char *full = join(prefix, "", name);

	/* The record's fields are tab-separated, one line each. */
	for (char *p = full; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	t = push(&k->tests, &k->ntests, &k->cap);
	t->name = unique ? unique_name(k, full) : full;
	t->status = st;
	t->reason = xstrdup(reason);
	t->diag = diag ? diag : xstrdup("");
	t->key = xstrdup("");
	/* A selftest's result under its program (prefix "PROGRAM."): PROGRAM#N. */
	if (prefix[0]) {
		size_t len = strlen(prefix) + 24;

		free(t->key);
		t->key = xrealloc(NULL, len);
		snprintf(t->key, len, "%.*s#%u", (int)strlen(prefix) - 1, prefix, ++k->program_results);
	}
}

/* The held results from FROM on get "<parent>." before their names. */
void ktap_held_rename(struct ktap_state *k, size_t from, const char *parent)
{
	for (size_t i = from; i < k->nheld; i++) {
		char *n = join(parent, ".", k->held[i].name);

		free(k->held[i].name);
		k->held[i].name = n;
	}
}

/*
 * The held results from FROM on, named relative to level D: named further
 * up while their ancestors have names; at level 1 (the program's tests)
 * their names are whole and they become results.
 */
void ktap_lift(struct ktap_state *k, size_t d, size_t from)
{
	if (from >= k->nheld)
		return;
	for (; d > 1; d--) {
		if (!lv(k, d)->name)
			return;
		ktap_held_rename(k, from, lv(k, d)->name);
	}
	for (size_t i = from; i < k->nheld; i++) {
		struct ktap_test_result *t = &k->held[i];

		ktap_emit(k, k->prefix, t->name, t->status, t->reason, t->diag, 1);
		free(t->name);
		free(t->reason);
	}
	k->nheld = from;
	for (size_t e = 1; e <= KTAP_MAX_DEPTH; e++)
		if (lv(k, e)->held_from > from)
			lv(k, e)->held_from = from;
}

/* A result at level D >= 1, named as printed there. Takes DIAG. */
void ktap_add_at(struct ktap_state *k, size_t d, const char *name,
		 enum kmx_test_status st, const char *reason, char *diag)
{
	struct ktap_test_result *t;

	if (st == KMX_FAIL || st == KMX_ERROR)
		lv(k, d)->failed = 1;
	if (d == 1) {
		ktap_emit(k, k->prefix, name, st, reason, diag, 1);
		return;
	}
	t = push(&k->held, &k->nheld, &k->held_cap);
	t->name = xstrdup(name);
	t->status = st;
	t->reason = xstrdup(reason);
	t->diag = diag;
	ktap_lift(k, d, k->nheld - 1);
}

/* ---- Diagnostics ------------------------------------------------------- */

/* Past KTAP_DIAG_MAX, only the last line is kept (a bare "not ok" takes it as its reason). */
void ktap_diag_add(struct ktap_level *l, const char *text)
{
	size_t n = strlen(text);

	if (l->dropped || l->diag_len + n + 1 > KTAP_DIAG_MAX) {
		free(l->tail);
		l->tail = xstrdup(text);
		l->dropped++;
		return;
	}
	if (l->diag_len + n + 2 > l->diag_cap) {
		l->diag_cap = 2 * (l->diag_len + n + 2);
		l->diag = realloc(l->diag, l->diag_cap);
		if (!l->diag)
			abort();
	}
	if (l->diag_len)
		l->diag[l->diag_len++] = '\n';
	memcpy(l->diag + l->diag_len, text, n + 1);
	l->diag_len += n;
}

/* The level's waiting diagnostics (NULL if none), now the caller's. */
char *ktap_diag_take(struct ktap_level *l)
{
	char *d = l->diag;

	if (l->dropped) {
		char note[64], *t;

		snprintf(note, sizeof(note), "(%zu more lines, not kept)\n", l->dropped - 1);
		t = join(d ? d : "", d ? "\n" : "", note);
		free(d);
		d = join(t, "", l->tail);
		free(t);
	}
	free(l->tail);
	l->tail = NULL;
	l->dropped = 0;
	l->diag = NULL;
	l->diag_len = l->diag_cap = 0;
	return d;
}

/* A then B, either may be NULL; takes both. */
char *ktap_diag_join(char *a, char *b)
{
	char *j;

	if (!a || !*a) {
		free(a);
		return b;
	}
	if (!b || !*b) {
		free(b);
		return a;
	}
	j = join(a, "\n", b);
	free(a);
	free(b);
	return j;
}

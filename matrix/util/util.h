/* SPDX-License-Identifier: GPL-2.0 */
/* util.c: allocation that dies on failure, tab-separated lines, and the name index. */
#ifndef KMX_UTIL_H
#define KMX_UTIL_H

#include <stddef.h>
#include <stdio.h>

char *xstrdup(const char *s);
/* Frees *field and sets it to a copy of value. */
void xset(char **field, const char *value);
void *xrealloc(void *p, size_t n);
/* Room for item n of array p of n items of size each: doubled when full, so n appends cost O(n). */
void *xgrow(void *p, size_t n, size_t size);
/* DIR/NAME opened for reading: NULL when it is not there (or cannot be read). */
FILE *fopen_in(const char *dir, const char *name);
/* Splits a line at tabs in place (at most max fields); returns how many. */
int split_tabs(char *line, char **f, int max);
/*
 * A tab-separated file of the run's, read a line at a time: every loader
 * of one reads it the same way (a '#' line is a comment).
 */
#define TSV_MAX_FIELDS 8
struct tsv {
	FILE *in;
	char line[8192];
	char *f[TSV_MAX_FIELDS];
};
/* DIR/NAME opened as t: 0 when it is not there (or cannot be read). */
int tsv_open(struct tsv *t, const char *dir, const char *name);
/* The next line split into t->f (at most max fields); their count, or -1 at the end, where t is closed. */
int tsv_next(struct tsv *t, int max);

/*
 * Names (kept by pointer, not copied) to items: open addressing, never more
 * than half full, so that finding a name costs the same in a cell of
 * 100,000 results as in one of ten, and report stays linear in its input.
 */
struct name_index {
	struct name_slot {
		const char *name;
		size_t item;
	} *slot;
	size_t cap, n;
};
#define NO_ITEM ((size_t)-1)
/* Adds name as item unless it is there (the first of a name stays); returns the item it names. */
size_t name_index_add(struct name_index *x, const char *name, size_t item);
/* The item named name, or NO_ITEM. */
size_t name_index_find(const struct name_index *x, const char *name);
void name_index_free(struct name_index *x);

#endif

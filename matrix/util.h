/* SPDX-License-Identifier: GPL-2.0 */
/* util.c: allocation that dies on failure, and tab-separated lines. */
#ifndef KMX_UTIL_H
#define KMX_UTIL_H

#include <stddef.h>

char *xstrdup(const char *s);
void *xrealloc(void *p, size_t n);
/* Room for item n of array p of n items of size each: doubled when full, so n appends cost O(n). */
void *xgrow(void *p, size_t n, size_t size);
/* Splits a line at tabs in place (at most max fields); returns how many. */
int split_tabs(char *line, char **f, int max);

#endif

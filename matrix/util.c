// SPDX-License-Identifier: GPL-2.0
/*
 * What every host tool that loads files needs: allocation that dies on
 * failure (usage.h), and the split of a tab-separated line.
 */
#include <stdlib.h>
#include <string.h>

#include "usage.h"
#include "util.h"

char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

void *xgrow(void *p, size_t n, size_t size)
{
	/* The capacity is the power of two above n: it doubles as n reaches one. */
	if (n & (n - 1))
		return p;
	return xrealloc(p, (n ? 2 * n : 1) * size);
}

int split_tabs(char *line, char **f, int max)
{
	int n = 0;

	line[strcspn(line, "\r\n")] = 0;
	f[n++] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t') {
			*p = 0;
			f[n++] = p + 1;
		}
	return n;
}

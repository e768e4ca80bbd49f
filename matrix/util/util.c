// SPDX-License-Identifier: GPL-2.0
/*
 * What every host tool that loads files needs: allocation that dies on
 * failure (usage.h), the split of a tab-separated line, and the name index.
 */
#include <stdint.h>
#include <stdio.h>
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

void xset(char **field, const char *value)
{
	free(*field);
	*field = xstrdup(value);
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

FILE *fopen_in(const char *dir, const char *name)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return fopen(path, "r");
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

int tsv_open(struct tsv *t, const char *dir, const char *name)
{
	t->in = fopen_in(dir, name);
	return t->in != NULL;
}

int tsv_next(struct tsv *t, int max)
{
	if (max > TSV_MAX_FIELDS)
		max = TSV_MAX_FIELDS;
	while (t->in && fgets(t->line, sizeof(t->line), t->in))
		if (t->line[0] != '#')
			return split_tabs(t->line, t->f, max);
	if (t->in)
		fclose(t->in);
	t->in = NULL;
	return -1;
}

/* FNV-1a, its bits mixed (murmur3's finalizer): the index uses the low ones. */
static size_t name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

static struct name_slot *name_probe(const struct name_index *x, const char *name)
{
	size_t i = name_hash(name) & (x->cap - 1);

	while (x->slot[i].name && strcmp(x->slot[i].name, name))
		i = (i + 1) & (x->cap - 1);
	return &x->slot[i];
}

static void name_index_grow(struct name_index *x)
{
	struct name_index bigger = { .cap = x->cap ? 2 * x->cap : 16, .n = x->n };

	bigger.slot = calloc(bigger.cap, sizeof(*bigger.slot));
	if (!bigger.slot)
		die("out of memory");
	for (size_t i = 0; i < x->cap; i++)
		if (x->slot[i].name)
			*name_probe(&bigger, x->slot[i].name) = x->slot[i];
	free(x->slot);
	*x = bigger;
}

size_t name_index_add(struct name_index *x, const char *name, size_t item)
{
	struct name_slot *s;

	if (2 * (x->n + 1) > x->cap)
		name_index_grow(x);
	s = name_probe(x, name);
	if (!s->name) {
		s->name = name;
		s->item = item;
		x->n++;
	}
	return s->item;
}

size_t name_index_find(const struct name_index *x, const char *name)
{
	const struct name_slot *s;

	if (!x->cap)
		return NO_ITEM;
	s = name_probe(x, name);
	return s->name ? s->item : NO_ITEM;
}

void name_index_free(struct name_index *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}

// SPDX-License-Identifier: GPL-2.0
/*
 * coverage extract: the console's gcov records (KMX_GCOV lines) back into
 * .gcda files, one folder per profile, each file checked by its size and
 * sum before it is kept.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "coverage.h"
#include "usage.h"
#include "util.h"
#include "vocab.h"

/* mkdir -p of the folder that holds PATH. */
static void make_parents(const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(buf, 0755) && errno != EEXIST)
				die("mkdir %s: %s", buf, strerror(errno));
			*p = '/';
		}
}

struct gcda {
	char path[1024];
	long size;
	unsigned char *data;
	long len, cap;
	unsigned sum;
	int open, bad;
};

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void gcda_put(struct gcda *g, unsigned char byte)
{
	if (g->len == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 65536;
		g->data = xrealloc(g->data, g->cap);
	}
	g->data[g->len++] = byte;
	g->sum = (g->sum ^ byte) * 16777619u;
}

/* One `data` line's text; a byte that is not of the form damages the file. */
static void gcda_decode(struct gcda *g, const char *s)
{
	while (*s && !g->bad) {
		if (*s == 'z') {
			char *end;
			unsigned long run = strtoul(s + 1, &end, 16);

			if (*end != ';' || end == s + 1 || g->len + (long)run > g->size) {
				g->bad = 1;
				return;
			}
			while (run--)
				gcda_put(g, 0);
			s = end + 1;
		} else if (hexval(s[0]) >= 0 && hexval(s[1]) >= 0 && g->len < g->size) {
			gcda_put(g, hexval(s[0]) << 4 | hexval(s[1]));
			s += 2;
		} else {
			g->bad = 1;
		}
	}
}

/* A profile's name as a folder name: what a program name may hold. */
static void profile_name(char *dst, size_t cap, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < cap; i++)
		dst[i] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", s[i]) ? s[i] : '_';
	dst[i] = 0;
	if (!i || !strcmp(dst, ".") || !strcmp(dst, ".."))
		snprintf(dst, cap, "unnamed");
}

/* What extract knows while it reads a console. */
struct extract {
	struct gcda g;
	char profile[128], prefix[1100];
	size_t plen;
	unsigned kept, damaged, profiles;
	const char *outdir;
	FILE *list;		/* profiles.tsv */
};

/* The profile before, a line of profiles.tsv. */
static void end_profile(struct extract *x)
{
	if (x->profiles)
		fprintf(x->list, "%s\t%u\t%u\n", x->profile, x->kept, x->damaged);
}

/* "file PATH SIZE": a .gcda file begins. */
static void begin_file(struct extract *x, char *s)
{
	char *sp = strrchr(s, ' ');

	if (x->g.open)
		x->damaged++;	/* the last one never ended */
	x->g.open = sp != NULL;
	if (!sp)
		return;
	*sp = 0;
	snprintf(x->g.path, sizeof(x->g.path), "%s", s);
	x->g.size = atol(sp + 1);
	x->g.len = 0;
	x->g.sum = 2166136261u;
	x->g.bad = x->g.size <= 0;
}

/* "end SUM": the file whole, its sum right and its path under the build, is written. */
static void end_file(struct extract *x, const char *sum)
{
	char out[4200];
	FILE *f;

	x->g.open = 0;
	if (x->g.bad || x->g.len != x->g.size || strtoul(sum, NULL, 16) != x->g.sum ||
	    strncmp(x->g.path, x->prefix, x->plen) || strstr(x->g.path, "/../")) {
		x->damaged++;
		return;
	}
	snprintf(out, sizeof(out), "%s/%s/%s", x->outdir, x->profile, x->g.path + x->plen);
	make_parents(out);
	f = fopen(out, "w");
	if (!f || fwrite(x->g.data, 1, x->g.len, f) != (size_t)x->g.len || fclose(f))
		die("%s: %s", out, strerror(errno));
	x->kept++;
}

/* One coverage line of the console, without its KMX_GCOV. */
static void extract_line(struct extract *x, char *s)
{
	if (!strncmp(s, "profile ", 8)) {
		end_profile(x);
		profile_name(x->profile, sizeof(x->profile), s + 8);
		x->profiles++;
		x->kept = x->damaged = 0;
		x->g.open = 0;
	} else if (!strncmp(s, "file ", 5) && x->profiles) {
		begin_file(x, s + 5);
	} else if (!strncmp(s, "data ", 5) && x->g.open) {
		gcda_decode(&x->g, s + 5);
	} else if (!strncmp(s, "end ", 4) && x->g.open) {
		end_file(x, s + 4);
	} else if (!strncmp(s, "error ", 6)) {
		warning("the guest: %s", s + 6);
	}
}

int cmd_extract(int argc, char **argv)
{
	static struct extract x;
	char line[8192], out[4200];
	FILE *in;

	if (argc != 4)
		die("usage: coverage extract CONSOLE BUILD OUTDIR");
	in = fopen(argv[1], "r");
	if (!in)
		die("%s: %s", argv[1], strerror(errno));
	snprintf(x.prefix, sizeof(x.prefix), "/debug/gcov%s/", argv[2]);
	x.plen = strlen(x.prefix);
	x.outdir = argv[3];
	snprintf(out, sizeof(out), "%s/profiles.tsv", argv[3]);
	make_parents(out);
	x.list = fopen(out, "w");
	if (!x.list)
		die("%s: %s", out, strerror(errno));
	while (fgets(line, sizeof(line), in)) {
		char *s = line + strspn(line, "\r");

		s[strcspn(s, "\r\n")] = 0;
		if (!strncmp(s, KMX_GCOV, strlen(KMX_GCOV)))
			extract_line(&x, s + strlen(KMX_GCOV));
	}
	if (x.g.open)
		x.damaged++;
	end_profile(&x);
	fclose(in);
	if (fclose(x.list))
		die("%s/profiles.tsv: %s", argv[3], strerror(errno));
	free(x.g.data);
	if (!x.profiles)
		return error("%s holds no coverage data (a kernel with CONFIG_GCOV_KERNEL, booted with kmatrix_gcov=1?)",
			     argv[1]), 1;
	return 0;
}

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

int cmd_extract(int argc, char **argv)
{
	char line[8192], profile[128] = "", prefix[1100], out[4200];
	struct gcda g = { 0 };
	size_t plen;
	unsigned kept = 0, damaged = 0, profiles = 0;
	FILE *in, *list;

	if (argc != 4)
		die("usage: coverage extract CONSOLE BUILD OUTDIR");
	in = fopen(argv[1], "r");
	if (!in)
		die("%s: %s", argv[1], strerror(errno));
	snprintf(prefix, sizeof(prefix), "/debug/gcov%s/", argv[2]);
	plen = strlen(prefix);
	snprintf(out, sizeof(out), "%s/profiles.tsv", argv[3]);
	make_parents(out);
	list = fopen(out, "w");
	if (!list)
		die("%s: %s", out, strerror(errno));

#define END_PROFILE() do { if (profiles) fprintf(list, "%s\t%u\t%u\n", profile, kept, damaged); } while (0)
	while (fgets(line, sizeof(line), in)) {
		char *s = line + strspn(line, "\r");

		s[strcspn(s, "\r\n")] = 0;
		if (strncmp(s, KMX_GCOV, strlen(KMX_GCOV)))
			continue;
		s += strlen(KMX_GCOV);
		if (!strncmp(s, "profile ", 8)) {
			END_PROFILE();
			profile_name(profile, sizeof(profile), s + 8);
			profiles++;
			kept = damaged = 0;
			g.open = 0;
		} else if (!strncmp(s, "file ", 5) && profiles) {
			char *sp = strrchr(s + 5, ' ');

			if (g.open)
				damaged++;	/* the last one never ended */
			g.open = sp != NULL;
			if (!sp)
				continue;
			*sp = 0;
			snprintf(g.path, sizeof(g.path), "%s", s + 5);
			g.size = atol(sp + 1);
			g.len = 0;
			g.sum = 2166136261u;
			g.bad = g.size <= 0;
		} else if (!strncmp(s, "data ", 5) && g.open) {
			gcda_decode(&g, s + 5);
		} else if (!strncmp(s, "end ", 4) && g.open) {
			FILE *f;

			g.open = 0;
			if (g.bad || g.len != g.size || strtoul(s + 4, NULL, 16) != g.sum ||
			    strncmp(g.path, prefix, plen) || strstr(g.path, "/../")) {
				damaged++;
				continue;
			}
			snprintf(out, sizeof(out), "%s/%s/%s", argv[3], profile, g.path + plen);
			make_parents(out);
			f = fopen(out, "w");
			if (!f || fwrite(g.data, 1, g.len, f) != (size_t)g.len || fclose(f))
				die("%s: %s", out, strerror(errno));
			kept++;
		} else if (!strncmp(s, "error ", 6)) {
			warning("the guest: %s", s + 6);
		}
	}
	if (g.open)
		damaged++;
	END_PROFILE();
#undef END_PROFILE
	fclose(in);
	if (fclose(list))
		die("%s/profiles.tsv: %s", argv[3], strerror(errno));
	free(g.data);
	if (!profiles)
		return error("%s holds no coverage data (a kernel with CONFIG_GCOV_KERNEL, booted with kmatrix_gcov=1?)",
			     argv[1]), 1;
	return 0;
}

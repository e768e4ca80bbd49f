/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel command line asks of init (see init.c): its words, and
 * the list of kmatrix_only=, whose names that are no program become error
 * results of their own.
 */
#ifndef KMX_INIT_CMDLINE_H
#define KMX_INIT_CMDLINE_H

#include "ktap_writer.h"

/*
 * kmatrix_only=: the programs to run, comma-separated (empty: all); an
 * entry PROGRAM:TEST runs only that test of a program of ours (its -t).
 */
static char only[256];
static int only_found[16];
#define ONLY_MAX	(sizeof(only_found) / sizeof(only_found[0]))

/* The value of KEY on the kernel command line, up to a space or control character, or "". */
static void cmdline_word(const char *key, char *out, size_t size)
{
	char buf[1024];
	const char *p;
	size_t n = 0;

	out[0] = 0;
	if (k_read_file("/proc/cmdline", buf, sizeof(buf)) < 0 || !(p = k_strstr(buf, key)))
		return;
	for (p += k_strlen(key); (unsigned char)*p > ' ' && n + 1 < size; p++)
		out[n++] = *p;
	out[n] = 0;
}

/* The length of an entry's program, which ends at ':' (PROGRAM:TEST) or at the entry's end. */
static size_t only_prog_len(const char *entry)
{
	size_t n = 0;

	while (entry[n] && entry[n] != ',' && entry[n] != ':')
		n++;
	return n;
}

/* The index of the first entry of kmatrix_only's list for program name, or -1 (always -1 when no list). */
static int only_index(const char *name)
{
	size_t len = k_strlen(name);
	int i = 0;

	for (const char *p = only; *p; i++) {
		const char *end = p;

		while (*end && *end != ',')
			end++;
		if (only_prog_len(p) == len && !k_strncmp(p, name, len))
			return i;
		p = *end ? end + 1 : end;
	}
	return -1;
}

/*
 * The tests kmatrix_only= names of program name, as its command line
 * after argv[0]: "-t", TEST, ... (at most max words), copied into buf;
 * how many words.
 */
static int only_test_args(const char *name, char **argv, int max, char *buf, size_t size)
{
	size_t len = k_strlen(name), used = 0;
	int n = 0;

	for (const char *p = only; *p;) {
		const char *end = p, *test = p + only_prog_len(p);

		while (*end && *end != ',')
			end++;
		if (*test == ':' && (size_t)(test - p) == len && !k_strncmp(p, name, len) &&
		    n + 2 <= max && used + (end - test) <= size) {
			argv[n++] = "-t";
			argv[n++] = buf + used;
			memcpy(buf + used, test + 1, end - test - 1);
			used += end - test;
			buf[used - 1] = 0;
		}
		p = *end ? end + 1 : end;
	}
	return n;
}

/* A number the kernel command line gives, or dflt. */
static long cmdline_number(const char *key, long dflt)
{
	char word[32];

	cmdline_word(key, word, sizeof(word));
	return k_atol(word) > 0 ? k_atol(word) : dflt;
}

/* kmatrix_only= names that are no program (or past ONLY_MAX): each an error result. */
static unsigned only_missing(int report)
{
	char name[64];
	unsigned missing = 0;
	int i = 0;

	for (const char *p = only; *p; i++) {
		size_t n = 0;

		size_t prog = only_prog_len(p);

		for (; *p && *p != ','; p++)
			if (n + 1 < sizeof(name) && n < prog)
				name[n++] = *p;
		name[n] = 0;
		if (*p)
			p++;
		/* A name given twice is found, or missing, once. */
		if (n && only_index(name) == i && ((unsigned)i >= ONLY_MAX || !only_found[i])) {
			missing++;
			if (report)
				ktap_resultf(KMX_ERROR, name, "kmatrix_only=%s: no such program in /tests or /kselftests%s",
					     only, (unsigned)i >= ONLY_MAX ? " (or past the first 16 names)" : "");
		}
	}
	return missing;
}

#endif

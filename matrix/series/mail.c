// SPDX-License-Identifier: GPL-2.0
/*
 * What mail does to a series: an mbox split into its messages (by git's
 * own mailsplit, run with an argument vector), the cover letter told from
 * the patches (its subject the series' title), CRLF line ends undone.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "series.h"
#include "util.h"

/* A subject's [...] holds a word 0/N, 00/N or 000/N ([PATCH v2 00/16]). */
static int numbered_zero_of(const char *subject)
{
	const char *open = strchr(subject, '['), *close = open ? strchr(open, ']') : NULL;

	for (const char *c = open; c && c < close; c++) {
		const char *z = c + 1;

		if (*c != ' ' && *c != '[')
			continue;
		while (*z == '0')
			z++;
		if (z > c + 1 && *z == '/' && z[1] >= '1' && z[1] <= '9')
			return 1;
	}
	return 0;
}

/*
 * A cover letter: no diff, and a subject numbered 0 of N ([PATCH v2 0/16])
 * or format-patch's file name for it. Its subject is the title, unless it
 * is format-patch's placeholder.
 */
int take_cover_letter(struct series *s, const char *p)
{
	char subject[1024], raw[1024];
	const char *base = strrchr(p, '/') ? strrchr(p, '/') + 1 : p;
	FILE *in;
	int numbered_zero = 0;

	if (patch_has_diff(p))
		return 0;
	in = fopen(p, "r");
	while (in && fgets(raw, sizeof(raw), in))
		if (!strncmp(raw, "Subject:", 8)) {
			numbered_zero = numbered_zero_of(raw);
			break;
		}
	if (in)
		fclose(in);
	if (!numbered_zero && strcmp(base, "0000-cover-letter.patch"))
		return 0;
	patch_subject(p, subject, sizeof(subject));
	if (!s->title && subject[0] && !strstr(subject, "*** SUBJECT HERE ***")) {
		/* One field of a TSV line: no tab, no control character. */
		for (char *c = subject; *c; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				*c = ' ';
		s->title = xstrdup(subject);
	}
	return 1;
}

/* A copy of p without the \r of its CRLF line ends, when it has them. */
char *undo_crlf(const char *p, const char *workdir, size_t index)
{
	FILE *in = fopen(p, "rb"), *out;
	char dir[64], *folder, *copy, buf[65536];
	int has_cr = 0;
	size_t n;

	if (!in)
		return xstrdup(p);
	while (!has_cr && (n = fread(buf, 1, sizeof(buf), in)))
		has_cr = memmem(buf, n, "\r\n", 2) != NULL;
	if (!has_cr) {
		fclose(in);
		return xstrdup(p);
	}
	rewind(in);
	/* Its own name, in a folder of its own: what names the patch (a failed hunk, a point) stays its name. */
	snprintf(dir, sizeof(dir), "crlf-%04zu", index);
	folder = path_join(workdir, dir);
	mkdir(folder, 0700);
	copy = path_join(folder, base_name(p));
	free(folder);
	out = fopen(copy, "w");
	if (!out) {
		fclose(in);
		free(copy);
		return xstrdup(p);
	}
	for (int c, prev = EOF; (c = fgetc(in)) != EOF; prev = c) {
		if (prev == '\r' && c != '\n')
			fputc('\r', out);
		if (c != '\r')
			fputc(c, out);
	}
	fclose(in);
	fclose(out);
	return copy;
}

/* Runs argv (no shell), its output to /dev/null; 0 when it exited 0. */
static int run_quiet(char *const argv[])
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -1;
	if (!pid) {
		if (!freopen("/dev/null", "w", stdout))
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) && !WEXITSTATUS(st) ? 0 : -1;
}

/* The messages of an mbox, one file each in workdir/mbox, by git's mailsplit. */
int read_mbox(struct series *s, const char *workdir)
{
	char *dir = path_join(workdir, "mbox"), *opt;

	mkdir(workdir, 0700);
	mkdir(dir, 0700);
	opt = xrealloc(NULL, strlen(dir) + 3);
	sprintf(opt, "-o%s", dir);
	{
		char *argv[] = { "git", "mailsplit", opt, "--", (char *)s->path, NULL };

		if (run_quiet(argv)) {
			free(opt);
			free(dir);
			return series_fail("%s: not a readable mbox", s->path);
		}
	}
	add_patches_in(s, dir, "");
	free(opt);
	free(dir);
	return 0;
}

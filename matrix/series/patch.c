// SPDX-License-Identifier: GPL-2.0
/* One patch file: the paths it changes, its subject, whether it is one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series.h"
#include "util.h"

/* A line without its line end (\n, and a \r before it: a patch saved from a mail client). */
static char *chomp(char *line)
{
	size_t n = strlen(line);

	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	return line;
}

struct seen {
	char **file;
	size_t n;
	void (*fn)(const char *file, void *arg);
	void *arg;
};

/* path less its first component (patch -p1), unless /dev/null; each once. */
static void report_file(struct seen *s, const char *path, int strip)
{
	const char *f = path;

	if (!strcmp(path, "/dev/null"))
		return;
	if (strip) {
		const char *slash = strchr(path, '/');

		f = slash ? slash + 1 : path;
	}
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->file[i], f))
			return;
	s->file = xgrow(s->file, s->n, sizeof(*s->file));
	s->file[s->n++] = xstrdup(f);
	s->fn(f, s->arg);
}

/* "--- X<tab>date": X. */
static void cut_at_tab(char *s)
{
	char *tab = strchr(s, '\t');

	if (tab)
		*tab = '\0';
}

int patch_files(const char *patch, void (*fn)(const char *file, void *arg), void *arg)
{
	FILE *in = fopen(patch, "r");
	struct seen seen = { .fn = fn, .arg = arg };
	char line[8192], minus[8192] = "";

	if (!in)
		return series_fail("%s: cannot be read", patch);
	while (fgets(line, sizeof(line), in)) {
		chomp(line);
		if (!strncmp(line, "diff --git a/", 13)) {
			char *b = strstr(line + 13, " b/");

			if (b)
				*b = '\0';
			report_file(&seen, line + 13, 0);
			minus[0] = '\0';
		} else if (!strncmp(line, "--- ", 4)) {
			snprintf(minus, sizeof(minus), "%s", line + 4);
		} else if (!strncmp(line, "+++ ", 4) && minus[0]) {
			cut_at_tab(minus);
			cut_at_tab(line + 4);
			report_file(&seen, minus, 1);
			report_file(&seen, line + 4, 1);
			minus[0] = '\0';
		} else {
			minus[0] = '\0';
		}
	}
	fclose(in);
	for (size_t i = 0; i < seen.n; i++)
		free(seen.file[i]);
	free(seen.file);
	return 0;
}

static void count_file(const char *file, void *arg)
{
	(void)file;
	++*(int *)arg;
}

int patch_has_diff(const char *patch)
{
	int n = 0;

	return !patch_files(patch, count_file, &n) && n > 0;
}

/* The subject of the first Subject: header, as lib.sh's sed had it. */
void patch_subject(const char *patch, char *out, size_t size)
{
	FILE *in = fopen(patch, "r");
	char line[4096], next[4096];
	const char *s;

	out[0] = '\0';
	if (!in)
		return;
	while (fgets(line, sizeof(line), in)) {
		if (strncmp(line, "Subject: ", 9))
			continue;
		s = chomp(line) + 9;
		while (*s == ' ')
			s++;
		if (*s == '[' && strchr(s, ']')) {
			s = strchr(s, ']') + 1;
			while (*s == ' ')
				s++;
		}
		snprintf(out, size, "%s", s);
		/* A folded header: its next line begins with a blank. */
		if (fgets(next, sizeof(next), in) && (next[0] == ' ' || next[0] == '\t')) {
			size_t n = strlen(out);
			const char *rest = chomp(next);

			while (*rest == ' ' || *rest == '\t')
				rest++;
			snprintf(out + n, size - n, " %s", rest);
		}
		break;
	}
	fclose(in);
}

int file_is_binary(const char *path)
{
	FILE *in = fopen(path, "rb");
	unsigned char buf[8192];
	size_t n;

	if (!in)
		return 0;
	n = fread(buf, 1, sizeof(buf), in);
	fclose(in);
	if (n >= 2 && buf[0] == 0x1f && buf[1] == 0x8b)
		return 1;
	return memchr(buf, 0, n) != NULL;
}

const char *base_name(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

/* The subject, or the file name less .patch/.diff (a plain diff has none). */
void subject_or_name(const char *patch, char *out, size_t size)
{
	patch_subject(patch, out, size);
	if (!out[0]) {
		size_t n;

		snprintf(out, size, "%s", base_name(patch));
		n = strlen(out);
		if (n > 6 && !strcmp(out + n - 6, ".patch"))
			out[n - 6] = '\0';
		else if (n > 5 && !strcmp(out + n - 5, ".diff"))
			out[n - 5] = '\0';
	}
}

/*
 * NN-area-first-words: the patch number, the subsystem the subject names
 * (the last part of what is before its first ": ", unless that is just
 * "signal" or "exit") and the first words of the summary (three, or two
 * after an area): 10-sparc32-exit-with-a. Lower case, a run of any other
 * byte one '-', an apostrophe dropped.
 */
void slug(int n, const char *patch, char *out, size_t size)
{
	char subject[1024], text[2100], clean[2100];
	const char *colon, *summary;
	char area[1024] = "";
	size_t k = 0;
	int fields, dashes = 0;

	subject_or_name(patch, subject, sizeof(subject));
	summary = subject;
	colon = strstr(subject, ": ");
	if (colon) {
		char head[1024];
		const char *slash;

		snprintf(head, sizeof(head), "%.*s", (int)(colon - subject), subject);
		slash = strrchr(head, '/');
		snprintf(area, sizeof(area), "%s", slash ? slash + 1 : head);
		summary = colon + 2;
		if (!strcmp(area, "signal") || !strcmp(area, "exit"))
			area[0] = '\0';
	}
	fields = area[0] ? 4 : 3;
	snprintf(text, sizeof(text), "%s %s", area, summary);
	for (const char *p = text; *p; p++) {
		int c = (unsigned char)*p;

		if (c == '\'')
			continue;
		c = (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
			c = '-';
		if (c == '-' && (k == 0 || clean[k - 1] == '-'))
			continue;	/* no leading '-', a run of them one */
		if (c == '-' && ++dashes == fields)
			break;
		clean[k++] = (char)c;
	}
	if (k && clean[k - 1] == '-')
		k--;
	clean[k] = '\0';
	snprintf(out, size, "%02d-%s", n, clean);
}

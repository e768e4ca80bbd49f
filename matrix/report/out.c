// SPDX-License-Identifier: GPL-2.0
/* Atomic files and escaping for the views (see out.h). */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "out.h"
#include "usage.h"

/* The temporary file being written, removed by an exit or a signal before its rename. */
static char pending[4200];
static volatile sig_atomic_t have_pending;

static void remove_pending(void)
{
	if (have_pending)
		unlink(pending);
}

static void on_signal(int sig)
{
	remove_pending();	/* unlink() is async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void guard_pending(const char *tmp)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	static int installed;

	if (!installed) {
		installed = 1;
		atexit(remove_pending);
		for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			if (signal(sigs[i], on_signal) == SIG_IGN)
				signal(sigs[i], SIG_IGN);	/* nohup's choice stands */
	}
	have_pending = 0;
	snprintf(pending, sizeof(pending), "%s", tmp);
	have_pending = 1;
}

FILE *out_open(struct out *o, const char *dir, const char *name)
{
	snprintf(o->path, sizeof(o->path), "%s/%s", dir, name);
	snprintf(o->tmp, sizeof(o->tmp), "%s.tmp.%d", o->path, (int)getpid());
	guard_pending(o->tmp);	/* before it exists: a signal may come at once */
	o->f = fopen(o->tmp, "w");
	if (!o->f) {
		have_pending = 0;
		error("%s: %s", o->tmp, strerror(errno));
	}
	return o->f;
}

int out_commit(struct out *o)
{
	/* A full disk shows at fflush or fclose: the old file then stays as it was. */
	int bad = ferror(o->f) | fflush(o->f);
	int rc = 0;

	if (fclose(o->f) | bad) {
		error("%s: %s", o->path, strerror(errno ? errno : EIO));
		unlink(o->tmp);
		rc = -1;
	} else if (rename(o->tmp, o->path)) {
		error("%s: %s", o->path, strerror(errno));
		unlink(o->tmp);
		rc = -1;
	}
	have_pending = 0;
	return rc;
}

unsigned utf8_next(const char **sp)
{
	const unsigned char *s = (const unsigned char *)*sp;
	unsigned cp, min;
	int n;

	if (s[0] < 0x80) {
		*sp += 1;
		return s[0];
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 1, cp = s[0] & 0x1f, min = 0x80;
	else if ((s[0] & 0xf0) == 0xe0)
		n = 2, cp = s[0] & 0x0f, min = 0x800;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 3, cp = s[0] & 0x07, min = 0x10000;
	else
		goto bad;
	for (int i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80)	/* also the string's end */
			goto bad;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and beyond U+10FFFF are not UTF-8 either. */
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		goto bad;
	*sp += n + 1;
	return cp;
bad:
	*sp += 1;
	return 0xfffd;
}

static void utf8_put(FILE *f, unsigned cp)
{
	if (cp < 0x80) {
		putc(cp, f);
	} else if (cp < 0x800) {
		putc(0xc0 | cp >> 6, f);
		putc(0x80 | (cp & 0x3f), f);
	} else if (cp < 0x10000) {
		putc(0xe0 | cp >> 12, f);
		putc(0x80 | (cp >> 6 & 0x3f), f);
		putc(0x80 | (cp & 0x3f), f);
	} else {
		putc(0xf0 | cp >> 18, f);
		putc(0x80 | (cp >> 12 & 0x3f), f);
		putc(0x80 | (cp >> 6 & 0x3f), f);
		putc(0x80 | (cp & 0x3f), f);
	}
}

void json_str(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*s) {
		unsigned cp = utf8_next(&s);

		if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", cp);
		else if (cp == '\n')
			fputs("\\n", f);
		else if (is_control(cp))
			fprintf(f, "\\u%04x", cp);
		else
			utf8_put(f, cp);
	}
	fputc('"', f);
}

void markup_str(FILE *f, const char *s)
{
	while (*s) {
		unsigned cp = utf8_next(&s);

		if (cp == '<')
			fputs("&lt;", f);
		else if (cp == '>')
			fputs("&gt;", f);
		else if (cp == '&')
			fputs("&amp;", f);
		else if (cp == '"')
			fputs("&quot;", f);
		else if (is_control(cp) && cp != '\n' && cp != '\t')
			fputc(' ', f);
		else if (cp == 0xfffe || cp == 0xffff)	/* no XML 1.0 characters either */
			utf8_put(f, 0xfffd);
		else
			utf8_put(f, cp);
	}
}

/*
 * A run of backslashes before a character escaped for Markdown is doubled:
 * `\|` must not come out as `\\|`, an escaped backslash and a pipe that
 * ends the cell.
 */
static const char *md_backslashes(FILE *f, const char *s)
{
	size_t n = strspn(s, "\\");

	for (size_t i = 0; i < n; i++)
		fputs(s[n] == '|' || s[n] == '`' ? "\\\\" : "\\", f);
	return s + n;
}

/*
 * Markdown text with its backslashes, its pipes (a table's cells) and,
 * outside a code span, its backticks escaped; control characters as spaces.
 */
static void md_escaped(FILE *f, const char *s, int in_code)
{
	while (*s) {
		unsigned cp;

		if (*s == '\\') {
			s = md_backslashes(f, s);
			continue;
		}
		cp = utf8_next(&s);
		if (cp == '|' || (cp == '`' && !in_code))
			fprintf(f, "\\%c", cp);
		else if (is_control(cp))
			fputc(' ', f);
		else
			utf8_put(f, cp);
	}
}

void md_str(FILE *f, const char *s)
{
	md_escaped(f, s, 0);
}

/*
 * A code span cannot escape a backtick: its fence is one backtick longer
 * than the longest run inside, with a space inside it when the text begins
 * or ends with a backtick (or with spaces at both ends, which would be
 * taken off). In a table a pipe still needs its backslash.
 */
void md_code(FILE *f, const char *s)
{
	size_t longest = 0, len = strlen(s);
	int pad;

	for (const char *p = s; *p; p++) {
		size_t run = strspn(p, "`");

		if (run > longest)
			longest = run;
		p += run ? run - 1 : 0;
	}
	pad = len && (s[0] == '`' || s[len - 1] == '`' || (s[0] == ' ' && s[len - 1] == ' '));
	for (size_t i = 0; i <= longest; i++)
		fputc('`', f);
	if (pad)
		fputc(' ', f);
	md_escaped(f, s, 1);
	if (pad)
		fputc(' ', f);
	for (size_t i = 0; i <= longest; i++)
		fputc('`', f);
}

static void term_str(FILE *f, const char *s)
{
	while (*s) {
		unsigned cp = utf8_next(&s);

		if (is_control(cp))
			fprintf(f, "\\x%02x", cp);
		else
			utf8_put(f, cp);
	}
}

typedef void esc_fn(FILE *f, const char *s);

/* Characters, not bytes, of UTF-8 text. */
static size_t utf8_len(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* One %s: at most prec characters of s (never half of one), escaped, padded to width. */
static void put_str(FILE *f, esc_fn *esc, const char *s, int left, int width, int prec)
{
	char *cut = NULL, *buf = NULL;
	size_t len = 0, n;
	FILE *m;

	if (!s)
		s = "";
	if (prec >= 0) {
		const char *end = s;

		for (int i = 0; i < prec && *end; i++)
			utf8_next(&end);
		cut = strndup(s, end - s);
		if (!cut)
			die("out of memory");
		s = cut;
	}
	if (width <= 0) {
		esc(f, s);
		free(cut);
		return;
	}
	m = open_memstream(&buf, &len);
	if (!m)
		die("out of memory");
	esc(m, s);
	fclose(m);
	n = utf8_len(buf);
	for (; !left && n < (size_t)width; n++)
		fputc(' ', f);
	fwrite(buf, 1, len, f);
	for (; left && n < (size_t)width; n++)
		fputc(' ', f);
	free(buf);
	free(cut);
}

/*
 * printf for the views: %s through a format's escaping; %d, %u, %zu and %f
 * (with -, width and precision) as printf prints them, except that a
 * number that is none (nan, inf) is 0: no format can hold it.
 */
static void esc_vprintf(FILE *f, esc_fn *esc, const char *fmt, va_list ap)
{
	for (const char *p = fmt; *p; p++) {
		const char *start = p;
		int left = 0, width = -1, prec = -1;
		char spec[32];
		char *end;

		if (*p != '%') {
			fputc(*p, f);
			continue;
		}
		if (*++p == '%') {
			fputc('%', f);
			continue;
		}
		if (*p == '-')
			left = 1, p++;
		if (isdigit((unsigned char)*p))
			width = strtol(p, &end, 10), p = end;
		if (*p == '.')
			prec = strtol(p + 1, &end, 10), p = end;
		if (*p == 'z')
			p++;
		snprintf(spec, sizeof(spec), "%.*s", (int)(p - start + 1), start);
		if (*p == 's') {
			put_str(f, esc, va_arg(ap, const char *), left, width, prec);
		} else if (*p == 'u' && p[-1] == 'z') {
			fprintf(f, spec, va_arg(ap, size_t));
		} else if (*p == 'u') {
			fprintf(f, spec, va_arg(ap, unsigned));
		} else if (*p == 'd') {
			fprintf(f, spec, va_arg(ap, int));
		} else if (*p == 'f') {
			double v = va_arg(ap, double);

			fprintf(f, spec, isfinite(v) ? v : 0.0);
		} else {
			die("esc_vprintf: %%%c is not a format of the views", *p);
		}
	}
}

void markup_printf(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	esc_vprintf(f, markup_str, fmt, ap);
	va_end(ap);
}

void md_printf(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	esc_vprintf(f, md_str, fmt, ap);
	va_end(ap);
}

void put_list(FILE *f, esc_printf_fn *pr, const char *head, const char *item, const char *tail,
	      char *const *s, size_t n)
{
	if (!n)
		return;
	fputs(head, f);
	for (size_t i = 0; i < n; i++)
		pr(f, item, s[i]);
	fputs(tail, f);
}

void term_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	esc_vprintf(stdout, term_str, fmt, ap);
	va_end(ap);
}

// SPDX-License-Identifier: GPL-2.0
/* Atomic files and escaping for the views (see out.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "out.h"
#include "usage.h"

FILE *out_open(struct out *o, const char *dir, const char *name)
{
	snprintf(o->path, sizeof(o->path), "%s/%s", dir, name);
	snprintf(o->tmp, sizeof(o->tmp), "%s.tmp.%d", o->path, (int)getpid());
	o->f = fopen(o->tmp, "w");
	if (!o->f)
		error("%s: %s", o->tmp, strerror(errno));
	return o->f;
}

int out_commit(struct out *o)
{
	/* A full disk shows at fflush or fclose: the old file then stays as it was. */
	int bad = ferror(o->f) | fflush(o->f);

	if (fclose(o->f) | bad) {
		error("%s: %s", o->path, strerror(errno ? errno : EIO));
		unlink(o->tmp);
		return -1;
	}
	if (rename(o->tmp, o->path)) {
		error("%s: %s", o->path, strerror(errno));
		unlink(o->tmp);
		return -1;
	}
	return 0;
}

void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = *s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

void markup_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = *s;

		if (ch == '<')
			fputs("&lt;", f);
		else if (ch == '>')
			fputs("&gt;", f);
		else if (ch == '&')
			fputs("&amp;", f);
		else if (ch == '"')
			fputs("&quot;", f);
		else if (ch < 0x20 && ch != '\n' && ch != '\t')
			fputc(' ', f);
		else
			fputc(ch, f);
	}
}

void markup_printf(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			fputc(*p, f);
			continue;
		}
		p++;
		if (*p == 's')
			markup_str(f, va_arg(ap, const char *));
		else if (*p == 'u')
			fprintf(f, "%u", va_arg(ap, unsigned));
		else if (*p == 'z' && p[1] == 'u')
			fprintf(f, "%zu", va_arg(ap, size_t)), p++;
		else if (!strncmp(p, ".1f", 3))
			fprintf(f, "%.1f", va_arg(ap, double)), p += 2;
		else
			fputc(*p, f);	/* %% */
	}
	va_end(ap);
}

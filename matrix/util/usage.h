/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One funnel for the host tools' messages, after git's usage.c: error()
 * prints and returns -1, so callers write `return error(...)`; die() exits.
 */
#ifndef KMX_USAGE_H
#define KMX_USAGE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

extern const char *progname;

static inline void kmx_vreport(const char *prefix, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", progname, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static inline __attribute__((format(printf, 1, 2))) int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kmx_vreport("error: ", fmt, ap);
	va_end(ap);
	return -1;
}

static inline __attribute__((format(printf, 1, 2))) void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kmx_vreport("warning: ", fmt, ap);
	va_end(ap);
}

static inline __attribute__((format(printf, 1, 2), noreturn)) void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kmx_vreport("fatal: ", fmt, ap);
	va_end(ap);
	exit(128);
}

#endif

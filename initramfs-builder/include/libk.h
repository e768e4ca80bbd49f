/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The little libc the guest programs need: the string functions GCC may
 * call even in freestanding code, formatted output to a file descriptor,
 * and _start_c, which turns the initial stack into main(argc, argv, envp).
 */
#ifndef KMX_LIBK_H
#define KMX_LIBK_H

#include <stdarg.h>
#include "sys.h"

/* Real symbols (weak, one per program), because GCC emits calls to them. */
__attribute__((weak)) void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n--)
		*d++ = c;
	return dst;
}

__attribute__((weak)) void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

__attribute__((weak)) void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d < s)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}

__attribute__((weak)) int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

static size_t k_strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static int k_strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

static int k_strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			break;
	}
	return 0;
}

static char *k_strstr(const char *hay, const char *needle)
{
	size_t n = k_strlen(needle);

	for (; *hay; hay++)
		if (!k_strncmp(hay, needle, n))
			return (char *)hay;
	return NULL;
}

static long k_atol(const char *s)
{
	long v = 0;

	while (*s >= '0' && *s <= '9')
		v = v * 10 + (*s++ - '0');
	return v;
}

/*
 * A small vsnprintf: %s %d %ld %u %lu %x %lx %p %c %%. Unsigned longs only,
 * so 32-bit arches need no 64-bit division from libgcc.
 */
static int k_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	size_t n = 0;

#define PUT(c) do { if (n + 1 < size) buf[n] = (c); n++; } while (0)
	for (; *fmt; fmt++) {
		char tmp[24];
		int len = 0, is_long = 0, neg = 0;
		unsigned long u;
		unsigned base = 10;
		const char *s;

		if (*fmt != '%') {
			PUT(*fmt);
			continue;
		}
		fmt++;
		if (*fmt == 'l') {
			is_long = 1;
			fmt++;
		}
		switch (*fmt) {
		case 's':
			for (s = va_arg(ap, const char *), s = s ? s : "(null)"; *s; s++)
				PUT(*s);
			continue;
		case 'c':
			PUT((char)va_arg(ap, int));
			continue;
		case '%':
			PUT('%');
			continue;
		case 'd': {
			long v = is_long ? va_arg(ap, long) : va_arg(ap, int);

			neg = v < 0;
			u = neg ? -(unsigned long)v : (unsigned long)v;
			break;
		}
		case 'p':
			PUT('0');
			PUT('x');
			u = (unsigned long)va_arg(ap, void *);
			base = 16;
			break;
		case 'x':
			base = 16;
			/* fall through */
		case 'u':
			u = is_long ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			break;
		default:
			PUT('%');
			PUT(*fmt);
			continue;
		}
		do {
			tmp[len++] = "0123456789abcdef"[u % base];
			u /= base;
		} while (u);
		if (neg)
			PUT('-');
		while (len)
			PUT(tmp[--len]);
	}
#undef PUT
	if (size)
		buf[n < size ? n : size - 1] = 0;
	return n;
}

static int k_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = k_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* One write per call, so lines from different processes do not interleave. */
static int k_dprintf(int fd, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = k_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	return sys_write(fd, buf, n);
}

#define k_printf(...) k_dprintf(1, __VA_ARGS__)

int main(int argc, char **argv, char **envp);

/* Called from the arch's _start with the initial stack pointer. */
__attribute__((used, noreturn)) void _start_c(long *sp)
{
	int argc = sp[0];
	char **argv = (char **)(sp + 1);

	sys_exit_group(main(argc, argv, argv + argc + 1));
}

#endif

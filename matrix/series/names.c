// SPDX-License-Identifier: GPL-2.0
/*
 * The names a series gives: its own (a tag prefix, a results folder, a make
 * word) and its named points (tags, cell folders, make goals). One strict
 * pattern, checked here once, so that no later step has to quote them:
 * a letter or digit first, then letters, digits and . _ + -, and none of
 * the forms git refuses in a ref (`..`, a trailing `.` or `.lock`).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "series.h"

#define NAME_MAX_LEN 100

static int name_char(int c)
{
	return isalnum(c) || c == '.' || c == '_' || c == '+' || c == '-';
}

static int bad_char(const char *kind, const char *value, unsigned char c)
{
	if (isprint(c))
		return series_fail("%s '%s': the character '%c' is not allowed "
				   "(a letter or digit first, then letters, digits and . _ + -)",
				   kind, value, c);
	return series_fail("%s: the byte 0x%02x is not allowed "
			   "(a letter or digit first, then letters, digits and . _ + -)", kind, c);
}

int check_name(const char *kind, const char *value)
{
	size_t n = strlen(value);

	if (!n)
		return series_fail("%s is empty", kind);
	if (n > NAME_MAX_LEN)
		return series_fail("%s '%.40s...': longer than %d characters", kind, value, NAME_MAX_LEN);
	if (!isalnum((unsigned char)value[0]))
		return bad_char(kind, value, (unsigned char)value[0]);
	for (const char *p = value; *p; p++)
		if (!name_char((unsigned char)*p))
			return bad_char(kind, value, (unsigned char)*p);
	if (strstr(value, ".."))
		return series_fail("%s '%s': '..' is not allowed (git refuses it in a tag)", kind, value);
	if (value[n - 1] == '.' || (n >= 5 && !strcmp(value + n - 5, ".lock")))
		return series_fail("%s '%s': a trailing '.' or '.lock' is not allowed (git refuses it in a tag)",
				   kind, value);
	return 0;
}

int check_point_name(const char *value)
{
	if (check_name("point name", value))
		return -1;
	if (!isalpha((unsigned char)value[0]))
		return series_fail("point name '%s': a named point begins with a letter "
				   "(a number is a patch's point)", value);
	if (!strcmp(value, "base") || !strcmp(value, "pristine"))
		return series_fail("point name '%s': base and pristine are kmatrix's own points", value);
	return 0;
}

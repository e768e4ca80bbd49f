// SPDX-License-Identifier: GPL-2.0
/*
 * A series' named points: its `points` file, `NAME PATCH-NUMBER` a line
 * (`#` comments). Each name becomes a tag, a cell's folder and a make goal,
 * so it is checked here, with the file and line of a bad one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series.h"
#include "util.h"

static int parse_number(const char *s, int *out)
{
	long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000)
			return -1;
		v = v * 10 + (*s - '0');
	}
	*out = (int)v;
	return 0;
}

static int point_line(struct series *s, const char *file, int nr, char *line)
{
	char *save, *name, *num, *extra;
	int n;

	name = strtok_r(line, " \t\r\n", &save);
	if (!name)
		return 0;
	num = strtok_r(NULL, " \t\r\n", &save);
	extra = strtok_r(NULL, " \t\r\n", &save);
	if (!num || extra)
		return series_fail("%s:%d: a line is NAME PATCH-NUMBER", file, nr);
	if (check_point_name(name)) {
		char why[sizeof(series_why)];

		snprintf(why, sizeof(why), "%s", series_why);
		return series_fail("%s:%d: %.900s", file, nr, why);
	}
	if (parse_number(num, &n) || n < 1 || (size_t)n > s->npatches)
		return series_fail("%s:%d: %s names patch '%s'; the series has patches 1 to %zu",
				   file, nr, name, num, s->npatches);
	for (size_t i = 0; i < s->npoints; i++)
		if (!strcmp(s->point[i].name, name))
			return series_fail("%s:%d: %s is named already, on line %d",
					   file, nr, name, s->point[i].line);
	s->point = xgrow(s->point, s->npoints, sizeof(*s->point));
	s->point[s->npoints++] = (struct point){ xstrdup(name), n, nr };
	return 0;
}

int series_read_points(struct series *s)
{
	const char *file = getenv("SERIES_POINTS");
	char line[4096];
	FILE *in;
	int nr = 0;

	if (!file || !*file)
		file = s->points_file;
	if (!file || !(in = fopen(file, "r")))
		return 0;	/* no points file: no named point */
	while (fgets(line, sizeof(line), in)) {
		char *hash = strchr(line, '#');

		nr++;
		if (hash)
			*hash = '\0';
		if (point_line(s, file, nr, line)) {
			fclose(in);
			return -1;
		}
	}
	fclose(in);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * report's commands on one cell, as a person or a script asks them (cell,
 * reproduced, query): each judges the cell as its run does
 * (cell_load_judged(), cell_done.c).
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "out.h"
#include "report.h"
#include "usage.h"

int cmd_cell(int argc, char **argv, const struct expectations *x)
{
	struct known_breaks kb;
	struct mutants ms;
	struct cell c;

	if (argc != 1)
		return usage();
	cell_load_judged(argv[0], x, &c, &kb, &ms);
	print_cell_line(&c);
	return cell_ok(&c) ? 0 : 1;
}

int cmd_reproduced(int argc, char **argv, const struct expectations *x)
{
	struct known_breaks kb[2];
	struct mutants ms[2];
	struct cell was, now;

	if (argc != 2)
		return usage();
	cell_load_judged(argv[0], x, &was, &kb[0], &ms[0]);
	cell_load_judged(argv[1], x, &now, &kb[1], &ms[1]);
	return print_reproduced(&was, &now);
}

/* The fields after KEY of CELL_DIR's record's first KEY line (all, for tests: NAME STATUS). */
static int query_record(const char *cell_dir, const char *key)
{
	int tests = !strcmp(key, "tests");
	struct tsv t;
	int n, found = 0;

	if (!tsv_open(&t, cell_dir, "cell.tsv"))
		return error("%s: no cell.tsv", cell_dir), 1;
	while ((n = tsv_next(&t, TSV_MAX_FIELDS)) >= 0) {
		if (strcmp(t.f[0], tests ? "test" : key))
			continue;
		found = 1;
		for (int i = 1; i < (tests ? 3 : n) && i < n; i++)
			printf("%s%s", i > 1 ? "\t" : "", t.f[i]);
		printf("\n");
		if (!tests) {
			while (tsv_next(&t, 1) >= 0)
				;	/* the reader closes at the end */
			break;
		}
	}
	return found || tests ? 0 : 1;
}

int cmd_query(int argc, char **argv, const struct expectations *x)
{
	struct known_breaks kb;
	struct mutants ms;
	const struct test *t;
	struct cell c;

	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "probe")) {
		cell_load_judged(argv[0], x, &c, &kb, &ms);
		if (c.build != KMX_BUILD_OK)
			printf("build-%s\n", c.build == NO_BUILD ? "missing" : build_name(c.build));
		else if (c.boot != KMX_BOOT_OK)
			printf("boot-%s\n", c.boot == NO_BOOT ? "missing" : boot_name(c.boot));
		else
			printf("%s\n", (t = cell_find_test(&c, argv[2])) || (argc == 4 && (t = cell_find_key(&c, argv[3]))) ?
			       status_name(t->status) : "missing");
		return 0;
	}
	if (argc == 2 && (!strcmp(argv[1], "build") || !strcmp(argv[1], "boot") ||
			  !strcmp(argv[1], "qemu") || !strcmp(argv[1], "tests")))
		return query_record(argv[0], argv[1]);
	return usage();
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What report's files share: report.c has the command line and the
 * commands on whole runs, report_cell.c those on one cell.
 */
#ifndef KMX_REPORT_H
#define KMX_REPORT_H

#include "run.h"

/* The usage, on stderr; returns 2. */
int usage(void);
/* DIR, if it is a run; else says so and exits 2. */
const char *need_run(const char *dir);

int cmd_cell(int argc, char **argv, const struct expectations *x);
int cmd_reproduced(int argc, char **argv, const struct expectations *x);
int cmd_query(int argc, char **argv, const struct expectations *x);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * A cell's boot step: the build's line and the boot's inputs, the boot
 * and its record, a second boot when the model wants one, and `again`
 * (a cell booted once more, alone, at its run's end).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bootrun.h"
#include "out.h"
#include "run.h"
#include "usage.h"
#include "cellrun.h"

/* The build's line from the cell's record (again): its `build` fields. */
static void build_from_record(struct cellrun *c)
{
	struct tsv t;
	int n;

	c->build[0] = 0;
	if (!tsv_open(&t, c->dir, "cell.tsv"))
		die("%s: no cell record to boot again", c->dir);
	while ((n = tsv_next(&t, TSV_MAX_FIELDS)) >= 0) {
		size_t used = 0;

		if (strcmp(t.f[0], "build") || c->build[0])
			continue;
		for (int i = 1; i < n; i++)
			used += snprintf(c->build + used, used < sizeof(c->build) ? sizeof(c->build) - used : 0,
					 "%s%s", i > 1 ? "\t" : "", t.f[i]);
	}
	if (!c->build[0])
		die("%s: no build line in its cell record to boot again", c->dir);
}

/* The build's line as the build step left it (build.tsv, then gone), and the attempts of a boot before. */
static void build_from_step(struct cellrun *c)
{
	char path[4200];
	FILE *f;

	path_of(c, path, sizeof(path), "build.tsv");
	c->build[0] = 0;
	if ((f = fopen(path, "r"))) {
		if (fgets(c->build, sizeof(c->build), f))
			c->build[strcspn(c->build, "\n")] = 0;
		fclose(f);
	}
	if (!c->build[0])
		snprintf(c->build, sizeof(c->build), "%s\t0\tthe cell's build step left no outcome (%s)",
			 kmx_build_outcome_name[KMX_BUILD_ERROR], path);
	unlink(path);
	path_of(c, path, sizeof(path), "attempt1");
	remove_tree(path);
	path_of(c, path, sizeof(path), "attempt2");
	remove_tree(path);
}

/* What the boot needs (cell.in); a built cell without it could not be built. */
static void read_inputs(struct cellrun *c)
{
	char path[4200], why[4400];

	path_of(c, path, sizeof(path), "cell.in");
	c->have_inputs = exists(path) && !cell_inputs_read(path, &c->in, why, sizeof(why));
	if (c->have_inputs || !build_is(c, KMX_BUILD_OK))
		return;
	if (!exists(path))
		snprintf(why, sizeof(why), "the cell's build step left no boot inputs (%s)", path);
	snprintf(c->build, sizeof(c->build), "%s\t0\t%.300s", kmx_build_outcome_name[KMX_BUILD_ERROR], why);
}

/* One boot, whose record is cell.tsv whatever happens. */
static void boot_once(const struct cellrun *c, const char *alone)
{
	char out[4200], log[4200];
	struct boot_opts o = {
		.log_path = log, .out_path = out, .marker = KMX_END_MARKER, .prefix = c->prefix,
		.unbuilt = c->in.unbuilt && *c->in.unbuilt ? c->in.unbuilt : NULL,
		.qemu_pkg = c->in.qemu_pkg && *c->in.qemu_pkg ? c->in.qemu_pkg : NULL,
		.timeout = c->in.boot_timeout, .silence = c->in.boot_silence, .max_wait = c->in.max_wait / 100,
		.head = { c->arch, c->point, c->build, alone }, .qemu = c->in.qemu,
	};

	path_of(c, out, sizeof(out), "cell.tsv");
	path_of(c, log, sizeof(log), "console.log");
	say(c, "booting (console: %s)", log);
	/* Stopped before QEMU started: the machine's (a person's) doing, not the kernel's. */
	if (boot_stop_signal)
		boot_record_only(out, &o.head, KMX_BOOT_INTERRUPTED, "stopped by a signal before the boot");
	else
		boot_run(&o);
	if (!exists(out))
		boot_record_only(out, &o.head, KMX_BOOT_ERROR, "the boot left no record");
}

/* The cell's verdict in one line, as its run judges it. */
static void verdict(const struct cellrun *c, char *out, size_t size)
{
	struct known_breaks kb;
	struct mutants ms;
	struct cell cell;

	cell_load_judged(c->dir, &c->x, &cell, &kb, &ms);
	cell_headline(&cell, out, size);
	for (char *p = out; *p; p++)
		if (*p == '\t' || *p == '\n')
			*p = ' ';
}

/* The boot before, kept: as attempt1/, or beside it as attempt2/. */
static void keep_attempt(const struct cellrun *c)
{
	char aside[4200], from[4200], to[4400];

	path_of(c, aside, sizeof(aside), "attempt1");
	if (exists(aside))
		path_of(c, aside, sizeof(aside), "attempt2");
	remove_tree(aside);
	mkdir(aside, 0777);
	for (const char *const *f = (const char *const[]){ "cell.tsv", "console.log", NULL }; *f; f++) {
		path_of(c, from, sizeof(from), *f);
		snprintf(to, sizeof(to), "%s/%s", aside, *f);
		rename(from, to);
	}
}

/* The boot step: the record, and a second boot when the model wants one. */
void step_boot(struct cellrun *c)
{
	static char v[8192];

	if (!strcmp(c->step, "again")) {
		build_from_record(c);
		read_inputs(c);
		if (!c->have_inputs)
			die("%s: no cell.in to boot it again with (its build step writes it)", c->dir);
		verdict(c, v, sizeof(v));
		v[ONE_LINE_MAX] = 0;	/* the record's `alone` reason */
		term_printf("%sbooting again, alone: %s\n", c->prefix, v);
		keep_attempt(c);
		boot_once(c, v);
		return;
	}
	build_from_step(c);
	read_inputs(c);
	if (build_is(c, KMX_BUILD_OK))
		boot_once(c, NULL);
	else {
		char out[4200];
		struct cell_head h = { c->arch, c->point, c->build, NULL };

		path_of(c, out, sizeof(out), "cell.tsv");
		boot_record_only(out, &h, KMX_BOOT_NOT_RUN, build_is(c, KMX_BUILD_ERROR) ?
				 "the cell could not be built" : "the build failed");
	}
	if (boot_stop_signal || c->retries <= 0 || !cell_retry_wanted(c->dir, c->in_matrix, &c->x))
		return;
	verdict(c, v, sizeof(v));
	term_printf("%sbooting again: %s\n", c->prefix, v);
	fflush(stdout);
	keep_attempt(c);
	boot_once(c, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * bootrun's view of the host's load (bootrun.h): what QEMU's threads ran
 * and waited for a CPU, and whether a time limit that ran out was the
 * host's doing rather than the kernel's.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootrun.h"

/*
 * The time QEMU's threads ran, and waited runnable for a CPU, as the host's
 * scheduler counts them (/proc/PID/task/TID/schedstat: ns on the CPU, ns
 * on a run queue). TCG's guest clock follows the host's, so a guest that a
 * busy host holds back sees its time limits run out as if it had hung: the
 * wait says how much of a limit the host took.
 */
static struct qemu_thread {
	long tid;
	double ran, waited;
	/*
	 * The scheduler adds a wait to the count when it ends: a thread held
	 * off the CPU right now has none of its current wait counted (seen: a
	 * starved stand-in counted 1.3 s of a 5 s boot). So between two
	 * samples that both find it runnable, the time it neither ran nor
	 * had counted as waiting is taken as waiting (`pending`), until the
	 * count catches up.
	 */
	double sampled_at, pending;
	int runnable;
} threads[MAX_THREADS];
static unsigned nthreads;

/* The seconds the most waiting thread waited from `from` to `to`. */
double waited_since(const struct cpu_time *from, const struct cpu_time *to)
{
	double most = 0;

	for (unsigned i = 0; i < to->n; i++) {
		double w = to->thread_waited[i] - (i < from->n ? from->thread_waited[i] : 0);

		if (w > most)
			most = w;
	}
	return most;
}

/* Whether the thread is runnable (state R in /proc/PID/task/TID/stat). */
static int is_runnable(const char *task_dir, long tid)
{
	char path[128], buf[512], *paren;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%ld/stat", task_dir, tid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	paren = strrchr(buf, ')');	/* the name may hold spaces and parentheses */
	return paren && paren[1] == ' ' && paren[2] == 'R';
}

static void thread_sample(struct qemu_thread *th, double ran, double waited, int runnable, double t_now)
{
	if (th->sampled_at >= 0) {
		double counted = (ran - th->ran) + (waited - th->waited);
		double unaccounted = t_now - th->sampled_at - counted;

		/* The count caught up with a wait already taken as pending. */
		th->pending -= waited - th->waited;
		if (th->pending < 0)
			th->pending = 0;
		if (runnable && th->runnable && unaccounted > 0)
			th->pending += unaccounted;
	}
	th->ran = ran;
	th->waited = waited;
	th->runnable = runnable;
	th->sampled_at = t_now;
}

/* Reads every live thread of pid; a thread that ended keeps its last figures. */
struct cpu_time qemu_cpu_time(pid_t pid)
{
	double t_now = now();
	struct cpu_time t = { 0 };
	char path[64];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		char stat_path[128];
		unsigned long long ran, waited;
		long tid = atol(e->d_name);
		unsigned i;
		FILE *f;

		if (tid <= 0)
			continue;
		snprintf(stat_path, sizeof(stat_path), "%s/%ld/schedstat", path, tid);
		f = fopen(stat_path, "r");
		if (!f)
			continue;
		if (fscanf(f, "%llu %llu", &ran, &waited) == 2) {
			for (i = 0; i < nthreads && threads[i].tid != tid; i++)
				;
			if (i == nthreads && nthreads < MAX_THREADS) {
				threads[nthreads].tid = tid;
				threads[nthreads++].sampled_at = -1;
			}
			if (i < nthreads)
				thread_sample(&threads[i], ran / 1e9, waited / 1e9, is_runnable(path, tid), t_now);
		}
		fclose(f);
	}
	if (d)
		closedir(d);
	for (unsigned i = 0; i < nthreads; i++) {
		t.ran += threads[i].ran;
		t.waited += threads[i].waited + threads[i].pending;
		t.thread_waited[i] = threads[i].waited + threads[i].pending;
	}
	t.n = nthreads;
	return t;
}

void overload_note(struct overload *o, double waited, double wall, double max_wait,
		   const char *what)
{
	double share = wall > 0 ? waited / wall : 0;

	/* A limit of seconds cannot have run out in less than one: such a
	 * window (a program that reports its own TIMEOUT at once) says
	 * nothing of the host. */
	if (wall < 1.0 || share <= max_wait || share <= o->share)
		return;
	o->share = share;
	snprintf(o->what, sizeof(o->what),
		 KMX_HOST_OVERLOADED "QEMU waited for a CPU %.1f s of the %.1f s in which %s (over %.0f%%)",
		 waited, wall, what, max_wait * 100);
}

/*
 * Whether a result the reader took since index `from` ran out of time: a
 * TIMEOUT of init or of our harness (ktap_harness.h), or a test that the
 * kernel's kselftest_harness.h ended ("Test terminated by timeout").
 */
int timed_out_since(const struct ktap_state *k, size_t from)
{
	for (size_t i = from; i < k->ntests; i++) {
		const struct ktap_test_result *t = &k->tests[i];

		if (t->status != KMX_FAIL && t->status != KMX_ERROR)
			continue;
		if (ktap_timed_out(t->reason, t->diag))
			return 1;
	}
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tracer reads of the tracee from /proc (its second thread, and
 * whether that lives on) and from /tmp (its core), rather than from timing.
 */
#ifndef KMX_HARNESS_PROC_H
#define KMX_HARNESS_PROC_H

#include "tracee.h"

/*
 * The tracee's second thread by its tid in the tracer's PID namespace, or
 * 0 when it is gone. The tracee stores the tid clone() gave it, which is
 * in the tracee's namespace; when that is not the tracer's (the tracee's
 * own pid, stored too, is not the one the tracer knows), the tracer finds
 * the thread once in /proc/<pid>/task/, by the last number of its NSpid.
 */
static int harness_thread(kmx_pid_t pid)
{
	char path[64], buf[2048], status[1024];
	int fd, found = 0;
	long n;

	if (!harness->thread_tid || harness->tracee_self == pid)
		return harness->thread_tid;
	k_snprintf(path, sizeof(path), "/proc/%d/task", pid);
	fd = sys_open(path, O_RDONLY | O_DIRECTORY, 0);
	while (fd >= 0 && !found && (n = sys_getdents64(fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n && !found;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			char *p, *last = NULL;

			off += d->reclen;
			k_snprintf(path, sizeof(path), "/proc/%d/task/%s/status", pid, d->name);
			if (d->name[0] < '1' || d->name[0] > '9' || k_read_file(path, status, sizeof(status)) <= 0 ||
			    !(p = k_strstr(status, "NSpid:")))
				continue;
			for (; *p && *p != '\n'; p++)
				if (*p == '\t')
					last = p + 1;
			if (last && k_atol(last) == harness->thread_tid)
				found = k_atol(d->name);
		}
	if (fd >= 0)
		sys_close(fd);
	harness->thread_tid = found;	/* not found: it has exited, for good */
	harness->tracee_self = pid;	/* in the tracer's terms from now on */
	return found;
}

/* Does /tmp hold a core of pid (core_pattern: /tmp/core.<comm>.<pid in the initial namespace>)? */
static int harness_core_exists(kmx_pid_t pid)
{
	char buf[2048], suffix[24];
	int fd = sys_open("/tmp", O_RDONLY | O_DIRECTORY, 0), found = 0;
	long n;

	if (fd < 0)
		return 0;
	k_snprintf(suffix, sizeof(suffix), ".%d", pid);
	while (!found && (n = sys_getdents64(fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			size_t l = k_strlen(d->name), sl = k_strlen(suffix);

			if (!k_strncmp(d->name, "core.", 5) && l > sl && !k_strcmp(d->name + l - sl, suffix))
				found = 1;
			off += d->reclen;
		}
	sys_close(fd);
	return found;
}

/*
 * Whether the tracee's second thread lives on by itself: present, not a
 * zombie, and no SIGKILL pending (a group exit sends every other thread
 * one before the dying thread reaches its exit). Read from /proc, so the
 * answer does not depend on how long anything takes.
 */
static int harness_thread_lives_on(kmx_pid_t pid, int tid)
{
	char path[64], buf[1024], *p;

	k_snprintf(path, sizeof(path), "/proc/%d/task/%d/status", pid, tid);
	if (!tid || k_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	p = k_strstr(buf, "State:\t");
	if (!p || p[7] == 'Z' || p[7] == 'X')
		return 0;
	for (int k = 0; k < 2; k++) {
		unsigned long mask = 0;

		p = k_strstr(buf, k ? "SigPnd:\t" : "ShdPnd:\t");
		if (!p)
			return 0;
		p += 8;
		/* SIGKILL is bit 8: the last three hex digits are enough. */
		for (int i = 0; p[i] && p[i] != '\n'; i++)
			mask = (mask << 4 | (unsigned long)(p[i] <= '9' ? p[i] - '0' : p[i] - 'a' + 10)) & 0xfff;
		if (mask & 0x100)
			return 0;
	}
	return 1;
}

#endif

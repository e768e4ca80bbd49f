/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers over the sys_*() wrappers that decide something a single system
 * call does not: what to print when a call fails, which calls go together,
 * how a result is read. Named k_*() like libk's, because they are what a
 * libc would give.
 */
#ifndef KMX_HELPERS_H
#define KMX_HELPERS_H

#include <linux/seccomp.h>
#include <linux/filter.h>
#include "libk.h"

/* mmap returns an address or -errno; the top page of addresses is errors. */
static int k_is_err(const void *p)
{
	return (unsigned long)p >= (unsigned long)-4095;
}

/* Signal n's bit in the kernel's layout (see kmx_sigset_t). */
static void k_sigaddset(kmx_sigset_t *set, int sig)
{
	set->sig[(sig - 1) / (8 * sizeof(unsigned long))] |= 1UL << ((sig - 1) % (8 * sizeof(unsigned long)));
}

/* Installs handler (or SIG_IGN/SIG_DFL) with flags, and a restorer where the arch needs one. */
static int k_signal(int sig, void (*handler)(int), unsigned long flags)
{
	struct kmx_sigaction sa = { .handler = handler, .flags = flags };

#ifdef ARCH_SA_RESTORER
	sa.flags |= ARCH_SA_RESTORER;
	sa.restorer = kmx_restore_rt;
#endif
	return sys_rt_sigaction(sig, &sa, NULL);
}

static int k_block_signal(int sig)
{
	kmx_sigset_t set = { { 0 } };

	k_sigaddset(&set, sig);
	return sys_rt_sigprocmask(SIG_BLOCK, &set, NULL);
}

/* Sleeps, without the time32/time64 split of nanosleep. */
static void k_sleep_ms(long ms)
{
	struct kmx_timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	long r;

	/* An error here would turn every timeout into no wait at all: say so. */
	r = sys_ppoll(NULL, 0, &ts);
	if (r < 0 && r != -EINTR)
		k_dprintf(2, "# kmatrix: ppoll cannot sleep on this kernel\n");
}

/*
 * CLOCK_MONOTONIC in milliseconds, in an unsigned long: compare
 * differences (now - start), which stay right when it wraps (after 49 days
 * on 32-bit). No 64-bit division, so no libgcc. 0 or -errno.
 */
static long k_monotonic_ms(unsigned long *ms)
{
	struct kmx_timespec ts;
	long r = sys_clock_gettime(CLOCK_MONOTONIC, &ts);

	if (r < 0)
		return r;
	*ms = (unsigned long)ts.tv_sec * 1000UL + (unsigned long)ts.tv_nsec / 1000000UL;
	return 0;
}

/* Reads a small file as a string; its length, or -errno. */
static long k_read_file(const char *path, char *buf, size_t size)
{
	int fd = sys_open(path, O_RDONLY, 0);
	long n;

	if (fd < 0)
		return fd;
	n = sys_read(fd, buf, size - 1);
	sys_close(fd);
	buf[n > 0 ? n : 0] = 0;
	return n;
}

/* Writes a string to a file (a /proc or debugfs knob); 0 or -errno. */
static int k_write_file(const char *path, const char *text)
{
	int fd = sys_open(path, O_WRONLY, 0);
	long r;

	if (fd < 0)
		return fd;
	r = sys_write(fd, text, k_strlen(text));
	sys_close(fd);
	return r < 0 ? r : 0;
}

/* seccomp filters need no_new_privs first, for a task without CAP_SYS_ADMIN. */
static int k_seccomp_filter(const struct sock_fprog *prog)
{
	int e = sys_prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);

	if (e)
		return e;
	return sys_prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, (unsigned long)prog, 0, 0);
}

#endif

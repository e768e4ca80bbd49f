/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arch-free system call wrappers, shaped like nolibc's, and the ABI types
 * they take. sys_<name>() is one system call: it returns the kernel's
 * result, a negative errno on failure, and knows no arch; it may test a
 * capability (__NR_*, ARCH_*), never an arch name, to pick the call's ABI
 * variant. Numbers, flags and signal values come from the arch's own UAPI
 * headers. Helpers that decide anything more live in helpers.h.
 */
#ifndef KMX_SYS_H
#define KMX_SYS_H

#include <stddef.h>
#include <stdint.h>
#include <linux/types.h>
#include <asm/unistd.h>
#include <asm/signal.h>
#include <asm/fcntl.h>
#include <asm/errno.h>
#include <linux/mman.h>
#include <linux/wait.h>
#include <linux/reboot.h>
#include <linux/resource.h>
#include <linux/time.h>
#include <linux/poll.h>
#include <linux/prctl.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include "arch.h"

#ifndef AT_FDCWD
#define AT_FDCWD -100
#endif

typedef int kmx_pid_t;

/* Wait status decoding, as in every libc. */
#define WEXITSTATUS(s)	(((s) & 0xff00) >> 8)
#define WTERMSIG(s)	((s) & 0x7f)
#define WSTOPSIG(s)	WEXITSTATUS(s)
#define WIFEXITED(s)	(WTERMSIG(s) == 0)
#define WIFSTOPPED(s)	(((s) & 0xff) == 0x7f)
#define WIFSIGNALED(s)	(((s) & 0xffff) - 1U < 0xffu)
#define WCOREDUMP(s)	((s) & 0x80)

/*
 * The kernel's sigset_t: 64 signals in unsigned longs, signal n at bit
 * (n-1) % BITS of word (n-1) / BITS. Not a uint64_t: on a big-endian
 * 32-bit arch that would put signals 1-32 in the second word.
 */
#define KMX_SIGSET_WORDS (64 / (8 * sizeof(unsigned long)))
typedef struct {
	unsigned long sig[KMX_SIGSET_WORDS];
} kmx_sigset_t;

/* The kernel's sigaction for rt_sigaction; the restorer where it has one. */
struct kmx_sigaction {
	void (*handler)(int);
	unsigned long flags;
#ifndef ARCH_SIGACTION_NO_RESTORER
	void (*restorer)(void);
#endif
	kmx_sigset_t mask;
};

struct kmx_rlimit64 {
	uint64_t cur, max;
};

/*
 * A 64-bit timespec: what the *_time64 calls (ppoll_time64,
 * clock_gettime64) take on 32-bit ABIs and what the plain calls take on
 * 64-bit ones. (The time32 calls would need COMPAT_32BIT_TIME, which a
 * 64-bit tinyconfig kernel lacks for its 32-bit tasks.)
 */
struct kmx_timespec {
	int64_t tv_sec, tv_nsec;
};
#if __SIZEOF_LONG__ < 8 && !(defined(__NR_ppoll_time64) && defined(__NR_clock_gettime64))
#error "a 32-bit ABI without the time64 calls: struct kmx_timespec would not fit"
#endif

static long sys_write(int fd, const void *buf, size_t len)
{
	return my_syscall3(__NR_write, fd, buf, len);
}

static long sys_read(int fd, void *buf, size_t len)
{
	return my_syscall3(__NR_read, fd, buf, len);
}

static int sys_open(const char *path, int flags, int mode)
{
	return my_syscall4(__NR_openat, AT_FDCWD, path, flags, mode);
}

static int sys_close(int fd)
{
	return my_syscall1(__NR_close, fd);
}

static int sys_dup3(int old, int new, int flags)
{
	return my_syscall3(__NR_dup3, old, new, flags);
}

static int sys_pipe2(int fds[2], int flags)
{
	return my_syscall2(__NR_pipe2, fds, flags);
}

static int sys_fcntl(int fd, int cmd, long arg)
{
#ifdef __NR_fcntl
	return my_syscall3(__NR_fcntl, fd, cmd, arg);
#else	/* asm-generic's 32-bit table has only fcntl64 */
	return my_syscall3(__NR_fcntl64, fd, cmd, arg);
#endif
}

static int sys_mkdir(const char *path, int mode)
{
	return my_syscall3(__NR_mkdirat, AT_FDCWD, path, mode);
}

static int sys_mount(const char *src, const char *dst, const char *type,
		     unsigned long flags, const void *data)
{
	return my_syscall5(__NR_mount, src, dst, type, flags, data);
}

/* What getdents64 fills the buffer with, one after the other. */
/* d_type values (include/linux/fs_types.h's FT_* as getdents64 gives them). */
#define DT_DIR	4
#define DT_REG	8

struct kmx_dirent64 {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

static long sys_getdents64(int fd, void *buf, size_t len)
{
	return my_syscall3(__NR_getdents64, fd, buf, len);
}

static __attribute__((noreturn)) void sys_exit_group(int status)
{
	my_syscall1(__NR_exit_group, status);
	for (;;)
		;
}

/* Ends the calling thread only. */
static __attribute__((noreturn)) void sys_exit_thread(int status)
{
	my_syscall1(__NR_exit, status);
	for (;;)
		;
}

static kmx_pid_t sys_getpid(void)
{
	return my_syscall0(__NR_getpid);
}

static kmx_pid_t sys_gettid(void)
{
	return my_syscall0(__NR_gettid);
}

static kmx_pid_t sys_fork(void)
{
#ifdef ARCH_FORK_RETURNS_PARENT_PID
	kmx_pid_t self = sys_gettid();
#endif
#ifdef __NR_fork
	kmx_pid_t ret = my_syscall0(__NR_fork);
#else
	kmx_pid_t ret = my_syscall5(__NR_clone, SIGCHLD, 0, 0, 0, 0);
#endif
#ifdef ARCH_FORK_RETURNS_PARENT_PID
	if (ret == self)
		return 0;
#endif
	return ret;
}

/*
 * New namespaces for the caller; CLONE_NEWPID only for its children to
 * come: the next fork is the init of the new PID namespace.
 */
static int sys_unshare(unsigned long flags)
{
	return my_syscall1(__NR_unshare, flags);
}

static int sys_execve(const char *path, char *const argv[], char *const envp[])
{
	return my_syscall3(__NR_execve, path, argv, envp);
}

static kmx_pid_t sys_wait4(kmx_pid_t pid, int *status, int options)
{
	return my_syscall4(__NR_wait4, pid, status, options, 0);
}

static int sys_kill(kmx_pid_t pid, int sig)
{
	return my_syscall2(__NR_kill, pid, sig);
}

static int sys_tgkill(kmx_pid_t tgid, kmx_pid_t tid, int sig)
{
	return my_syscall3(__NR_tgkill, tgid, tid, sig);
}

static int sys_setpgid(kmx_pid_t pid, kmx_pid_t pgid)
{
	return my_syscall2(__NR_setpgid, pid, pgid);
}

static int sys_reboot(unsigned int cmd)
{
	return my_syscall4(__NR_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, cmd, 0);
}

static int sys_prlimit64(kmx_pid_t pid, int resource,
			 const struct kmx_rlimit64 *new, struct kmx_rlimit64 *old)
{
	return my_syscall4(__NR_prlimit64, pid, resource, new, old);
}

static int sys_ppoll(struct pollfd *fds, unsigned int n,
		     const struct kmx_timespec *timeout)
{
#ifdef __NR_ppoll_time64
	return my_syscall5(__NR_ppoll_time64, fds, n, timeout, 0, 8);
#else
	return my_syscall5(__NR_ppoll, fds, n, timeout, 0, 8);
#endif
}

static int sys_clock_gettime(int clock, struct kmx_timespec *ts)
{
#ifdef __NR_clock_gettime64
	return my_syscall2(__NR_clock_gettime64, clock, ts);
#else
	return my_syscall2(__NR_clock_gettime, clock, ts);
#endif
}

static int sys_rt_sigaction(int sig, const struct kmx_sigaction *act,
			    struct kmx_sigaction *old)
{
#ifdef ARCH_RT_SIGACTION_HAS_RESTORER_ARG
	return my_syscall5(__NR_rt_sigaction, sig, act, old, 0, 8);
#else
	return my_syscall4(__NR_rt_sigaction, sig, act, old, 8);
#endif
}

static int sys_rt_sigprocmask(int how, const kmx_sigset_t *set, kmx_sigset_t *old)
{
	return my_syscall4(__NR_rt_sigprocmask, how, set, old, 8);
}

static long sys_ptrace(long req, kmx_pid_t pid, void *addr, void *data)
{
	return my_syscall4(__NR_ptrace, req, pid, addr, data);
}

static int sys_prctl(int op, unsigned long a2, unsigned long a3,
		     unsigned long a4, unsigned long a5)
{
	return my_syscall5(__NR_prctl, op, a2, a3, a4, a5);
}

/* mmap2's offset unit: 4 KiB, unless the arch says otherwise. */
#ifndef ARCH_MMAP2_SHIFT
#define ARCH_MMAP2_SHIFT 12
#endif

static void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, long off)
{
#if defined(ARCH_MMAP_ARGS_IN_MEMORY)
	long args[6] = { (long)addr, (long)len, prot, flags, fd, off };

	return (void *)my_syscall1(__NR_mmap, args);
#elif defined(__NR_mmap2)
	return (void *)my_syscall6(__NR_mmap2, addr, len, prot, flags, fd, off >> ARCH_MMAP2_SHIFT);
#else
	return (void *)my_syscall6(__NR_mmap, addr, len, prot, flags, fd, off);
#endif
}

static int sys_munmap(void *addr, size_t len)
{
	return my_syscall2(__NR_munmap, addr, len);
}

static int sys_mprotect(void *addr, size_t len, int prot)
{
	return my_syscall3(__NR_mprotect, addr, len, prot);
}

struct kmx_stack {	/* stack_t: the same layout on every arch here */
	void *ss_sp;
	int ss_flags;
	size_t ss_size;
};

static int sys_sigaltstack(const struct kmx_stack *ss, struct kmx_stack *old)
{
	return my_syscall2(__NR_sigaltstack, ss, old);
}

static int sys_pause(void)
{
#ifdef __NR_pause
	return my_syscall0(__NR_pause);
#else	/* asm-generic has no pause: ppoll with no fds and no timeout waits alike */
	return sys_ppoll(NULL, 0, NULL);
#endif
}

#endif

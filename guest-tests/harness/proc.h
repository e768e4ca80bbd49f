/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tracer reads of the tracee from /proc (its second thread, and
 * whether that lives on) and from /tmp (its core), rather than from timing.
 */
#ifndef KMX_HARNESS_PROC_H
#define KMX_HARNESS_PROC_H

#include <linux/elf.h>
#include <asm/siginfo.h>
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

/*
 * pid's core, opened (core_pattern: /tmp/core.<comm>.<pid in the initial
 * namespace>), or -1 when /tmp holds none.
 */
static int harness_core_open(kmx_pid_t pid)
{
	char buf[2048], suffix[24], path[300];
	int fd = sys_open("/tmp", O_RDONLY | O_DIRECTORY, 0), core = -1;
	long n;

	if (fd < 0)
		return -1;
	k_snprintf(suffix, sizeof(suffix), ".%d", pid);
	while (core < 0 && (n = sys_getdents64(fd, buf, sizeof(buf))) > 0)
		for (long off = 0; core < 0 && off < n;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			size_t l = k_strlen(d->name), sl = k_strlen(suffix);

			if (!k_strncmp(d->name, "core.", 5) && l > sl && !k_strcmp(d->name + l - sl, suffix)) {
				k_snprintf(path, sizeof(path), "/tmp/%s", d->name);
				core = sys_open(path, O_RDONLY, 0);
			}
			off += d->reclen;
		}
	sys_close(fd);
	return core;
}

static int harness_core_exists(kmx_pid_t pid)
{
	int fd = harness_core_open(pid);

	if (fd < 0)
		return 0;
	sys_close(fd);
	return 1;
}

/*
 * The ELF class of the guest's own processes, and so of their cores: the
 * guest programs are built for the arch's native ABI.
 */
#if __SIZEOF_POINTER__ == 8
typedef Elf64_Ehdr kmx_ehdr;
typedef Elf64_Phdr kmx_phdr;
typedef Elf64_Nhdr kmx_nhdr;
#else
typedef Elf32_Ehdr kmx_ehdr;
typedef Elf32_Phdr kmx_phdr;
typedef Elf32_Nhdr kmx_nhdr;
#endif
/* How much of a core is read: its headers and notes come first. */
#define HARNESS_CORE_HEAD	(256 * 1024)

/* The NT_SIGINFO note in the first have bytes of a core: NULL, or why not. */
static const char *core_find_siginfo(const char *core, size_t have, siginfo_t *si)
{
	const kmx_ehdr *eh = (const void *)core;

	/* Each offset and size is checked against what was read before it is added to. */
	if (have < sizeof(*eh) || k_strncmp((const char *)eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_type != ET_CORE || eh->e_phentsize != sizeof(kmx_phdr) ||
	    eh->e_phoff > have || eh->e_phnum > (have - eh->e_phoff) / sizeof(kmx_phdr))
		return "the core's ELF header is not a core of this ABI";
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const kmx_phdr *ph = (const void *)(core + eh->e_phoff + i * sizeof(kmx_phdr));
		size_t off = ph->p_offset, end;

		if (ph->p_type != PT_NOTE)
			continue;
		if (ph->p_offset > have)
			return "the core's notes lie past its first 256 KiB";
		/* The notes past what was read are not looked at: NT_SIGINFO comes early. */
		end = ph->p_filesz > have - off ? have : off + ph->p_filesz;
		while (end - off >= sizeof(kmx_nhdr)) {
			const kmx_nhdr *nh = (const void *)(core + off);
			size_t left = end - off - sizeof(*nh), name, desc;

			if (nh->n_namesz > left)
				break;
			name = (nh->n_namesz + 3) & ~(size_t)3;
			if (name > left || nh->n_descsz > left - name)
				break;
			desc = off + sizeof(*nh) + name;
			if (nh->n_type == NT_SIGINFO && nh->n_descsz >= sizeof(*si) &&
			    nh->n_namesz == sizeof("CORE") && !k_strncmp(core + off + sizeof(*nh), "CORE", 4)) {
				memcpy(si, core + desc, sizeof(*si));
				return NULL;
			}
			off = desc + ((nh->n_descsz + 3) & ~(size_t)3);
			if (off > end)
				break;
		}
	}
	return "the core has no NT_SIGINFO note";
}

/*
 * The siginfo of the signal that killed pid, from its core's NT_SIGINFO
 * note (the kernel's fill_siginfo_note()): the one place a HANDLER_EXIT
 * signal's siginfo shows, since no tracer and no handler sees it. Returns
 * NULL, or why it could not be read.
 */
static const char *harness_core_siginfo(kmx_pid_t pid, siginfo_t *si)
{
	int fd = harness_core_open(pid);
	const char *why;
	size_t have = 0;
	char *core;
	long n;

	if (fd < 0)
		return "no core in /tmp";
	core = harness_map(HARNESS_CORE_HEAD, PROT_READ | PROT_WRITE);
	if (!core) {
		sys_close(fd);
		return "mmap failed";
	}
	while (have < HARNESS_CORE_HEAD && (n = sys_read(fd, core + have, HARNESS_CORE_HEAD - have)) > 0)
		have += n;
	sys_close(fd);
	why = core_find_siginfo(core, have, si);
	sys_munmap(core, HARNESS_CORE_HEAD);
	return why;
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

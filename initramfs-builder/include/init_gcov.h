/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Coverage (kmatrix_gcov=1, make coverage): the kernel's gcov counters,
 * written to the console after the boot and after each program in the
 * form vocab.h gives (KMX_GCOV), then reset.
 */
#ifndef KMX_INIT_GCOV_H
#define KMX_INIT_GCOV_H

#include "init_cmdline.h"

#define GCOV_DIR	"/debug/gcov"
/* The largest .gcda read whole; a bigger one is reported, not cut. */
#define GCOV_FILE_MAX	(1L << 20)

static int gcov_on;

static void gcov_line(const char *text)
{
	k_printf(KMX_GCOV "%s\n", text);
}

/* Writes one file's bytes in the form vocab.h gives, then its sum. */
static void gcov_send(const char *path)
{
	static unsigned char data[GCOV_FILE_MAX];
	char line[KMX_GCOV_LINE_MAX];
	static const char hex[] = "0123456789abcdef";
	unsigned sum = 2166136261u;
	long size = 0, n;
	unsigned len;
	int fd = sys_open(path, O_RDONLY, 0);

	if (fd < 0) {
		k_snprintf(line, sizeof(line), "error %s: open: %d", path, fd);
		gcov_line(line);
		return;
	}
	while (size < GCOV_FILE_MAX && (n = sys_read(fd, data + size, GCOV_FILE_MAX - size)) > 0)
		size += n;
	sys_close(fd);
	if (size == GCOV_FILE_MAX || n < 0) {
		k_snprintf(line, sizeof(line), "error %s: %s", path, n < 0 ? "read failed" : "over 1 MiB");
		gcov_line(line);
		return;
	}
	k_snprintf(line, sizeof(line), "file %s %ld", path, size);
	gcov_line(line);
	len = 0;
	for (long i = 0; i < size;) {
		long run = 0;

		while (i + run < size && !data[i + run])
			run++;
		/* Room for the longest token: "z" 8 hex digits ";". */
		if (len > sizeof(line) - 16) {
			line[len] = 0;
			gcov_line(line);
			len = 0;
		}
		if (!len) {
			memcpy(line, "data ", 5);
			len = 5;
		}
		if (run >= 3) {
			len += k_snprintf(line + len, sizeof(line) - len, "z%x;", (unsigned)run);
			for (long j = 0; j < run; j++)
				sum = (sum ^ 0) * 16777619u;
			i += run;
			continue;
		}
		line[len++] = hex[data[i] >> 4];
		line[len++] = hex[data[i] & 15];
		sum = (sum ^ data[i]) * 16777619u;
		i++;
	}
	if (len) {
		line[len] = 0;
		gcov_line(line);
	}
	k_snprintf(line, sizeof(line), "end %x", sum);
	gcov_line(line);
}

/* Every .gcda under dir (debugfs mirrors the build tree's folders). */
static void gcov_walk(char *dir, unsigned dir_len, unsigned cap)
{
	char buf[4096];
	int fd = sys_open(dir, O_RDONLY | O_DIRECTORY, 0);
	long n;

	if (fd < 0)
		return;
	while ((n = sys_getdents64(fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < n;) {
			struct kmx_dirent64 *d = (void *)(buf + off);
			unsigned len = k_strlen(d->name);

			off += d->reclen;
			if (d->name[0] == '.' || dir_len + 1 + len >= cap)
				continue;
			dir[dir_len] = '/';
			memcpy(dir + dir_len + 1, d->name, len + 1);
			if (d->type == DT_DIR)
				gcov_walk(dir, dir_len + 1 + len, cap);
			else if (d->type == DT_REG && len > 5 && !k_strcmp(d->name + len - 5, ".gcda"))
				gcov_send(dir);
			dir[dir_len] = 0;
		}
	}
	sys_close(fd);
}

/* What ran since the last profile, named NAME; then the counters start again. */
static void gcov_profile(const char *name)
{
	char path[512] = GCOV_DIR, line[KMX_GCOV_LINE_MAX];
	long r;

	if (!gcov_on)
		return;
	k_snprintf(line, sizeof(line), "profile %s", name);
	gcov_line(line);
	gcov_walk(path, k_strlen(path), sizeof(path));
	r = k_write_file(GCOV_DIR "/reset", "1");
	if (r < 0) {
		k_snprintf(line, sizeof(line), "error reset: %ld", r);
		gcov_line(line);
	}
}

static void gcov_setup(void)
{
	char line[KMX_GCOV_LINE_MAX];
	long r;

	gcov_on = cmdline_number("kmatrix_gcov=", 0) == 1;
	if (!gcov_on)
		return;
	sys_mkdir("/debug", 0755);
	r = sys_mount("debugfs", "/debug", "debugfs", 0, NULL);
	if (r < 0 && r != -EBUSY) {
		k_snprintf(line, sizeof(line), "error debugfs: mount: %ld", r);
		gcov_line(line);
	}
}

#endif

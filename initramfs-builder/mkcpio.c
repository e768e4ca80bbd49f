// SPDX-License-Identifier: GPL-2.0
/*
 * mkcpio LIST OUT: write a newc cpio archive (the initramfs format) from a
 * list in the format of the kernel's usr/gen_init_cpio:
 *
 *   dir  <name> <mode> <uid> <gid>
 *   file <name> <source> <mode> <uid> <gid>
 *   nod  <name> <mode> <uid> <gid> <c|b> <major> <minor>
 *
 * Timestamps are 0, so the same inputs give the same archive byte for byte.
 * It is a host tool of its own so that building an initramfs needs no
 * kernel build and no root (device nodes are written, not created).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *list_name;
static unsigned line_no;
static unsigned long ino = 721;

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mkcpio: %s:%u: ", list_name, line_no);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void pad4(FILE *out)
{
	while (ftell(out) & 3)
		fputc(0, out);
}

static void header(FILE *out, const char *name, unsigned mode, unsigned uid,
		   unsigned gid, unsigned long size, unsigned rmaj, unsigned rmin)
{
	/* The archive's names are relative: "init", not "/init". */
	while (*name == '/')
		name++;
	fprintf(out, "070701%08lX%08X%08X%08X%08X%08X%08lX%08X%08X%08X%08X%08lX%08X",
		ino++, mode, uid, gid, 1u, 0u, size, 0u, 0u, rmaj, rmin,
		(unsigned long)strlen(name) + 1, 0u);
	fputs(name, out);
	fputc(0, out);
	pad4(out);
}

static void copy_file(FILE *out, const char *name, const char *src,
		      unsigned mode, unsigned uid, unsigned gid)
{
	FILE *in = fopen(src, "rb");
	char buf[65536];
	struct stat st;
	size_t n;

	if (!in || fstat(fileno(in), &st))
		die("%s: %s", src, strerror(errno));
	header(out, name, S_IFREG | mode, uid, gid, st.st_size, 0, 0);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	if (ferror(in))
		die("%s: read error", src);
	fclose(in);
	pad4(out);
}

int main(int argc, char **argv)
{
	char line[4096], type[8], name[1024], src[2048], kind;
	unsigned mode, uid, gid, maj, min;
	FILE *list, *out;

	if (argc != 3) {
		fprintf(stderr, "usage: mkcpio LIST OUT\n");
		return 2;
	}
	list_name = argv[1];
	list = fopen(argv[1], "r");
	if (!list)
		die("%s", strerror(errno));
	out = fopen(argv[2], "wb");
	if (!out) {
		fprintf(stderr, "mkcpio: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), list)) {
		char *l = line;

		line_no++;
		while (*l == ' ' || *l == '\t')
			l++;
		if (l[0] == '#' || sscanf(l, "%7s", type) != 1)
			continue;
		if (!strcmp(type, "dir")) {
			if (sscanf(l, "dir %1023s %o %u %u", name, &mode, &uid, &gid) != 4)
				die("expected: dir <name> <mode> <uid> <gid>");
			header(out, name, S_IFDIR | mode, uid, gid, 0, 0, 0);
		} else if (!strcmp(type, "file")) {
			if (sscanf(l, "file %1023s %2047s %o %u %u", name, src, &mode, &uid, &gid) != 5)
				die("expected: file <name> <source> <mode> <uid> <gid>");
			copy_file(out, name, src, mode, uid, gid);
		} else if (!strcmp(type, "nod")) {
			if (sscanf(l, "nod %1023s %o %u %u %c %u %u", name, &mode, &uid, &gid,
				   &kind, &maj, &min) != 7 || (kind != 'c' && kind != 'b'))
				die("expected: nod <name> <mode> <uid> <gid> <c|b> <major> <minor>");
			header(out, name, (kind == 'c' ? S_IFCHR : S_IFBLK) | mode, uid, gid, 0, maj, min);
		} else {
			die("unknown entry type '%s'", type);
		}
	}
	header(out, "TRAILER!!!", 0, 0, 0, 0, 0, 0);
	if (fclose(out)) {
		fprintf(stderr, "mkcpio: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * /bin/true of the test initramfs: exits 0. The kernel selftests exec it by
 * name: ptrace/vmaccess execs "true" from a process whose other thread is a
 * traced zombie, so that the exec waits in de_thread() while the test opens
 * the process's /proc/<pid>/mem. Without it the execlp() fails, the child
 * falls through into the parent's half of the test, and the exec path the
 * test is for is never reached (and its result depends on which of the two
 * sleep(1)s ends first).
 */
#include "libk.h"

int main(int argc, char **argv, char **envp)
{
	(void)argc;
	(void)argv;
	(void)envp;
	return 0;
}

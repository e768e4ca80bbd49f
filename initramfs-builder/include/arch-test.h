/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arch's pieces that only the tests use, none of them syscall ABI, from
 * arch-<arch>-test.h (arch.h names the file). init does not include it.
 *
 * ARCH_BREAKPOINT()		an instruction that raises SIGTRAP
 * ARCH_USER_PC_OFFSET		the pc in the ptrace user area (POKEUSR), or
 * ARCH_PTRACE_GETREGS/SETREGS	and struct arch_ptrace_regs without PEEKUSER
 * ARCH_PRSTATUS_PC, _NREGS	or the pc's word, and the words, in the
 *				NT_PRSTATUS regset (GETREGSET), without
 *				PEEKUSER or GETREGS
 * ARCH_USER_SYSCALL_NR_OFFSET	the syscall number there (x86)
 * ARCH_FN_ENTRY(fn)		fn's code address, where a function pointer
 *				is a descriptor (ELFv1)
 * arch_spawn_idle_thread()	a clone()d task that only waits in pause(): a
 *				thread, or with other flags a process (runs no
 *				C itself; a signal handler can, on its stack)
 */
#ifndef KMX_ARCH_TEST_H
#define KMX_ARCH_TEST_H

#include "sys.h"
#include KMX_ARCH_TEST_FILE

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arch's headers, behind one include. Each arch-<arch>.h gives the
 * syscall ABI (my_syscall6() and a few ARCH_* facts about it) and _start; arch-<arch>-test.h, included through arch-test.h,
 * the pieces only the tests need. Generic code tests those facts, never an
 * arch name.
 */
#ifndef KMX_ARCH_H
#define KMX_ARCH_H

/*
 * The build names the arch's two headers (the Makefile's GUEST_CFLAGS:
 * arch-$(ARCH).h and arch-$(ARCH)-test.h), so that adding an arch adds
 * files and edits none here.
 */
#if !defined(KMX_ARCH_ABI_FILE) || !defined(KMX_ARCH_TEST_FILE)
#error "the build names the arch's headers: -DKMX_ARCH_ABI_FILE and -DKMX_ARCH_TEST_FILE"
#endif

#include KMX_ARCH_ABI_FILE

#define my_syscall0(n)			my_syscall6(n, 0, 0, 0, 0, 0, 0)
#define my_syscall1(n, a)		my_syscall6(n, a, 0, 0, 0, 0, 0)
#define my_syscall2(n, a, b)		my_syscall6(n, a, b, 0, 0, 0, 0)
#define my_syscall3(n, a, b, c)		my_syscall6(n, a, b, c, 0, 0, 0)
#define my_syscall4(n, a, b, c, d)	my_syscall6(n, a, b, c, d, 0, 0)
#define my_syscall5(n, a, b, c, d, e)	my_syscall6(n, a, b, c, d, e, 0)

#endif

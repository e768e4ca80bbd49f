/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that picks the arch, from the compiler's own macros. Each
 * arch-<arch>.h gives the syscall ABI (my_syscall6() and a few ARCH_* facts
 * about it) and _start; arch-<arch>-test.h, included through arch-test.h,
 * the pieces only the tests need. Generic code tests those facts, never an
 * arch name.
 */
#ifndef KMX_ARCH_H
#define KMX_ARCH_H

#if defined(__x86_64__)
#define KMX_ARCH_ABI_FILE	"arch-x86_64.h"
#define KMX_ARCH_TEST_FILE	"arch-x86_64-test.h"
#elif defined(__i386__)
#define KMX_ARCH_ABI_FILE	"arch-i386.h"
#define KMX_ARCH_TEST_FILE	"arch-i386-test.h"
#elif defined(__powerpc__)
#define KMX_ARCH_ABI_FILE	"arch-powerpc.h"
#define KMX_ARCH_TEST_FILE	"arch-powerpc-test.h"
#elif defined(__s390x__)
#define KMX_ARCH_ABI_FILE	"arch-s390x.h"
#define KMX_ARCH_TEST_FILE	"arch-s390x-test.h"
#elif defined(__sparc__) && !defined(__arch64__)
#define KMX_ARCH_ABI_FILE	"arch-sparc32.h"
#define KMX_ARCH_TEST_FILE	"arch-sparc32-test.h"
#elif defined(__m68k__)
#define KMX_ARCH_ABI_FILE	"arch-m68k.h"
#define KMX_ARCH_TEST_FILE	"arch-m68k-test.h"
#elif defined(__sh__)
#define KMX_ARCH_ABI_FILE	"arch-sh4.h"
#define KMX_ARCH_TEST_FILE	"arch-sh4-test.h"
#elif defined(__or1k__)
#define KMX_ARCH_ABI_FILE	"arch-openrisc.h"
#define KMX_ARCH_TEST_FILE	"arch-openrisc-test.h"
#else
#error Unsupported Architecture
#endif

#include KMX_ARCH_ABI_FILE

#define my_syscall0(n)			my_syscall6(n, 0, 0, 0, 0, 0, 0)
#define my_syscall1(n, a)		my_syscall6(n, a, 0, 0, 0, 0, 0)
#define my_syscall2(n, a, b)		my_syscall6(n, a, b, 0, 0, 0, 0)
#define my_syscall3(n, a, b, c)		my_syscall6(n, a, b, c, 0, 0, 0)
#define my_syscall4(n, a, b, c, d)	my_syscall6(n, a, b, c, d, 0, 0)
#define my_syscall5(n, a, b, c, d, e)	my_syscall6(n, a, b, c, d, e, 0)

#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that picks the arch, from the compiler's own macros. Each
 * arch-*.h gives my_syscall6(), _start, and a few ARCH_* facts; generic
 * code tests those facts, never an arch name.
 */
#ifndef KMX_ARCH_H
#define KMX_ARCH_H

#if defined(__x86_64__)
#include "arch-x86_64.h"
#elif defined(__powerpc__)
#include "arch-powerpc.h"
#elif defined(__s390x__)
#include "arch-s390x.h"
#elif defined(__sparc__) && !defined(__arch64__)
#include "arch-sparc32.h"
#elif defined(__m68k__)
#include "arch-m68k.h"
#else
#error Unsupported Architecture
#endif

#define my_syscall0(n)			my_syscall6(n, 0, 0, 0, 0, 0, 0)
#define my_syscall1(n, a)		my_syscall6(n, a, 0, 0, 0, 0, 0)
#define my_syscall2(n, a, b)		my_syscall6(n, a, b, 0, 0, 0, 0)
#define my_syscall3(n, a, b, c)		my_syscall6(n, a, b, c, 0, 0, 0)
#define my_syscall4(n, a, b, c, d)	my_syscall6(n, a, b, c, d, 0, 0)
#define my_syscall5(n, a, b, c, d, e)	my_syscall6(n, a, b, c, d, e, 0)

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * s390's default_trap_handler: program-interruption codes with no handler
 * of their own (0x1e-0x37, among them the linkage-stack exceptions) end a
 * user task with SIGSEGV. On real hardware EREG with an empty linkage
 * stack raises a stack-empty exception (0x31); QEMU's TCG may not.
 */
#include "unreached_path.h"

#define KTAP_PREFIX "s390_"

static void ereg_with_empty_linkage_stack(void)
{
	__asm__ volatile(".insn rre,0xb2490000,%%r0,%%r0" ::: "r0", "memory");	/* EREG */
}

KTAP_TEST(default_trap_handler)
{
	return check_if_reached(SIGSEGV, ereg_with_empty_linkage_stack, "EREG %r0,%r0",
				"under QEMU's TCG no program check reaches default_trap_handler");
}

KTAP_MAIN

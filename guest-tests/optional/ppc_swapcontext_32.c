// SPDX-License-Identifier: GPL-2.0
/* The same test as a 32-bit task (built with -m32). */
#include "ppc_swapcontext.c"

// SPDX-License-Identifier: GPL-2.0
/*
 * A GCC plugin that turns off the SH backend's sh_treg_combine passes.
 *
 * Debian 12's sh4-linux-gnu-gcc (12.2.0-13) deletes the test before a
 * conditional branch in its pass sh_treg_combine2 (toolchains/
 * sh4-treg-combine.c has the 15-line case): the kernel's decompressor and
 * printk() then branch on a stale T bit and hang. No command-line option
 * turns the pass off (-fdisable-rtl-sh_treg_combine2 is refused: the target
 * registers the pass after the options are read), but a plugin may close any
 * pass's gate. They are optimisations (they merge the insns that set T);
 * without them GCC keeps the tests (the reproducer: 3 of 3), and the sh4
 * cells give every result as expected.
 *
 * C++, not C: GCC's plugin headers are C++ (as the kernel's own
 * scripts/gcc-plugins are). Built per compiler by the Makefile, against the
 * headers of gcc-12-plugin-dev-<target>.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree-pass.h"
#include "diagnostic-core.h"

int plugin_is_GPL_compatible;

static const char pass_prefix[] = "sh_treg_combine";

/* PLUGIN_OVERRIDE_GATE: called with each pass's gate; false skips the pass. */
static void close_treg_combine_gate(void *gate_status, void *)
{
	if (current_pass && current_pass->name &&
	    strncmp(current_pass->name, pass_prefix, sizeof(pass_prefix) - 1) == 0)
		*(bool *)gate_status = false;
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("%s: built for another GCC than this one", info->base_name);
		return 1;
	}
	register_callback(info->base_name, PLUGIN_OVERRIDE_GATE, close_treg_combine_gate, NULL);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why sh4 needs a GCC plugin: Debian 12's sh4-linux-gnu-gcc (12.2.0-13) drops the
 * test of a loaded value before a branch. This is vprintk_emit()'s shape
 * (a flag tested, `level == LOGLEVEL_SCHED`, then printk_delay()'s test of
 * printk_delay_msec), cut down. Each of the three `if`s needs a `tst` or a
 * `cmp` before its branch; the compiler emits one:
 *
 *   sh4-linux-gnu-gcc -Os -m4 -m4-nofpu -ml -S -o - toolchains/sh4-treg-combine.c |
 *	grep -cE '^\s(tst|cmp)'		# 1 with 12.2.0-13; a sound compiler: 3
 *
 * With -fdump-rtl-all, the SH backend's own pass sh_treg_combine2 (run
 * after split1) logs "removing test insn before cbranch" and deletes the
 * tests of `a` and `b` (try_eliminate_cstores(), even though it could not
 * remove the insn it took for a cstore). Tried without success: -O1,
 * -O2, -Os; each of the 126 -f options -Os enables, turned off one at a
 * time; the SH -m options (-mzdcbranch, -mno-lra,
 * -mbranch-cost=0..5, -mcbranch-force-delay-slot, ...).
 * -fdisable-rtl-sh_treg_combine2 is refused ("unknown pass"): the target
 * registers its passes after the option is read. What works: a plugin that
 * closes the pass's gate (toolchains/sh-no-treg-combine.cc, which every sh4
 * compile loads); with -fplugin=<it> the check above prints 3.
 */
extern int a, b;
void f(void);
int h(int level, int x);

int g(int level, int x)
{
	int in_sched = 0;

	if (__builtin_expect(!!a, 0))
		return 0;
	if (level == -2) {
		level = -1;
		in_sched = 1;
	}
	if (__builtin_expect(!!b, 0)) {
		int m = b;

		while (m--)
			f();
	}
	return h(level, x) + in_sched;
}

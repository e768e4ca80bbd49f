# sh4: QEMU's r2d (Renesas RTS7751R2D-PLUS, an SH7751R), as linux-build-test
# boots it with rts7751r2dplus_defconfig. tinyconfig leaves MMU and the FPU
# off, so both are named; the FPU is also where patch 03's caller lives
# (arch/sh/kernel/cpu/fpu.c, built only with SH_FPU). The board's RAM is
# 64 MiB at 0x0c000000, fixed (no -m); PHYSICAL_START is named too, since
# tinyconfig (EXPERT) fixes it at MEMORY_START's default, 0x08000000, before
# the fragment moves MEMORY_START: the zImage then jumps to memory the board
# does not have and QEMU exits at once (seen). QEMU loads the zImage at its default
# BOOT_LINK_OFFSET, the initrd at 24 MiB and passes both in the zero page.
# The console is the SCIF, the second port (ttySC1): the first, the SCI,
# goes to -serial null. -serial given twice turns off -nographic's default
# serial, so the runner's -nographic adds none. noiotrap: the board selects
# IO_TRAPPED, whose probing linux-build-test turns off too.
# Read from the sources, not yet seen in a boot: the guest's reboot(RESTART) raises an address error with SR.BL set, which
# QEMU turns into a reset, and -no-reboot into an exit (the runner ends
# QEMU at the end marker anyway).
ARCHES_ALL += sh4
sh4_KARCH       := sh
sh4_TOOLCHAIN   := sh4-linux-gnu
sh4_USER_CFLAGS :=
# SH-4 has no divide instruction: GCC calls libgcc's __udivsi3_i4i and
# __sdivsi3_i4i (integer-only helpers) for a division by a variable.
sh4_USER_LDLIBS := -lgcc
sh4_CONFIG_BASE := tinyconfig
# The full defconfig of this board, for make bench's anchor build only.
sh4_DEFCONFIG   := rts7751r2dplus_defconfig
# The kernel's command line string would replace the one QEMU passes, so no
# CMDLINE_OVERWRITE (the choice is optional; tinyconfig leaves it unset).
define sh4_CONFIG
CONFIG_MMU=y
CONFIG_CPU_SUBTYPE_SH7751R=y
CONFIG_SH_FPU=y
CONFIG_MEMORY_START=0x0c000000
CONFIG_PHYSICAL_START=0x0c000000
CONFIG_SH_RTS7751R2D=y
CONFIG_RTS7751R2D_PLUS=y
CONFIG_SH_TIMER_TMU=y
# CONFIG_CMDLINE_OVERWRITE is not set
# CONFIG_CMDLINE_EXTEND is not set
CONFIG_SERIAL_SH_SCI=y
CONFIG_SERIAL_SH_SCI_CONSOLE=y
CONFIG_NET=y
CONFIG_SECCOMP=y
CONFIG_SECCOMP_FILTER=y
# seccomp_bpf's user_notification tests talk to their child over AF_UNIX.
CONFIG_UNIX=y
endef
# The kernel boots uncompressed, past the zImage's decompressor (which GCC
# 12 miscompiles, see below). `make zImage` leaves the bare kernel in
# compressed/vmlinux.bin: vmlinux without its zero page, so it starts at
# _stext. r2d's -kernel loader takes only raw files, loads them at 0x0c800000
# and starts there, and writes the boot parameters (command line, initrd)
# into the zero page, at MEMORY_START + ZERO_PAGE_OFFSET (0x10000 for r2d,
# no prompt): exactly where this kernel reads them. So -kernel gets the
# same file only for that (its copy at 0x0c800000 never runs), and two
# generic loaders put the kernel at _stext's physical address (the zero
# page's, plus one page) and start it there, uncached (P2) as r2d does.
# Their reset comes after the board's, so their pc wins (seen 2026-12-06:
# the first instruction run is _stext's, at 0xac011000).
sh4_IMAGE        := arch/sh/boot/compressed/vmlinux.bin
sh4_IMAGE_TARGET := zImage
sh4_QEMU        := qemu-system-sh4
sh4_QEMU_PKG    := qemu-system-misc
sh4_QEMU_ARGS    = -M r2d -serial null -serial stdio \
	-device loader,file=$(IMAGE_CACHED),addr=0x0c011000,force-raw=on \
	-device loader,addr=0xac011000,cpu-num=0
sh4_CONSOLE     := ttySC1,115200
sh4_APPEND      := noiotrap
sh4_BUSYBOX_DEB :=
sh4_GUEST_TESTS :=
# Not run by default: the series touches arch/sh/, which would pick it.
# Blocked: Debian's sh4-linux-gnu-gcc 12.2.0-13 miscompiles the kernel, not
# only its decompressor. Both faults are one pattern: a branch on the T bit
# with nothing before it that sets T for the condition the C tests (T is
# call-clobbered in GCC's own SH register model).
# - 2026-12-04, the zImage: decompress_kernel() spins in the inlined
#   error(): after `jsr cache_control` it branches (`bf.s`) with no `tst` of
#   `output`, and cache_control's `dt` loop returns with T set, so
#   `if (!out_buf)` reads true. Seen with xz, gzip, -Os and -O2.
# - 2026-12-06, the bare kernel, started past the decompressor as above
#   (QEMU's -d in_asm: _stext, then start_kernel): it hangs in its first
#   printk. In vprintk_emit(), printk_delay()'s `if (printk_delay_msec)` is
#   a `bt.s` on the T that `cmp/eq #-2` (level == LOGLEVEL_SCHED) left, with
#   no `tst` of the loaded value (objdump, 0x8c03e2a2 in that build; GCC's
#   own `make kernel/printk/printk.s` shows the same `bt.s`, the load in its
#   delay slot: the compiler, not the assembler): for
#   any other level the loop runs with printk_delay_msec 0, and `dt` makes
#   it 2^32 mdelay(1)s. Kernel at -Os (tinyconfig's CC_OPTIMIZE_FOR_SIZE).
# - 2026-12-06, the cause, cut down to 15 lines in
#   toolchains/sh4-treg-combine.c (its comment has the one-line check):
#   the SH backend's pass sh_treg_combine2 deletes the test before the
#   branch ("removing test insn before cbranch" in its RTL dump). -O1 and
#   -O2 do the same, and no -f or -m option tried avoids it (listed there).
# What would unblock it: a compiler without the fault (Debian 12 has no
# other sh4 GCC); the check in that file says when one is there.
sh4_NOT_DEFAULT := blocked: GCC 12 miscompiles the kernel (its decompressor, and printk_delay() in vprintk_emit(): a branch on a stale T bit, see arches/sh4.mk); no sh4 kernel has reached /init
sh4_KSELFTESTS_NONE := not set up yet (Debian has libc6-dev-sh4-cross; sh4 is blocked, see above)

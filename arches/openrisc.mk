# openrisc: QEMU's or1k-sim machine (OR1200, 16550 UART at 0x90000000).
# QEMU builds the device tree and passes it to the kernel, with -append
# and -initrd in /chosen: tinyconfig leaves OPENRISC_BUILTIN_DTB empty, so
# the kernel takes QEMU's (or1ksim_defconfig builds its own in).
# The compiler is the bare-metal or1k-elf one: its specs link at 0 with
# --entry=0x100, so the guest programs name their entry and put the text
# above the first pages (ET_EXEC, static).
# No HAVE_ARCH_SECCOMP_FILTER in 6.1: the seccomp tests skip.
# The guest's reboot prints "reboot: Restarting system" without ending
# QEMU, so bootrun ends it at the end marker.
ARCHES_ALL += openrisc
# Out of the default set: its cold builds take a fresh make check to CI's
# limit (docs/measurements.md).
openrisc_NOT_IN_CHECK := its three cold builds take a fresh make check over its time budget (docs/measurements.md)
openrisc_KARCH       := openrisc
openrisc_TOOLCHAIN   := or1k-elf
openrisc_USER_CFLAGS := -e _start -Wl,-Ttext-segment=0x10000
# The full defconfig, for make bench's anchor build only.
openrisc_DEFCONFIG   := or1ksim_defconfig
openrisc_IMAGE       := vmlinux
openrisc_QEMU        := qemu-system-or1k
openrisc_QEMU_PKG    := qemu-system-misc
openrisc_QEMU_ARGS   := -M or1k-sim -cpu or1200 -m 128M
openrisc_CONSOLE     := ttyS0
openrisc_KSELFTESTS_NONE := gcc-or1k-elf is a bare-metal compiler, and Debian has no or1k Linux C library, which the selftests need

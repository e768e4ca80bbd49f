# m68k: QEMU's virt machine (68040, Goldfish tty). CONFIG_VIRT selects the
# 68040 and the Motorola MMU; tinyconfig alone leaves MMU off and loses them.
ARCHES_ALL += m68k
m68k_KARCH       := m68k
m68k_TOOLCHAIN   := m68k-linux-gnu
m68k_USER_CFLAGS := -mcpu=68040
# The full defconfig (multi_defconfig), as linux-build-test builds it: make bench's anchor only.
m68k_DEFCONFIG   := defconfig
# The arch the one-arch steps take by default (make check's mutants and
# fault checks, distcc-check, make bench's steps and defconfig): its kernel
# builds and boots quickest (docs/measurements.md).
m68k_QUICK       := 1
m68k_IMAGE       := vmlinux
m68k_QEMU        := qemu-system-m68k
m68k_QEMU_PKG    := qemu-system-misc
m68k_QEMU_ARGS   := -M virt -cpu m68040 -m 256M
m68k_CONSOLE     := ttyGF0
m68k_GUEST_TESTS := m68k_fpsp040
# The kernel's selftests (Makefile, "the kernel's own selftests"). Not
# seccomp_bpf: m68k has no seccomp filter in 6.1, and the test stops at its
# `#error` for the arch's syscall registers.
m68k_KSELFTESTS      := ptrace/get_syscall_info ptrace/peeksiginfo ptrace/vmaccess sigaltstack/sas
m68k_KSELFTESTS_LIBC := libc6-dev-m68k-cross

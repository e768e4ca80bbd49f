# s390x: the virtio CCW machine. QEMU wires -nographic to its VT220 SCLP
# console, which is the kernel's ttysclp0 (the line-mode one stays silent).
ARCHES_ALL += s390x
s390x_KARCH       := s390
s390x_TOOLCHAIN   := s390x-linux-gnu
# The full defconfig, for make bench's anchor build only.
s390x_DEFCONFIG   := defconfig
s390x_CONFIG_FRAGMENTS := seccomp
s390x_IMAGE       := arch/s390/boot/bzImage
s390x_QEMU        := qemu-system-s390x
s390x_QEMU_PKG    := qemu-system-misc
s390x_QEMU_ARGS   := -M s390-ccw-virtio -cpu qemu -m 512M
s390x_CONSOLE     := ttysclp0
s390x_BUSYBOX_DEB := s390x
s390x_GUEST_TESTS := sud s390_default_trap
# The kernel's selftests (Makefile, "the kernel's own selftests"): s390 has
# GENERIC_ENTRY in 6.1, so syscall user dispatch too.
s390x_KSELFTESTS      := seccomp/seccomp_bpf syscall_user_dispatch/sud_test ptrace/get_syscall_info \
	ptrace/peeksiginfo ptrace/vmaccess sigaltstack/sas
s390x_KSELFTESTS_LIBC := libc6-dev-s390x-cross
# make coverage: gcov's kernel support builds and boots here (big-endian).
s390x_COVERAGE     := 1

# x86_64: QEMU's q35 PC (arches/fragments/x86-pc.mk), with the vsyscall
# page emulated.
ARCHES_ALL += x86_64
include $(TOP)/arches/fragments/x86-pc.mk
$(eval $(call x86_pc,x86_64))
# The full defconfig, for make bench's anchor build only.
x86_64_DEFCONFIG   := x86_64_defconfig
x86_64_CONFIG_FRAGMENTS := seccomp x86-pc
x86_64_QEMU        := qemu-system-x86_64
x86_64_APPEND      += vsyscall=emulate
x86_64_BUSYBOX_DEB := amd64
x86_64_GUEST_TESTS := sud x86_vsyscall
# The kernel's selftests (Makefile, "the kernel's own selftests"): seccomp,
# syscall user dispatch (GENERIC_ENTRY), vsyscall, ptrace and sigaltstack.
x86_64_KSELFTESTS      := seccomp/seccomp_bpf syscall_user_dispatch/sud_test x86/test_vsyscall_64 \
	ptrace/get_syscall_info ptrace/peeksiginfo ptrace/vmaccess sigaltstack/sas
x86_64_KSELFTESTS_LIBC := libc6-dev
# make coverage: gcov's kernel support builds and boots here.
x86_64_COVERAGE    := 1

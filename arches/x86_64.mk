# x86_64: a q35 PC, 8250 serial console. The guest ends QEMU with
# reboot(RB_AUTOBOOT) under -no-reboot (RB_POWER_OFF only halts without ACPI).
ARCHES_ALL += x86_64
x86_64_KARCH       := x86
x86_64_TOOLCHAIN   := x86_64-linux-gnu
x86_64_USER_CFLAGS :=
x86_64_CONFIG_BASE := tinyconfig
# The full defconfig, for make bench's anchor build only.
x86_64_DEFCONFIG   := x86_64_defconfig
define x86_64_CONFIG
CONFIG_64BIT=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_X86_VSYSCALL_EMULATION=y
$(call config_fragment,seccomp)
# QEMU's Nehalem is GenuineIntel: no memory protection keys, no ISA DMA.
# CONFIG_X86_INTEL_MEMORY_PROTECTION_KEYS is not set
# CONFIG_ISA_DMA_API is not set
$(call config_fragment,x86-intel-cpu)
endef
x86_64_IMAGE       := arch/x86/boot/bzImage
x86_64_QEMU        := qemu-system-x86_64
x86_64_QEMU_PKG    := qemu-system-x86
x86_64_QEMU_ARGS   := -M q35 -cpu Nehalem -m 512M
x86_64_CONSOLE     := ttyS0
# no_timer_check: under a busy host, TCG's starved timer failed the
# kernel's boot-time check of the IO-APIC timer, and the kernel panicked
# ("IO-APIC + timer doesn't work!", with sixteen CPU hogs beside the
# matrix: docs/measurements.md, "A busy host"): a verdict of the host's load. The check is for broken
# hardware, which QEMU's is not; virtual machines commonly turn it off.
x86_64_APPEND      := vsyscall=emulate no_timer_check
x86_64_BUSYBOX_DEB := amd64
x86_64_GUEST_TESTS := sud x86_vsyscall
# The kernel's selftests (Makefile, "the kernel's own selftests"): seccomp,
# syscall user dispatch (GENERIC_ENTRY), vsyscall, ptrace and sigaltstack.
x86_64_KSELFTESTS      := seccomp/seccomp_bpf syscall_user_dispatch/sud_test x86/test_vsyscall_64 \
	ptrace/get_syscall_info ptrace/peeksiginfo ptrace/vmaccess sigaltstack/sas
x86_64_KSELFTESTS_LIBC := libc6-dev
# make coverage: gcov's kernel support builds and boots here.
x86_64_COVERAGE    := 1

# powerpc64: big-endian pseries under SLOF, hvc0 console. SLOF boots vmlinux,
# not a zImage, and needs the OF boot trampoline. COMPAT runs 32-bit tasks;
# ALTIVEC is what makes swapcontext read the context's v_regs.
ARCHES_ALL += powerpc64
powerpc64_KARCH       := powerpc
powerpc64_TOOLCHAIN   := powerpc64-linux-gnu
powerpc64_USER_CFLAGS := -mbig-endian
# The full defconfig, for make bench's anchor build only.
powerpc64_DEFCONFIG   := ppc64_defconfig
powerpc64_CONFIG_FRAGMENTS := seccomp
powerpc64_IMAGE       := vmlinux
powerpc64_QEMU        := qemu-system-ppc64
powerpc64_QEMU_PKG    := qemu-system-ppc
# x-vof=on: QEMU's Virtual Open Firmware (vof.bin, in qemu-system-ppc) in
# place of SLOF, which probes SCSI, PCI and USB before it loads the kernel.
# The kernel's prom_init speaks the same client interface to both, and
# /init starts about three times sooner with the same results
# (docs/measurements.md). The x- prefix: QEMU 7.2 calls the option
# experimental.
powerpc64_QEMU_ARGS   := -M pseries,x-vof=on -cpu POWER8 -m 1G
powerpc64_CONSOLE     := hvc0
powerpc64_GUEST_TESTS := ppc_swapcontext ppc_swapcontext_32
# The same swapcontext test as a 32-bit task on the 64-bit (COMPAT) kernel.
powerpc64_CFLAGS_ppc_swapcontext_32 := -m32 -O2
# (-O2: at -Os 32-bit code calls libgcc's register save helpers; no libgcc here)
# The kernel's selftests (Makefile, "the kernel's own selftests").
# powerpc's signal tests speak subunit, not KTAP; they need the include
# folder and GIT_VERSION that powerpc's own parent makefile would give them.
# sigfuz is left out, as seen on QEMU's POWER8: it executes
# tbegin. without asking whether the CPU has transactional memory, which
# QEMU's TCG does not emulate: every child dies by SIGILL and it runs to
# init's timeout, its children (in process groups of their own, as
# powerpc's harness makes them) running on after it.
powerpc64_KSELFTESTS      := seccomp/seccomp_bpf ptrace/get_syscall_info ptrace/peeksiginfo \
	ptrace/vmaccess sigaltstack/sas \
	$(addprefix powerpc/signal/,signal signal_tm sigreturn_vdso sig_sc_double_restart \
		sigreturn_kernel sigreturn_unaligned)
# powerpc's signal selftest sends itself 500,000 signals (after 1000
# forks): under TCG, on a slower machine, it ran past the default 30 s
# even idle (docs/measurements.md, "A busy host"). Its own harness allows
# 300 s, and its folder's kselftest settings set no runner limit
# (timeout=0); 120 s is seccomp's own settings value.
powerpc64_TEST_TIMEOUT_MIN := 120
powerpc64_KSELFTESTS_CFLAGS = -I$(KST_SRC)/powerpc/include -DGIT_VERSION='"kmatrix"'
powerpc64_KSELFTESTS_LIBC := libc6-dev-ppc64-cross

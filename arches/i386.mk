# i386: a 32-bit x86 kernel on QEMU's PC, 8250 serial console, with the
# legacy vm86 mode (only a 32-bit kernel has it: the one arch where
# save_v86_state() is built). The host compiler builds both the kernel and,
# with -m32, the guest code: no multilib or i386 libc is needed, because
# the guest code is freestanding. The guest ends QEMU with
# reboot(RB_AUTOBOOT) under -no-reboot, as on x86_64.
ARCHES_ALL += i386
i386_KARCH       := x86
i386_TOOLCHAIN   := x86_64-linux-gnu
i386_USER_CFLAGS := -m32
i386_CONFIG_BASE := tinyconfig
# The full defconfig, for make bench's anchor build only.
i386_DEFCONFIG   := i386_defconfig
# ARCH=x86 asks for 64BIT, so say no. VM86 is what X86_LEGACY_VM86
# selects; both are checked so that a lost one names itself.
define i386_CONFIG
# CONFIG_64BIT is not set
CONFIG_X86_LEGACY_VM86=y
CONFIG_VM86=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
$(call config_fragment,seccomp)
# QEMU's Nehalem is GenuineIntel: no memory protection keys.
# CONFIG_X86_INTEL_MEMORY_PROTECTION_KEYS is not set
$(call config_fragment,x86-intel-cpu)
endef
i386_IMAGE       := arch/x86/boot/bzImage
i386_QEMU        := qemu-system-i386
i386_QEMU_PKG    := qemu-system-x86
i386_QEMU_ARGS   := -M q35 -cpu Nehalem -m 512M
i386_CONSOLE     := ttyS0
# no_timer_check: under a busy host, TCG's starved timer failed the
# kernel's boot-time check of the IO-APIC timer, and the kernel panicked
# ("IO-APIC + timer doesn't work!", with sixteen CPU hogs beside the
# matrix: docs/measurements.md, "A busy host"): a verdict of the host's load. The check is for broken
# hardware, which QEMU's is not; virtual machines commonly turn it off.
i386_APPEND      := no_timer_check
i386_BUSYBOX_DEB := i386
i386_GUEST_TESTS := sud x86_vm86
# Out of the default set for its cost: its cold builds take a fresh make
# check over the budget (docs/measurements.md).
i386_NOT_IN_CHECK := its three cold builds (1514 s, two cells at a time) take a fresh make check to 81 min, over the 75 min budget
i386_KSELFTESTS_NONE := not set up yet (Debian has libc6-dev-i386-cross; i386 is not in the default matrix)

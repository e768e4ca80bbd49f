# QEMU's q35 PC with a Nehalem CPU, as x86_64 and i386 boot it: the x86
# kernel's bzImage, the 8250 console on ttyS0 (its options are x86-pc.config).
# An arch file takes it with $(eval $(call x86_pc,ARCH)). The guest ends
# QEMU with reboot(RB_AUTOBOOT) under -no-reboot (RB_POWER_OFF only halts
# without ACPI).
# no_timer_check: under a busy host, TCG's starved timer failed the
# kernel's boot-time check of the IO-APIC timer, and the kernel panicked
# ("IO-APIC + timer doesn't work!", with sixteen CPU hogs beside the
# matrix: docs/measurements.md, "A busy host"): a verdict of the host's
# load. The check is for broken hardware, which QEMU's is not; virtual
# machines commonly turn it off.
define x86_pc
$(1)_KARCH     := x86
$(1)_TOOLCHAIN := x86_64-linux-gnu
$(1)_IMAGE     := arch/x86/boot/bzImage
$(1)_QEMU_PKG  := qemu-system-x86
$(1)_QEMU_ARGS := -M q35 -cpu Nehalem -m 512M
$(1)_CONSOLE   := ttyS0
$(1)_APPEND    := no_timer_check
endef

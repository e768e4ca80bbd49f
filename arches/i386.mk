# i386: a 32-bit x86 kernel on QEMU's PC, 8250 serial console, with the
# legacy vm86 mode (only a 32-bit kernel has it: the one arch where
# save_v86_state() is built). The host compiler builds both the kernel and,
# with -m32, the guest code: no multilib or i386 libc is needed, because
# the guest code is freestanding. The machine is x86_64's
# (arches/fragments/x86-pc.mk).
ARCHES_ALL += i386
include $(TOP)/arches/fragments/x86-pc.mk
$(eval $(call x86_pc,i386))
i386_USER_CFLAGS := -m32
# The full defconfig, for make bench's anchor build only.
i386_DEFCONFIG   := i386_defconfig
i386_CONFIG_FRAGMENTS := seccomp x86-pc
i386_QEMU        := qemu-system-i386
i386_BUSYBOX_DEB := i386
i386_GUEST_TESTS := sud x86_vm86
# Out of the default set for its cost: its cold builds take a fresh make
# check over the budget (docs/measurements.md).
i386_NOT_IN_CHECK := its three cold builds take a fresh make check over its time budget (docs/measurements.md)
i386_KSELFTESTS_NONE := not set up yet (Debian has libc6-dev-i386-cross; i386 is not in the default matrix)

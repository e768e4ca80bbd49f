# sparc32: a SPARCstation 5 (sun4m) under OpenBIOS, Zilog serial console.
# The Fujitsu CPU: machines defaulting to TI-MicroSparc-I stall in faults.
# The sparc64 compiler builds both the 32-bit kernel and (-m32) user code;
# there is no sparc32 libc, which is why the guest code is freestanding.
ARCHES_ALL += sparc32
sparc32_KARCH       := sparc
sparc32_TOOLCHAIN   := sparc64-linux-gnu
sparc32_USER_CFLAGS := -m32 -mcpu=v8
# The full defconfig, for make bench's anchor build only.
sparc32_DEFCONFIG   := sparc32_defconfig
sparc32_IMAGE       := arch/sparc/boot/zImage
sparc32_QEMU        := qemu-system-sparc
sparc32_QEMU_PKG    := qemu-system-sparc
sparc32_QEMU_ARGS   := -M SS-5 -cpu Fujitsu-MB86904 -m 256M
sparc32_CONSOLE     := ttyS0
sparc32_GUEST_TESTS := sparc32_windows
# sparc32_windows has seven tests: their limits (KTAP_TEST_TIMEOUT_MS each,
# initramfs-builder/include/ktap_limits.h) and the runner's overhead come
# to 37 s, over the default TEST_TIMEOUT. The runner would ask init for
# them (kmatrix_needs_ms=); the arch's own minimum keeps 3 s of slack for
# the forks and kills of seven tests on this slow emulation.
sparc32_TEST_TIMEOUT_MIN := 40
sparc32_KSELFTESTS_NONE := Debian has no C library for plain sparc v8 (its 32-bit sparc libc is v8+), and the selftests need one

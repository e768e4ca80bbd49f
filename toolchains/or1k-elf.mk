# The or1k-elf GNU toolchain, from Debian's gcc-or1k-elf: a bare-metal
# compiler (Debian 12 has no or1k-linux-gnu one). It builds the kernel; the
# guest code is freestanding, so it needs no Linux libc either (the arch's
# USER_CFLAGS undo the bare-metal link defaults).
TOOLCHAIN_PREFIX_or1k-elf := or1k-elf-
TOOLCHAIN_PKG_or1k-elf    := gcc-or1k-elf

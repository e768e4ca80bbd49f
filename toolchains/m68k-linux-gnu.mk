# The m68k-linux-gnu GNU toolchain, from Debian's gcc-m68k-linux-gnu.
TOOLCHAIN_PREFIX_m68k-linux-gnu := m68k-linux-gnu-
TOOLCHAIN_PKG_m68k-linux-gnu    := gcc-m68k-linux-gnu

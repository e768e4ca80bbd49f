# The sparc64-linux-gnu GNU toolchain, from Debian's gcc-sparc64-linux-gnu.
TOOLCHAIN_PREFIX_sparc64-linux-gnu := sparc64-linux-gnu-
TOOLCHAIN_PKG_sparc64-linux-gnu    := gcc-sparc64-linux-gnu

# The powerpc64-linux-gnu GNU toolchain, from Debian's gcc-powerpc64-linux-gnu.
TOOLCHAIN_PREFIX_powerpc64-linux-gnu := powerpc64-linux-gnu-
TOOLCHAIN_PKG_powerpc64-linux-gnu    := gcc-powerpc64-linux-gnu

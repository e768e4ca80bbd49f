# The sh4-linux-gnu GNU toolchain, from Debian's gcc-sh4-linux-gnu.
TOOLCHAIN_PREFIX_sh4-linux-gnu := sh4-linux-gnu-
TOOLCHAIN_PKG_sh4-linux-gnu    := gcc-sh4-linux-gnu

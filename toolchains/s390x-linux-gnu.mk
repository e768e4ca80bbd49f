# The s390x-linux-gnu GNU toolchain, from Debian's gcc-s390x-linux-gnu.
TOOLCHAIN_PREFIX_s390x-linux-gnu := s390x-linux-gnu-
TOOLCHAIN_PKG_s390x-linux-gnu    := gcc-s390x-linux-gnu

# The x86_64-linux-gnu GNU toolchain: the native compiler on a Debian amd64
# host (its gcc package ships the prefixed name too).
TOOLCHAIN_PREFIX_x86_64-linux-gnu := x86_64-linux-gnu-
TOOLCHAIN_PKG_x86_64-linux-gnu    := gcc

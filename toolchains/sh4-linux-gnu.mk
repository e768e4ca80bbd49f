# The sh4-linux-gnu GNU toolchain, from Debian's gcc-sh4-linux-gnu.
TOOLCHAIN_PREFIX_sh4-linux-gnu := sh4-linux-gnu-
TOOLCHAIN_PKG_sh4-linux-gnu    := gcc-sh4-linux-gnu
# GCC 12.2's SH backend deletes the test before a branch in its pass
# sh_treg_combine2 (toolchains/sh4-treg-combine.c); every compile loads a
# plugin that turns that pass off (toolchains/sh-no-treg-combine.cc).
TOOLCHAIN_PLUGIN_sh4-linux-gnu     := sh-no-treg-combine
TOOLCHAIN_PLUGIN_PKG_sh4-linux-gnu := gcc-12-plugin-dev-sh4-linux-gnu

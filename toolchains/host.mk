# What the host needs besides the per-arch toolchains and emulators: the
# kernel build's own tools and the tools the matrix uses. The kernel source
# package is an input of its own (KSRC_PKG in the top Makefile).
HOST_PKGS := make gcc git flex bison bc libssl-dev libelf-dev cpio xz-utils ccache jq libxml2-utils

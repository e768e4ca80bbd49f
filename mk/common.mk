# mk/common.mk: where things live, the per-arch data, the run, ccache and the
# kernel's make arguments.

ifeq ($(V),1)
Q :=
else
Q := @
endif

# Per-arch data: $(call arch,IMAGE) is $($(ARCH)_IMAGE).
arch       = $($(ARCH)_$(1))
KARCH      = $(call arch,KARCH)
XPREFIX    = $(TOOLCHAIN_PREFIX_$(call arch,TOOLCHAIN))
XPKG       = $(TOOLCHAIN_PKG_$(call arch,TOOLCHAIN))
# A toolchain whose compiler has a fault may name a GCC plugin that works
# around it (TOOLCHAIN_PLUGIN_<toolchain>: a C++ source in toolchains/, and
# TOOLCHAIN_PLUGIN_PKG_<toolchain>: the compiler's plugin headers). Every
# compile for the arch loads it: kernel, guest programs, selftests. It is
# kept under WORK by its source's and compiler's hash, so that every checkout
# names the same file and a changed plugin changes the compiler's command
# line (kbuild then recompiles, and the cached kernels are rebuilt).
XPLUGIN_NAME = $(TOOLCHAIN_PLUGIN_$(call arch,TOOLCHAIN))
XPLUGIN_PKG  = $(TOOLCHAIN_PLUGIN_PKG_$(call arch,TOOLCHAIN))
XPLUGIN      = $(if $(XPLUGIN_NAME),$(eval XPLUGIN := $(WORK)/host/gcc-plugins/$(XPLUGIN_NAME)-$$(shell \
	{ cat $(TOP)/toolchains/$(XPLUGIN_NAME).cc; $(XPREFIX)gcc --version; } 2>/dev/null | sha1sum | cut -c1-12).so)$(XPLUGIN))
XGCC         = $(XPREFIX)gcc$(if $(XPLUGIN), -fplugin=$(XPLUGIN))

SRC        := $(TREE_WORK)/src/linux
TREE_ROOT  ?= $(TREE_WORK)/tree
TREE        = $(TREE_ROOT)/$(ARCH)
BUILD_ROOT ?= $(TREE_WORK)/build
# make coverage's kernels (COVERAGE=1) are a variant: a build of their own.
BUILD       = $(BUILD_ROOT)/$(ARCH)$(if $(filter 1,$(COVERAGE)),-coverage)
HEADERS     = $(TREE_WORK)/headers/$(ARCH)
# Programs built from this checkout's sources are kept apart from those of
# other checkouts (a clone for CI, say): their dependencies name its files
# (CHECKOUT_ID and HOSTBIN: the Makefile, which needs the series reader first).
GUEST       = $(TREE_WORK)/guest/$(CHECKOUT_ID)/$(ARCH)
IMAGE       = $(BUILD)/$(call arch,IMAGE)
INITRAMFS   = $(GUEST)/initramfs.cpio

# Expanded once: every use in this make (and its sub-makes) is the same run.
# The date and time, then this make's process id: two runs started in the
# same second have two ids (run-open.sh claims the folder, so that no two
# runs ever share one).
ifeq ($(origin RUN_ID),undefined)
RUN_ID     := $(shell echo "$$(date +%Y%m%d-%H%M%S)-$$PPID")
endif
#> RUN_DIR: the run that report, distcc-check and bench-report read
RUN_DIR    ?= $(RESULTS)/$(RUN_ID)
# The commit the run resolved a point to when it opened (run-open.sh's
# RUN_DIR/points.tsv); empty outside a run (make cell) or for a point it has not.
run_point_rev = $(shell awk -F'\t' -v p='$(1)' '$$1 == p { print $$2 }' $(RUN_DIR)/points.tsv 2>/dev/null)
# This make's process id, asked once in each make: the make whose recipe a
# run is (its end is the run's, guard_run in lib.sh).
MAKE_PID   := $(shell echo $$PPID)
# A cell's folder in its run (report finds cells by the same name).
cell_dir    = $(RUN_DIR)/$(1)-$(2)
CELL_DIR    = $(call cell_dir,$(ARCH),$(POINT))

# ccache (on by default, CCACHE=0 turns it off) keeps compiled objects
# outside the checkout, so a point built before in any tree is a cache hit.
#> CCACHE: 1 (default) compiles through ccache in WORK/ccache, 0 does not
CCACHE       ?= 1
export CCACHE_DIR ?= $(WORK)/ccache
export CCACHE_MAXSIZE ?= 8G
# Depend mode hashes the headers the compiler reports (kbuild's -MMD)
# instead of preprocessing every file first: a cold build is as quick as
# without ccache, and a warm one still hits (docs/measurements.md).
#> CCACHE_DEPEND: 1 (default): ccache takes headers from kbuild's -MMD output
export CCACHE_DEPEND ?= 1
# DISTCC_HOSTS="host/N ...": compile through distcc on machines running
# distccd with the same Debian cross compilers (behind ccache when on).
#> DISTCC_HOSTS: "host/N ..." compiles through distcc on those machines
DISTCC_HOSTS ?=
ifneq ($(DISTCC_HOSTS),)
export DISTCC_HOSTS
export CCACHE_PREFIX := $(if $(filter 1,$(CCACHE)),distcc)
endif
KCC = $(if $(filter 1,$(CCACHE)),$(TOP)/matrix/ccache-cc.sh ,$(if $(DISTCC_HOSTS),distcc ))$(XGCC)
# Only pass -j to the kernel's make when no jobserver is there to share.
# Recipes write `$(MAKE) $(KMAKE_ARGS)`, never $(MAKE) inside a variable:
# make passes its job slots only to lines where `$(MAKE)` stands literally,
# and kbuild then ran at -j1 ("jobserver unavailable") in every cell.
KMAKE_ARGS = --no-print-directory -C $(TREE) O=$(BUILD) ARCH=$(KARCH) \
	CROSS_COMPILE=$(XPREFIX) CC="$(KCC)" $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS)) $(GCOV_ARGS)
# make coverage: the objects of the series' C files (GCOV_FILES) profiled.
# kbuild keys the flag on the object's name alone, so a file of the same
# name elsewhere is profiled too; the report reads only the series' files.
#> COVERAGE: 1 builds and boots the coverage variant of a cell (make coverage sets it)
COVERAGE    ?= 0
GCOV_FILES  ?=
# Another arch's files are left out: their names (traps.c, fault.c) would
# profile this arch's files of the same name for nothing.
GCOV_OWN     = $(filter-out arch/%,$(GCOV_FILES)) $(filter arch/$(KARCH)/%,$(GCOV_FILES))
GCOV_ARGS    = $(if $(filter 1,$(COVERAGE)),$(foreach o,$(sort $(basename $(notdir $(filter %.c,$(GCOV_OWN))))),GCOV_PROFILE_$(o).o=y))

# kmatrix: a patch series, cross-built for several architectures, booted in
# QEMU, tested in the guest. `make help` lists the targets and variables.
#
# Layout of the work directory (outside the checkout; WORK=):
#   src/linux/        the kernel tree imported into git, tag `pristine`
#   tree/<arch>/      a git worktree per arch, checked out at the cell's point
#   build/<arch>/     the arch's out-of-tree kernel build (O=)
#   headers/<arch>/   the arch's UAPI headers, for the guest programs
#   guest/<id>/<arch>/ guest programs and the initramfs, per checkout
#   trees/<name>/     the five above (and locks/) of any tree but the default
#   host/<id>/        the host tools, per checkout
# Results go to results/<run-id>/ in the checkout; results/latest is the newest.

MAKEFLAGS += --no-builtin-rules --no-builtin-variables
.SUFFIXES:
.DELETE_ON_ERROR:

TOP          := $(CURDIR)
#> WORK: where the tree, builds, kernels and ccache live
WORK         ?= /var/tmp/kmatrix
# The kernel tree: a Debian linux-source package, and the tarball it installs.
#> KSRC_PKG: the kernel tree, as the Debian package that installs it (linux-source-6.12, ...)
KSRC_PKG     ?= linux-source-6.1
#> KSRC_TARBALL: the kernel tarball (default: the one KSRC_PKG installs)
KSRC_TARBALL ?= /usr/src/$(KSRC_PKG).tar.xz
# Each tree has its own import, worktrees, builds, kernels, headers and
# guest programs, so switching trees rebuilds nothing of the other and never
# mixes them. The default tree keeps the top of WORK (its caches stay where
# they were); any other lives in WORK/trees/<tarball name>. ccache and the
# host tools are shared: neither depends on the tree.
KSRC_DEFAULT_TARBALL := /usr/src/linux-source-6.1.tar.xz
KSRC_NAME    := $(patsubst %.tar,%,$(basename $(notdir $(KSRC_TARBALL))))
TREE_WORK    := $(if $(filter $(KSRC_DEFAULT_TARBALL),$(abspath $(KSRC_TARBALL))),$(WORK),$(WORK)/trees/$(KSRC_NAME))
LOCKS        := $(TREE_WORK)/locks
# Runs are kept per tree too, so that each tree has its own history, and a
# run is compared with the last run of its own tree.
#> RESULTS: where runs go (one folder per run, latest the newest; another tree's in results/trees/<name>)
RESULTS      ?= $(TOP)/results$(if $(filter $(WORK),$(TREE_WORK)),,/trees/$(KSRC_NAME))
# The series under test: a folder of git format-patch files (optionally with
# a quilt `series` file, a `points` file naming points, and a `config` file
# saying base=reverse|pristine|<point>), a quilt series file, or an mbox.
#> SERIES: the series: a folder of patches (git format-patch or quilt), a quilt series file, an mbox or one patch file
SERIES       ?= $(TOP)/patches/forced-exit
SERIES_NAME  ?= $(basename $(notdir $(abspath $(SERIES))))
# A series folder may carry its port to another tree, SERIES/ports/<tree>/:
# the same patches as they apply there (the points, config, expectations and
# name stay the series' own). A run on that tree applies the port, exactly.
SERIES_PORT   = $(wildcard $(SERIES)/ports/$(KSRC_NAME))
SERIES_PATCHES = $(or $(SERIES_PORT),$(SERIES))
SERIES_APPLY_ENV = $(if $(SERIES_PORT),SERIES_POINTS=$(SERIES)/points)
#> SERIES_BASE: the point the series applies to (reverse: undo it from the pristine tree)
SERIES_BASE  ?= $(or $(shell sed -n 's/^base=//p' $(SERIES)/config 2>/dev/null),pristine)
# The documents the ported patches are compared with (make verify-series).
SEEDS        ?= $(abspath $(TOP)/../shared/seeds)
#> POINTS: the points to run: pristine, base, NN or NN-slug, and the series' named points (default: base, the named points, the last patch)
# What the results should be, per arch, point and test (see the file).
#> EXPECT: the expectations the results are judged by
EXPECT       ?= $(wildcard $(TOP)/matrix/expectations/$(SERIES_NAME).tsv)
REPORT_FLAGS  = $(if $(EXPECT),--expect $(EXPECT))
# What fails on this tree whatever the series (an upstream build break):
# such a cell is shown as a known break with its reason, not as a failure.
#> KNOWN_BREAKS: the tree's known breaks (default: matrix/known-breaks/<tree>.tsv)
KNOWN_BREAKS ?= $(wildcard $(TOP)/matrix/known-breaks/$(KSRC_NAME).tsv)
#> JOBS: parallel compile jobs when no jobserver is there
JOBS         ?= $(shell nproc)
# Boot limits in seconds: the whole boot, and the longest silence on the console.
#> BOOT_TIMEOUT: seconds a whole boot may take
BOOT_TIMEOUT ?= 300
# Per guest program, enforced by the guest's init.
#> TEST_TIMEOUT: seconds each guest program may take (wall clock, enforced by the guest)
TEST_TIMEOUT ?= 30
# A program may be silent until its own timeout: the silence allowed on the
# console outlasts it, so that the guest ends a hung program (one failed
# result) before the host ends the boot (the whole cell).
#> BOOT_SILENCE: seconds the console may stay silent (default: 90, or TEST_TIMEOUT + 30 if more)
BOOT_SILENCE ?= $(shell echo $$(( $(TEST_TIMEOUT) + 30 > 90 ? $(TEST_TIMEOUT) + 30 : 90 )))
# A time limit (TEST_TIMEOUT, BOOT_SILENCE, BOOT_TIMEOUT) that runs out
# while the host kept QEMU waiting for a CPU more than this share of that
# time is the host's doing: the cell is infra with that cause, and booted
# again (bootrun reads the wait from the host scheduler's schedstat).
#> HOST_MAX_WAIT: percent of a timed-out span QEMU may wait for a CPU before the timeout is the host's (infra)
HOST_MAX_WAIT ?= 50
# 1: a boot without results, or with an unexpected result, is booted a
# second time, and a result that then differs is `flaky`; 0: never.
#> RETRIES: boots again a cell that timed out, had no results or an unexpected one (0: never)
RETRIES      ?= 1
#> V: 1 shows full commands and logs
V            ?= 0

# ---- what a command line may say --------------------------------------------
# (The other checks of the input are below, under "checks of the input":
# this one comes first, before any $(shell) sees a value.)
# Recipes hand paths and names to the shell. As kbuild refuses a source path
# with spaces or colons, a value with a character outside this set is
# refused before anything runs, rather than quoted in every recipe: a
# `SERIES=/tmp/x;id` must never run `id`.
SAFE_CHARS := a b c d e f g h i j k l m n o p q r s t u v w x y z \
	A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 0 1 2 3 4 5 6 7 8 9 . _ - / + @ % = : ,
unsafe_in = $(strip $(if $(2),$(call unsafe_in,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,999,$(2))),$(1)))
PATH_VARS := TOP SERIES WORK RESULTS RUN_DIR KSRC_TARBALL EXPECT KNOWN_BREAKS SEEDS MUTANTS A B COVERAGE_UNREACHABLE \
	BENCH_ROOT DEFCONFIG_ROOT TREE_ROOT BUILD_ROOT
WORD_VARS := ARCHES ARCH POINTS POINT KSRC_PKG TREES RUN_ID KEEP MUTANTS_ONLY CHECK_MUTANTS MUTANT_BASE \
	JOBS CELL_JOBS RETRIES TEST_TIMEOUT BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT GUEST_APPEND \
	FAULT_ARCH DISTCC_ARCH V FUZZ_SECONDS SERIES_BASE DEFCONFIG_POINT DISTCC_HOSTS CCACHE \
	COVERAGE COVERAGE_POINT GCOV_FILES CHECK_COVERAGE_ARCHES BY_TEST GUEST_ONLY FIRST_BAD CHECK_ARCHES
# Numbers: a word that is not one would reach a tool as 0 (atof).
NUMBER_VARS := JOBS CELL_JOBS RETRIES TEST_TIMEOUT BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT FUZZ_SECONDS
$(foreach v,$(NUMBER_VARS),$(if $(call unsafe_in,$($(v)),0 1 2 3 4 5 6 7 8 9 .),\
	$(error $(v)='$($(v))': not a number)))
$(foreach v,$(PATH_VARS),$(if $(or $(call unsafe_in,$($(v)),$(SAFE_CHARS)),$(word 2,$($(v)))),\
	$(error $(v)='$($(v))': a path may hold only letters, digits and . _ - / + @ % = : , (recipes give it to the shell))))
$(foreach v,$(WORD_VARS),$(if $(call unsafe_in,$($(v)),$(SAFE_CHARS)),\
	$(error $(v)='$($(v))': only letters, digits, spaces and . _ - / + @ % = : , (recipes give it to the shell))))

include $(sort $(wildcard $(TOP)/arches/*.mk))
include $(sort $(wildcard $(TOP)/toolchains/*.mk))
# "ARCH:KARCH" of every arch: how a path under arch/ names the arches it is for.
ARCH_KARCHS_ALL := $(foreach a,$(ARCHES_ALL),$(a):$($(a)_KARCH))
# By default a run has every arch whose code the series touches (a patch
# under arch/<karch>/ picks those arches, one outside arch/ picks all;
# `make series` says why each). Computed once: sub-makes inherit it.
#> ARCHES: the arches of a run (default: every arch the series touches)
# `make check` is CI's, with a time budget: its arches are the series' less
# those whose arch file says that budget cannot take their cold builds
# (<arch>_NOT_IN_CHECK, the measured reason); CHECK_ARCHES= names others.
# As the default of a `make check` it reaches the check's every step.
#> CHECK_ARCHES: the arches make check runs (default: the series' arches less those an arch file marks <arch>_NOT_IN_CHECK)
ARCH_KARCHS_CHECK := $(foreach a,$(ARCHES_ALL),$(if $($(a)_NOT_IN_CHECK),,$(a):$($(a)_KARCH)))
ifeq ($(origin CHECK_ARCHES),undefined)
CHECK_ARCHES = $(eval CHECK_ARCHES := $$(shell $(TOP)/matrix/series-arches.sh '$(SERIES_PATCHES)' '$(ARCH_KARCHS_CHECK)'))$(CHECK_ARCHES)
endif
ifeq ($(origin ARCHES),undefined)
ARCHES := $(if $(filter check,$(MAKECMDGOALS)),$(CHECK_ARCHES),$(shell $(TOP)/matrix/series-arches.sh '$(SERIES_PATCHES)' '$(ARCH_KARCHS_ALL)'))
export ARCHES
endif
# The series' own points (lib.sh's default_points), computed as ARCHES is:
# after the checks above, which keep a path with shell characters from
# reaching a shell.
ifeq ($(origin POINTS),undefined)
POINTS       := $(shell . $(TOP)/matrix/lib.sh && default_points '$(SERIES)')
endif


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
# other checkouts (a clone for CI, say): their dependencies name its files.
CHECKOUT_ID := $(shell printf '%s' '$(TOP)' | sha1sum | cut -c1-8)
GUEST       = $(TREE_WORK)/guest/$(CHECKOUT_ID)/$(ARCH)
HOSTBIN    := $(WORK)/host/$(CHECKOUT_ID)
IMAGE       = $(BUILD)/$(call arch,IMAGE)
INITRAMFS   = $(GUEST)/initramfs.cpio

# Expanded once: every use in this make (and its sub-makes) is the same run.
ifeq ($(origin RUN_ID),undefined)
RUN_ID     := $(shell date +%Y%m%d-%H%M%S)
endif
#> RUN_DIR: the run that report, distcc-check and bench-report read
RUN_DIR    ?= $(RESULTS)/$(RUN_ID)
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
# instead of preprocessing every file first: a cold m68k build took 112 s
# with ccache's default mode, 87 s in depend mode and 87 s without ccache
# (medians of two), and a warm one still hits (23 s).
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

.PHONY: all help matrix check cell coverage coverage-report cell-env kernel initramfs guest shell toolchains \
	deps tree headers kselftests initrd report unit-tests guest-all clean distclean FORCE \
	series verify-series bisect-build compare nightly nightly-tree bench-report distcc-check mutants \
	bench bench-defconfig
#> all: the default: matrix
all: matrix

# make help is made from the `#> NAME: text` lines of this file: a lower-case
# NAME is a target, an upper-case one a variable (shown with its value).
HELP_VARS := $(shell sed -n 's/^#> \([A-Z][A-Z0-9_]*\): .*/\1/p' $(TOP)/Makefile)
#> help: this list
help:
	$(Q)$(foreach v,$(HELP_VARS),$(v)='$(subst ','\'',$($(v)))') ARCHES_ALL='$(ARCHES_ALL)' \
		$(TOP)/matrix/make-help.sh $(TOP)/Makefile

# ---- checks of the input ------------------------------------------------

# An unknown ARCH or ARCHES entry is an error naming the known ones.
bad_arches := $(filter-out $(ARCHES_ALL),$(ARCHES) $(ARCH))
ifneq ($(bad_arches),)
$(error unknown arch '$(firstword $(bad_arches))'; known arches: $(ARCHES_ALL))
endif
# The goals that make cells: each needs arches and points that exist, said
# before anything builds (a run of no cells would hand make no goal, and
# make's default goal is the matrix again).
CELL_GOALS := all matrix nightly nightly-tree mutants bisect-build check
ifneq ($(filter $(CELL_GOALS),$(or $(MAKECMDGOALS),all)),)
ifeq ($(strip $(ARCHES)),)
no_arches_why = $(or $(shell . $(TOP)/matrix/lib.sh && series_problem '$(SERIES_PATCHES)'),the series \
$(SERIES) changes no file an arch builds)
$(error $(if $(filter-out file,$(origin ARCHES)),ARCHES is empty,no arch to run: $(no_arches_why)); \
name them with ARCHES=, of: $(ARCHES_ALL))
endif
ifeq ($(strip $(POINTS)),)
$(error POINTS is empty; name one or more of: pristine base NN NN-slug, and the series' named points (make series lists them))
endif
endif
#> ARCH: the arch of `make cell` and the single steps
need_arch = $(if $(ARCH),,$(error $@ needs ARCH=, one of: $(ARCHES_ALL)))
need_point = $(if $(POINT),,$(error $@ needs POINT=: pristine, base, NN or NN-slug, or a named point of the series (make series lists them)))

# ---- packages -------------------------------------------------------------

# The Debian packages an arch's cells use (a cell's reproducer records their versions).
arch_pkgs = $(TOOLCHAIN_PKG_$($(1)_TOOLCHAIN)) $($(1)_QEMU_PKG) $($(1)_KSELFTESTS_LIBC) \
	$(if $(TOOLCHAIN_PLUGIN_$($(1)_TOOLCHAIN)),g++ $(TOOLCHAIN_PLUGIN_PKG_$($(1)_TOOLCHAIN)))
ALL_PKGS = $(HOST_PKGS) $(foreach a,$(ARCHES),$(call arch_pkgs,$(a))) \
	$(if $(wildcard $(KSRC_TARBALL)),,$(KSRC_PKG))

#> deps: install the Debian packages ARCHES need (as root), or print the apt-get line
deps:
	$(Q)$(TOP)/toolchains/ensure-packages.sh $(sort $(ALL_PKGS))
	$(Q)test -f $(KSRC_TARBALL) || { echo "kmatrix: $(KSRC_TARBALL) is missing (Debian package $(KSRC_PKG))" >&2; exit 1; }

# The cross prefix of ARCH, for scripts (check-faults.sh).
print-XPREFIX:
	@echo $(XPREFIX)
# This checkout's host tools, for scripts (a cell's reproduce.sh).
print-HOSTBIN:
	@echo $(HOSTBIN)

#> toolchains: install or check the compilers and emulators, print versions
toolchains: deps
	$(Q)for a in $(ARCHES); do \
		$(MAKE) --no-print-directory toolchain-version ARCH=$$a || exit 1; \
	done

toolchain-version:
	$(call need_arch)
	$(Q)command -v $(XPREFIX)gcc >/dev/null || { echo "kmatrix: $(XPREFIX)gcc not found (Debian package $(XPKG))" >&2; exit 1; }
	$(Q)command -v $(call arch,QEMU) >/dev/null || { echo "kmatrix: $(call arch,QEMU) not found (Debian package $(call arch,QEMU_PKG))" >&2; exit 1; }
	$(Q)printf '%-10s %-28s %s\n' $(ARCH) "$(XPREFIX)gcc" "$$($(XPREFIX)gcc -dumpfullversion)"
	$(Q)printf '%-10s %-28s %s\n' '' "$(call arch,QEMU)" "$$($(call arch,QEMU) --version | sed -n '1s/.*version //p')"

# ---- the kernel tree --------------------------------------------------------

$(SRC)/.stamp_imported:
	$(Q)test -f $(KSRC_TARBALL) || { echo "kmatrix: $(KSRC_TARBALL) is missing (Debian package $(KSRC_PKG))" >&2; exit 1; }
	$(Q)$(TOP)/matrix/with-lock.sh $(LOCKS)/import "the import of the tree" \
		sh -c 'test -e $@ || { $(TOP)/matrix/import-tree.sh $(KSRC_TARBALL) $(SRC) && touch $@; }'

#> tree: import the kernel tarball into git (WORK/src/linux, another tree's in WORK/trees/<tree>); with ARCH=, put its worktree at POINT
tree: $(SRC)/.stamp_imported
ifneq ($(ARCH),)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
endif

# The series becomes commits and tags in the repository (no work tree is
# touched); redone only when the patches (the files of the series' folder
# itself: its mutants/ catalogue is not the series), the base, or the
# scripts that make them points change.
SERIES_STAMP = $(SRC)/.stamp_series_$(SERIES_NAME)
# What apply-series.sh said when the series did not apply to this tree
# (gone once it applies): the cells at its points are then not run, with
# that reason, and the others (pristine) still are.
SERIES_ERROR = $(SRC)/.series_error_$(SERIES_NAME)
# Where the series met this tree at an offset (read into each run's record).
SERIES_OFFSETS = $(SRC)/.series_offsets_$(SERIES_NAME)
# The tree a series was ported to (`tree=` in its config): there every hunk
# must apply exactly; on any other tree offsets are allowed and recorded,
# and fuzz never is.
SERIES_TREE ?= $(if $(SERIES_PORT),$(KSRC_NAME),$(shell sed -n 's/^tree=//p' $(SERIES)/config 2>/dev/null))
# (A series that names no tree applies exactly to the default tree.)
SERIES_EXACT = $(if $(SERIES_TREE),$(filter $(KSRC_NAME),$(SERIES_TREE)),$(filter $(WORK),$(TREE_WORK)))
#> series: turn SERIES into points (tags) of the kernel tree; lists them
series: $(SRC)/.stamp_imported
	$(Q)why=$$(. $(TOP)/matrix/lib.sh && series_problem '$(SERIES_PATCHES)'); \
	[ -z "$$why" ] || { rm -f $(SERIES_ERROR); echo "kmatrix: $$why" >&2; exit 2; }
	$(Q)h=$$( { echo "$(SERIES_BASE) $(SERIES_EXACT)"; find "$(SERIES_PATCHES)" $(if $(SERIES_PORT),$(SERIES)/points) -maxdepth 1 -type f | LC_ALL=C sort | xargs cat; \
		cat $(TOP)/matrix/apply-series.sh $(TOP)/matrix/lib.sh; } | sha1sum | cut -c1-40); \
	if [ "$$(cat $(SERIES_STAMP) 2>/dev/null)" != "$$h" ]; then \
		$(TOP)/matrix/with-lock.sh $(LOCKS)/series "the series' tags" sh -c ' \
			[ "$$(cat $(SERIES_STAMP) 2>/dev/null)" = "$$1" ] && exit 0; \
			rm -f $(SERIES_STAMP) $(SERIES_ERROR) $(SERIES_OFFSETS); \
			if OFFSETS_OUT=$(if $(SERIES_EXACT),,$(SERIES_OFFSETS)) $(SERIES_APPLY_ENV) $(TOP)/matrix/apply-series.sh $(SRC) \
				"$(SERIES_PATCHES)" $(SERIES_NAME) $(SERIES_BASE) 2>$(SERIES_ERROR).tmp; then \
				cat $(SERIES_ERROR).tmp >&2; rm -f $(SERIES_ERROR).tmp $(SERIES_ERROR); echo "$$1" >$(SERIES_STAMP); \
			else mv -f $(SERIES_ERROR).tmp $(SERIES_ERROR); cat $(SERIES_ERROR) >&2; exit 1; fi' sh "$$h"; \
	fi
	$(Q)$(if $(and $(filter series,$(MAKECMDGOALS)),$(filter 0,$(MAKELEVEL))),$(print_series_arches),true)
# Which arches the series picks, and why (`make series` typed by a user
# prints it; not the `make series` each cell runs).
print_series_arches = $(TOP)/matrix/series-arches.sh --why '$(SERIES_PATCHES)' '$(ARCH_KARCHS_ALL)' | \
	awk -F'\t' '{ printf "  ARCH    %-10s %s (%s)\n", $$1, $$3, $$2 }'$(foreach a,$(ARCHES_ALL),$(if $($(a)_NOT_IN_CHECK), \
	| sed 's|^  ARCH    $(a) .*|&; not in make check: $(subst |,/,$(subst ','\'',$($(a)_NOT_IN_CHECK)))|'))

# Every series patch, built on every arch it touches (results/bisect-<id>/).
#> bisect-build: build every series patch on every arch it touches
bisect-build: series
	$(Q)MAKE='$(MAKE)' $(TOP)/matrix/bisect-build.sh $(SRC) $(SERIES_NAME) $(RESULTS)/bisect-$(RUN_ID) \
		"$(filter $(addsuffix :%,$(ARCHES)),$(ARCH_KARCHS_ALL))"

#> verify-series: base + series = pristine, every patch applies exactly, patches match the seeds
verify-series: $(SRC)/.stamp_imported
	$(Q)$(SERIES_APPLY_ENV) $(TOP)/matrix/verify-series.sh $(SRC) "$(SERIES_PATCHES)" $(SERIES_NAME) $(SERIES_BASE) "$(SEEDS)"

# ---- host tools -------------------------------------------------------------

HOST_CC     ?= cc
HOST_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -Wno-format-truncation -std=gnu11
HOST_TOOLS  := bootrun report gen_init_cpio
# Written under another name, then renamed: cells running side by side may
# each find a tool out of date, and none may run a half-written one.
$(HOSTBIN)/%: $(TOP)/matrix/%.c $(wildcard $(TOP)/matrix/*.h)
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -I$(TOP)/matrix -o $@.$$$$ $(filter %.c,$^) && mv -f $@.$$$$ $@
$(HOSTBIN)/bootrun $(HOSTBIN)/report: $(addprefix $(TOP)/matrix/,ktap_reader.c ktap_lines.c ktap_results.c)
# bootrun: the QEMU command, the console's lines, the host's load, the record (bootrun.h).
$(HOSTBIN)/bootrun: $(wildcard $(TOP)/matrix/bootrun_*.c)
# report: the model of a run (run*.c, cell.c, judge.c) and its views (out.c, view_*.c).
$(HOSTBIN)/report: $(addprefix $(TOP)/matrix/,run.c cell.c judge.c run_diff.c expect.c mutants.c out.c util.c) $(wildcard $(TOP)/matrix/view_*.c)
# coverage: the series' lines a coverage boot ran (make coverage).
$(HOSTBIN)/coverage: $(addprefix $(TOP)/matrix/,out.c util.c) $(wildcard $(TOP)/matrix/coverage_*.c)
# The toolchain's GCC plugin (see XPLUGIN), built with the host's C++
# compiler against the cross compiler's own plugin headers.
HOST_CXX    ?= c++
ifneq ($(XPLUGIN),)
$(XPLUGIN): $(TOP)/toolchains/$(XPLUGIN_NAME).cc
	@echo "  PLUGIN  $(notdir $@) (for $(XPREFIX)gcc)"
	$(Q)dir=$$($(XPREFIX)gcc -print-file-name=plugin); test -f "$$dir/include/gcc-plugin.h" || \
		{ echo "kmatrix: $(XPREFIX)gcc's plugin headers are missing (Debian package $(XPLUGIN_PKG))" >&2; exit 1; }; \
	command -v $(HOST_CXX) >/dev/null || { echo "kmatrix: $(HOST_CXX) not found (Debian package g++)" >&2; exit 1; }; \
	mkdir -p $(@D) && $(HOST_CXX) -shared -fPIC -fno-rtti -O2 -Wall -Wextra -I"$$dir/include" -o $@.$$$$ $< && mv -f $@.$$$$ $@
endif

# The initramfs writer is the kernel's own, from the imported tree, built
# with the kernel's flags for it (not ours: -Werror would stop at its
# signed/unsigned comparisons).
$(HOSTBIN)/gen_init_cpio: $(SRC)/.stamp_imported
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) -O2 -Wall -std=gnu11 -o $@.$$$$ $(SRC)/usr/gen_init_cpio.c && mv -f $@.$$$$ $@

# ---- kernel -----------------------------------------------------------------

# The config fragment: the arch's base, the common options, the arch's own
# (which may take a fragment several arches share, arches/fragments/NAME.config).
config_fragment = $(file <$(TOP)/arches/fragments/$(1).config)
define FRAGMENT
# base: $(call arch,CONFIG_BASE)
$(file <$(TOP)/arches/common.config)
$(call arch,CONFIG)
$(if $(filter 1,$(COVERAGE)),$(COVERAGE_CONFIG))
endef

# Only the lines that set or unset an option (and the base) are kept: an
# edited comment in common.config or an arch file must not regenerate
# .config, since kbuild then recompiles every object at the next build of
# the arch (seen: 703 objects on powerpc64, where nothing had changed).
$(BUILD)/fragment.config: FORCE
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$(FRAGMENT))
	$(Q)grep -E '^(CONFIG_|# CONFIG_[A-Za-z0-9_]+ is not set$$|# base: )' $@.tmp >$@.opts; rm -f $@.tmp
	$(Q)cmp -s $@.opts $@ && rm -f $@.opts || mv -f $@.opts $@

# The config's checks run the compiler too (cc-option), so the plugin first.
$(BUILD)/.config: $(BUILD)/fragment.config | $(SRC)/.stamp_imported $(XPLUGIN)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
	@echo "  CONFIG  $(ARCH): $(call arch,CONFIG_BASE) + fragment"
	$(Q)$(MAKE) $(KMAKE_ARGS) $(call arch,CONFIG_BASE) >$(BUILD)/config.log 2>&1 || { cat $(BUILD)/config.log >&2; exit 1; }
	$(Q)cd $(BUILD) && $(TREE)/scripts/kconfig/merge_config.sh -m .config fragment.config >>config.log 2>&1
	$(Q)$(MAKE) $(KMAKE_ARGS) olddefconfig >>$(BUILD)/config.log 2>&1 || { cat $(BUILD)/config.log >&2; exit 1; }
	$(Q)$(TOP)/matrix/config-check.sh $(BUILD)/fragment.config $(BUILD)/.config
	$(Q)cmp -s $(BUILD)/.config $(BUILD)/config.last || { cp $(BUILD)/.config $(BUILD)/config.last; rm -rf $(BUILD)/images; }

# config.last changes only when the config's content does: the cached
# kernels depend on it, not on .config's time. (Made with .config's own
# time where it is missing, so that creating it invalidates nothing.)
$(BUILD)/config.last: $(BUILD)/.config
	$(Q)test -e $@ || cp -p $< $@

# Built kernels are kept per point (by commit): a point built once boots
# again without a rebuild, wherever the arch's tree has moved since. A
# config whose content changed empties the cache.
# Resolved once per make, at its first use (a plain `=` ran git about 30
# times in each cell's make; with `:=` every make would run it, even one
# that never names a point).
# make coverage's kernels also carry the series' KUnit tests, where it has
# some (SERIES/kunit/: git format-patch files, applied over the coverage
# point and tagged <series>.kunit/, apart from the series): what only the
# kernel sees of the series, run at boot, their KTAP on the console before
# init's, read as every other result.
# (Defined before POINT_REV: a rule's prerequisites expand it as they are read.)
KUNIT_TESTS  = $(wildcard $(SERIES)/kunit/*.patch)
KUNIT_NAME   = $(SERIES_NAME).kunit
# The point a cell's kernel is built at: its own, or with the KUnit tests on it.
KERNEL_POINT = $(if $(and $(filter 1,$(COVERAGE)),$(KUNIT_TESTS)),$(KUNIT_NAME)/top,$(POINT))
POINT_REV    = $(eval POINT_REV := $$(shell $(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(KERNEL_POINT) $(SERIES_NAME) 2>/dev/null))$(POINT_REV)
IMAGE_CACHED = $(BUILD)/images/$(or $(POINT_REV),unknown-point)/$(notdir $(call arch,IMAGE))

# The compiler's command line (with the plugin, which has its hash in its
# name): a change rebuilds the cached kernels, as a changed config does.
# Made with config.last's time where it is missing, as config.last is.
$(BUILD)/compiler.last: FORCE
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$(XGCC) $(GCOV_ARGS))
	$(Q)if [ ! -e $@ ] && [ -e $(BUILD)/config.last ]; then touch -r $(BUILD)/config.last $@.tmp; fi; \
	cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@

$(IMAGE_CACHED): $(BUILD)/config.last $(BUILD)/compiler.last | $(XPLUGIN)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
	@echo "  KERNEL  $(ARCH) at $(POINT) ($(call arch,IMAGE))"
	$(Q)rm -f $(BUILD)/vmlinux $(IMAGE)
	$(Q)$(MAKE) $(KMAKE_ARGS) $(notdir $(call arch,IMAGE))
	$(Q)mkdir -p $(@D) && cp $(IMAGE) $@.tmp && mv -f $@.tmp $@

#> kernel: build ARCH's kernel at POINT (kept per point)
kernel: $(IMAGE_CACHED)

# ---- guest programs and initramfs -----------------------------------------

$(HEADERS)/.stamp: | $(SRC)/.stamp_imported
	$(call need_arch)
	@echo "  HEADERS $(ARCH)"
	$(Q)$(MAKE) --no-print-directory -C $(SRC) O=$(TREE_WORK)/headers-build/$(ARCH) ARCH=$(KARCH) \
		INSTALL_HDR_PATH=$(HEADERS) headers_install >$(TREE_WORK)/headers-build-$(ARCH).log 2>&1 \
		|| { cat $(TREE_WORK)/headers-build-$(ARCH).log >&2; exit 1; }
	$(Q)touch $@
#> headers: install ARCH's UAPI headers for the guest programs
headers: $(HEADERS)/.stamp

GUEST_CC      = $(XGCC)
GUEST_CFLAGS  = $(call arch,USER_CFLAGS) -Os -static -nostdlib -ffreestanding \
	-fno-stack-protector -fno-asynchronous-unwind-tables -fno-pie -no-pie \
	-Wall -Wextra -Werror -Wno-unused-function \
	-I$(TOP)/initramfs-builder/include -I$(TOP)/guest-tests -I$(HEADERS)/include \
	-DKMX_ARCH_ABI_FILE='"arch-$(ARCH).h"' -DKMX_ARCH_TEST_FILE='"arch-$(ARCH)-test.h"' \
	-idirafter $(TOP)/matrix \
	-MMD -MP -MF $@.d $(call arch,CFLAGS_$(notdir $@))
# No libgcc by default: the sparc64 compiler has none for -m32. An arch whose
# compiler calls a libgcc helper for plain C (sh4: integer division) names it
# in its USER_LDLIBS, which go after the source, where the linker needs them.
GUEST_LDLIBS  = $(call arch,USER_LDLIBS)
GUEST_HDRS   := $(TOP)/matrix/vocab.h $(wildcard $(TOP)/initramfs-builder/include/*.h $(TOP)/guest-tests/*.h \
	$(TOP)/guest-tests/harness/*.h $(TOP)/guest-tests/optional/*.h)
# Every arch runs guest-tests/*.c; guest-tests/optional/ holds the tests an
# arch file asks for by name (<arch>_GUEST_TESTS).
#> GUEST_FAULTS: programs from guest-tests/faults/ to add (fault injection, e.g. print_forever)
GUEST_FAULTS ?=
GUEST_TESTS   = $(sort $(basename $(notdir $(wildcard $(TOP)/guest-tests/*.c)))) \
	$(call arch,GUEST_TESTS) $(GUEST_FAULTS)
GUEST_PROGS   = $(GUEST)/init $(GUEST)/true $(addprefix $(GUEST)/tests/,$(GUEST_TESTS))

# init, and the programs the initramfs holds besides the tests (true).
$(GUEST)/init $(GUEST)/true: $(GUEST)/%: $(TOP)/initramfs-builder/%.c $(GUEST_HDRS) $(HEADERS)/.stamp \
		$(BUILD)/compiler.last | $(XPLUGIN)
	$(Q)mkdir -p $(@D)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< $(GUEST_LDLIBS)
# A test program is built from guest-tests/, its optional/ or its faults/.
define GUEST_PROG_RULE
$$(GUEST)/tests/%: $(1)/%.c $$(GUEST_HDRS) $$(HEADERS)/.stamp $$(BUILD)/compiler.last | $$(XPLUGIN)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(GUEST_CC) $$(GUEST_CFLAGS) -o $$@ $$< $$(GUEST_LDLIBS)
endef
$(foreach d,guest-tests guest-tests/optional guest-tests/faults,$(eval $(call GUEST_PROG_RULE,$(TOP)/$(d))))

# A recipe that writes the variable named $(1) to the target only when it
# differs, so that the target's time changes only with its content.
define write_if_changed
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$($(1)))
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@
endef

# The cpio list is rewritten only when it changes, so the archive is rebuilt
# only when a program or the list does.
define CPIO_LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /tmp 0755 0 0
dir /tests 0755 0 0
file /init $(GUEST)/init 0755 0 0
dir /bin 0755 0 0
file /bin/true $(GUEST)/true 0755 0 0
$(foreach t,$(GUEST_TESTS),file /tests/$(t) $(GUEST)/tests/$(t) 0755 0 0
)
endef
$(GUEST)/initramfs.list: FORCE
	$(call write_if_changed,CPIO_LIST)
$(INITRAMFS): $(GUEST)/initramfs.list $(GUEST_PROGS) $(HOSTBIN)/gen_init_cpio $(TOP)/matrix/initramfs-cpio.sh
	@echo "  CPIO    $(ARCH): init + $(words $(GUEST_TESTS)) test programs"
	$(Q)$(TOP)/matrix/initramfs-cpio.sh $(HOSTBIN)/gen_init_cpio $< $@

# What each program included, as the compiler saw it (-MMD).
-include $(wildcard $(GUEST)/*.d $(GUEST)/tests/*.d)

#> guest: build ARCH's guest programs
guest: $(GUEST_PROGS)
#> initramfs: build ARCH's initramfs (guest programs and cpio)
initramfs: $(INITRAMFS)

# ---- the kernel's own selftests -------------------------------------------

# An arch file lists the selftests its cells run (<arch>_KSELFTESTS:
# <folder>/<program> under tools/testing/selftests) and the Debian package
# of the C library they link statically (<arch>_KSELFTESTS_LIBC), or says
# why it has none (<arch>_KSELFTESTS_NONE, shown once in each run's report).
# They are built from the cell's own tree at its point (a series that
# changes a selftest is tested with its own version), by the selftests' own
# makefiles, once per point (kept by commit, like the kernels), and reach
# the guest as a second cpio archive after ours, which the kernel unpacks
# too: init runs them after our programs.
KSELFTESTS    = $(call arch,KSELFTESTS)
KST_DIR       = $(BUILD)/kselftests/$(or $(POINT_REV),unknown-point)
KST_SRC       = $(TREE)/tools/testing/selftests
KST_STANDIN  := $(TOP)/guest-tests/kselftest/include
# The programs that did not build at this point (PROGRAM, first error, log):
# each is a failed result PROGRAM.build of the cell (bootrun --unbuilt), and
# the others still run. A build the machine broke (infra_error) stops the
# cell as infra instead, and nothing is kept.
KST_UNBUILT   = $(KST_DIR)/unbuilt.tsv
# CC carries the arch's USER_CFLAGS, -static and the stand-in headers, because the selftests'
# makefiles set CFLAGS each their own way (sigaltstack's with `=`) but all
# compile and link with $(CC). LDLIBS replaces seccomp's -lcap (no static
# cross libcap in Debian; the stand-in covers it). ARCH is the kernel's
# name, which powerpc's makefile tests. building_out_of_srctree=1 is what
# the kernel's own Makefile passes them: it makes lib.mk define LINK.c and
# the like, which make's built-in variables would (ours, -R, reach them
# through MAKEFLAGS, and the first build linked with an empty command).
KST_MAKE_ARGS = --no-print-directory CC="$(XGCC) $(call arch,USER_CFLAGS) -static -I$(KST_STANDIN)" \
	KHDR_INCLUDES="-isystem $(KST_DIR)/usr/include" LDLIBS=-lpthread ARCH=$(KARCH) \
	building_out_of_srctree=1

# (The comment line makes a change of how they are built a change of the list.)
define KSELFTESTS_LIST
# built with: $(KST_MAKE_ARGS) CFLAGS=$(call arch,KSELFTESTS_CFLAGS)
dir /kselftests 0755 0 0
$(foreach t,$(KSELFTESTS),file /kselftests/$(notdir $(t)) $(KST_DIR)/bin/$(t) 0755 0 0
)
endef
$(KST_DIR)/kselftests.list: FORCE
	$(call write_if_changed,KSELFTESTS_LIST)
# Rebuilt when the list, the stand-in headers or the packing change, never
# for the tree's mtimes: checking out another point touches them, and the
# commit in the folder's name already says which sources these are. The
# headers are the point's own (make headers_install in the arch's build).
# An arch's KSELFTESTS_CFLAGS reach them as CFLAGS in the environment,
# which their makefiles add to (powerpc's include folder and GIT_VERSION,
# which its parent makefile would set).
$(KST_DIR)/kselftests.cpio: export CFLAGS = $(call arch,KSELFTESTS_CFLAGS)
# After the point's kernel: both move the arch's worktree to the point, and
# under `make -j kernel initrd` the two recipes would otherwise run at once
# in it (seen: a checkout refused mid-build, "has local changes").
$(KST_DIR)/kselftests.cpio: $(KST_DIR)/kselftests.list $(wildcard $(KST_STANDIN)/*/*.h) \
		$(HOSTBIN)/gen_init_cpio $(TOP)/matrix/initramfs-cpio.sh | $(IMAGE_CACHED) $(XPLUGIN)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
	@echo "  KSELFTESTS $(ARCH) at $(POINT): $(notdir $(KSELFTESTS))"
	$(Q)rm -rf $(KST_DIR)/usr $(KST_DIR)/bin
	$(Q)$(MAKE) $(KMAKE_ARGS) headers_install INSTALL_HDR_PATH=$(KST_DIR)/usr >$(KST_DIR)/headers.log 2>&1 \
		|| { cat $(KST_DIR)/headers.log >&2; exit 1; }
	$(Q). $(TOP)/matrix/lib.sh; rm -rf $(KST_UNBUILT) $(KST_DIR)/log && mkdir -p $(KST_DIR)/log && \
	cp $< $(KST_DIR)/kselftests.built && \
	for t in $(KSELFTESTS); do \
		p=$${t##*/} log=$(KST_DIR)/log/$${t##*/}.log; \
		mkdir -p $(KST_DIR)/bin/$${t%/*} && \
		$(MAKE) $(KST_MAKE_ARGS) -C $(KST_SRC)/$${t%/*} OUTPUT=$(KST_DIR)/bin/$${t%/*} $(KST_DIR)/bin/$$t \
			>$$log 2>&1 && continue; \
		why=$$(infra_error $$log); \
		if [ -n "$$why" ]; then cat $$log >&2; die "selftest $$t: $$why"; fi; \
		warn "selftest $$t did not build for $(ARCH) at $(POINT): $$(first_error $$log) (log: $$log)"; \
		printf '%s\t%s\t%s\n' $$p "$$(first_error $$log)" $$log >>$(KST_UNBUILT); \
		sed -i "\|^[[:space:]]*file /kselftests/$$p |d" $(KST_DIR)/kselftests.built; \
	done
	$(Q)$(TOP)/matrix/initramfs-cpio.sh $(HOSTBIN)/gen_init_cpio $(KST_DIR)/kselftests.built $@

#> kselftests: build ARCH's kernel selftests at POINT (kept per point)
kselftests: $(if $(KSELFTESTS),$(KST_DIR)/kselftests.cpio)

# What the cell boots: our initramfs, and the point's selftests after it.
CELL_INITRD = $(if $(KSELFTESTS),$(GUEST)/initrd/$(or $(POINT_REV),unknown-point).cpio,$(INITRAMFS))
ifneq ($(KSELFTESTS),)
$(CELL_INITRD): $(INITRAMFS) $(KST_DIR)/kselftests.cpio
	$(Q)mkdir -p $(@D) && cat $^ >$@.tmp && mv -f $@.tmp $@
endif
#> initrd: build what ARCH's cell at POINT boots (the initramfs, and the point's selftests)
initrd: $(CELL_INITRD)

# What the reports say once: the arches of the run without selftests, and why.
RUN_NOTES = $(foreach a,$(ARCHES),$(if $($(a)_KSELFTESTS),,$(a): no kernel selftests: \
	$(or $($(a)_KSELFTESTS_NONE),its arch file lists none).;))

# ---- boot -------------------------------------------------------------------

# GUEST_APPEND: more kernel parameters, e.g. kmatrix_risky=1 (see guest-tests).
#> GUEST_APPEND: more kernel parameters for the guest
GUEST_APPEND ?=
#> GUEST_ONLY: run only these guest programs, comma-separated (init's kmatrix_only=; a reproducer's PROGRAM...)
GUEST_ONLY ?=
# A program that needs more than TEST_TIMEOUT on an arch's emulation has its
# arch file say so (<arch>_TEST_TIMEOUT_MIN); TEST_TIMEOUT never lowers it,
# and the console's allowed silence outlasts it as it does TEST_TIMEOUT.
test_timeout_min = $(or $(call arch,TEST_TIMEOUT_MIN),0)
CELL_TEST_TIMEOUT = $(shell echo $$(( $(TEST_TIMEOUT) > $(test_timeout_min) ? $(TEST_TIMEOUT) : $(test_timeout_min) )))
CELL_BOOT_SILENCE = $(shell echo $$(( $(CELL_TEST_TIMEOUT) + 30 > $(BOOT_SILENCE) ? $(CELL_TEST_TIMEOUT) + 30 : $(BOOT_SILENCE) )))
APPEND = console=$(call arch,CONSOLE) panic=-1 kmatrix_timeout=$(CELL_TEST_TIMEOUT) $(call arch,APPEND) \
	$(if $(filter 1,$(COVERAGE)),kmatrix_gcov=1) $(if $(GUEST_ONLY),kmatrix_only=$(GUEST_ONLY)) $(GUEST_APPEND)
QEMU_CMD = $(call arch,QEMU) $(call arch,QEMU_ARGS) -nographic -monitor none \
	-no-reboot -kernel $(IMAGE_CACHED) -initrd $(CELL_INITRD) -append '$(APPEND)'

#> POINT: the point of `make cell` and the single steps
POINT ?= $(firstword $(POINTS))
# The points among $(1) that need the series as tags: all but `pristine`,
# the imported tree itself. A run of pristine cells only applies no series,
# so a series that does not apply to this tree cannot stop it.
series_points = $(filter-out pristine,$(1))

# One cell: build, boot, record (matrix/run-cell.sh). A failed build is a
# result, not a make error, so the cell always leaves its cell.tsv; the
# report decides the exit status. The build holds the arch's tree and build
# directory; the boot needs only the point's kernel and initrd, kept per
# commit, so in a matrix it runs beside the arch's next build.
# What every cell of a run is given; the rest of a cell is its arch and
# point, and what its build's make writes to CELL_DIR/cell.env.
run_cell = MAKE='$(MAKE)' RUN_ID=$(RUN_ID) RUN_DIR=$(RUN_DIR) HOSTBIN=$(HOSTBIN) V=$(V) LOCKS=$(LOCKS) \
	RETRIES=$(RETRIES) KMATRIX_RUN='run $(RUN_ID)' CELL_IN_MATRIX=$(CELL_IN_MATRIX) REPORT_FLAGS='$(REPORT_FLAGS)' \
	ARCH=$(1) POINT=$(2) CELL_DIR=$(call cell_dir,$(1),$(2)) \
	SERIES_ERROR=$(if $(call series_points,$(2)),$(SERIES_ERROR)) $(TOP)/matrix/run-cell.sh
# What the boot of the cell at ARCH and POINT needs, in shell syntax: the
# cell's build writes it (its make knows the point's commit, kernel and
# initrd), and run-cell.sh's boot reads it.
cell_env_var = $(1)='$(subst ','\'',$(strip $(2)))'$(newline)
CELL_ENV = $(foreach v,QEMU_CMD QEMU_PKG BOOT_TIMEOUT HOST_MAX_WAIT,$(call cell_env_var,$(v),$($(v)))) \
	$(call cell_env_var,BOOT_SILENCE,$(CELL_BOOT_SILENCE)) \
	$(call cell_env_var,KSELFTESTS_UNBUILT,$(if $(KSELFTESTS),$(KST_UNBUILT))) \
	$(call cell_env_var,CELL_PKGS,$(call arch_pkgs,$(ARCH)) $(KSRC_PKG)) \
	$(call cell_env_var,CELL_CONFIG,$(BUILD)/config.last) $(call cell_env_var,CELL_REV,$(POINT_REV))
QEMU_PKG = $(call arch,QEMU_PKG)
# The make variables that make a cell what it is, which its reproducer
# (matrix/reproducer.sh) gives `make cell` again, one VAR=value a line.
REPRODUCE_VARS = WORK KSRC_PKG KSRC_TARBALL SERIES SERIES_NAME SERIES_BASE EXPECT KNOWN_BREAKS \
	TEST_TIMEOUT BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT CCACHE COVERAGE GCOV_FILES \
	GUEST_FAULTS GUEST_APPEND MUTANTS MUTANT_BASE
define newline


endef
#> cell-env: write what ARCH's cell at POINT boots with (CELL_DIR/cell.env, reproduce.vars); run-cell.sh's build does
cell-env:
	$(call need_arch)
	$(call need_point)
	$(Q)mkdir -p $(CELL_DIR)
	$(file >$(CELL_DIR)/reproduce.vars,$(foreach v,$(REPRODUCE_VARS),$(v)=$(strip $($(v)))$(newline)))
	$(file >$(CELL_DIR)/cell.env.tmp,$(CELL_ENV))
	$(Q)sed 's/^[[:space:]]*//' $(CELL_DIR)/cell.env.tmp >$(CELL_DIR)/cell.env && rm -f $(CELL_DIR)/cell.env.tmp
# The points a run names must exist once the series' tags are made, before
# any cell builds; but a point of a series that does not apply to this
# tree: its cells say why they did not run.
check_points = for p in $(1); do \
		[ "$$p" != pristine ] && [ -s $(SERIES_ERROR) ] && continue; \
		$(TOP)/matrix/checkout-point.sh --resolve $(SRC) $$p $(SERIES_NAME) >/dev/null || exit 2; \
	done
#> cell: one cell: make cell ARCH=sparc32 [POINT=rc1]
cell: $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(call need_arch)
	$(Q)$(MAKE) --no-print-directory deps ARCHES=$(ARCH)
	$(call need_point)
	$(Q)$(if $(call series_points,$(POINT)),$(MAKE) --no-print-directory series || test -s $(SERIES_ERROR),true)
	$(Q)$(call check_points,$(POINT))
	$(Q)$(call run_cell,$(ARCH),$(POINT)) build && $(call run_cell,$(ARCH),$(POINT)) boot

# All cells, then the table. Each cell rewrites summary.json when it ends, so
# an interrupted run still has a summary of every finished cell.
CELLS := $(foreach p,$(POINTS),$(foreach a,$(ARCHES),cell/$(a)/$(p)))
# Steps at once: builds of different arches and boots run side by side,
# sharing make's job slots with the kernel builds' compilers (never more
# than CELL_JOBS of either). One more than JOBS, because a boot mostly
# waits on the guest's timers: the default no-op run (15 boots) took a
# median of 56.9 s at -j3 and 72 s at -j2 on 2 cores; at -j4, three
# powerpc64 guests on 2 cores ran its `signal` selftest past the 30 s
# TEST_TIMEOUT (2026-12-06).
#> CELL_JOBS: builds and boots at once, sharing their slots with the compilers (default: JOBS + 1); 1: one at a time
CELL_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
# What run-matrix.sh (and run-mutants.sh, which ends in it) needs. The
# cells' make always gets its own -j: the line that starts run-matrix.sh
# has no literal $(MAKE) (so that `make -n matrix` only prints), so a
# caller's job slots never reach it, and without -j it would run at -j1.
RUN_ENV = MAKE='$(MAKE)' RUN_ID=$(RUN_ID) RUN_DIR=$(RUN_DIR) RESULTS=$(RESULTS) HOSTBIN=$(HOSTBIN) \
	REPORT_FLAGS='$(REPORT_FLAGS)' TOP=$(TOP) LOCKS=$(LOCKS) SRC=$(SRC) SERIES_NAME=$(SERIES_NAME) \
	SERIES='$(SERIES_PATCHES)' CCACHE=$(CCACHE) ARCHES='$(ARCHES)' KSRC_NAME=$(KSRC_NAME) \
	KSRC_TARBALL=$(KSRC_TARBALL) KSRC_PKG=$(KSRC_PKG) KNOWN_BREAKS=$(KNOWN_BREAKS) \
	SERIES_ERROR=$(SERIES_ERROR) SERIES_OFFSETS=$(SERIES_OFFSETS) \
	CELL_JOBS_FLAG=-j$(CELL_JOBS) RETRIES=$(RETRIES) RUN_NOTES='$(subst ','\'',$(RUN_NOTES))' FIRST_BAD=$(FIRST_BAD)
# A result that regressed against base sends a run on to find the first
# patch where it did (matrix/first-bad.sh: a bisection of the series'
# patches on that arch, each probe a cell of RUN_DIR/bisect/).
#> FIRST_BAD: 1 (default): find the first bad patch of each regression against base; 0: do not
FIRST_BAD ?= 1
#> matrix: build, boot and test every ARCHES x POINTS cell, print the table
matrix: deps $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(Q)$(if $(call series_points,$(POINTS)),$(MAKE) --no-print-directory series || \
		{ test -s $(SERIES_ERROR) && echo "kmatrix: the cells at the series' points will not run (the series does not apply); the others will" >&2; },true)
	$(Q)$(call check_points,$(POINTS))
	$(Q)$(RUN_ENV) POINTS='$(POINTS)' SERIES_POINTS='$(call series_points,$(POINTS))' \
		ARCH_VIEW='$(if $(filter 1,$(words $(ARCHES))),$(TOP)/matrix/arch-view.sh $(SRC) $(SERIES_NAME) $(ARCHES) $($(ARCHES)_KARCH))' \
		$(TOP)/matrix/run-matrix.sh $(CELLS)

# Mutation testing: each patch of the catalogue over MUTANT_BASE, as a cell
# on every arch of ARCHES whose code it touches (see matrix/run-mutants.sh).
#> MUTANTS: the mutant catalogue of `make mutants`: a folder of git format-patch files
MUTANTS      ?= $(SERIES)/mutants
#> MUTANT_BASE: the point of the series the mutants apply to
MUTANT_BASE  ?= fixed
#> MUTANTS_ONLY: the mutants to run, by number or point name (default: all)
MUTANTS_ONLY ?=
# Mutants runs are kept apart (RESULTS/mutants/<run-id>, latest there too):
# each is compared with the mutants run before it, never with a matrix run.
MUTANTS_RESULTS = $(RESULTS)/mutants
#> mutants: each mutant of MUTANTS on the arches it touches: killed, survived or invalid
mutants: deps $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(Q)$(MAKE) --no-print-directory series
	$(Q)mkdir -p $(MUTANTS_RESULTS)
	$(Q)$(RUN_ENV) RESULTS=$(MUTANTS_RESULTS) RUN_DIR=$(MUTANTS_RESULTS)/$(RUN_ID) \
		POINTS=mutants ARCH_VIEW= MUTANTS='$(MUTANTS)' MUTANT_BASE='$(MUTANT_BASE)' \
		MUTANTS_ONLY='$(MUTANTS_ONLY)' ARCH_KARCHS='$(filter $(addsuffix :%,$(ARCHES)),$(ARCH_KARCHS_ALL))' \
		$(TOP)/matrix/run-mutants.sh

# Series coverage: a cell whose kernel profiles the series' C files with
# gcov (CONFIG_GCOV_KERNEL, kbuild's GCOV_PROFILE_<object>), booted with
# kmatrix_gcov=1 so that init writes the counters to the console after each
# program; then which of the series' changed lines ran (matrix/coverage.sh).
# Its kernels are a variant of the arch's (the fragment plus
# COVERAGE_CONFIG, in BUILD_ROOT/ARCH-coverage), cached like any other, and
# its runs kept apart, as the mutants' are. An arch takes part where its
# arch file sets <arch>_COVERAGE (gcov's kernel support and its boot were
# tried there).
#> COVERAGE_POINT: the point make coverage measures (default: the last of POINTS)
COVERAGE_POINT ?= $(lastword $(POINTS))
COVERAGE_ARCHES = $(foreach a,$(ARCHES),$(if $($(a)_COVERAGE),$(a)))
COVERAGE_RESULTS = $(RESULTS)/coverage
# The series' word on changed lines no test can run, and why (FILE, TEXT,
# ARCHES, REASON: see matrix/coverage.c).
#> COVERAGE_UNREACHABLE: the lines make coverage is told no test can run (default: SERIES/coverage/unreachable.tsv)
COVERAGE_UNREACHABLE ?= $(wildcard $(SERIES)/coverage/unreachable.tsv)
define COVERAGE_CONFIG
CONFIG_DEBUG_FS=y
CONFIG_GCOV_KERNEL=y
CONFIG_KUNIT=y
endef
#> coverage: the series' changed lines the tests run, per patch, on each arch of ARCHES that has coverage
coverage: deps $(addprefix $(HOSTBIN)/,$(HOST_TOOLS) coverage)
	$(Q)$(if $(COVERAGE_ARCHES),true,echo "kmatrix: none of ARCHES ($(ARCHES)) has coverage (<arch>_COVERAGE in its arch file)" >&2; exit 2)
	$(Q)$(MAKE) --no-print-directory series
	$(Q)$(call check_points,base $(COVERAGE_POINT))
	$(Q)$(if $(KUNIT_TESTS),$(TOP)/matrix/with-lock.sh $(LOCKS)/series "the series' tags" \
		$(TOP)/matrix/kunit-point.sh $(SRC) $(SERIES)/kunit $(KUNIT_NAME) $(COVERAGE_POINT) $(SERIES_NAME))
	$(Q)mkdir -p $(COVERAGE_RESULTS)/$(RUN_ID)
	$(Q)for a in $(COVERAGE_ARCHES); do echo "$$a $(COVERAGE_POINT)"; done >$(COVERAGE_RESULTS)/$(RUN_ID)/cells.list
	$(Q)files=$$(git -C $(SRC) diff --name-only $$($(TOP)/matrix/checkout-point.sh --resolve $(SRC) base $(SERIES_NAME)) \
		$$($(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(COVERAGE_POINT) $(SERIES_NAME)) | tr '\n' ' '); \
	rc=0; for a in $(COVERAGE_ARCHES); do \
		$(MAKE) --no-print-directory cell COVERAGE=1 ARCH=$$a POINT=$(COVERAGE_POINT) RUN_ID=$(RUN_ID) \
			RESULTS=$(COVERAGE_RESULTS) GCOV_FILES="$$files" || true; \
		$(MAKE) --no-print-directory coverage-report COVERAGE=1 ARCH=$$a POINT=$(COVERAGE_POINT) RUN_ID=$(RUN_ID) \
			RESULTS=$(COVERAGE_RESULTS) GCOV_FILES="$$files" || rc=1; \
	done; ln -sfn $(RUN_ID) $(COVERAGE_RESULTS)/latest; exit $$rc
#> coverage-report: the coverage report of ARCH's coverage cell at POINT in RUN_DIR (make coverage runs it)
coverage-report: $(HOSTBIN)/coverage $(HOSTBIN)/report
	$(call need_arch)
	$(Q)SRC=$(SRC) TREE=$(TREE) BUILD=$(BUILD) ARCH=$(ARCH) KARCH=$(KARCH) XPREFIX=$(XPREFIX) \
		SERIES_NAME=$(SERIES_NAME) POINT=$(POINT) KERNEL_POINT=$(KERNEL_POINT) CELL_DIR=$(CELL_DIR) HOSTBIN=$(HOSTBIN) \
		UNREACHABLE=$(COVERAGE_UNREACHABLE) MUTANTS=$(MUTANTS) MUTANT_BASE=$(MUTANT_BASE) \
		$(TOP)/matrix/with-lock.sh $(LOCKS)/$(ARCH) "the $(ARCH) tree and build" $(TOP)/matrix/coverage.sh
	$(Q)$(HOSTBIN)/report $(REPORT_FLAGS) summary --quiet $(RUN_DIR)
# The cells of a run: run-matrix.sh's goals, cell/ARCH/POINT each, given
# once the series' tags exist. Cells of one arch share its tree and build
# directory: each waits for the arch's cell before it among the goals, so
# cells of different arches run side by side, never one arch's builds
# twice at once. A cell runs in one of two ways:
#   with a kernel to build in the run, build then boot in one job, after
#   the arch's previous cell;
#   with every kernel built, the boot after its own build step
#   (cell-build/ARCH/POINT, after the arch's previous build step) only:
#   so one arch's boots overlap.
# Not the second way always: make starts the next goal's build before an
# earlier cell's boot that has become ready (seen in a cold run: m68k's
# base kernel built at 07:15 was not booted by 07:28, while four more
# builds started), which keeps every result back until the builds are
# nearly done.
CELL_TARGETS := $(filter cell/%,$(MAKECMDGOALS))
# The commit of a point, asked once per make.
point_rev_of = $(or $(rev.$(1)),$(eval rev.$(1) := $$(shell $(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(1) $(SERIES_NAME) 2>/dev/null))$(rev.$(1)))
cell_image = $(BUILD_ROOT)/$(1)/images/$(or $(call point_rev_of,$(2)),unknown-point)/$(notdir $($(1)_IMAGE))
cell_words = $(subst /, ,$(1))
CELLS_BUILT := $(if $(CELL_TARGETS),$(if $(strip $(foreach c,$(CELL_TARGETS),$(if $(wildcard \
	$(call cell_image,$(word 2,$(call cell_words,$(c))),$(word 3,$(call cell_words,$(c))))),,$(c)))),,1))
cell_step = $(if $(CELLS_BUILT),cell-build/$(1),cell/$(1))
$(foreach c,$(CELL_TARGETS:cell/%=%),$(eval cell_arch := $(firstword $(subst /, ,$(c)))) \
	$(if $(last.$(cell_arch)),$(eval $(call cell_step,$(c)): | $(call cell_step,$(last.$(cell_arch))))) \
	$(eval last.$(cell_arch) := $(c)))
# One step of a cell: run-cell.sh with the cell's arch and point. (Each
# line names $(MAKE) itself, in run_cell, for the job slots: see KMAKE_ARGS.)
run_cell_of = $(call run_cell,$(firstword $(subst /, ,$(1))),$(word 2,$(subst /, ,$(1))))
ifneq ($(CELLS_BUILT),)
cell/%: cell-build/% FORCE
	$(Q)$(call run_cell_of,$*) boot
else
cell/%: FORCE
	$(Q)$(call run_cell_of,$*) build && $(call run_cell_of,$*) boot
endif
cell-build/%: FORCE
	$(Q)$(call run_cell_of,$*) build
again/%: FORCE
	$(Q)$(call run_cell_of,$*) again

#> report: rewrite the reports of RUN_DIR (default: the latest run) and print the table
report: $(HOSTBIN)/report
	$(Q)$(HOSTBIN)/report $(REPORT_FLAGS) summary --table $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR))

# What changed between two runs (default: the newest against the one
# before it). Exit status 1 on a new unexpected result. `report runs` is
# the one definition of a run (a folder with a cells.list), so
# history.html, a README or a person's notes in RESULTS are never runs.
#> A: the older run of `make compare` (default: the run before B)
#> B: the newer run of `make compare` (default: the newest run)
#> BY_TEST: 1 makes `make compare` list the changed tests only, each once with its arches and points
BY_TEST ?=
#> compare: what changed between runs A= and B= (default: the last two runs of SERIES)
# (Runs of another series are not this one's history; given as A= and B=,
# their differences are listed and none is judged worse.)
compare: $(HOSTBIN)/report
	$(Q)runs=$$($(HOSTBIN)/report runs --series $(SERIES_NAME) $(RESULTS)); \
	a='$(A)'; b='$(B)'; \
	[ -n "$$b" ] || b=$$(echo "$$runs" | tail -n1); \
	[ -n "$$a" ] || a=$$(echo "$$runs" | grep -vxF "$$(readlink -f "$$b")" | tail -n1); \
	if [ -z "$$a" ] || [ -z "$$b" ]; then echo "kmatrix: compare needs two runs of $(SERIES_NAME) in $(RESULTS) (or A= and B=)" >&2; exit 1; fi; \
	$(HOSTBIN)/report $(REPORT_FLAGS) compare $(if $(filter 1,$(BY_TEST)),--by-test) "$$a" "$$b"

# The nightly job: the default matrix, what changed since the last run, the
# last KEEP runs kept, and results/history.html over them.
#> KEEP: runs that `make nightly` keeps
KEEP ?= 14
#> TREES: the trees (KSRC_PKG values) `make nightly` runs the matrix on, each with its own history
TREES ?= $(KSRC_PKG)
#> nightly: per tree of TREES: matrix, compare with its last run, keep KEEP runs, write history.html
# (A RESULTS given by hand holds every tree's history: each in trees/<tree>.)
# KEEP=0 would delete the run just made as well: refused, as is any KEEP
# that is not a count.
check_keep = case '$(KEEP)' in '' | *[!0-9]*) false ;; esac && [ '$(KEEP)' -ge 1 ] || \
	{ echo "kmatrix: KEEP=$(KEEP): keep 1 run or more (the run just made is one of them)" >&2; exit 2; }
nightly:
	$(Q)$(check_keep)
	$(Q)rc=0; for t in $(TREES); do \
		echo "kmatrix: nightly on $$t"; \
		$(MAKE) --no-print-directory nightly-tree KSRC_PKG=$$t RUN_ID=$(RUN_ID) \
			$(if $(and $(word 2,$(TREES)),$(filter-out file,$(origin RESULTS))),RESULTS=$(RESULTS)/trees/$$t) || rc=1; \
	done; exit $$rc
#> nightly-tree: the nightly of one tree (KSRC_PKG)
nightly-tree: $(HOSTBIN)/report
	$(Q)$(check_keep)
	$(Q)prev=$$($(HOSTBIN)/report runs --series $(SERIES_NAME) $(RESULTS) | tail -n1); \
	$(MAKE) --no-print-directory matrix RUN_ID=$(RUN_ID); rc=$$?; \
	if [ -n "$$prev" ]; then $(HOSTBIN)/report $(REPORT_FLAGS) compare $$prev $(RUN_DIR) || rc=1; fi; \
	$(HOSTBIN)/report runs $(RESULTS) | head -n -$(KEEP) | xargs -r rm -rf; \
	$(HOSTBIN)/report $(REPORT_FLAGS) history $(RESULTS) && \
	echo "kmatrix: history of the last $(KEEP) runs: $(RESULTS)/history.html"; \
	exit $$rc

# ---- interactive shell ------------------------------------------------------

BUSYBOX_DEB = $(call arch,BUSYBOX_DEB)
#> shell: boot ARCH interactively with a busybox shell, where Debian has one
shell: kernel $(HOSTBIN)/gen_init_cpio
	$(call need_arch)
	$(Q)test -n "$(BUSYBOX_DEB)" || { echo "kmatrix: no busybox for $(ARCH): Debian builds busybox-static for no such arch; use 'make cell ARCH=$(ARCH)' and its console log" >&2; exit 1; }
	$(Q)$(TOP)/initramfs-builder/busybox-initramfs.sh $(BUSYBOX_DEB) $(WORK)/busybox/$(ARCH) $(HOSTBIN)/gen_init_cpio
	$(call arch,QEMU) $(call arch,QEMU_ARGS) -nographic -no-reboot -kernel $(IMAGE_CACHED) \
		-initrd $(WORK)/busybox/$(ARCH)/initramfs.cpio -append 'console=$(call arch,CONSOLE) $(call arch,APPEND)'

# ---- tests of the project itself --------------------------------------------

# make check also looks at the HTML report in a real browser, and checks
# kcidb.json against KCIDB's schema with Debian's JSON Schema validator.
CHECK_PKGS := chromium python3-jsonschema

#> unit-tests: the host tools' tests and the fault-injection suite (no kernel needed)
# No kernel tree needed: gen_init_cpio (from the tree) is tested only once
# the tree is imported, as make check does first.
unit-tests: $(HOSTBIN)/bootrun $(HOSTBIN)/report $(HOSTBIN)/coverage $(if $(wildcard $(SRC)/.stamp_imported),$(HOSTBIN)/gen_init_cpio)
	$(Q)$(MAKE) --no-print-directory -C $(TOP)/matrix/tests HOSTBIN=$(HOSTBIN) HOST_CC=$(HOST_CC)

# The KTAP reader, the cell loader and the expectations under libFuzzer;
# unit-tests replays their seeds and regressions (matrix/fuzz/).
#> fuzz: run the KTAP reader, cell loader and expectations parser under libFuzzer, FUZZ_SECONDS each; fails on a finding
#> FUZZ_SECONDS: seconds make fuzz gives each harness
include $(TOP)/matrix/fuzz/fuzz.mk

# distcc through a distccd of our own on 127.0.0.1: a copy of the matrix's
# build of one arch (DISTCC_ARCH) rebuilt with the objects of kernel/
# compiled again through distccd (not a second cold build); distccd's log
# must show the jobs, and the cell's test results must be those of the
# local build's cell in RUN_DIR.
# The one-arch steps take the arch whose file says it is the quickest
# (<arch>_QUICK), so no arch is named here.
QUICK_ARCH   := $(firstword $(foreach a,$(ARCHES_ALL),$(if $($(a)_QUICK),$(a))))
#> DISTCC_ARCH: the arch distcc-check builds (default: the quick one, <arch>_QUICK)
DISTCC_ARCH  ?= $(QUICK_ARCH)
#> FAULT_ARCH: the arch whose kernel make check's real-kernel fault checks boot (default: the quick one)
FAULT_ARCH   ?= $(QUICK_ARCH)
DISTCC_POINT ?= fixed
#> distcc-check: rebuild DISTCC_ARCH's kernel/ through a distccd of our own and compare with the local cell
distcc-check: $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(Q)$(TOP)/toolchains/ensure-packages.sh distcc
	$(Q)MAKE='$(MAKE)' $(TOP)/matrix/distcc-check.sh $(DISTCC_ARCH) $(DISTCC_POINT) \
		$(WORK)/build-distcc $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR)) $(BUILD_ROOT)

# The benchmark (not a test), in BENCH_ROOT with its own worktrees, build
# directories and ccache: the cold default matrix (per arch: the cold build
# and each point-to-point rebuild), no-op reruns (and boot plus tests per
# cell), per-patch rebuilds of BENCH_STEPS_ARCH, and the full defconfig of
# the BENCH_DEFCONFIG arches (each arch file names it: <arch>_DEFCONFIG).
# Results in results/bench-<id>/bench.txt and bench.tsv. See matrix/bench.sh.
BENCH_ROOT        ?= $(TREE_WORK)/bench
BENCH_ARCHES      ?= $(ARCHES)
#> BENCH_PHASES: the phases of `make bench`
BENCH_PHASES      ?= cold noop steps defconfig
BENCH_COLD_JOBS   ?= 3
BENCH_NOOP_JOBS   ?= 3
BENCH_NOOP_RUNS   ?= 3
BENCH_STEPS_ARCH  ?= $(QUICK_ARCH)
#> BENCH_DEFCONFIG: the arches whose full defconfig `make bench` builds
BENCH_DEFCONFIG   ?= $(QUICK_ARCH)
#> bench: the benchmark: cold matrix, point-to-point and per-patch rebuilds, no-op reruns, defconfig
bench: series
	$(Q)MAKE='$(MAKE)' TOP=$(TOP) SRC=$(SRC) SERIES_NAME=$(SERIES_NAME) ARCHES='$(BENCH_ARCHES)' \
		POINTS='$(POINTS)' OUT=$(RESULTS)/bench-$(RUN_ID) BENCH_ROOT=$(BENCH_ROOT) \
		PHASES='$(BENCH_PHASES)' COLD_JOBS=$(BENCH_COLD_JOBS) NOOP_JOBS=$(BENCH_NOOP_JOBS) \
		NOOP_RUNS=$(BENCH_NOOP_RUNS) STEPS_ARCH='$(BENCH_STEPS_ARCH)' DEFCONFIG_ARCHES='$(BENCH_DEFCONFIG)' \
		$(foreach a,$(BENCH_DEFCONFIG),DEFCONFIG_$(a)=$(or $($(a)_DEFCONFIG),defconfig)) \
		$(TOP)/matrix/bench.sh

# One arch's full defconfig, cold, out of tree (the bench anchor), at the
# run's last point: at `base` (the series reversed) batman-adv calls
# do_exit() again, which 6.1 no longer exports, so a defconfig with modules
# fails at modpost there (docs/benchmark.md; the run of 2026-12-03 in docs/measurements.md).
DEFCONFIG_ROOT ?= $(WORK)/build-defconfig
#> DEFCONFIG_POINT: the point `make bench-defconfig` builds (default: the last of POINTS)
DEFCONFIG_POINT ?= $(lastword $(POINTS))
#> bench-defconfig: one arch's full defconfig, cold (the bench anchor)
bench-defconfig:
	$(call need_arch)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(DEFCONFIG_POINT) $(SERIES_NAME)
	$(Q)rm -rf $(DEFCONFIG_ROOT)/$(ARCH)
	$(Q)$(MAKE) --no-print-directory -C $(TREE) O=$(DEFCONFIG_ROOT)/$(ARCH) ARCH=$(KARCH) \
		CROSS_COMPILE=$(XPREFIX) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS)) $(DEFCONFIG)
	$(Q)$(MAKE) --no-print-directory -C $(TREE) O=$(DEFCONFIG_ROOT)/$(ARCH) ARCH=$(KARCH) \
		CROSS_COMPILE=$(XPREFIX) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))

# How long the reports take for 100 runs like RUN_DIR's (a benchmark).
#> bench-report: time every report for 100 copies of RUN_DIR
bench-report: $(HOSTBIN)/report
	$(Q)$(TOP)/matrix/tests/bench-report.sh $(HOSTBIN) $(EXPECT) $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR))

#> guest-all: build every arch's guest programs and initramfs
guest-all: deps $(SRC)/.stamp_imported
	$(Q)for a in $(ARCHES); do \
		$(MAKE) --no-print-directory initramfs ARCH=$$a || exit 1; \
	done

# What CI runs: the host tools' unit tests (with the fault-injection
# suite), the port's faithfulness, every guest program for every arch, the
# whole default matrix, then its HTML in a real browser, one arch's kernel/
# rebuilt through distcc, a named part of the mutants on FAULT_ARCH, and the
# faults that need a real kernel.
# The mutants make check runs (make mutants runs them all): the 5.15.3
# regression itself (01), SA_IMMUTABLE on force_fatal_sig (04), the blocked
# bit (09), force_sigsegv (19), and its branch for other signals (27, which
# only the test written from make coverage's findings kills), each killed
# on FAULT_ARCH in about half a minute.
#> CHECK_MUTANTS: the mutants (numbers) make check runs on FAULT_ARCH; make mutants runs all
CHECK_MUTANTS ?= 01 04 09 19 27
# The coverage make check runs: one arch's (its coverage kernel is one more
# full build in a cold run); make coverage runs every arch that has it.
#> CHECK_COVERAGE_ARCHES: the arches whose coverage make check runs and checks (every changed line run or excused)
CHECK_COVERAGE_ARCHES ?= $(firstword $(COVERAGE_ARCHES))
#> check: what CI runs: unit tests, verify-series, guest programs, the matrix, HTML, distcc, mutants, reproducers, coverage and fault checks
check: deps
	$(Q)$(MAKE) --no-print-directory tree
	$(Q)$(MAKE) --no-print-directory unit-tests
	$(Q)$(MAKE) --no-print-directory verify-series
	$(Q)$(MAKE) --no-print-directory guest-all
	$(Q)$(MAKE) --no-print-directory matrix RUN_ID=$(RUN_ID); rc=$$?; \
	$(TOP)/toolchains/ensure-packages.sh $(CHECK_PKGS) && \
		$(TOP)/matrix/tests/check-html.sh $(RESULTS)/$(RUN_ID) $(HOSTBIN) | tee $(RESULTS)/$(RUN_ID)/check-html.txt; \
	$(TOP)/matrix/tests/check-kcidb.sh $(RESULTS)/$(RUN_ID) | tee $(RESULTS)/$(RUN_ID)/check-kcidb.txt; \
	$(MAKE) --no-print-directory distcc-check RUN_ID=$(RUN_ID) | tee $(RESULTS)/$(RUN_ID)/distcc-check.txt; \
	$(MAKE) --no-print-directory mutants RUN_ID=$(RUN_ID) ARCHES=$(FAULT_ARCH) MUTANTS_ONLY='$(CHECK_MUTANTS)' \
		| tee $(RESULTS)/$(RUN_ID)/check-mutants.txt; \
	KMATRIX=$(TOP) $(TOP)/matrix/tests/check-reproduce.sh $(RESULTS)/$(RUN_ID) $(MUTANTS_RESULTS)/$(RUN_ID) \
		| tee $(RESULTS)/$(RUN_ID)/check-reproduce.txt; \
	$(MAKE) --no-print-directory coverage RUN_ID=$(RUN_ID) ARCHES='$(CHECK_COVERAGE_ARCHES)' >$(RESULTS)/$(RUN_ID)/coverage.log 2>&1; \
	$(TOP)/matrix/tests/check-coverage.sh $(COVERAGE_RESULTS)/$(RUN_ID) $(CHECK_COVERAGE_ARCHES) \
		| tee $(RESULTS)/$(RUN_ID)/check-coverage.txt; \
	WORK=$(WORK) FAULT_TREE_WORK=$(TREE_WORK) FAULT_ARCH=$(FAULT_ARCH) FAULT_POINT=$(lastword $(POINTS)) SERIES_NAME=$(SERIES_NAME) \
		$(TOP)/matrix/tests/check-faults.sh | tee $(RESULTS)/$(RUN_ID)/check-faults.txt; \
	$(TOP)/matrix/tests/check-summary.sh $(RESULTS)/$(RUN_ID) || rc=1; \
	exit $$rc

#> clean: remove builds, kernels and guest programs under WORK, of every tree (keeps the trees)
clean:
	rm -rf $(foreach t,$(WORK) $(wildcard $(WORK)/trees/*),$(addprefix $(t)/,build guest headers headers-build)) \
		$(WORK)/host $(BENCH_ROOT) $(DEFCONFIG_ROOT) $(WORK)/build-distcc $(WORK)/build-bench
	-for s in $(WORK)/src/linux $(wildcard $(WORK)/trees/*/src/linux); do git -C $$s worktree prune; done 2>/dev/null

#> distclean: remove all of WORK
distclean:
	rm -rf $(WORK)

FORCE:

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
# Per guest program, enforced by the guest's init; a program whose tests'
# own limits (with 2 s to run them) add up to more is not run, each of its
# tests an error saying so (ktap_run()), rather than cut off mid-test.
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
PATH_VARS := TOP SERIES WORK RESULTS RUN_DIR DOCS_DIR KSRC_TARBALL EXPECT KNOWN_BREAKS SEEDS MUTANTS A B COVERAGE_UNREACHABLE \
	COVERAGE_NO_MUTANT BENCH_ROOT DEFCONFIG_ROOT TREE_ROOT BUILD_ROOT
WORD_VARS := ARCHES ARCH POINTS POINT KSRC_PKG TREES RUN_ID KEEP MUTANTS_ONLY CHECK_MUTANTS MUTANT_BASE \
	JOBS CELL_JOBS RETRIES TEST_TIMEOUT BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT GUEST_APPEND \
	FAULT_ARCH DISTCC_ARCH V FUZZ_SECONDS SERIES_BASE DEFCONFIG_POINT DISTCC_HOSTS CCACHE \
	COVERAGE COVERAGE_POINT GCOV_FILES CHECK_COVERAGE_ARCHES BY_TEST GUEST_ONLY FIRST_BAD CHECK_ARCHES
# Numbers: whole numbers (a word that is not one would reach a tool as 0,
# and 1.5 seconds would reach the guest's init as nothing). Each has the
# least value that means something: 0 jobs build nothing, a limit of 0
# seconds (or 0 % of waiting) turns every cell into a timeout or infra.
COUNT_VARS  := JOBS CELL_JOBS TEST_TIMEOUT BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT FUZZ_SECONDS KEEP
NUMBER_VARS := $(COUNT_VARS) RETRIES
# Here only their characters (some defaults come later, from the parts);
# their values once the parts are read, at the end of this file.
$(foreach v,$(NUMBER_VARS),$(if $(call unsafe_in,$($(v)),0 1 2 3 4 5 6 7 8 9),\
	$(error $(v)='$($(v))': not a whole number)))
$(foreach v,$(PATH_VARS),$(if $(or $(call unsafe_in,$($(v)),$(SAFE_CHARS)),$(word 2,$($(v)))),\
	$(error $(v)='$($(v))': a path may hold only letters, digits and . _ - / + @ % = : , (recipes give it to the shell))))
$(foreach v,$(WORD_VARS),$(if $(call unsafe_in,$($(v)),$(SAFE_CHARS)),\
	$(error $(v)='$($(v))': only letters, digits, spaces and . _ - / + @ % = : , (recipes give it to the shell))))

# The host tools are built per checkout (their dependencies name its files).
CHECKOUT_ID := $(shell printf '%s' '$(TOP)' | sha1sum | cut -c1-8)
HOSTBIN    := $(WORK)/host/$(CHECKOUT_ID)
# The one reader of a series (matrix/series/): what the Makefile knows of a
# series while it reads itself (its arches, its points, its name) comes
# from it, so it is built first, when missing or older than its sources.
SERIES_TOOL := $(HOSTBIN)/series
$(if $(shell $(TOP)/matrix/series/build.sh $(SERIES_TOOL) >&2 && echo ok),,$(error the series reader did not build))
export KMX_SERIES := $(SERIES_TOOL)

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
CHECK_ARCHES = $(eval CHECK_ARCHES := $$(shell $(SERIES_TOOL) arches '$(SERIES_PATCHES)' '$(ARCH_KARCHS_CHECK)'))$(CHECK_ARCHES)
endif
ifeq ($(origin ARCHES),undefined)
ARCHES := $(if $(filter check,$(MAKECMDGOALS)),$(CHECK_ARCHES),$(shell $(SERIES_TOOL) arches '$(SERIES_PATCHES)' '$(ARCH_KARCHS_ALL)'))
export ARCHES
endif
# The series' own points (base, its named points, its last patch), computed
# as ARCHES is: after the checks above, which keep a path with shell
# characters from reaching a shell. The reader checks each name of the
# points file (a tag, a folder, a make goal); a bad one stops the goals
# that make cells, with the file and line.
ifeq ($(origin POINTS),undefined)
POINTS       := $(shell $(SERIES_TOOL) points '$(SERIES)' 2>&1)
ifneq ($(filter kmatrix:,$(firstword $(POINTS))),)
POINTS_ERROR := $(POINTS)
POINTS       :=
endif
else
# Points named by hand: each one of the series', none twice.
POINTS_ERROR  = $(shell $(SERIES_TOOL) check-points '$(SERIES)' $(POINTS) 2>&1)
endif
# The series' name is a tag prefix, a results key and a make word: checked once.
SERIES_NAME_ERROR := $(shell $(SERIES_TOOL) check-name series '$(SERIES_NAME)' 2>&1)
$(if $(SERIES_NAME_ERROR),$(error $(SERIES_NAME_ERROR:kmatrix:%=%) (SERIES_NAME='$(SERIES_NAME)', by default the name \
of SERIES less its suffix: name the series with SERIES_NAME=)))
# GUEST_ONLY is one comma-separated list (init's kmatrix_only=): PROGRAM or PROGRAM:TEST.
$(if $(word 2,$(GUEST_ONLY)),$(error GUEST_ONLY='$(GUEST_ONLY)': the programs are separated by commas, not spaces))

# The stages, each a part of its own (mk/), in the order they build on each
# other; make help lists the `#>` lines of this file and of the parts.
MAKE_PARTS := $(addprefix $(TOP)/mk/,common.mk packages.mk tree.mk host-tools.mk kernel.mk guest.mk kselftests.mk cells.mk mutants.mk coverage.mk runs.mk check.mk bench.mk docs.mk)
include $(TOP)/mk/common.mk

.PHONY: all help matrix check cell coverage coverage-report cell-env kernel initramfs guest shell toolchains \
	deps tree headers kselftests initrd report unit-tests guest-all clean distclean FORCE \
	series verify-series bisect-build compare nightly nightly-tree bench-report distcc-check mutants \
	bench bench-defconfig docs
#> all: the default: matrix
all: matrix

# make help is made from the `#> NAME: text` lines of this file and its
# parts: a lower-case NAME is a target, an upper-case one a variable (shown
# with its value).
HELP_VARS := $(shell sed -n 's/^#> \([A-Z][A-Z0-9_]*\): .*/\1/p' $(TOP)/Makefile $(MAKE_PARTS))
#> help: this list
help:
	$(Q)$(foreach v,$(HELP_VARS),$(v)='$(subst ','\'',$($(v)))') ARCHES_ALL='$(ARCHES_ALL)' \
		$(TOP)/matrix/make-help.sh $(TOP)/Makefile $(MAKE_PARTS)

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
ifneq ($(strip $(POINTS_ERROR)),)
$(error $(POINTS_ERROR:kmatrix:%=%))
endif
ifeq ($(strip $(POINTS)),)
$(error POINTS is empty; name one or more of: pristine base NN NN-slug, and the series' named points (make series lists them))
endif
endif
# A point named by hand for one cell: one of the series' (the cell's folder and goal are made of it).
ifneq ($(filter cell cell-env kernel initrd initramfs kselftests,$(MAKECMDGOALS)),)
ifneq ($(filter command line environment,$(origin POINT)),)
point_error := $(shell $(SERIES_TOOL) check-points '$(SERIES)' $(POINT) 2>&1)
$(if $(point_error),$(error POINT=$(POINT): $(point_error:kmatrix:%=%)))
endif
endif
#> ARCH: the arch of `make cell` and the single steps
need_arch = $(if $(ARCH),,$(error $@ needs ARCH=, one of: $(ARCHES_ALL)))
need_point = $(if $(POINT),,$(error $@ needs POINT=: pristine, base, NN or NN-slug, or a named point of the series (make series lists them)))

include $(filter-out $(TOP)/mk/common.mk,$(MAKE_PARTS))

# Every variable a user may set (each `?=` of this file and its parts), as
# make has it now: a value given on the command line or in the environment
# that the checks above did not see, and a default that came from a
# series' files (its config's tree=), reaches recipes only as words.
LATE_VARS := $(filter-out $(PATH_VARS) $(NUMBER_VARS) $(WORD_VARS),$(shell sed -n \
	's/^\(export \)\{0,1\}\([A-Z][A-Z0-9_]*\) *?=.*/\2/p' $(TOP)/Makefile $(MAKE_PARTS)))
$(foreach v,$(LATE_VARS),$(if $(call unsafe_in,$($(v)),$(SAFE_CHARS)),\
	$(error $(v)='$($(v))': only letters, digits, spaces and . _ - / + @ % = : , (recipes give it to the shell))))
is_number = $(and $(strip $(1)),$(if $(word 2,$(1)),,$(if $(call unsafe_in,$(1),0 1 2 3 4 5 6 7 8 9),,1)))
$(foreach v,$(NUMBER_VARS),$(if $(call is_number,$($(v))),,\
	$(error $(v)='$($(v))': not a whole number)))
$(foreach v,$(COUNT_VARS),$(if $(subst 0,,$($(v))),,\
	$(error $(v)='$($(v))': must be 1 or more)))
$(if $(shell test '$(HOST_MAX_WAIT)' -le 100 && echo ok),,$(error HOST_MAX_WAIT='$(HOST_MAX_WAIT)': a percentage, 1 to 100))

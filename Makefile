# kmatrix: a patch series, cross-built for several architectures, booted in
# QEMU, tested in the guest. `make help` lists the targets and variables.
#
# Layout of the work directory (outside the checkout; WORK=):
#   src/linux/        the kernel tree imported into git, tag `pristine`
#   tree/<arch>/      a git worktree per arch, checked out at the cell's point
#   build/<arch>/     the arch's out-of-tree kernel build (O=)
#   headers/<arch>/   the arch's UAPI headers, for the guest programs
#   guest/<id>/<arch>/ guest programs and the initramfs, per checkout
#   host/<id>/        the host tools, per checkout
# Results go to results/<run-id>/ in the checkout; results/latest is the newest.

MAKEFLAGS += --no-builtin-rules --no-builtin-variables
.SUFFIXES:
.DELETE_ON_ERROR:

TOP          := $(CURDIR)
WORK         ?= /var/tmp/kmatrix
RESULTS      ?= $(TOP)/results
# The kernel tree: a tarball, and the Debian package that installs it.
KSRC_TARBALL ?= /usr/src/linux-source-6.1.tar.xz
KSRC_PKG     ?= linux-source-6.1
# The series under test: a folder of git format-patch files (optionally with
# a quilt `series` file, a `points` file naming points, and a `config` file
# saying base=reverse|pristine|<point>), a quilt series file, or an mbox.
SERIES       ?= $(TOP)/patches/forced-exit
SERIES_NAME  ?= $(basename $(notdir $(abspath $(SERIES))))
SERIES_BASE  ?= $(or $(shell sed -n 's/^base=//p' $(SERIES)/config 2>/dev/null),pristine)
# The documents the ported patches are compared with (make verify-series).
SEEDS        ?= $(abspath $(TOP)/../shared/seeds)
POINTS       ?= base rc1 fixed
# What the results should be, per arch, point and test (see the file).
EXPECT       ?= $(wildcard $(TOP)/matrix/expectations/$(SERIES_NAME).tsv)
REPORT_FLAGS  = $(if $(EXPECT),--expect $(EXPECT))
JOBS         ?= $(shell nproc)
# Boot limits in seconds: the whole boot, and the longest silence on the console.
BOOT_TIMEOUT ?= 300
BOOT_SILENCE ?= 90
# Per guest program, enforced by the guest's init.
TEST_TIMEOUT ?= 30
V            ?= 0

include $(sort $(wildcard $(TOP)/arches/*.mk))
include $(sort $(wildcard $(TOP)/toolchains/*.mk))
ARCHES ?= $(ARCHES_ALL)

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

SRC        := $(WORK)/src/linux
TREE_ROOT  ?= $(WORK)/tree
TREE        = $(TREE_ROOT)/$(ARCH)
BUILD_ROOT ?= $(WORK)/build
BUILD       = $(BUILD_ROOT)/$(ARCH)
HEADERS     = $(WORK)/headers/$(ARCH)
# Programs built from this checkout's sources are kept apart from those of
# other checkouts (a clone for CI, say): their dependencies name its files.
CHECKOUT_ID := $(shell printf '%s' '$(TOP)' | sha1sum | cut -c1-8)
GUEST       = $(WORK)/guest/$(CHECKOUT_ID)/$(ARCH)
HOSTBIN    := $(WORK)/host/$(CHECKOUT_ID)
IMAGE       = $(BUILD)/$(call arch,IMAGE)
INITRAMFS   = $(GUEST)/initramfs.cpio

# Expanded once: every use in this make (and its sub-makes) is the same run.
ifeq ($(origin RUN_ID),undefined)
RUN_ID     := $(shell date +%Y%m%d-%H%M%S)
endif
RUN_DIR    ?= $(RESULTS)/$(RUN_ID)
CELL_DIR    = $(RUN_DIR)/$(ARCH)-$(POINT)

# ccache (on by default, CCACHE=0 turns it off) keeps compiled objects
# outside the checkout, so a point built before in any tree is a cache hit.
CCACHE       ?= 1
export CCACHE_DIR ?= $(WORK)/ccache
export CCACHE_MAXSIZE ?= 8G
# Depend mode hashes the headers the compiler reports (kbuild's -MMD)
# instead of preprocessing every file first: a cold m68k build took 112 s
# with ccache's default mode, 87 s in depend mode and 87 s without ccache
# (medians of two), and a warm one still hits (23 s).
export CCACHE_DEPEND ?= 1
# DISTCC_HOSTS="host/N ...": compile through distcc on machines running
# distccd with the same Debian cross compilers (behind ccache when on).
DISTCC_HOSTS ?=
ifneq ($(DISTCC_HOSTS),)
export DISTCC_HOSTS
export CCACHE_PREFIX := $(if $(filter 1,$(CCACHE)),distcc)
endif
KCC = $(if $(filter 1,$(CCACHE)),ccache ,$(if $(DISTCC_HOSTS),distcc ))$(XPREFIX)gcc
# Only pass -j to the kernel's make when no jobserver is there to share.
KMAKE = $(MAKE) --no-print-directory -C $(TREE) O=$(BUILD) ARCH=$(KARCH) \
	CROSS_COMPILE=$(XPREFIX) CC="$(KCC)" $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))

.PHONY: all help matrix check cell kernel initramfs guest shell toolchains \
	deps tree headers report unit-tests guest-all clean distclean FORCE \
	series verify-series bisect-build compare nightly bench-report distcc-check \
	bench bench-defconfig
all: matrix

help:
	@echo 'kmatrix: cross-build a kernel series, boot it in QEMU, test in the guest'
	@echo
	@echo 'Main targets:'
	@echo '  matrix       build, boot and test every ARCHES x POINTS cell, print the table'
	@echo '  check        unit tests, verify-series, guest programs, a full matrix, HTML and distcc checks'
	@echo '  distcc-check build DISTCC_ARCH through a distccd of our own, compare with the local cell'
	@echo '  cell         one cell: make cell ARCH=sparc32 [POINT=rc1]'
	@echo '  shell        boot ARCH interactively with a busybox shell, where one exists'
	@echo '  toolchains   install or check the compilers and emulators, print versions'
	@echo '  report       rewrite summary.json and the table for RUN_DIR'
	@echo '  compare      what changed between runs A= and B= (default: the last two)'
	@echo '  nightly      matrix, compare with the last run, keep KEEP=$(KEEP) runs, history.html'
	@echo '  series       turn SERIES into points (tags) of the kernel tree; lists them'
	@echo '  verify-series  base + series = pristine, patches apply exactly, match the seeds'
	@echo '  bisect-build build every arch each series patch touches, at that patch'
	@echo '  bench-report time every report for 100 copies of RUN_DIR'
	@echo '  bench        the benchmark: cold matrix, point-to-point and per-patch rebuilds, no-op reruns,'
	@echo '               boot per cell, defconfig anchor (BENCH_PHASES=$(BENCH_PHASES), BENCH_DEFCONFIG=$(BENCH_DEFCONFIG))'
	@echo 'Single steps (need ARCH=): tree kernel headers guest initramfs'
	@echo '  clean        remove builds, kernels and guest programs under WORK (keeps the tree)'
	@echo '  distclean    remove all of WORK'
	@echo
	@echo 'Variables (current value):'
	@echo '  ARCHES=$(ARCHES)'
	@echo '  POINTS=$(POINTS)   (pristine, base, NN or NN-slug, rc1, fixed)'
	@echo '  SERIES=$(SERIES) (base: $(SERIES_BASE))'
	@echo '  EXPECT=$(EXPECT)'
	@echo '  CCACHE=$(CCACHE) (CCACHE_DIR=$(CCACHE_DIR))  GUEST_APPEND=$(GUEST_APPEND)'
	@echo '  WORK=$(WORK)   RESULTS=$(RESULTS)'
	@echo '  KSRC_TARBALL=$(KSRC_TARBALL) (Debian package $(KSRC_PKG))'
	@echo '  JOBS=$(JOBS)  BOOT_TIMEOUT=$(BOOT_TIMEOUT)s  BOOT_SILENCE=$(BOOT_SILENCE)s  TEST_TIMEOUT=$(TEST_TIMEOUT)s'
	@echo '  V=1 shows full commands and logs'
	@echo
	@echo 'Known arches: $(ARCHES_ALL)'

# ---- checks of the input ------------------------------------------------

# An unknown ARCH or ARCHES entry is an error naming the known ones.
bad_arches := $(filter-out $(ARCHES_ALL),$(ARCHES) $(ARCH))
ifneq ($(bad_arches),)
$(error unknown arch '$(firstword $(bad_arches))'; known arches: $(ARCHES_ALL))
endif
need_arch = $(if $(ARCH),,$(error $@ needs ARCH=, one of: $(ARCHES_ALL)))

# ---- packages -------------------------------------------------------------

ALL_PKGS = $(HOST_PKGS) $(foreach a,$(ARCHES),\
	$(TOOLCHAIN_PKG_$($(a)_TOOLCHAIN)) $($(a)_QEMU_PKG)) \
	$(if $(wildcard $(KSRC_TARBALL)),,$(KSRC_PKG))

deps:
	$(Q)$(TOP)/toolchains/ensure-packages.sh $(sort $(ALL_PKGS))
	$(Q)test -f $(KSRC_TARBALL) || { echo "kmatrix: $(KSRC_TARBALL) is missing (Debian package $(KSRC_PKG))" >&2; exit 1; }

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
	$(Q)$(TOP)/matrix/import-tree.sh $(KSRC_TARBALL) $(SRC)
	$(Q)touch $@

tree: $(SRC)/.stamp_imported
ifneq ($(ARCH),)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(POINT) $(SERIES_NAME)
endif

# The series becomes commits and tags in the repository (no work tree is
# touched); redone only when the patches or the base change.
SERIES_STAMP = $(SRC)/.stamp_series_$(SERIES_NAME)
series: $(SRC)/.stamp_imported
	$(Q)test -e "$(SERIES)" || { echo "kmatrix: SERIES=$(SERIES): no such file or folder" >&2; exit 1; }
	$(Q)h=$$( { echo "$(SERIES_BASE)"; find "$(SERIES)" -type f | LC_ALL=C sort | xargs cat; } | sha1sum | cut -c1-40); \
	if [ "$$(cat $(SERIES_STAMP) 2>/dev/null)" != "$$h" ]; then \
		rm -f $(SERIES_STAMP); \
		$(TOP)/matrix/apply-series.sh $(SRC) "$(SERIES)" $(SERIES_NAME) $(SERIES_BASE) && echo "$$h" >$(SERIES_STAMP); \
	fi

# Every series patch, built on every arch it touches (results/bisect-<id>/).
bisect-build: series
	$(Q)MAKE='$(MAKE)' $(TOP)/matrix/bisect-build.sh $(SRC) $(SERIES_NAME) $(RESULTS)/bisect-$(RUN_ID) \
		"$(foreach a,$(ARCHES),$(a):$($(a)_KARCH))"

verify-series: $(SRC)/.stamp_imported $(HOSTBIN)/patchcmp
	$(Q)$(TOP)/matrix/verify-series.sh $(SRC) "$(SERIES)" $(SERIES_NAME) $(SERIES_BASE) "$(SEEDS)" $(HOSTBIN)/patchcmp

# ---- host tools -------------------------------------------------------------

HOST_CC     ?= cc
HOST_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -Wno-format-truncation -std=gnu11
HOST_TOOLS  := bootrun report mkcpio patchcmp
$(HOSTBIN)/%: $(TOP)/matrix/%.c $(wildcard $(TOP)/matrix/*.h)
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -I$(TOP)/matrix -o $@ $(filter %.c,$^)
$(HOSTBIN)/bootrun $(HOSTBIN)/report: $(TOP)/matrix/ktap.c
$(HOSTBIN)/mkcpio: $(TOP)/initramfs-builder/mkcpio.c
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -o $@ $<

# ---- kernel -----------------------------------------------------------------

# The config fragment: the arch's base, the common options, the arch's own.
define FRAGMENT
# base: $(call arch,CONFIG_BASE)
$(file <$(TOP)/arches/common.config)
$(call arch,CONFIG)
endef

$(BUILD)/fragment.config: FORCE
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$(FRAGMENT))
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@

$(BUILD)/.config: $(BUILD)/fragment.config | $(SRC)/.stamp_imported
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(POINT) $(SERIES_NAME)
	@echo "  CONFIG  $(ARCH): $(call arch,CONFIG_BASE) + fragment"
	$(Q)$(KMAKE) $(call arch,CONFIG_BASE) >$(BUILD)/config.log 2>&1 || { cat $(BUILD)/config.log >&2; exit 1; }
	$(Q)cd $(BUILD) && $(TREE)/scripts/kconfig/merge_config.sh -m .config fragment.config >>config.log 2>&1
	$(Q)$(KMAKE) olddefconfig >>$(BUILD)/config.log 2>&1 || { cat $(BUILD)/config.log >&2; exit 1; }
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
POINT_REV    = $(shell $(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(POINT) $(SERIES_NAME) 2>/dev/null)
IMAGE_CACHED = $(BUILD)/images/$(or $(POINT_REV),unknown-point)/$(notdir $(call arch,IMAGE))

$(IMAGE_CACHED): $(BUILD)/config.last
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(POINT) $(SERIES_NAME)
	@echo "  KERNEL  $(ARCH) at $(POINT) ($(call arch,IMAGE))"
	$(Q)$(KMAKE) $(notdir $(call arch,IMAGE))
	$(Q)mkdir -p $(@D) && cp $(IMAGE) $@.tmp && mv -f $@.tmp $@

kernel: $(IMAGE_CACHED)

# ---- guest programs and initramfs -----------------------------------------

$(HEADERS)/.stamp: | $(SRC)/.stamp_imported
	$(call need_arch)
	@echo "  HEADERS $(ARCH)"
	$(Q)$(MAKE) --no-print-directory -C $(SRC) O=$(WORK)/headers-build/$(ARCH) ARCH=$(KARCH) \
		INSTALL_HDR_PATH=$(HEADERS) headers_install >$(WORK)/headers-build-$(ARCH).log 2>&1 \
		|| { cat $(WORK)/headers-build-$(ARCH).log >&2; exit 1; }
	$(Q)touch $@
headers: $(HEADERS)/.stamp

GUEST_CC      = $(XPREFIX)gcc
GUEST_CFLAGS  = $(call arch,USER_CFLAGS) -Os -static -nostdlib -ffreestanding \
	-fno-stack-protector -fno-asynchronous-unwind-tables -fno-pie -no-pie \
	-Wall -Wextra -Werror -Wno-unused-function \
	-I$(TOP)/initramfs-builder/include -I$(TOP)/guest-tests -I$(HEADERS)/include \
	-MMD -MP -MF $@.d $(call arch,CFLAGS_$(notdir $@))
# No libgcc: the sparc64 compiler has none for -m32; the guest code needs none.
GUEST_HDRS   := $(wildcard $(TOP)/initramfs-builder/include/*.h $(TOP)/guest-tests/*.h \
	$(TOP)/guest-tests/optional/*.h)
# Every arch runs guest-tests/*.c; guest-tests/optional/ holds the tests an
# arch file asks for by name (<arch>_GUEST_TESTS).
GUEST_TESTS   = $(sort $(basename $(notdir $(wildcard $(TOP)/guest-tests/*.c)))) \
	$(call arch,GUEST_TESTS)
GUEST_PROGS   = $(GUEST)/init $(addprefix $(GUEST)/tests/,$(GUEST_TESTS))

$(GUEST)/init: $(TOP)/initramfs-builder/init.c $(GUEST_HDRS) $(HEADERS)/.stamp
	$(Q)mkdir -p $(@D)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<
$(GUEST)/tests/%: $(TOP)/guest-tests/%.c $(GUEST_HDRS) $(HEADERS)/.stamp
	$(Q)mkdir -p $(@D)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<
$(GUEST)/tests/%: $(TOP)/guest-tests/optional/%.c $(GUEST_HDRS) $(HEADERS)/.stamp
	$(Q)mkdir -p $(@D)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<

# The cpio list is rewritten only when it changes, so the archive is rebuilt
# only when a program or the list does.
define CPIO_LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /tmp 0755 0 0
dir /tests 0755 0 0
file /init $(GUEST)/init 0755 0 0
$(foreach t,$(GUEST_TESTS),file /tests/$(t) $(GUEST)/tests/$(t) 0755 0 0
)
endef
$(GUEST)/initramfs.list: FORCE
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$(CPIO_LIST))
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@
$(INITRAMFS): $(GUEST)/initramfs.list $(GUEST_PROGS) $(HOSTBIN)/mkcpio
	@echo "  CPIO    $(ARCH): init + $(words $(GUEST_TESTS)) test programs"
	$(Q)$(HOSTBIN)/mkcpio $< $@.tmp && mv -f $@.tmp $@

# What each program included, as the compiler saw it (-MMD).
-include $(wildcard $(GUEST)/*.d $(GUEST)/tests/*.d)

guest: $(GUEST_PROGS)
initramfs: $(INITRAMFS)

# ---- boot -------------------------------------------------------------------

KTAP_END_MARKER := kmatrix: all tests done
# GUEST_APPEND: more kernel parameters, e.g. kmatrix_risky=1 (see guest-tests).
GUEST_APPEND ?=
APPEND = console=$(call arch,CONSOLE) panic=-1 kmatrix_timeout=$(TEST_TIMEOUT) $(call arch,APPEND) $(GUEST_APPEND)
QEMU_CMD = $(call arch,QEMU) $(call arch,QEMU_ARGS) -nographic -monitor none \
	-no-reboot -kernel $(IMAGE_CACHED) -initrd $(INITRAMFS) -append '$(APPEND)'

POINT ?= $(firstword $(POINTS))

# One cell: build, boot, record. A failed build is a result, not a make error,
# so the cell always leaves its cell.tsv; the report decides the exit status.
cell: $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(call need_arch)
	$(Q)$(if $(CELL_IN_MATRIX),true,$(MAKE) --no-print-directory deps ARCHES=$(ARCH))
	$(Q)$(if $(filter pristine,$(POINT)),true,$(MAKE) --no-print-directory series)
	$(Q)RUN_DIR=$(RUN_DIR) CELL_DIR=$(CELL_DIR) ARCH=$(ARCH) POINT=$(POINT) V=$(V) \
		HOSTBIN=$(HOSTBIN) BOOT_TIMEOUT=$(BOOT_TIMEOUT) BOOT_SILENCE=$(BOOT_SILENCE) \
		END_MARKER='$(KTAP_END_MARKER)' MAKE='$(MAKE)' CELL_IN_MATRIX=$(CELL_IN_MATRIX) \
		REPORT_FLAGS='$(REPORT_FLAGS)' \
		$(TOP)/matrix/run-cell.sh $(QEMU_CMD)

# All cells, then the table. Each cell rewrites summary.json when it ends, so
# an interrupted run still has a summary of every finished cell.
CELLS := $(foreach p,$(POINTS),$(foreach a,$(ARCHES),cell/$(a)/$(p)))
# Pairs "P2:P1" of consecutive points: the cells of one arch run in order.
point_pairs = $(join $(wordlist 2,999,$(POINTS)),$(addprefix :,$(filter-out $(lastword $(POINTS)),$(POINTS))))
matrix: deps $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(Q)$(MAKE) --no-print-directory series
	$(Q)mkdir -p $(RUN_DIR) && ln -sfn $(RUN_ID) $(RESULTS)/latest.tmp && mv -Tf $(RESULTS)/latest.tmp $(RESULTS)/latest
	@echo "kmatrix: run $(RUN_ID): $(words $(CELLS)) cells ($(ARCHES)) x ($(POINTS)), results in $(RUN_DIR)"
	$(Q)printf '%s %s\n' $(subst /, ,$(patsubst cell/%,%,$(CELLS))) >$(RUN_DIR)/cells.list
	$(Q)$(TOP)/matrix/run-info.sh $(SRC) $(SERIES_NAME) "$(SERIES)" >$(RUN_DIR)/run.tsv
	$(Q)$(if $(filter 1,$(CCACHE)),ccache --print-stats >$(RUN_DIR)/ccache.before 2>/dev/null;) \
	$(MAKE) --no-print-directory RUN_ID=$(RUN_ID) $(CELLS); \
	$(if $(filter 1,$(CCACHE)),ccache --print-stats >$(RUN_DIR)/ccache.after 2>/dev/null; \
		$(TOP)/matrix/ccache-rate.sh $(RUN_DIR)/ccache.before $(RUN_DIR)/ccache.after;) \
	$(HOSTBIN)/report $(REPORT_FLAGS) $(if $(PREV_RUN),--previous $(PREV_RUN)) --table $(RUN_DIR); rc=$$?; \
	$(if $(filter 1,$(words $(ARCHES))),$(TOP)/matrix/arch-view.sh $(SRC) $(SERIES_NAME) $(ARCHES) \
		$($(ARCHES)_KARCH) $(RUN_DIR);) exit $$rc

# Cells of one arch share its tree and build directory: one after the other.
$(foreach a,$(ARCHES),$(foreach pr,$(point_pairs),$(eval \
	cell/$(a)/$(word 1,$(subst :, ,$(pr))): | cell/$(a)/$(word 2,$(subst :, ,$(pr))))))

cell/%: FORCE
	$(Q)$(MAKE) --no-print-directory cell RUN_ID=$(RUN_ID) CELL_IN_MATRIX=1 \
		ARCH=$(word 1,$(subst /, ,$*)) POINT=$(word 2,$(subst /, ,$*))

report: $(HOSTBIN)/report
	$(Q)$(HOSTBIN)/report $(REPORT_FLAGS) --table $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR))

# What changed between two runs (default: the newest against the one
# before it). Exit status 1 on a new unexpected result.
RUNS_SORTED = $(sort $(filter-out %/latest %/README.md %/bisect-%,$(wildcard $(RESULTS)/*)))
A ?= $(word $(words $(wordlist 2,999,$(RUNS_SORTED))),$(RUNS_SORTED))
B ?= $(lastword $(RUNS_SORTED))
PREV_RUN = $(lastword $(filter-out $(RUN_DIR),$(RUNS_SORTED)))
compare: $(HOSTBIN)/report
	$(Q)test -n "$(A)" -a -n "$(B)" -a "$(A)" != "$(B)" || { echo "kmatrix: compare needs two runs in $(RESULTS) (or A= and B=)" >&2; exit 1; }
	$(Q)$(HOSTBIN)/report $(REPORT_FLAGS) --compare $(A) $(B)

# The nightly job: the default matrix, what changed since the last run, the
# last KEEP runs kept, and results/history.html over them.
KEEP ?= 14
nightly: $(HOSTBIN)/report
	$(Q)$(MAKE) --no-print-directory matrix RUN_ID=$(RUN_ID); rc=$$?; \
	prev=$(PREV_RUN); \
	if [ -n "$$prev" ]; then $(HOSTBIN)/report $(REPORT_FLAGS) --compare $$prev $(RUN_DIR) || rc=1; fi; \
	ls -d $(RESULTS)/2*/ 2>/dev/null | sort | head -n -$(KEEP) | xargs -r rm -rf; \
	$(HOSTBIN)/report $(REPORT_FLAGS) --history $(RESULTS) $$(ls -d $(RESULTS)/2*/ | sort | sed 's|/$$||'); \
	echo "kmatrix: history of the last $(KEEP) runs: $(RESULTS)/history.html"; \
	exit $$rc

# ---- interactive shell ------------------------------------------------------

BUSYBOX_DEB = $(call arch,BUSYBOX_DEB)
shell: kernel $(HOSTBIN)/mkcpio
	$(call need_arch)
	$(Q)test -n "$(BUSYBOX_DEB)" || { echo "kmatrix: no busybox for $(ARCH): Debian builds busybox-static for no such arch; use 'make cell ARCH=$(ARCH)' and its console log" >&2; exit 1; }
	$(Q)$(TOP)/initramfs-builder/busybox-initramfs.sh $(BUSYBOX_DEB) $(WORK)/busybox/$(ARCH) $(HOSTBIN)/mkcpio
	$(call arch,QEMU) $(call arch,QEMU_ARGS) -nographic -no-reboot -kernel $(IMAGE_CACHED) \
		-initrd $(WORK)/busybox/$(ARCH)/initramfs.cpio -append 'console=$(call arch,CONSOLE) $(call arch,APPEND)'

# ---- tests of the project itself --------------------------------------------

# make check also looks at the HTML report in a real browser.
CHECK_PKGS := chromium

unit-tests: $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(Q)$(MAKE) --no-print-directory -C $(TOP)/matrix/tests HOSTBIN=$(HOSTBIN) HOST_CC=$(HOST_CC)

# distcc through a distccd of our own on 127.0.0.1: one arch (DISTCC_ARCH)
# built in a build directory of its own, without ccache, so that every
# object is compiled; distccd's log must show the jobs, and the cell's test
# results must be those of the local build's cell in RUN_DIR.
DISTCC_ARCH  ?= m68k
DISTCC_POINT ?= fixed
distcc-check: $(addprefix $(HOSTBIN)/,$(HOST_TOOLS))
	$(Q)$(TOP)/toolchains/ensure-packages.sh distcc
	$(Q)MAKE='$(MAKE)' $(TOP)/matrix/distcc-check.sh $(DISTCC_ARCH) $(DISTCC_POINT) \
		$(WORK)/build-distcc $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR))

# The benchmark (not a test), in BENCH_ROOT with its own worktrees, build
# directories and ccache: the cold default matrix (per arch: the cold build
# and each point-to-point rebuild), no-op reruns (and boot plus tests per
# cell), per-patch rebuilds of BENCH_STEPS_ARCH, and the full defconfig of
# the BENCH_DEFCONFIG arches (each arch file names it: <arch>_DEFCONFIG).
# Results in results/bench-<id>/bench.txt and bench.tsv. See matrix/bench.sh.
BENCH_ROOT        ?= $(WORK)/bench
BENCH_ARCHES      ?= $(ARCHES)
BENCH_PHASES      ?= cold noop steps defconfig
BENCH_COLD_JOBS   ?= 3
BENCH_NOOP_JOBS   ?= 3
BENCH_NOOP_RUNS   ?= 3
BENCH_STEPS_ARCH  ?= m68k
BENCH_DEFCONFIG   ?= m68k
bench: series
	$(Q)MAKE='$(MAKE)' TOP=$(TOP) SRC=$(SRC) SERIES_NAME=$(SERIES_NAME) ARCHES='$(BENCH_ARCHES)' \
		POINTS='$(POINTS)' OUT=$(RESULTS)/bench-$(RUN_ID) BENCH_ROOT=$(BENCH_ROOT) \
		PHASES='$(BENCH_PHASES)' COLD_JOBS=$(BENCH_COLD_JOBS) NOOP_JOBS=$(BENCH_NOOP_JOBS) \
		NOOP_RUNS=$(BENCH_NOOP_RUNS) STEPS_ARCH='$(BENCH_STEPS_ARCH)' DEFCONFIG_ARCHES='$(BENCH_DEFCONFIG)' \
		$(foreach a,$(BENCH_DEFCONFIG),DEFCONFIG_$(a)=$(or $($(a)_DEFCONFIG),defconfig)) \
		$(TOP)/matrix/bench.sh

# One arch's full defconfig, cold, out of tree (the bench anchor).
DEFCONFIG_ROOT ?= $(WORK)/build-defconfig
bench-defconfig:
	$(call need_arch)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) base $(SERIES_NAME)
	$(Q)rm -rf $(DEFCONFIG_ROOT)/$(ARCH)
	$(Q)$(MAKE) --no-print-directory -C $(TREE) O=$(DEFCONFIG_ROOT)/$(ARCH) ARCH=$(KARCH) \
		CROSS_COMPILE=$(XPREFIX) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS)) $(DEFCONFIG)
	$(Q)$(MAKE) --no-print-directory -C $(TREE) O=$(DEFCONFIG_ROOT)/$(ARCH) ARCH=$(KARCH) \
		CROSS_COMPILE=$(XPREFIX) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))

# How long the reports take for 100 runs like RUN_DIR's (a benchmark).
bench-report: $(HOSTBIN)/report
	$(Q)$(TOP)/matrix/tests/bench-report.sh $(HOSTBIN) $(EXPECT) $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR))

guest-all: $(SRC)/.stamp_imported
	$(Q)for a in $(ARCHES); do \
		$(MAKE) --no-print-directory initramfs ARCH=$$a || exit 1; \
	done

# What CI runs: the host tools' unit tests, the port's faithfulness, every
# guest program for every arch, the whole default matrix, then its HTML in
# a real browser and one arch built again through distcc.
check: deps
	$(Q)$(MAKE) --no-print-directory unit-tests
	$(Q)$(MAKE) --no-print-directory verify-series
	$(Q)$(MAKE) --no-print-directory guest-all
	$(Q)$(MAKE) --no-print-directory matrix RUN_ID=$(RUN_ID); rc=$$?; \
	$(TOP)/toolchains/ensure-packages.sh $(CHECK_PKGS) && \
		$(TOP)/matrix/tests/check-html.sh $(RESULTS)/$(RUN_ID) | tee $(RESULTS)/$(RUN_ID)/check-html.txt; \
	$(MAKE) --no-print-directory distcc-check RUN_ID=$(RUN_ID) | tee $(RESULTS)/$(RUN_ID)/distcc-check.txt; \
	$(TOP)/matrix/tests/check-summary.sh $(RESULTS)/$(RUN_ID) || rc=1; \
	exit $$rc

clean:
	rm -rf $(WORK)/build $(WORK)/guest $(WORK)/host $(WORK)/headers $(WORK)/headers-build \
		$(BENCH_ROOT) $(DEFCONFIG_ROOT) $(WORK)/build-distcc $(WORK)/build-bench
	-git -C $(SRC) worktree prune 2>/dev/null

distclean:
	rm -rf $(WORK)

FORCE:

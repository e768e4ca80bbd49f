# mk/cells.mk: a cell (build, boot, record), and the cells of a run: make
# matrix.

# GUEST_APPEND: more kernel parameters, e.g. kmatrix_risky=1 (see guest-tests).
#> GUEST_APPEND: more kernel parameters for the guest
GUEST_APPEND ?=
#> GUEST_ONLY: run only these guest programs, comma-separated; PROGRAM:TEST only that test of it (init's kmatrix_only=)
GUEST_ONLY ?=
# A program that needs more than TEST_TIMEOUT on an arch's emulation has its
# arch file say so (<arch>_TEST_TIMEOUT_MIN); TEST_TIMEOUT never lowers it,
# and the console's allowed silence outlasts it as it does TEST_TIMEOUT.
test_timeout_min = $(or $(call arch,TEST_TIMEOUT_MIN),0)
CELL_TEST_TIMEOUT = $(shell echo $$(( $(TEST_TIMEOUT) > $(test_timeout_min) ? $(TEST_TIMEOUT) : $(test_timeout_min) )))
CELL_BOOT_SILENCE = $(shell echo $$(( $(CELL_TEST_TIMEOUT) + 30 > $(BOOT_SILENCE) ? $(CELL_TEST_TIMEOUT) + 30 : $(BOOT_SILENCE) )))
APPEND = console=$(call arch,CONSOLE) panic=-1 kmatrix_timeout=$(CELL_TEST_TIMEOUT) $(call arch,APPEND) \
	$(if $(filter 1,$(COVERAGE)),kmatrix_gcov=1) $(if $(GUEST_ONLY),kmatrix_only=$(GUEST_ONLY)) $(GUEST_APPEND)
# The QEMU command, one argument a word but the kernel's command line, which is one.
QEMU_WORDS = $(call arch,QEMU) $(call arch,QEMU_ARGS) -nographic -monitor none \
	-no-reboot -kernel $(IMAGE_CACHED) -initrd $(CELL_INITRD) -append

#> POINT: the point of `make cell` and the single steps
POINT ?= $(firstword $(POINTS))
# The points among $(1) that need the series as tags: all but `pristine`,
# the imported tree itself. A run of pristine cells only applies no series,
# so a series that does not apply to this tree cannot stop it.
series_points = $(filter-out pristine,$(1))

# One cell: build, boot, record (matrix/cellrun/). A failed build is a
# result, not a make error, so the cell always leaves its cell.tsv; the
# report decides the exit status. The build holds the arch's tree and build
# directory; the boot needs only the point's kernel and initrd, kept per
# commit, so in a matrix it runs beside the arch's next build.
# What every cell of a run is given; the rest of a cell is its arch and
# point, and what its build's make writes to CELL_DIR/cell.in. A recipe
# that builds writes `export MAKE='$(MAKE)'` itself: make hands its job
# slots only to a line where $(MAKE) stands literally, not through a
# variable, and kbuild then ran at -j1 ("jobserver unavailable"); cellrun
# runs the cell's make as $$MAKE.
# cellrun is exec'd, so that make's SIGTERM reaches it (a shell between
# would die and leave it running), and with setpriv --pdeathsig, so that
# it gets one when the make above it dies by SIGKILL: no cell outlives its
# run (cellrun stops its build's session or its QEMU, and records how the
# cell ended). $(call run_cell,ARCH,POINT,STEP)
run_cell = HOSTBIN=$(HOSTBIN) exec setpriv --pdeathsig TERM $(HOSTBIN)/cellrun $(REPORT_FLAGS) \
	--run $(RUN_DIR) $(RUN_ID) --locks $(LOCKS) --retries $(RETRIES) \
	$(if $(filter 1,$(CELL_IN_MATRIX)),--in-matrix) $(if $(filter 1,$(V)),--verbose) \
	$(if $(call series_points,$(2)),--series-error $(SERIES_ERROR)) --not-run-points '$(NOT_RUN_POINTS)' \
	--reproducer $(TOP)/matrix/reproducer.sh --cell $(1) $(2) $(3)
# The cells at the series' points do not run when the series does not apply
# (SERIES_ERROR non-empty): they end at once, and the progress lines leave
# them out of the time to go.
NOT_RUN_POINTS = $(if $(shell test -s $(SERIES_ERROR) && echo 1),$(call series_points,$(POINTS)))
# What the boot of the cell at ARCH and POINT needs, as data (KEY, a tab,
# the value, a line; matrix/cellrun/inputs.c reads it): the cell's build
# writes it (its make knows the point's commit, kernel and initrd).
cell_in_line = $(1)$(tab)$(strip $(2))$(newline)
CELL_IN = $(foreach w,$(QEMU_WORDS),$(call cell_in_line,qemu,$(w)))$(call cell_in_line,qemu,$(APPEND)) \
	$(call cell_in_line,qemu-pkg,$(QEMU_PKG)) $(call cell_in_line,boot-timeout,$(BOOT_TIMEOUT)) \
	$(call cell_in_line,boot-silence,$(CELL_BOOT_SILENCE)) $(call cell_in_line,host-max-wait,$(HOST_MAX_WAIT)) \
	$(call cell_in_line,kselftests-unbuilt,$(if $(KSELFTESTS),$(KST_UNBUILT))) \
	$(call cell_in_line,packages,$(call arch_pkgs,$(ARCH)) $(KSRC_PKG)) \
	$(call cell_in_line,config,$(BUILD)/config.last) $(call cell_in_line,commit,$(POINT_REV))
QEMU_PKG = $(call arch,QEMU_PKG)
# The make variables that make a cell what it is, which its reproducer
# (matrix/reproducer.sh) gives `make cell` again, one VAR=value a line.
REPRODUCE_VARS = WORK KSRC_PKG KSRC_TARBALL SERIES SERIES_NAME SERIES_BASE EXPECT KNOWN_BREAKS \
	TEST_TIMEOUT BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT CCACHE COVERAGE GCOV_FILES \
	GUEST_FAULTS GUEST_APPEND MUTANTS MUTANT_BASE
define newline


endef
empty :=
tab := $(empty)	$(empty)
# Lines made by $(foreach) or joined by make, without the space it puts first.
lines = $(subst $(newline) ,$(newline),$(1))
#> cell-env: write what ARCH's cell at POINT boots with (CELL_DIR/cell.in, reproduce.vars); a cell's build does
# (The folder by $(shell): make expands a recipe whole before its first line runs.)
cell-env:
	$(call need_arch)
	$(call need_point)
	$(shell mkdir -p $(CELL_DIR))
	$(file >$(CELL_DIR)/reproduce.vars,$(call lines,$(foreach v,$(REPRODUCE_VARS),$(v)=$(strip $($(v)))$(newline))))
	$(file >$(CELL_DIR)/cell.in.tmp,$(call lines,$(CELL_IN)))
	$(Q)mv -f $(CELL_DIR)/cell.in.tmp $(CELL_DIR)/cell.in
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
	$(Q)$(RUN_ENV) RUN_KIND=$(or $(RUN_KIND),cell) $(TOP)/matrix/run-open.sh --join cell/$(ARCH)/$(POINT)
	$(Q)export MAKE='$(MAKE)'; $(call run_cell,$(ARCH),$(POINT),all)

# A run's cells, as make goals: make knows them from ARCHES x POINTS.
CELLS := $(foreach p,$(POINTS),$(foreach a,$(ARCHES),cell/$(a)/$(p)))
# Steps at once: builds of different arches and boots run side by side,
# sharing make's job slots with the kernel builds' compilers (never more
# than CELL_JOBS of either). One more than JOBS, because a boot mostly
# waits on the guest's timers; two more let powerpc64's `signal` selftest
# run past its limit on 2 cores (docs/measurements.md has both figures).
#> CELL_JOBS: builds and boots at once, sharing their slots with the compilers (default: JOBS + 1); 1: one at a time
CELL_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
# A run is three steps of a recipe (make matrix, make mutants):
#   run-open.sh   the run's folder: cells.list, run.tsv, the cells' order;
#   the cells' make, `make run-cells`: every cell of cells.list;
#   run-close.sh  the cells booted again alone, the first bad patches,
#                 `ended` in run.tsv, the reports and the table.
# The cells' make gets its own -j: the line has no literal $(MAKE) (so that
# `make -n matrix` only prints), so a caller's job slots never reach it.
# -k and `-`: a cell whose own make fails (not its kernel: that is a result)
# leaves no cell.tsv and is reported as such, the other cells still run,
# and the run is still closed. setpriv --pdeathsig: the cells' make gets
# SIGTERM when this make dies, however it dies (SIGKILL too), and passes
# it on to each cell's cellrun. (No shell character in the line: make
# then starts setpriv itself, so the death watched is make's, not a
# shell's.) Ctrl-C reaches every process; a cell a signal stops leaves
# RUN_DIR/.interrupted, which the reports take as the run's end, since
# this make dies with the signal before run-close.sh.
RUN_CELLS = setpriv --pdeathsig TERM $(MAKE) -k -j$(CELL_JOBS) --no-print-directory \
	RUN_ID=$(RUN_ID) RUN_DIR=$(RUN_DIR) CELL_IN_MATRIX=1 run-cells
# What run-open.sh and run-close.sh need.
RUN_ENV = MAKE='$(MAKE)' RUN_ID=$(RUN_ID) RUN_DIR=$(RUN_DIR) RESULTS=$(RESULTS) HOSTBIN=$(HOSTBIN) \
	REPORT_FLAGS='$(REPORT_FLAGS)' TOP=$(TOP) LOCKS=$(LOCKS) SRC=$(SRC) SERIES_NAME=$(SERIES_NAME) \
	SERIES='$(SERIES_PATCHES)' CCACHE=$(CCACHE) ARCHES='$(ARCHES)' KSRC_NAME=$(KSRC_NAME) \
	KSRC_TARBALL=$(KSRC_TARBALL) KSRC_PKG=$(KSRC_PKG) KNOWN_BREAKS=$(KNOWN_BREAKS) \
	SERIES_ERROR=$(SERIES_ERROR) SERIES_OFFSETS=$(SERIES_OFFSETS) RETRIES=$(RETRIES) RUN_NOTES='$(subst ','\'',$(RUN_NOTES))' FIRST_BAD=$(FIRST_BAD) \
	RUN_MAKE_PID=$(MAKE_PID)
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
	$(Q)$(RUN_ENV) POINTS='$(POINTS)' $(TOP)/matrix/run-open.sh $(CELLS)
	-$(Q)$(RUN_CELLS)
	$(Q)$(RUN_ENV) POINTS='$(POINTS)' SERIES_POINTS='$(call series_points,$(POINTS))' \
		ARCH_VIEW='$(if $(filter 1,$(words $(ARCHES))),$(TOP)/matrix/arch-view.sh $(SRC) $(SERIES_NAME) $(ARCHES) $($(ARCHES)_KARCH))' \
		exec $(TOP)/matrix/run-close.sh

# The cells of a run: `make run-cells` makes each cell of RUN_DIR's
# cells.list, cell/ARCH/POINT, in the order run-open.sh wrote for it
# (RUN_DIR/cells.mk, from `report order`: the arch
# whose cells took longest in the previous run first, so that the longest
# chain does not start last); `make cell/ARCH/POINT...` makes those.
# Cells of one arch share its tree and build directory: each waits for the
# arch's cell before it among the goals, so cells of different arches run
# side by side, never one arch's builds twice at once. A cell runs in one
# of two ways:
#   with a kernel to build in the run, build then boot in one job, after
#   the arch's previous cell;
#   with every kernel built, the boot after its own build step
#   (cell-build/ARCH/POINT, after the arch's previous build step) only:
#   so one arch's boots overlap.
# Not the second way always: make starts the next goal's build before an
# earlier cell's boot that has become ready (a cold run's first kernel
# waited while four more builds started), which keeps every result back
# until the builds are nearly done.
ifneq ($(filter run-cells,$(MAKECMDGOALS)),)
include $(RUN_DIR)/cells.mk
endif
CELL_TARGETS := $(if $(filter run-cells,$(MAKECMDGOALS)),$(RUN_CELL_ORDER),$(filter cell/%,$(MAKECMDGOALS)))
# (Internal: the second step of make matrix and make mutants.)
.PHONY: run-cells
run-cells: $(CELL_TARGETS)
# The commit of a point, asked once per make.
point_rev_of = $(or $(rev.$(1)),$(eval rev.$(1) := $$(or $$(call run_point_rev,$(1)),$$(shell \
	$(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(1) $(SERIES_NAME) 2>/dev/null)))$(rev.$(1)))
cell_image = $(BUILD_ROOT)/$(1)/images/$(or $(call point_rev_of,$(2)),unknown-point)/$(notdir $($(1)_IMAGE))
cell_words = $(subst /, ,$(1))
CELLS_BUILT := $(if $(CELL_TARGETS),$(if $(strip $(foreach c,$(CELL_TARGETS),$(if $(wildcard \
	$(call cell_image,$(word 2,$(call cell_words,$(c))),$(word 3,$(call cell_words,$(c))))),,$(c)))),,1))
cell_step = $(if $(CELLS_BUILT),cell-build/$(1),cell/$(1))
$(foreach c,$(CELL_TARGETS:cell/%=%),$(eval cell_arch := $(firstword $(subst /, ,$(c)))) \
	$(if $(last.$(cell_arch)),$(eval $(call cell_step,$(c)): | $(call cell_step,$(last.$(cell_arch))))) \
	$(eval last.$(cell_arch) := $(c)))
# One step of a cell: cellrun with the cell's arch and point. (Each
# line that builds names $(MAKE) itself, for the job slots: see run_cell.)
run_cell_of = $(call run_cell,$(firstword $(subst /, ,$(1))),$(word 2,$(subst /, ,$(1))),$(2))
ifneq ($(CELLS_BUILT),)
cell/%: cell-build/% FORCE
	$(Q)$(call run_cell_of,$*,boot)
else
cell/%: FORCE
	$(Q)export MAKE='$(MAKE)'; $(call run_cell_of,$*,all)
endif
cell-build/%: FORCE
	$(Q)export MAKE='$(MAKE)'; $(call run_cell_of,$*,build)
again/%: FORCE
	$(Q)$(call run_cell_of,$*,again)

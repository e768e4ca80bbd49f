# mk/bench.mk: the benchmark (not a test).

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
bench: series $(HOSTBIN)/report
	$(Q)MAKE='$(MAKE)' HOSTBIN=$(HOSTBIN) TOP=$(TOP) SRC=$(SRC) SERIES_NAME=$(SERIES_NAME) ARCHES='$(BENCH_ARCHES)' \
		POINTS='$(POINTS)' OUT=$(RESULTS)/bench-$(RUN_ID) BENCH_ROOT=$(BENCH_ROOT) \
		PHASES='$(BENCH_PHASES)' COLD_JOBS=$(BENCH_COLD_JOBS) NOOP_JOBS=$(BENCH_NOOP_JOBS) \
		NOOP_RUNS=$(BENCH_NOOP_RUNS) STEPS_ARCH='$(BENCH_STEPS_ARCH)' DEFCONFIG_ARCHES='$(BENCH_DEFCONFIG)' \
		$(foreach a,$(BENCH_DEFCONFIG),DEFCONFIG_$(a)=$(or $($(a)_DEFCONFIG),defconfig)) \
		$(TOP)/matrix/bench.sh

# One arch's full defconfig, cold, out of tree (the bench anchor), at the
# run's last point: at `base` (the series reversed) batman-adv calls
# do_exit() again, which 6.1 no longer exports, so a defconfig with modules
# fails at modpost there (docs/benchmark.md, docs/measurements.md).
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

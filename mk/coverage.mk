# mk/coverage.mk: series coverage: make coverage and its report.

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
# ARCHES, REASON: see matrix/coverage/coverage.c).
#> COVERAGE_UNREACHABLE: the lines make coverage is told no test can run (default: SERIES/coverage/unreachable.tsv)
COVERAGE_UNREACHABLE ?= $(wildcard $(SERIES)/coverage/unreachable.tsv)
# Its word on changed lines the tests run that no mutant can change, and why
# (the same form): the report gives each line run without a mutant its reason.
#> COVERAGE_NO_MUTANT: the lines make coverage is told no mutant can change (default: SERIES/coverage/no-mutant.tsv)
COVERAGE_NO_MUTANT ?= $(wildcard $(SERIES)/coverage/no-mutant.tsv)
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
	$(Q). $(TOP)/matrix/lib.sh && claim_run_dir $(COVERAGE_RESULTS)/$(RUN_ID)
	$(Q)$(RUN_ENV) RUN_DIR=$(COVERAGE_RESULTS)/$(RUN_ID) RESULTS=$(COVERAGE_RESULTS) RUN_KIND=coverage \
		$(TOP)/matrix/run-open.sh --join $(foreach a,$(COVERAGE_ARCHES),cell/$(a)/$(COVERAGE_POINT))
	$(Q)files=$$(git -C $(SRC) diff --name-only $$($(TOP)/matrix/checkout-point.sh --resolve $(SRC) base $(SERIES_NAME)) \
		$$($(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(COVERAGE_POINT) $(SERIES_NAME)) | tr '\n' ' '); \
	rc=0; for a in $(COVERAGE_ARCHES); do \
		$(MAKE) --no-print-directory cell COVERAGE=1 ARCH=$$a POINT=$(COVERAGE_POINT) RUN_ID=$(RUN_ID) \
			RESULTS=$(COVERAGE_RESULTS) RUN_KIND=coverage GCOV_FILES="$$files" || true; \
		$(MAKE) --no-print-directory coverage-report COVERAGE=1 ARCH=$$a POINT=$(COVERAGE_POINT) RUN_ID=$(RUN_ID) \
			RESULTS=$(COVERAGE_RESULTS) GCOV_FILES="$$files" || rc=1; \
	done; ln -sfn $(RUN_ID) $(COVERAGE_RESULTS)/latest; exit $$rc
#> coverage-report: the coverage report of ARCH's coverage cell at POINT in RUN_DIR (make coverage runs it)
coverage-report: $(HOSTBIN)/coverage $(HOSTBIN)/report
	$(call need_arch)
	$(Q)SRC=$(SRC) TREE=$(TREE) BUILD=$(BUILD) ARCH=$(ARCH) KARCH=$(KARCH) XPREFIX=$(XPREFIX) \
		SERIES_NAME=$(SERIES_NAME) POINT=$(POINT) KERNEL_POINT=$(KERNEL_POINT) CELL_DIR=$(CELL_DIR) HOSTBIN=$(HOSTBIN) \
		UNREACHABLE=$(COVERAGE_UNREACHABLE) NO_MUTANT=$(COVERAGE_NO_MUTANT) MUTANTS=$(MUTANTS) MUTANT_BASE=$(MUTANT_BASE) \
		$(TOP)/matrix/with-lock.sh $(LOCKS)/$(ARCH) "the $(ARCH) tree and build" $(TOP)/matrix/coverage.sh
	$(Q)$(HOSTBIN)/report $(REPORT_FLAGS) summary --quiet $(RUN_DIR)

# mk/check.mk: the tests of the project itself: unit tests, fuzzing, distcc-
# check and make check.

# make check also looks at the HTML report in a real browser, and checks
# kcidb.json against KCIDB's schema with Debian's JSON Schema validator.
CHECK_PKGS := chromium python3-jsonschema

#> unit-tests: the host tools' tests and the fault-injection suite (no kernel needed)
#> SUITE: the unit-test suites to run alone (make unit-tests SUITE=test-hostile; default: all)
#> CASE: with unit-tests, count and show only the checks whose description holds this text (test_ktap: a group)
SUITE ?=
CASE  ?=
# No kernel tree needed: gen_init_cpio (from the tree) is tested only once
# the tree is imported, as make check does first.
unit-tests: $(HOSTBIN)/cellrun $(HOSTBIN)/bootrun $(HOSTBIN)/report $(HOSTBIN)/series $(HOSTBIN)/coverage $(if $(wildcard $(SRC)/.stamp_imported),$(HOSTBIN)/gen_init_cpio)
	$(Q)$(MAKE) --no-print-directory -C $(TOP)/matrix/tests HOSTBIN=$(HOSTBIN) HOST_CC=$(HOST_CC) \
		SUITE='$(SUITE)' CASE='$(CASE)'

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
	$(Q)MAKE='$(MAKE)' HOSTBIN=$(HOSTBIN) $(TOP)/matrix/distcc-check.sh $(DISTCC_ARCH) $(DISTCC_POINT) \
		$(WORK)/build-distcc $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR)) $(BUILD_ROOT)

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

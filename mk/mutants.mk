# mk/mutants.mk: mutation testing: make mutants.

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
		POINTS=mutants MUTANTS='$(MUTANTS)' MUTANT_BASE='$(MUTANT_BASE)' \
		MUTANTS_ONLY='$(MUTANTS_ONLY)' ARCH_KARCHS='$(filter $(addsuffix :%,$(ARCHES)),$(ARCH_KARCHS_ALL))' \
		$(TOP)/matrix/run-mutants.sh
	-$(Q)$(RUN_CELLS) RUN_DIR=$(MUTANTS_RESULTS)/$(RUN_ID)
	$(Q)$(RUN_ENV) RESULTS=$(MUTANTS_RESULTS) RUN_DIR=$(MUTANTS_RESULTS)/$(RUN_ID) POINTS=mutants \
		exec $(TOP)/matrix/run-close.sh

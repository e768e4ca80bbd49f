# make fuzz, and the replay make unit-tests runs (matrix/fuzz/README.md).
# Included by the Makefile after unit-tests: its #> lines are there.
#
# libFuzzer (clang-14's, in libclang-rt-14-dev): the harnesses are plain
# LLVMFuzzerTestOneInput functions, so the ordinary cc builds the same
# sources with replay.c for the replay, which needs no clang.

FUZZ_DIR       := $(TOP)/matrix/fuzz
FUZZ_HARNESSES := ktap cell expect series
FUZZ_SECONDS   ?= 60
# More libFuzzer flags for every harness (-use_value_profile=1, say).
FUZZ_FLAGS     ?=
FUZZ_CC        ?= clang-14
FUZZ_PKGS      := clang-14 libclang-rt-14-dev
FUZZ_WORK      := $(WORK)/fuzz
FUZZ_BIN       := $(HOSTBIN)/fuzz
# What each harness links of matrix/: report's model (run.c, cell.c and
# judge.c; run.c needs mutants.c), expect.c and the KTAP reader's status names.
FUZZ_SRCS_ktap   := $(addprefix ktap/,ktap_reader.c ktap_lines.c ktap_results.c) util/util.c
FUZZ_SRCS_cell   := $(addprefix report/,run.c cell.c judge.c expect.c mutants.c) $(FUZZ_SRCS_ktap)
FUZZ_SRCS_expect := $(FUZZ_SRCS_cell)
# The series reader less its command line (series.c).
FUZZ_SRCS_series := $(addprefix series/,read.c mail.c patch.c points.c names.c) util/util.c
fuzz_srcs = $(FUZZ_DIR)/fuzz_$(1).c $(FUZZ_DIR)/fuzz.c $(addprefix $(TOP)/matrix/,$(FUZZ_SRCS_$(1)))
FUZZ_DEPS      := $(HOST_HDRS) $(FUZZ_DIR)/fuzz.h
# Without -fno-sanitize-recover UBSan only prints, and neither libFuzzer
# nor the replay would count it.
FUZZ_SANITIZE  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS    ?= -g -O1 -std=gnu11 -Wall
FUZZ_REPLAY    := $(foreach h,$(FUZZ_HARNESSES),$(HOSTBIN)/fuzz-replay-$(h) $(HOSTBIN)/fuzz-replay-$(h)-asan)

.PHONY: fuzz
fuzz: $(addprefix $(FUZZ_BIN)/fuzz-,$(FUZZ_HARNESSES))
	$(Q)FUZZ_FLAGS='$(subst ','\'',$(FUZZ_FLAGS))' $(FUZZ_DIR)/fuzz.sh $(FUZZ_BIN) $(FUZZ_WORK) $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

# The replay is one of the unit tests' suites (matrix/tests/Makefile).
unit-tests: $(FUZZ_REPLAY)

define fuzz_rules
$(FUZZ_BIN)/fuzz-$(1): $(call fuzz_srcs,$(1)) $(FUZZ_DEPS)
	$(Q)$(TOP)/toolchains/ensure-packages.sh $(FUZZ_PKGS)
	$(Q)mkdir -p $$(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SANITIZE) $(HOST_INCLUDES) -I$(TOP)/matrix/series -I$(FUZZ_DIR) \
		-o $$@.$$$$$$$$ $(call fuzz_srcs,$(1)) && mv -f $$@.$$$$$$$$ $$@
$(HOSTBIN)/fuzz-replay-$(1): $(call fuzz_srcs,$(1)) $(FUZZ_DIR)/replay.c $(FUZZ_DEPS)
	$(Q)mkdir -p $$(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(HOST_INCLUDES) -I$(TOP)/matrix/series -I$(FUZZ_DIR) -o $$@.$$$$$$$$ \
		$(call fuzz_srcs,$(1)) $(FUZZ_DIR)/replay.c && mv -f $$@.$$$$$$$$ $$@
# Under ASan and UBSan when the compiler has them (gcc does, with libasan);
# else the same plain build, said so.
$(HOSTBIN)/fuzz-replay-$(1)-asan: $(call fuzz_srcs,$(1)) $(FUZZ_DIR)/replay.c $(FUZZ_DEPS)
	$(Q)mkdir -p $$(@D)
	$(Q)if echo 'int main(void) { return 0; }' | $(HOST_CC) $(FUZZ_SANITIZE) -x c -o $$@.$$$$$$$$ - 2>/dev/null; then \
		san='$(FUZZ_SANITIZE) -O1'; \
	else \
		san=; echo "fuzz: $(HOST_CC) cannot -fsanitize=address,undefined here: $$(@F) is a plain build" >&2; \
	fi; \
	rm -f $$@.$$$$$$$$; \
	$(HOST_CC) $(HOST_CFLAGS) $$$$san $(HOST_INCLUDES) -I$(TOP)/matrix/series -I$(FUZZ_DIR) -o $$@.$$$$$$$$ \
		$(call fuzz_srcs,$(1)) $(FUZZ_DIR)/replay.c && mv -f $$@.$$$$$$$$ $$@
endef
$(foreach h,$(FUZZ_HARNESSES),$(eval $(call fuzz_rules,$(h))))

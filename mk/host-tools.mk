# mk/host-tools.mk: the host tools (cellrun, bootrun, report, coverage, series, gen_init_cpio).

HOST_CC     ?= cc
HOST_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -Wno-format-truncation -std=gnu11
HOST_TOOLS  := cellrun bootrun report series gen_init_cpio
# Written under another name, then renamed: cells running side by side may
# each find a tool out of date, and none may run a half-written one.
$(HOSTBIN)/%: $(TOP)/matrix/%.c $(wildcard $(TOP)/matrix/*.h)
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -I$(TOP)/matrix -o $@.$$$$ $(filter %.c,$^) && mv -f $@.$$$$ $@
KTAP_SRCS   := $(addprefix $(TOP)/matrix/,ktap_reader.c ktap_lines.c ktap_results.c)
# A boot: the QEMU command, the console's lines, the host's load, the record (bootrun.h).
BOOT_SRCS   := $(filter-out %/bootrun.c,$(wildcard $(TOP)/matrix/bootrun_*.c))
# The model of a run (run*.c, cell*.c, judge.c; run.h) and its views (out.c, view_*.c).
MODEL_SRCS  := $(addprefix $(TOP)/matrix/,run.c cell.c cell_done.c judge.c run_diff.c expect.c mutants.c out.c util.c) \
	$(wildcard $(TOP)/matrix/view_*.c)
$(HOSTBIN)/bootrun: $(KTAP_SRCS) $(BOOT_SRCS)
# report: its commands (report*.c) over the model.
$(HOSTBIN)/report: $(KTAP_SRCS) $(MODEL_SRCS) $(wildcard $(TOP)/matrix/report_*.c)
# cellrun: one cell (matrix/cellrun/), booted as bootrun boots, judged by the model.
$(HOSTBIN)/cellrun: $(wildcard $(TOP)/matrix/cellrun/*.c $(TOP)/matrix/cellrun/*.h $(TOP)/matrix/*.h) \
		$(KTAP_SRCS) $(BOOT_SRCS) $(MODEL_SRCS)
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -I$(TOP)/matrix -o $@.$$$$ $(filter %.c,$^) && mv -f $@.$$$$ $@
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

# The series reader: the Makefile builds it as it reads itself (see there);
# this rule for the goals that name it.
$(HOSTBIN)/series: $(wildcard $(TOP)/matrix/series/*.c $(TOP)/matrix/series/*.h)
	$(Q)HOST_CC='$(HOST_CC)' HOST_CFLAGS='$(HOST_CFLAGS)' $(TOP)/matrix/series/build.sh $@

# mk/host-tools.mk: the host tools (cellrun, bootrun, report, coverage, series, gen_init_cpio).

HOST_CC     ?= cc
HOST_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -Wno-format-truncation -std=gnu11
HOST_TOOLS  := cellrun bootrun report series gen_init_cpio
# Where the host tools' headers are: the vocabulary host and guest share
# (include/), then each program's folder (matrix/*/).
HOST_INCLUDES := -I$(TOP)/include $(addprefix -I$(TOP)/matrix/,util ktap report bootrun coverage cellrun)
HOST_HDRS   := $(wildcard $(TOP)/include/*.h $(TOP)/matrix/*/*.h)
# Written under another name, then renamed: cells running side by side may
# each find a tool out of date, and none may run a half-written one.
host_link = $(Q)mkdir -p $(@D) && \
	$(HOST_CC) $(HOST_CFLAGS) $(HOST_INCLUDES) -o $@.$$$$ $(filter %.c,$^) && mv -f $@.$$$$ $@
UTIL_SRCS   := $(TOP)/matrix/util/util.c
KTAP_SRCS   := $(addprefix $(TOP)/matrix/ktap/,ktap_reader.c ktap_lines.c ktap_results.c)
# A boot: the QEMU command, the console's lines, the host's load, the record (bootrun.h).
BOOT_SRCS   := $(filter-out %/bootrun.c,$(wildcard $(TOP)/matrix/bootrun/*.c))
# The model of a run (run.h: run*.c, cell*.c, judge.c...) and its views (out.c, view_*.c).
MODEL_SRCS  := $(filter-out %/report.c %/report_cell.c %/report_usage.c,$(wildcard $(TOP)/matrix/report/*.c))
# bootrun: a boot on the command line.
$(HOSTBIN)/bootrun: $(TOP)/matrix/bootrun/bootrun.c $(BOOT_SRCS) $(KTAP_SRCS) $(UTIL_SRCS) $(HOST_HDRS)
	$(host_link)
# report: its commands (report*.c) over the model.
$(HOSTBIN)/report: $(wildcard $(TOP)/matrix/report/report*.c) $(MODEL_SRCS) $(KTAP_SRCS) $(UTIL_SRCS) $(HOST_HDRS)
	$(host_link)
# cellrun: one cell, booted as bootrun boots, judged by the model.
$(HOSTBIN)/cellrun: $(wildcard $(TOP)/matrix/cellrun/*.c) $(BOOT_SRCS) $(KTAP_SRCS) $(MODEL_SRCS) $(UTIL_SRCS) $(HOST_HDRS)
	$(host_link)
# coverage: the series' lines a coverage boot ran (make coverage).
$(HOSTBIN)/coverage: $(wildcard $(TOP)/matrix/coverage/*.c) $(TOP)/matrix/report/out.c $(UTIL_SRCS) $(HOST_HDRS)
	$(host_link)
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

# mk/runs.mk: the runs in results/: report, compare, nightly; and an
# interactive shell.

#> report: rewrite the reports of RUN_DIR (default: the latest run) and print the table
report: $(HOSTBIN)/report
	$(Q)$(HOSTBIN)/report $(REPORT_FLAGS) summary --table $(if $(filter $(RESULTS)/$(RUN_ID),$(RUN_DIR)),$(RESULTS)/latest,$(RUN_DIR))

# What changed between two runs (default: the newest against the one
# before it). Exit status 1 on a new unexpected result. `report runs` is
# the one definition of a run (a folder with a cells.list), so
# history.html, a README or a person's notes in RESULTS are never runs.
#> A: the older run of `make compare` (default: the run before B)
#> B: the newer run of `make compare` (default: the newest run)
#> BY_TEST: 1 makes `make compare` list the changed tests only, each once with its arches and points
BY_TEST ?=
#> compare: what changed between runs A= and B= (default: the last two runs of SERIES)
# (Runs of another series are not this one's history; given as A= and B=,
# their differences are listed and none is judged worse.)
compare: $(HOSTBIN)/report
	$(Q)runs=$$($(HOSTBIN)/report runs --series $(SERIES_NAME) $(RESULTS)); \
	a='$(A)'; b='$(B)'; \
	[ -n "$$b" ] || b=$$(echo "$$runs" | tail -n1); \
	[ -n "$$a" ] || a=$$(echo "$$runs" | grep -vxF "$$(readlink -f "$$b")" | tail -n1); \
	if [ -z "$$a" ] || [ -z "$$b" ]; then echo "kmatrix: compare needs two runs of $(SERIES_NAME) in $(RESULTS) (or A= and B=)" >&2; exit 1; fi; \
	$(HOSTBIN)/report $(REPORT_FLAGS) compare $(if $(filter 1,$(BY_TEST)),--by-test) "$$a" "$$b"

# The nightly job: the default matrix, what changed since the last run, the
# last KEEP runs kept, and results/history.html over them.
#> KEEP: matrix runs of the series that `make nightly` keeps
KEEP ?= 14
#> TREES: the trees (KSRC_PKG values) `make nightly` runs the matrix on, each with its own history
TREES ?= $(KSRC_PKG)
#> nightly: per tree of TREES: matrix, compare with its last run, keep the series' last KEEP matrix runs, write history.html
# (KEEP counts the runs of this series that `make matrix` made: another
# series' runs, `make cell` runs and bisections are never removed.)
# (A RESULTS given by hand holds every tree's history: each in trees/<tree>.)
nightly:
	$(Q)rc=0; for t in $(TREES); do \
		echo "kmatrix: nightly on $$t"; \
		$(MAKE) --no-print-directory nightly-tree KSRC_PKG=$$t RUN_ID=$(RUN_ID) \
			$(if $(and $(word 2,$(TREES)),$(filter-out file,$(origin RESULTS))),RESULTS=$(RESULTS)/trees/$$t) || rc=1; \
	done; exit $$rc
#> nightly-tree: the nightly of one tree (KSRC_PKG)
nightly-tree: $(HOSTBIN)/report
	$(Q)prev=$$($(HOSTBIN)/report runs --series $(SERIES_NAME) $(RESULTS) | tail -n1); \
	$(MAKE) --no-print-directory matrix RUN_ID=$(RUN_ID); rc=$$?; \
	if [ -n "$$prev" ]; then $(HOSTBIN)/report $(REPORT_FLAGS) compare $$prev $(RUN_DIR) || rc=1; fi; \
	$(HOSTBIN)/report runs --series $(SERIES_NAME) --kind matrix $(RESULTS) | head -n -$(KEEP) | \
		while IFS= read -r old; do rm -rf -- "$$old"; done; \
	$(HOSTBIN)/report $(REPORT_FLAGS) history $(RESULTS) && \
	echo "kmatrix: history of the last $(KEEP) runs: $(RESULTS)/history.html"; \
	exit $$rc

# ---- interactive shell ------------------------------------------------------

BUSYBOX_DEB = $(call arch,BUSYBOX_DEB)
#> shell: boot ARCH interactively with a busybox shell, where Debian has one
shell: kernel $(HOSTBIN)/gen_init_cpio
	$(call need_arch)
	$(Q)test -n "$(BUSYBOX_DEB)" || { echo "kmatrix: no busybox for $(ARCH): Debian builds busybox-static for no such arch; use 'make cell ARCH=$(ARCH)' and its console log" >&2; exit 1; }
	$(Q)$(TOP)/initramfs-builder/busybox-initramfs.sh $(BUSYBOX_DEB) $(WORK)/busybox/$(ARCH) $(HOSTBIN)/gen_init_cpio
	$(call arch,QEMU) $(call arch,QEMU_ARGS) -nographic -no-reboot -kernel $(IMAGE_CACHED) \
		-initrd $(WORK)/busybox/$(ARCH)/initramfs.cpio -append 'console=$(call arch,CONSOLE) $(call arch,APPEND)'

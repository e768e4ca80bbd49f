# mk/kselftests.mk: the kernel's own selftests, built per point, and what a
# cell boots.

# An arch file lists the selftests its cells run (<arch>_KSELFTESTS:
# <folder>/<program> under tools/testing/selftests) and the Debian package
# of the C library they link statically (<arch>_KSELFTESTS_LIBC), or says
# why it has none (<arch>_KSELFTESTS_NONE, shown once in each run's report).
# They are built from the cell's own tree at its point (a series that
# changes a selftest is tested with its own version), by the selftests' own
# makefiles, once per point (kept by commit, like the kernels), and reach
# the guest as a second cpio archive after ours, which the kernel unpacks
# too: init runs them after our programs.
KSELFTESTS    = $(call arch,KSELFTESTS)
KST_DIR       = $(BUILD)/kselftests/$(or $(POINT_REV),unknown-point)
KST_SRC       = $(TREE)/tools/testing/selftests
KST_STANDIN  := $(TOP)/guest-tests/kselftest/include
# The programs that did not build at this point (PROGRAM, first error, log):
# each is a failed result PROGRAM.build of the cell (bootrun --unbuilt), and
# the others still run. A build the machine broke (infra_error) stops the
# cell as infra instead, and nothing is kept.
KST_UNBUILT   = $(KST_DIR)/unbuilt.tsv
# CC carries the arch's USER_CFLAGS, -static and the stand-in headers, because the selftests'
# makefiles set CFLAGS each their own way (sigaltstack's with `=`) but all
# compile and link with $(CC). LDLIBS replaces seccomp's -lcap (no static
# cross libcap in Debian; the stand-in covers it). ARCH is the kernel's
# name, which powerpc's makefile tests. building_out_of_srctree=1 is what
# the kernel's own Makefile passes them: it makes lib.mk define LINK.c and
# the like, which make's built-in variables would (ours, -R, reach them
# through MAKEFLAGS, and the first build linked with an empty command).
KST_MAKE_ARGS = --no-print-directory CC="$(XGCC) $(call arch,USER_CFLAGS) -static -I$(KST_STANDIN)" \
	KHDR_INCLUDES="-isystem $(KST_DIR)/usr/include" LDLIBS=-lpthread ARCH=$(KARCH) \
	building_out_of_srctree=1

# (The comment line makes a change of how they are built a change of the list.)
define KSELFTESTS_LIST
# built with: $(KST_MAKE_ARGS) CFLAGS=$(call arch,KSELFTESTS_CFLAGS)
dir /kselftests 0755 0 0
$(foreach t,$(KSELFTESTS),file /kselftests/$(notdir $(t)) $(KST_DIR)/bin/$(t) 0755 0 0
)
endef
$(KST_DIR)/kselftests.list: FORCE
	$(call write_if_changed,KSELFTESTS_LIST)
# Rebuilt when the list, the stand-in headers or the packing change, never
# for the tree's mtimes: checking out another point touches them, and the
# commit in the folder's name already says which sources these are. The
# headers are the point's own (make headers_install in the arch's build).
# An arch's KSELFTESTS_CFLAGS reach them as CFLAGS in the environment,
# which their makefiles add to (powerpc's include folder and GIT_VERSION,
# which its parent makefile would set).
$(KST_DIR)/kselftests.cpio: export CFLAGS = $(call arch,KSELFTESTS_CFLAGS)
# After the point's kernel: both move the arch's worktree to the point, and
# under `make -j kernel initrd` the two recipes would otherwise run at once
# in it (seen: a checkout refused mid-build, "has local changes").
$(KST_DIR)/kselftests.cpio: $(KST_DIR)/kselftests.list $(wildcard $(KST_STANDIN)/*/*.h) \
		$(HOSTBIN)/gen_init_cpio $(TOP)/matrix/initramfs-cpio.sh | $(IMAGE_CACHED) $(XPLUGIN)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
	@echo "  KSELFTESTS $(ARCH) at $(POINT): $(notdir $(KSELFTESTS))"
	$(Q)rm -rf $(KST_DIR)/usr $(KST_DIR)/bin
	$(Q)$(MAKE) $(KMAKE_ARGS) headers_install INSTALL_HDR_PATH=$(KST_DIR)/usr >$(KST_DIR)/headers.log 2>&1 \
		|| { cat $(KST_DIR)/headers.log >&2; exit 1; }
	$(Q). $(TOP)/matrix/lib.sh; rm -rf $(KST_UNBUILT) $(KST_DIR)/log && mkdir -p $(KST_DIR)/log && \
	cp $< $(KST_DIR)/kselftests.built && \
	for t in $(KSELFTESTS); do \
		p=$${t##*/} log=$(KST_DIR)/log/$${t##*/}.log; \
		mkdir -p $(KST_DIR)/bin/$${t%/*} && \
		$(MAKE) $(KST_MAKE_ARGS) -C $(KST_SRC)/$${t%/*} OUTPUT=$(KST_DIR)/bin/$${t%/*} $(KST_DIR)/bin/$$t \
			>$$log 2>&1 && continue; \
		why=$$(infra_error $$log); \
		if [ -n "$$why" ]; then cat $$log >&2; die "selftest $$t: $$why"; fi; \
		warn "selftest $$t did not build for $(ARCH) at $(POINT): $$(first_error $$log) (log: $$log)"; \
		printf '%s\t%s\t%s\n' $$p "$$(first_error $$log)" $$log >>$(KST_UNBUILT); \
		sed -i "\|^[[:space:]]*file /kselftests/$$p |d" $(KST_DIR)/kselftests.built; \
	done
	$(Q)$(TOP)/matrix/initramfs-cpio.sh $(HOSTBIN)/gen_init_cpio $(KST_DIR)/kselftests.built $@

#> kselftests: build ARCH's kernel selftests at POINT (kept per point)
kselftests: $(if $(KSELFTESTS),$(KST_DIR)/kselftests.cpio)

# What the cell boots: our initramfs, and the point's selftests after it.
CELL_INITRD = $(if $(KSELFTESTS),$(GUEST)/initrd/$(or $(POINT_REV),unknown-point).cpio,$(INITRAMFS))
ifneq ($(KSELFTESTS),)
$(CELL_INITRD): $(INITRAMFS) $(KST_DIR)/kselftests.cpio
	$(Q)mkdir -p $(@D) && cat $^ >$@.tmp && mv -f $@.tmp $@
endif
#> initrd: build what ARCH's cell at POINT boots (the initramfs, and the point's selftests)
initrd: $(CELL_INITRD)

# What the reports say once: the arches of the run without selftests, and why.
RUN_NOTES = $(foreach a,$(ARCHES),$(if $($(a)_KSELFTESTS),,$(a): no kernel selftests: \
	$(or $($(a)_KSELFTESTS_NONE),its arch file lists none).;))

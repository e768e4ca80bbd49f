# mk/kernel.mk: a kernel: its config, built once per point and kept by commit.

# The config fragment: the arch's base, the common options, the arch's own
# (arches/ARCH.config), and the fragments several arches share that its
# file names (<arch>_CONFIG_FRAGMENTS: arches/fragments/NAME.config each).
config_fragment = $(file <$(TOP)/arches/fragments/$(1).config)
# The base an arch file names, or tinyconfig: the least that boots, so that
# what the series needs is what the fragments say.
KCONFIG_BASE = $(or $(call arch,CONFIG_BASE),tinyconfig)
define FRAGMENT
# base: $(KCONFIG_BASE)
$(file <$(TOP)/arches/common.config)
$(file <$(TOP)/arches/$(ARCH).config)
$(foreach f,$(call arch,CONFIG_FRAGMENTS),$(call config_fragment,$(f))$(newline))
$(if $(filter 1,$(COVERAGE)),$(COVERAGE_CONFIG))
endef

# Only the lines that set or unset an option (and the base) are kept: an
# edited comment in common.config or an arch file must not regenerate
# .config, since kbuild then recompiles every object at the next build of
# the arch, though nothing had changed.
$(BUILD)/fragment.config: FORCE
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$(FRAGMENT))
	$(Q)grep -E '^(CONFIG_|# CONFIG_[A-Za-z0-9_]+ is not set$$|# base: )' $@.tmp >$@.opts; rm -f $@.tmp
	$(Q)cmp -s $@.opts $@ && rm -f $@.opts || mv -f $@.opts $@

# The config's checks run the compiler too (cc-option), so the plugin first.
$(BUILD)/.config: $(BUILD)/fragment.config | $(SRC)/.stamp_imported $(XPLUGIN)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
	@echo "  CONFIG  $(ARCH): $(KCONFIG_BASE) + fragment"
	$(Q)$(MAKE) $(KMAKE_ARGS) $(KCONFIG_BASE) >$(BUILD)/config.log 2>&1 || { cat $(BUILD)/config.log >&2; exit 1; }
	$(Q)cd $(BUILD) && $(TREE)/scripts/kconfig/merge_config.sh -m .config fragment.config >>config.log 2>&1
	$(Q)$(MAKE) $(KMAKE_ARGS) olddefconfig >>$(BUILD)/config.log 2>&1 || { cat $(BUILD)/config.log >&2; exit 1; }
	$(Q)$(TOP)/matrix/config-check.sh $(BUILD)/fragment.config $(BUILD)/.config
	$(Q)cmp -s $(BUILD)/.config $(BUILD)/config.last || { cp $(BUILD)/.config $(BUILD)/config.last; rm -rf $(BUILD)/images; }

# config.last changes only when the config's content does: the cached
# kernels depend on it, not on .config's time. (Made with .config's own
# time where it is missing, so that creating it invalidates nothing.)
$(BUILD)/config.last: $(BUILD)/.config
	$(Q)test -e $@ || cp -p $< $@

# Built kernels are kept per point (by commit): a point built once boots
# again without a rebuild, wherever the arch's tree has moved since. A
# config whose content changed empties the cache.
# Resolved once per make, at its first use (a plain `=` ran git about 30
# times in each cell's make; with `:=` every make would run it, even one
# that never names a point).
# make coverage's kernels also carry the series' KUnit tests, where it has
# some (SERIES/kunit/: git format-patch files, applied over the coverage
# point and tagged <series>.kunit/, apart from the series): what only the
# kernel sees of the series, run at boot, their KTAP on the console before
# init's, read as every other result.
# (Defined before POINT_REV: a rule's prerequisites expand it as they are read.)
KUNIT_TESTS  = $(wildcard $(SERIES)/kunit/*.patch)
KUNIT_NAME   = $(SERIES_NAME).kunit
# The point a cell's kernel is built at: its own, or with the KUnit tests on
# it. A cell of a run takes the commit the run resolved its point to when
# it opened (RUN_DIR/points.tsv, run-open.sh): a series applied again while
# the run goes (edited, say) does not change what the run builds.
KERNEL_POINT = $(if $(and $(filter 1,$(COVERAGE)),$(KUNIT_TESTS)),$(KUNIT_NAME)/top,$(or $(call run_point_rev,$(POINT)),$(POINT)))
POINT_REV    = $(eval POINT_REV := $$(shell $(TOP)/matrix/checkout-point.sh --resolve $(SRC) $(KERNEL_POINT) $(SERIES_NAME) 2>/dev/null))$(POINT_REV)
IMAGE_CACHED = $(BUILD)/images/$(or $(POINT_REV),unknown-point)/$(notdir $(call arch,IMAGE))

# The compiler's command line (with the plugin, which has its hash in its
# name): a change rebuilds the cached kernels, as a changed config does.
# Made with config.last's time where it is missing, as config.last is.
$(BUILD)/compiler.last: FORCE
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$(XGCC) $(GCOV_ARGS))
	$(Q)if [ ! -e $@ ] && [ -e $(BUILD)/config.last ]; then touch -r $(BUILD)/config.last $@.tmp; fi; \
	cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@

$(IMAGE_CACHED): $(BUILD)/config.last $(BUILD)/compiler.last | $(XPLUGIN)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
	@echo "  KERNEL  $(ARCH) at $(POINT) ($(call arch,IMAGE))"
	$(Q)rm -f $(BUILD)/vmlinux $(IMAGE)
	$(Q)$(MAKE) $(KMAKE_ARGS) $(notdir $(call arch,IMAGE))
	$(Q)mkdir -p $(@D) && cp $(IMAGE) $@.tmp && mv -f $@.tmp $@

#> kernel: build ARCH's kernel at POINT (kept per point)
kernel: $(IMAGE_CACHED)

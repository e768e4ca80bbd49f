# mk/tree.mk: the kernel tree: its import, the series as commits and tags, the
# points, verify-series and bisect-build.

$(SRC)/.stamp_imported:
	$(Q)test -f $(KSRC_TARBALL) || { echo "kmatrix: $(KSRC_TARBALL) is missing (Debian package $(KSRC_PKG))" >&2; exit 1; }
	$(Q)$(TOP)/matrix/with-lock.sh $(LOCKS)/import "the import of the tree" \
		sh -c 'test -e $@ || { $(TOP)/matrix/import-tree.sh $(KSRC_TARBALL) $(SRC) && touch $@; }'

#> tree: import the kernel tarball into git (WORK/src/linux, another tree's in WORK/trees/<tree>); with ARCH=, put its worktree at POINT
tree: $(SRC)/.stamp_imported
ifneq ($(ARCH),)
	$(Q)$(TOP)/matrix/checkout-point.sh $(SRC) $(TREE) $(KERNEL_POINT) $(SERIES_NAME)
endif

# The series becomes commits and tags in the repository (no work tree is
# touched); redone only when the patches (the files of the series' folder
# itself: its mutants/ catalogue is not the series), the base, or the
# scripts that make them points change.
SERIES_STAMP = $(SRC)/.stamp_series_$(SERIES_NAME)
# What apply-series.sh said when the series did not apply to this tree
# (gone once it applies): the cells at its points are then not run, with
# that reason, and the others (pristine) still are.
SERIES_ERROR = $(SRC)/.series_error_$(SERIES_NAME)
# Where the series met this tree at an offset (read into each run's record).
SERIES_OFFSETS = $(SRC)/.series_offsets_$(SERIES_NAME)
# The tree a series was ported to (`tree=` in its config): there every hunk
# must apply exactly; on any other tree offsets are allowed and recorded,
# and fuzz never is.
SERIES_TREE ?= $(if $(SERIES_PORT),$(KSRC_NAME),$(shell sed -n 's/^tree=//p' $(SERIES)/config 2>/dev/null))
# (A series that names no tree applies exactly to the default tree.)
SERIES_EXACT = $(if $(SERIES_TREE),$(filter $(KSRC_NAME),$(SERIES_TREE)),$(filter $(WORK),$(TREE_WORK)))
#> series: turn SERIES into points (tags) of the kernel tree; lists them
series: $(SRC)/.stamp_imported
	$(Q)why=$$(. $(TOP)/matrix/lib.sh && series_problem '$(SERIES_PATCHES)'); \
	[ -z "$$why" ] || { rm -f $(SERIES_ERROR); echo "kmatrix: $$why" >&2; exit 2; }
	$(Q)h=$$( { echo "$(SERIES_BASE) $(SERIES_EXACT)"; find "$(SERIES_PATCHES)" $(if $(SERIES_PORT),$(SERIES)/points) -maxdepth 1 -type f -print0 | LC_ALL=C sort -z | xargs -0r cat; \
		cat $(TOP)/matrix/apply-series.sh $(TOP)/matrix/lib.sh $(TOP)/matrix/series/*.[ch]; } | sha1sum | cut -c1-40); \
	if [ "$$(cat $(SERIES_STAMP) 2>/dev/null)" != "$$h" ]; then \
		$(TOP)/matrix/with-lock.sh $(LOCKS)/series "the series' tags" sh -c ' \
			[ "$$(cat $(SERIES_STAMP) 2>/dev/null)" = "$$1" ] && exit 0; \
			rm -f $(SERIES_STAMP) $(SERIES_ERROR) $(SERIES_OFFSETS); \
			if OFFSETS_OUT=$(if $(SERIES_EXACT),,$(SERIES_OFFSETS)) $(SERIES_APPLY_ENV) $(TOP)/matrix/apply-series.sh $(SRC) \
				"$(SERIES_PATCHES)" $(SERIES_NAME) $(SERIES_BASE) 2>$(SERIES_ERROR).tmp; then \
				cat $(SERIES_ERROR).tmp >&2; rm -f $(SERIES_ERROR).tmp $(SERIES_ERROR); echo "$$1" >$(SERIES_STAMP); \
			else mv -f $(SERIES_ERROR).tmp $(SERIES_ERROR); cat $(SERIES_ERROR) >&2; exit 1; fi' sh "$$h"; \
	fi
	$(Q)$(if $(and $(filter series,$(MAKECMDGOALS)),$(filter 0,$(MAKELEVEL))),$(print_series_arches),true)
# Which arches the series picks, and why (`make series` typed by a user
# prints it; not the `make series` each cell runs).
print_series_arches = $(SERIES_TOOL) arches --why '$(SERIES_PATCHES)' '$(ARCH_KARCHS_ALL)' | \
	awk -F'\t' '{ printf "  ARCH    %-10s %s (%s)\n", $$1, $$3, $$2 }'$(foreach a,$(ARCHES_ALL),$(if $($(a)_NOT_IN_CHECK), \
	| sed 's|^  ARCH    $(a) .*|&; not in make check: $(subst |,/,$(subst ','\'',$($(a)_NOT_IN_CHECK)))|'))

# Every series patch, built on every arch it touches (results/bisect-<id>/).
#> bisect-build: build every series patch on every arch it touches
bisect-build: series
	$(Q)MAKE='$(MAKE)' $(TOP)/matrix/bisect-build.sh $(SRC) $(SERIES_NAME) $(RESULTS)/bisect-$(RUN_ID) \
		"$(filter $(addsuffix :%,$(ARCHES)),$(ARCH_KARCHS_ALL))"

#> verify-series: base + series = pristine, every patch applies exactly, patches match the seeds
verify-series: $(SRC)/.stamp_imported
	$(Q)$(SERIES_APPLY_ENV) $(TOP)/matrix/verify-series.sh $(SRC) "$(SERIES_PATCHES)" $(SERIES_NAME) $(SERIES_BASE) "$(SEEDS)"

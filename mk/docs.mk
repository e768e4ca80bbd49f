# mk/docs.mk: the docs' tables whose facts are the arch files' (the
# arches, and which guest programs each runs). `make docs` writes each
# between its markers in its page; the unit tests (test-docs.sh) fail
# while a committed page differs from what `make docs` would write.

# A table: its page and its rows, made from the arch files' variables.
doc_page.arches    := docs/arches.md
doc_page.programs  := docs/guest-tests.md
doc_kselftests = $(if $($(1)_KSELFTESTS),$(words $($(1)_KSELFTESTS)) programs,none: $($(1)_KSELFTESTS_NONE))
define doc_table.arches
| arch | kernel `ARCH=` | compiler | QEMU | console | its own guest programs | kernel selftests | in `make check` |
|---|---|---|---|---|---|---|---|
$(foreach a,$(ARCHES_ALL),| $(a) | `$($(a)_KARCH)` | `$($(a)_TOOLCHAIN)` | `$($(a)_QEMU) $($(a)_QEMU_ARGS)` \
| `$($(a)_CONSOLE)` | $(or $($(a)_GUEST_TESTS),none) | $(call doc_kselftests,$(a)) \
| $(if $($(a)_NOT_IN_CHECK),no: $($(a)_NOT_IN_CHECK),yes) |$(newline))
endef
doc_arches_running = $(strip $(foreach a,$(ARCHES_ALL),$(if $(filter $(1),$($(a)_GUEST_TESTS)),$(a))))
define doc_table.programs
| program | arches |
|---|---|
$(foreach p,$(sort $(basename $(notdir $(wildcard $(TOP)/guest-tests/*.c)))),| `$(p).c` | all |$(newline))$(foreach \
p,$(sort $(basename $(notdir $(wildcard $(TOP)/guest-tests/optional/*.c)))),| `optional/$(p).c` \
| $(or $(call doc_arches_running,$(p)),none) |$(newline))
endef
DOC_TABLES := arches programs

#> DOCS_DIR: where make docs writes the pages with their tables (default: the checkout)
DOCS_DIR ?= $(TOP)
# The page of table $(1) with the table between `<!-- make docs: NAME -->`
# and `<!-- end: NAME -->`, from $(TOP) to $(DOCS_DIR).
doc_write = mkdir -p $(dir $(DOCS_DIR)/$(doc_page.$(1))) || exit 1; \
	awk -v name=$(1) -v table=$(DOCS_DIR)/.doc-$(1).md ' \
		$$0 == "<!-- end: " name " -->" { if (skip) found = 1; skip = 0 } \
		!skip { print } \
		$$0 == "<!-- make docs: " name " -->" { while ((getline l <table) > 0) { sub(/^ +/, "", l); if (l != "") print l } \
			close(table); skip = 1 } \
		END { exit !found }' $(TOP)/$(doc_page.$(1)) >$(DOCS_DIR)/$(doc_page.$(1)).tmp; rc=$$?; \
	rm -f $(DOCS_DIR)/.doc-$(1).md; \
	if [ $$rc != 0 ]; then rm -f $(DOCS_DIR)/$(doc_page.$(1)).tmp $(DOCS_DIR)/.doc-*.md; \
		echo "kmatrix: $(doc_page.$(1)) has no '<!-- make docs: $(1) -->' and '<!-- end: $(1) -->' after it" >&2; exit 1; fi; \
	mv -f $(DOCS_DIR)/$(doc_page.$(1)).tmp $(DOCS_DIR)/$(doc_page.$(1)) || exit 1;
#> docs: write the docs' tables made from the arch files (docs/arches.md, docs/guest-tests.md)
docs:
	$(shell mkdir -p $(DOCS_DIR))
	$(foreach t,$(DOC_TABLES),$(file >$(DOCS_DIR)/.doc-$(t).md,$(doc_table.$(t))))
	$(Q)$(foreach t,$(DOC_TABLES),$(call doc_write,$(t)))

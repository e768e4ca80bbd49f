# mk/guest.mk: the guest programs, the initramfs and the UAPI headers they
# need.

$(HEADERS)/.stamp: | $(SRC)/.stamp_imported
	$(call need_arch)
	@echo "  HEADERS $(ARCH)"
	$(Q)$(MAKE) --no-print-directory -C $(SRC) O=$(TREE_WORK)/headers-build/$(ARCH) ARCH=$(KARCH) \
		INSTALL_HDR_PATH=$(HEADERS) headers_install >$(TREE_WORK)/headers-build-$(ARCH).log 2>&1 \
		|| { cat $(TREE_WORK)/headers-build-$(ARCH).log >&2; exit 1; }
	$(Q)touch $@
#> headers: install ARCH's UAPI headers for the guest programs
headers: $(HEADERS)/.stamp

GUEST_CC      = $(XGCC)
GUEST_CFLAGS  = $(call arch,USER_CFLAGS) -Os -static -nostdlib -ffreestanding \
	-fno-stack-protector -fno-asynchronous-unwind-tables -fno-pie -no-pie \
	-Wall -Wextra -Werror -Wno-unused-function \
	-I$(TOP)/initramfs-builder/include -I$(TOP)/guest-tests -I$(HEADERS)/include \
	-DKMX_ARCH_ABI_FILE='"arch-$(ARCH).h"' -DKMX_ARCH_TEST_FILE='"arch-$(ARCH)-test.h"' \
	-idirafter $(TOP)/include \
	-MMD -MP -MF $@.d $(call arch,CFLAGS_$(notdir $@))
# No libgcc by default: the sparc64 compiler has none for -m32. An arch whose
# compiler calls a libgcc helper for plain C (sh4: integer division) names it
# in its USER_LDLIBS, which go after the source, where the linker needs them.
GUEST_LDLIBS  = $(call arch,USER_LDLIBS)
GUEST_HDRS   := $(TOP)/include/vocab.h $(wildcard $(TOP)/initramfs-builder/include/*.h $(TOP)/guest-tests/*.h \
	$(TOP)/guest-tests/harness/*.h $(TOP)/guest-tests/optional/*.h)
# Every arch runs guest-tests/*.c; guest-tests/optional/ holds the tests an
# arch file asks for by name (<arch>_GUEST_TESTS).
#> GUEST_FAULTS: programs from guest-tests/faults/ to add (fault injection, e.g. print_forever)
GUEST_FAULTS ?=
GUEST_TESTS   = $(sort $(basename $(notdir $(wildcard $(TOP)/guest-tests/*.c)))) \
	$(call arch,GUEST_TESTS) $(GUEST_FAULTS)
GUEST_PROGS   = $(GUEST)/init $(GUEST)/true $(addprefix $(GUEST)/tests/,$(GUEST_TESTS))

# init, and the programs the initramfs holds besides the tests (true).
$(GUEST)/init $(GUEST)/true: $(GUEST)/%: $(TOP)/initramfs-builder/%.c $(GUEST_HDRS) $(HEADERS)/.stamp \
		$(BUILD)/compiler.last | $(XPLUGIN)
	$(Q)mkdir -p $(@D)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< $(GUEST_LDLIBS)
# A test program is built from guest-tests/, its optional/ or its faults/.
define GUEST_PROG_RULE
$$(GUEST)/tests/%: $(1)/%.c $$(GUEST_HDRS) $$(HEADERS)/.stamp $$(BUILD)/compiler.last | $$(XPLUGIN)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(GUEST_CC) $$(GUEST_CFLAGS) -o $$@ $$< $$(GUEST_LDLIBS)
endef
$(foreach d,guest-tests guest-tests/optional guest-tests/faults,$(eval $(call GUEST_PROG_RULE,$(TOP)/$(d))))

# A recipe that writes the variable named $(1) to the target only when it
# differs, so that the target's time changes only with its content.
define write_if_changed
	$(call need_arch)
	$(shell mkdir -p $(@D))
	$(file >$@.tmp,$($(1)))
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv -f $@.tmp $@
endef

# The cpio list is rewritten only when it changes, so the archive is rebuilt
# only when a program or the list does.
define CPIO_LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /tmp 0755 0 0
dir /tests 0755 0 0
file /init $(GUEST)/init 0755 0 0
dir /bin 0755 0 0
file /bin/true $(GUEST)/true 0755 0 0
$(foreach t,$(GUEST_TESTS),file /tests/$(t) $(GUEST)/tests/$(t) 0755 0 0
)
endef
$(GUEST)/initramfs.list: FORCE
	$(call write_if_changed,CPIO_LIST)
$(INITRAMFS): $(GUEST)/initramfs.list $(GUEST_PROGS) $(HOSTBIN)/gen_init_cpio $(TOP)/matrix/initramfs-cpio.sh
	@echo "  CPIO    $(ARCH): init + $(words $(GUEST_TESTS)) test programs"
	$(Q)$(TOP)/matrix/initramfs-cpio.sh $(HOSTBIN)/gen_init_cpio $< $@

# What each program included, as the compiler saw it (-MMD).
-include $(wildcard $(GUEST)/*.d $(GUEST)/tests/*.d)

#> guest: build ARCH's guest programs
guest: $(GUEST_PROGS)
#> initramfs: build ARCH's initramfs (guest programs and cpio)
initramfs: $(INITRAMFS)

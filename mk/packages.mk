# mk/packages.mk: the Debian packages the arches need, and the toolchains.

# The Debian packages an arch's cells use (a cell's reproducer records their versions).
arch_pkgs = $(TOOLCHAIN_PKG_$($(1)_TOOLCHAIN)) $($(1)_QEMU_PKG) $($(1)_KSELFTESTS_LIBC) \
	$(if $(TOOLCHAIN_PLUGIN_$($(1)_TOOLCHAIN)),g++ $(TOOLCHAIN_PLUGIN_PKG_$($(1)_TOOLCHAIN)))
ALL_PKGS = $(HOST_PKGS) $(foreach a,$(ARCHES),$(call arch_pkgs,$(a))) \
	$(if $(wildcard $(KSRC_TARBALL)),,$(KSRC_PKG))

#> deps: install the Debian packages ARCHES need (as root), or print the apt-get line
deps:
	$(Q)$(TOP)/toolchains/ensure-packages.sh $(sort $(ALL_PKGS))
	$(Q)test -f $(KSRC_TARBALL) || { echo "kmatrix: $(KSRC_TARBALL) is missing (Debian package $(KSRC_PKG))" >&2; exit 1; }

# The cross prefix of ARCH, for scripts (check-faults.sh).
print-XPREFIX:
	@echo $(XPREFIX)
# This checkout's host tools, for scripts (a cell's reproduce.sh).
print-HOSTBIN:
	@echo $(HOSTBIN)

#> toolchains: install or check the compilers and emulators, print versions
toolchains: deps
	$(Q)for a in $(ARCHES); do \
		$(MAKE) --no-print-directory toolchain-version ARCH=$$a || exit 1; \
	done

toolchain-version:
	$(call need_arch)
	$(Q)command -v $(XPREFIX)gcc >/dev/null || { echo "kmatrix: $(XPREFIX)gcc not found (Debian package $(XPKG))" >&2; exit 1; }
	$(Q)command -v $(call arch,QEMU) >/dev/null || { echo "kmatrix: $(call arch,QEMU) not found (Debian package $(call arch,QEMU_PKG))" >&2; exit 1; }
	$(Q)printf '%-10s %-28s %s\n' $(ARCH) "$(XPREFIX)gcc" "$$($(XPREFIX)gcc -dumpfullversion)"
	$(Q)printf '%-10s %-28s %s\n' '' "$(call arch,QEMU)" "$$($(call arch,QEMU) --version | sed -n '1s/.*version //p')"

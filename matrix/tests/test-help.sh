#!/bin/sh
# make help cannot drift: every .PHONY target of the Makefile and every
# variable the README shows as VAR=... has a `#> NAME: text` line.
# usage: test-help.sh HOSTBIN (unused)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/lib.sh"
annotated=$(sed -n 's/^#> \([A-Za-z][A-Za-z0-9_-]*\): .*/\1/p' "$top/Makefile")
has() { printf '%s\n' "$annotated" | grep -qx "$1"; }
phony=$(sed -n '/^\.PHONY:/,/[^\\]$/p' "$top/Makefile" | sed 's/^\.PHONY://; s/\\$//' | tr -s ' \t' '\n' | grep -v '^$')
for t in $phony; do
	[ "$t" = FORCE ] && continue	# make's idiom, not a command
	expect "make help lists the target $t" has "$t"
done
# O= is kbuild's own (the README explains the build folders with it).
for v in $(grep -o '\b[A-Z][A-Z0-9_]*=' "$top/README.md" | tr -d = | sort -u | grep -vx O); do
	expect "make help lists the variable $v (the README uses it)" has "$v"
done
make --no-print-directory -C "$top" help >"${TMPDIR:-/tmp}/kmatrix-help.$$" 2>&1
expect "make help runs and lists matrix" grep -q '^  matrix ' "${TMPDIR:-/tmp}/kmatrix-help.$$"
rm -f "${TMPDIR:-/tmp}/kmatrix-help.$$"
# The default ARCHES (the arches the series touches), and an arch file's
# NOT_DEFAULT keeping its arch out of it.
# (Without the ARCHES that `make unit-tests` exports: that is the default
# already made, which the nested make would take instead of making its own.)
default_arches() { env -u ARCHES make --no-print-directory -C "$top" -pn help "$@" 2>/dev/null | sed -n 's/^ARCHES := //p'; }
all=$(default_arches)
expect "the default ARCHES has sparc32 ($all)" sh -c "echo '$all' | grep -qw sparc32"
less=$(default_arches sparc32_NOT_DEFAULT='too slow')
expect "sparc32_NOT_DEFAULT leaves sparc32 out ($less)" [ "$less" = "$(echo "$all" | sed 's/ *\bsparc32\b//')" ]
# and every arch file that sets it now (i386, say) is out of it.
for a in $(env -u ARCHES make --no-print-directory -C "$top" -pn help 2>/dev/null | sed -n 's/^\([A-Za-z0-9_]*\)_NOT_DEFAULT := ..*/\1/p'); do
	expect "$a's NOT_DEFAULT keeps it out of the default ARCHES ($all)" sh -c "! echo '$all' | grep -qw '$a'"
done
# A run of pristine cells applies no series (a series that does not apply
# to the tree cannot stop it); one with a series point does.
dry_matrix() { env -u ARCHES make --no-print-directory -C "$top" -n matrix WORK="${TMPDIR:-/tmp}/kmatrix-dry.$$" "$@" 2>&1; }
expect "make matrix POINTS=pristine applies no series" sh -c "! echo \"\$1\" | grep -q apply-series.sh" sh "$(dry_matrix POINTS=pristine)"
expect "make matrix POINTS='pristine fixed' applies the series" sh -c "echo \"\$1\" | grep -q apply-series.sh" sh "$(dry_matrix POINTS='pristine fixed')"
rm -rf "${TMPDIR:-/tmp}/kmatrix-dry.$$"
finish test-help

#!/bin/sh
# make help cannot drift: every .PHONY target of the Makefile and every
# variable the README shows as VAR=... has a `#> NAME: text` line.
# usage: test-help.sh HOSTBIN (unused)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/lib.sh"
annotated=$(sed -n 's/^#> \([A-Za-z][A-Za-z0-9_-]*\): .*/\1/p' "$top/Makefile" "$top"/mk/*.mk)
has() { printf '%s\n' "$annotated" | grep -qx "$1"; }
phony=$(sed -n '/^\.PHONY:/,/[^\\]$/p' "$top/Makefile" | sed 's/^\.PHONY://; s/\\$//' | tr -s ' \t' '\n' | grep -v '^$')
for t in $phony; do
	[ "$t" = FORCE ] && continue	# make's idiom, not a command
	expect "make help lists the target $t" has "$t"
done
# O= is kbuild's own (docs/how-it-works.md explains the build folders with it).
for v in $(grep -o '\b[A-Z][A-Z0-9_]*=' "$top/README.md" | tr -d = | sort -u | grep -vx O); do
	expect "make help lists the variable $v (the README uses it)" has "$v"
done
make --no-print-directory -C "$top" help >"${TMPDIR:-/tmp}/kmatrix-help.$$" 2>&1
expect "make help runs and lists matrix" grep -q '^  matrix ' "${TMPDIR:-/tmp}/kmatrix-help.$$"
rm -f "${TMPDIR:-/tmp}/kmatrix-help.$$"
# The default ARCHES (every arch the series touches), and make check's
# (CHECK_ARCHES): less the arches an arch file's NOT_IN_CHECK keeps out.
# (Without the ARCHES that `make unit-tests` exports: that is the default
# already made, which the nested make would take instead of making its own.)
default_arches() { env -u ARCHES make --no-print-directory -C "$top" -pn help "$@" 2>/dev/null | sed -n 's/^ARCHES := //p'; }
check_arches() { env -u ARCHES make --no-print-directory -s -C "$top" --eval 'print-ca: ; @echo $(CHECK_ARCHES)' print-ca "$@" 2>/dev/null; }
all=$(default_arches)
ca=$(check_arches)
# (Any arch of make check's set will do: the first.)
a1=${ca%% *}
expect "the default ARCHES has make check's $a1 ($all)" sh -c "echo '$all' | grep -qw '$a1'"
less=$(check_arches "${a1}_NOT_IN_CHECK=too slow")
expect "${a1}_NOT_IN_CHECK leaves $a1 out of CHECK_ARCHES ($less)" [ "$less" = "$(printf '%s\n' $ca | grep -vx "$a1" | xargs)" ]
expect "${a1}_NOT_IN_CHECK leaves the default ARCHES as it was" [ "$(default_arches "${a1}_NOT_IN_CHECK=too slow")" = "$all" ]
# and every arch file that sets it now (i386, say) is out of make check's set, not out of the default.
for a in $(env -u ARCHES make --no-print-directory -C "$top" -pn help 2>/dev/null | sed -n 's/^\([A-Za-z0-9_]*\)_NOT_IN_CHECK := ..*/\1/p'); do
	expect "$a's NOT_IN_CHECK keeps it out of CHECK_ARCHES ($ca)" sh -c "! echo '$ca' | grep -qw '$a'"
	expect "$a is in the default ARCHES ($all)" sh -c "echo '$all' | grep -qw '$a'"
done
# A run of pristine cells applies no series (a series that does not apply
# to the tree cannot stop it); one with a series point does.
dry_matrix() { env -u ARCHES make --no-print-directory -C "$top" -n matrix WORK="${TMPDIR:-/tmp}/kmatrix-dry.$$" "$@" 2>&1; }
expect "make matrix POINTS=pristine applies no series" sh -c "! echo \"\$1\" | grep -q apply-series.sh" sh "$(dry_matrix POINTS=pristine)"
expect "make matrix POINTS='pristine fixed' applies the series" sh -c "echo \"\$1\" | grep -q apply-series.sh" sh "$(dry_matrix POINTS='pristine fixed')"
rm -rf "${TMPDIR:-/tmp}/kmatrix-dry.$$"

# KSRC_PKG alone picks a tree; each tree has its own work and results
# folders, and the default tree keeps the old ones (its caches stay valid).
var() { v=$1; shift; make --no-print-directory -s -C "$top" --eval "print-var: ; @echo \$($v)" print-var WORK=/w "$@" 2>/dev/null; }
expect "default tree: the tarball of its package" [ "$(var KSRC_TARBALL)" = /usr/src/linux-source-6.1.tar.xz ]
expect "default tree: the top of WORK" [ "$(var SRC)" = /w/src/linux ]
expect "default tree: results/" [ "$(var RESULTS)" = "$top/results" ]
expect "KSRC_PKG picks the tarball" [ "$(var KSRC_TARBALL KSRC_PKG=linux-source-6.12)" = /usr/src/linux-source-6.12.tar.xz ]
expect "another tree: its own import" [ "$(var SRC KSRC_PKG=linux-source-6.12)" = /w/trees/linux-source-6.12/src/linux ]
expect "another tree: its own builds" [ "$(var BUILD_ROOT KSRC_PKG=linux-source-6.12)" = /w/trees/linux-source-6.12/build ]
expect "another tree: its own results" [ "$(var RESULTS KSRC_PKG=linux-source-6.12)" = "$top/results/trees/linux-source-6.12" ]
expect "another tree: its own locks" [ "$(var LOCKS KSRC_PKG=linux-source-6.12)" = /w/trees/linux-source-6.12/locks ]
expect "a tarball given alone is a tree of its own" [ "$(var SRC KSRC_TARBALL=/tmp/linux-6.9.tar.xz)" = /w/trees/linux-6.9/src/linux ]
expect "the series' own tree: exact" [ -n "$(var SERIES_EXACT)" ]
expect "another tree with a port of the series: exact" [ -n "$(var SERIES_EXACT KSRC_PKG=linux-source-6.12)" ]
expect "another tree with a port of the series: its patches" [ "$(var SERIES_PATCHES KSRC_PKG=linux-source-6.12)" = "$top/patches/forced-exit/ports/linux-source-6.12" ]
expect "another tree without a port: offsets allowed" [ -z "$(var SERIES_EXACT KSRC_TARBALL=/tmp/linux-6.9.tar.xz)" ]
expect "another tree without a port: the series itself" [ "$(var SERIES_PATCHES KSRC_TARBALL=/tmp/linux-6.9.tar.xz)" = "$top/patches/forced-exit" ]
finish test-help

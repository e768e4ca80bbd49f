#!/bin/sh
# make-help.sh MAKEFILE...: `make help`, from the Makefile's (and its
# parts') own `#> NAME: text` lines, so that the list cannot drift from the targets and variables. A
# lower-case NAME is a target; an upper-case one is a variable, whose
# current value make passes in the environment.
set -eu
echo 'kmatrix: cross-build a kernel series, boot it in QEMU, test in the guest'
echo
echo 'Targets:'
sed -n 's/^#> \([a-z][a-z0-9-]*\): \(.*\)/\1\t\2/p' "$@" |
	awk -F'\t' '{ printf "  %-14s %s\n", $1, $2 }'
echo
echo 'Variables (current value):'
sed -n 's/^#> \([A-Z][A-Z0-9_]*\): \(.*\)/\1\t\2/p' "$@" |
	while IFS='	' read -r name text; do
		eval "value=\${$name-}"
		printf '  %-14s %s\n  %-14s = %s\n' "$name" "$text" '' "$value"
	done
echo
echo "Known arches: ${ARCHES_ALL:-}"

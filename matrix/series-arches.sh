#!/bin/sh
# series-arches.sh [--why] SERIES "ARCH:KARCH ...": the arches a series
# touches, by arches_touched (lib.sh), read from its patch files (so no tree
# is needed: the Makefile's default ARCHES comes from here). One arch a
# line; --why adds the first patch and file that chose it.
set -u
. "$(dirname "$0")/lib.sh"
why=0
[ "${1:-}" = --why ] && { why=1; shift; }
series=$1 arch_karchs=$2
[ -e "$series" ] || exit 0	# `make series` says what is wrong with it
make_tmp
series_patches "$series" "$tmp" 2>/dev/null | while read -r p; do
	patch_files "$p" | arches_touched "$arch_karchs" |
		sed "s|\$|	$(basename "$p")|"
done | awk -F'\t' -v why="$why" -v list="$arch_karchs" '
	!($1 in patch) { file[$1] = $2; patch[$1] = $3 }
	END { n = split(list, order, " ")	# in the order given (the tables order)
		for (i = 1; i <= n; i++) { a = order[i]; sub(/:.*/, "", a)
			if (!(a in patch)) continue
			if (why) printf "%s\t%s\t%s\n", a, patch[a], file[a]; else print a } }'

#!/bin/sh
# arch-view.sh REPO SERIES_NAME ARCH KARCH RUN_DIR: for the maintainer of one
# arch, the series patches that touch it (its arch/ files, or generic code
# all arches build) with the files each changes there, and then how the
# run's results moved along the points (from the report). Written to
# RUN_DIR/arch-ARCH.md and printed.
set -u
repo=$1 name=$2 arch=$3 karch=$4 run=$5
out="$run/arch-$arch.md"
{
	echo "# The $name series on $arch"
	echo
	echo "| point | subject | files it changes that $arch builds |"
	echo "|---|---|---|"
	prev=base
	for pt in $(git -C "$repo" tag -l "$name/[0-9][0-9]-*" | sed "s|^$name/||" | sort); do
		files=$(git -C "$repo" diff --name-only "$name/$prev" "$name/$pt" |
			awk -v k="$karch" '$0 ~ "^arch/" k "/" || $0 !~ "^arch/"' | tr '\n' ' ')
		subj=$(git -C "$repo" log -1 --format=%s "$name/$pt" | sed "s|^$name/[^:]*: ||")
		[ -n "$files" ] && echo "| $pt | $subj | \`$files\` |"
		prev=$pt
	done
	echo
	sed -n '/^## Where results change/,$p' "$run/summary.md" | grep -E "^\| (arch|---|$arch) " || true
} >"$out"
cat "$out"

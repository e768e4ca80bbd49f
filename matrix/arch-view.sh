#!/bin/sh
# arch-view.sh REPO SERIES_NAME ARCH KARCH RUN_DIR: for the maintainer of one
# arch, the series patches that touch it (its arch/ files, or generic code
# all arches build) with the files each changes there, and then how the
# run's results moved along the points (`report flips`, from the model).
# HOSTBIN in the environment.
# Written to RUN_DIR/arch-ARCH.md and printed.
set -u
. "$(dirname "$0")/lib.sh"
repo=$1 name=$2 arch=$3 karch=$4 run=$5
out="$run/arch-$arch.md"
{
	echo "# The $name series on $arch"
	echo
	echo "| point | subject | files it changes that $arch builds |"
	echo "|---|---|---|"
	prev=base
	for pt in $(series_points "$repo" "$name"); do
		files=$(git -C "$repo" diff --name-only "$name/$prev" "$name/$pt" | arch_files "$karch" | tr '\n' ' ')
		[ -n "$files" ] && echo "| $pt | $(point_subject "$repo" "$name" "$pt") | \`$files\` |"
		prev=$pt
	done
	echo
	# The report's "where results change", for this arch only.
	"$HOSTBIN/report" flips --arch "$arch" "$run" ||
		echo "No test result changes along the points on $arch."
} >"$out"
cat "$out"

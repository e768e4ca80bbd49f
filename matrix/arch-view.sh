#!/bin/sh
# arch-view.sh REPO SERIES_NAME ARCH KARCH RUN_DIR: for the maintainer of one
# arch, the series patches that touch it (its arch/ files, or generic code
# all arches build) with the files each changes there, and then how the
# run's results moved along the points (from RUN_DIR/summary.json).
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
	# Each test whose result differs from the arch's cell before, in run
	# order (the report's "where results change", for this arch only).
	flips=$(jq -r --arg arch "$arch" '
		[.cells[] | select(.arch == $arch)] as $cells
		| range(1; $cells | length) as $i
		| $cells[$i - 1] as $was | $cells[$i] as $now
		| $now.tests[] as $t
		| first($was.tests[] | select(.name == $t.name)) as $w
		| select($w.status != $t.status)
		| "| \($arch) | `\($t.name)` | \($w.status) | \($t.status) | \($now.point) (after \($was.point)) |"' \
		"$run/summary.json") || warn "$run/summary.json: no results to show"
	if [ -n "$flips" ]; then
		echo "## Where results change along the points"
		echo
		echo "| arch | test | from | to | at point |"
		echo "|---|---|---|---|---|"
		printf '%s\n' "$flips"
	else
		echo "No test result changes along the points on $arch."
	fi
} >"$out"
cat "$out"

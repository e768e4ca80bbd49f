#!/bin/sh
# kunit-point.sh REPO KUNIT_DIR NAME POINT SERIES: the series' KUnit tests
# (KUNIT_DIR: git format-patch files) applied over POINT of SERIES, as
# points of their own: NAME/01-..., and NAME/top, the last, which make
# coverage's kernels are built at (the Makefile's KERNEL_POINT). Kept apart
# from the series' tags, so the series' lines and points stay its own.
set -eu
. "$(dirname "$0")/lib.sh"
repo=$1 dir=$2 name=$3 point=$4 series=$5
rev=$(resolve_point "$repo" "$point" "$series")
"$(dirname "$0")/apply-series.sh" "$repo" "$dir" "$name" "$rev" >/dev/null ||
	die "$dir: the KUnit tests do not apply over $series's $point (above: the patch, file and hunk)"
last=$(series_points "$repo" "$name" | tail -n1)
[ -n "$last" ] || die "$dir: no KUnit patch"
git -C "$repo" update-ref "refs/tags/$name/top" "$(resolve_point "$repo" "$last" "$name")"

#!/bin/sh
# run-info.sh REPO SERIES_NAME SERIES TREE TARBALL PACKAGE: what a run is of, as
# TSV lines for the report: started, kernel (version of the pristine tree),
# tree (its name, and the package and version or the tarball it came from),
# series, title (its cover letter's subject, if any), a `patch POINT
# SUBJECT` line per series patch, and an `offset PATCH LINE` line per hunk
# that met this tree at an offset; or, when the series does not apply to
# this tree, a `series-error` line instead of both.
# Environment: SERIES_ERROR and SERIES_OFFSETS, the files `make series` leaves.
set -u
. "$(dirname "$0")/lib.sh"
repo=$1 name=$2 series=$3 tree=$4 tarball=$5 pkg=$6
printf 'started\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
v=$(git -C "$repo" show pristine:Makefile 2>/dev/null |
	awk -F' = ' '/^VERSION/{v=$2} /^PATCHLEVEL/{p=$2} /^SUBLEVEL/{s=$2} END{print v"."p"."s}')
printf 'kernel\t%s\n' "$v"
# The package's version only when the tarball is the one it installed.
source=$tarball
if dpkg-query -L "$pkg" 2>/dev/null | grep -qxF "$tarball"; then
	source="$pkg $(dpkg-query -W -f='${Version}' "$pkg")"
fi
printf 'tree\t%s\t%s\n' "$tree" "$source"
printf 'series\t%s\t%s\n' "$name" "$series"
# The cover letter's subject, when the series has one (the reader's `title`).
title=$(series_tool title "$series" 2>/dev/null)
[ -z "$title" ] || printf 'title\t%s\n' "$title"
# (The tags a series that no longer applies left behind are not its points.)
if [ -s "${SERIES_ERROR:-}" ]; then
	printf 'series-error\t%s\n' "$(series_error_summary "$SERIES_ERROR")"
	exit 0
fi
series_points "$repo" "$name" | while read -r pt; do
	printf 'patch\t%s\t%s\n' "$pt" "$(point_subject "$repo" "$name" "$pt")"
done
[ ! -s "${SERIES_OFFSETS:-}" ] || sed 's/^/offset\t/' "$SERIES_OFFSETS"
# The patch files, and the patchset's hash as KCIDB defines it (lib.sh).
make_tmp
if series_patches "$series" "$tmp" >"$tmp/list" 2>/dev/null && [ -s "$tmp/list" ]; then
	while IFS= read -r p; do
		case $p in "$tmp"/*) printf 'patchfile\t%s\n' "$series" ;; *) printf 'patchfile\t%s\n' "$p" ;; esac
	done <"$tmp/list" | awk '!seen[$0]++'
	printf 'patchset\t%s\n' "$(patchset_hash "$series")"
fi

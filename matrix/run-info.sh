#!/bin/sh
# run-info.sh REPO SERIES_NAME SERIES: what a run is of, as TSV lines for
# the report: started, kernel (version of the pristine tree), series, and
# a `patch POINT SUBJECT` line per series patch.
set -u
. "$(dirname "$0")/lib.sh"
repo=$1 name=$2 series=$3
printf 'started\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
v=$(git -C "$repo" show pristine:Makefile 2>/dev/null |
	awk -F' = ' '/^VERSION/{v=$2} /^PATCHLEVEL/{p=$2} /^SUBLEVEL/{s=$2} END{print v"."p"."s}')
printf 'kernel\t%s\n' "$v"
printf 'series\t%s\t%s\n' "$name" "$series"
series_points "$repo" "$name" | while read -r pt; do
	printf 'patch\t%s\t%s\n' "$pt" "$(point_subject "$repo" "$name" "$pt")"
done

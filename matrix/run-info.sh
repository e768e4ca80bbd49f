#!/bin/sh
# run-info.sh REPO SERIES_NAME SERIES: what a run is of, as TSV lines for
# the report: started, kernel (version of the pristine tree), series, and
# a `patch POINT SUBJECT` line per series patch.
repo=$1 name=$2 series=$3
printf 'started\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
v=$(git -C "$repo" show pristine:Makefile 2>/dev/null |
	awk -F' = ' '/^VERSION/{v=$2} /^PATCHLEVEL/{p=$2} /^SUBLEVEL/{s=$2} END{print v"."p"."s}')
printf 'kernel\t%s\n' "$v"
printf 'series\t%s\t%s\n' "$name" "$series"
for t in $(git -C "$repo" tag -l "$name/[0-9][0-9]-*" | sort); do
	printf 'patch\t%s\t%s\n' "${t#$name/}" "$(git -C "$repo" log -1 --format=%s "$t" | sed "s|^$name/[^:]*: ||")"
done

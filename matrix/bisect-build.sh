#!/bin/sh
# bisect-build.sh REPO SERIES_NAME OUT "ARCH:KARCH ..." -- build every arch a
# patch touches at that patch, as the 0-day robot does: arches_touched
# (lib.sh) maps a path under arch/<karch>/ to the arches with that KARCH,
# any other path but the documentation to all of them. Prints (and writes to OUT/bisect.tsv) a table patch x arch:
# built, FAILED (with the first error of its log), or untouched (-).
# Environment: MAKE, and the make variables to pass on (via MAKEFLAGS).
set -u
. "$(dirname "$0")/lib.sh"
repo=$1 name=$2 out=$3 arches=$4
mkdir -p "$out"
points=$(series_points "$repo" "$name")
[ -n "$points" ] || die "no points for series $name (make series first)"
printf '%-48s' patch >"$out/bisect.txt"
for am in $arches; do printf ' %-10s' "${am%%:*}" >>"$out/bisect.txt"; done
echo >>"$out/bisect.txt"
: >"$out/bisect.tsv"
prev=base bad=0
for pt in $points; do
	touched=$(git -C "$repo" diff --name-only "$name/$prev" "$name/$pt" | arches_touched "$arches" | cut -f1)
	line=$(printf '%-48s' "$pt")
	for am in $arches; do
		a=${am%%:*}
		if ! printf '%s\n' "$touched" | grep -qxF "$a"; then
			st=- why=
		else
			log="$out/$pt-$a.log"
			step BISECT "$pt on $a" >&2
			if $MAKE --no-print-directory kernel ARCH="$a" POINT="$pt" >"$log" 2>&1; then
				st=built why=
			else
				st=FAILED why=$(first_error "$log")
				bad=1
			fi
		fi
		line="$line $(printf ' %-10s' "$st")"
		printf '%s\t%s\t%s\t%s\n' "$pt" "$a" "$st" "$why" >>"$out/bisect.tsv"
	done
	echo "$line" >>"$out/bisect.txt"
	prev=$pt
done
cat "$out/bisect.txt"
grep -P '\tFAILED\t' "$out/bisect.tsv" | while IFS="$(printf '\t')" read -r pt a st why; do
	echo "  $pt on $a: $why"
done
exit $bad

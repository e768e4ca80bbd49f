#!/bin/sh
# verify-series.sh REPO SERIES NAME BASE SEEDS PATCHCMP: the port is faithful.
# 1. base + the whole series, applied exactly to a fresh index, gives the
#    pristine tree and touches only the files the series names
#    (apply-series.sh --verify);
# 2. each patch with a counterpart in SEEDS (same subject) changes the same
#    lines as the seed, but for differences the patch documents (patchcmp).
set -u
repo=$1 series=$2 name=$3 base=$4 seeds=$5 patchcmp=$6
here=$(dirname "$0")
bad=0
"$here/apply-series.sh" --verify "$repo" "$series" "$name-verify" "$base" >/dev/null || bad=1
# The verify run's tags are not for use: drop them.
git -C "$repo" for-each-ref --format='%(refname)' "refs/tags/$name-verify/" |
	while read -r r; do git -C "$repo" update-ref -d "$r"; done
[ "$bad" = 0 ] && echo "  VERIFY  $name: base + series = pristine, every patch applies exactly"

subject() { sed -n '/^Subject: /{s/^Subject: *//;s/^\[[^]]*\] *//;N;s/\n / /;P;q}' "$1"; }
if [ ! -d "$seeds" ]; then
	echo "kmatrix: no seeds at $seeds: the patch-by-patch comparison is skipped (SEEDS=)" >&2
	exit $bad
fi
compared=0
for p in $(sed -e 's/#.*//' -e '/^$/d' "$series/series" 2>/dev/null || ls "$series"/*.patch); do
	[ -f "$p" ] || p="$series/$p"
	subj=$(subject "$p")
	seed=
	for s in "$seeds"/*.patch; do
		[ "$(subject "$s")" = "$subj" ] && { seed=$s; break; }
	done
	[ -n "$seed" ] || continue
	compared=$((compared + 1))
	out=$("$patchcmp" "$p" "$seed")
	rc=$?
	if [ $rc = 0 ]; then
		echo "  SEED    $(basename "$p") ~ $(basename "$seed"): same changed lines${out:+ but for documented differences}"
	else
		echo "  SEED    $(basename "$p") ~ $(basename "$seed"): UNDOCUMENTED DIFFERENCES"
		bad=1
	fi
	[ -n "$out" ] && printf '%s\n' "$out"
done
echo "  SEED    $compared patches have a seed to compare with"
exit $bad

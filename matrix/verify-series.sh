#!/bin/sh
# verify-series.sh REPO SERIES NAME BASE SEEDS: the port is faithful.
# 1. base + the whole series, applied exactly to a fresh index, gives the
#    pristine tree and touches only the files the series names
#    (apply-series.sh --verify);
# 2. each patch with a counterpart in SEEDS (same subject) changes the same
#    lines as the seed, but for differences the patch documents in a
#    trailer of its message:
#      Port-dropped: PATH -- why   the seed's hunks for PATH (a file, or a
#                                  folder ending in /) are not carried
#      Port-changed: PATH -- why   the changed lines of PATH differ, or
#                                  the patch changes PATH and the seed not
#    Every difference is printed, marked "documented" or "UNDOCUMENTED".
set -u
here=$(dirname "$0")
. "$here/lib.sh"
repo=$1 series=$2 name=$3 base=$4 seeds=$5
make_tmp
bad=0
"$here/apply-series.sh" --verify "$repo" "$series" "$name-verify" "$base" >/dev/null || bad=1
# The verify run's tags are not for use: drop them.
git -C "$repo" for-each-ref --format='%(refname)' "refs/tags/$name-verify/" |
	while read -r r; do git -C "$repo" update-ref -d "$r"; done
[ "$bad" = 0 ] && step VERIFY "$name: base + series = pristine, every patch applies exactly"

# What a patch changes, context and line numbers aside, as TSV lines:
#   file PATH, then line PATH -TEXT / line PATH +TEXT in patch order;
#   dropped PATH / changed PATH for its Port-dropped: / Port-changed: trailers.
# A hunk ends when its header's line counts are used up, so a "-- "
# signature after the last hunk is not taken for a removed line.
changes() {	# PATCH
	awk '
	/^diff --git a\// {
		in_diff = 1; old = new = 0
		rest = substr($0, 14); path = substr(rest, 1, index(rest, " b/") - 1)
		print "file\t" path; next
	}
	!in_diff {
		if (sub(/^Port-dropped: */, "")) print "dropped\t" $1
		else if (sub(/^Port-changed: */, "")) print "changed\t" $1
		next
	}
	!old && !new {	# between hunks: "@@ -a[,b] +c[,d] @@" starts the next one
		if (/^@@ -/) {
			old = split($2, o, ",") > 1 ? o[2] + 0 : 1
			new = split($3, n, ",") > 1 ? n[2] + 0 : 1
		}
		next
	}
	/^-/ { old--; print "line\t" path "\t" $0; next }
	/^\+/ { new--; print "line\t" path "\t" $0; next }
	/^ / || /^$/ { old--; new-- }' "$1"
}
files_of() { awk -F'\t' '$1 == "file" { print $2 }' "$1"; }	# CHANGES
lines_of() {	# CHANGES PATH
	awk -F'\t' -v p="$2" '$1 == "line" && $2 == p { print substr($0, length(p) + 7) }' "$1"
}
# "documented" if the patch's trailers of KIND (dropped, changed) name PATH
# or a folder of it, else "UNDOCUMENTED".
verdict() {	# CHANGES KIND PATH
	awk -F'\t' -v k="$2" -v p="$3" '$1 == k && ($2 == p || ($2 ~ /\/$/ && index(p, $2) == 1)) { found = 1 }
		END { print found ? "documented  " : "UNDOCUMENTED" }' "$1"
}

# Prints each difference between OURS and SEED with its verdict.
compare_with_seed() {	# OURS SEED
	changes "$1" >"$tmp/ours"
	changes "$2" >"$tmp/seed"
	files_of "$tmp/ours" >"$tmp/ours.files"
	files_of "$tmp/seed" >"$tmp/seed.files"
	while read -r path; do
		if ! grep -qxF "$path" "$tmp/ours.files"; then
			echo "  $(verdict "$tmp/ours" dropped "$path") $path: in the seed, not carried"
			continue
		fi
		lines_of "$tmp/ours" "$path" >"$tmp/ours.lines"
		lines_of "$tmp/seed" "$path" >"$tmp/seed.lines"
		cmp -s "$tmp/ours.lines" "$tmp/seed.lines" && continue
		echo "  $(verdict "$tmp/ours" changed "$path") $path: changed lines differ"
		diff --unchanged-line-format= --old-line-format='      seed only: %L' \
			--new-line-format='      ours only: %L' "$tmp/seed.lines" "$tmp/ours.lines"
	done <"$tmp/seed.files"
	while read -r path; do
		grep -qxF "$path" "$tmp/seed.files" ||
			echo "  $(verdict "$tmp/ours" changed "$path") $path: not in the seed"
	done <"$tmp/ours.files"
}

if [ ! -d "$seeds" ]; then
	warn "no seeds at $seeds: the patch-by-patch comparison is skipped (SEEDS=)"
	exit $bad
fi
for s in "$seeds"/*.patch; do
	printf '%s\t%s\n' "$(subject "$s")" "$s"
done >"$tmp/seed-subjects"
compared=0
series_patches "$series" "$tmp" >"$tmp/list" || exit 1
# The seed of the same subject (compared as strings: a subject is data).
seed_of() {	# SUBJECT
	while IFS="$(printf '\t')" read -r subj file; do
		[ "$subj" = "$1" ] && { printf '%s\n' "$file"; return; }
	done <"$tmp/seed-subjects"
}
while IFS= read -r p; do
	seed=$(seed_of "$(subject "$p")")
	[ -n "$seed" ] || continue
	compared=$((compared + 1))
	compare_with_seed "$p" "$seed" >"$tmp/out"
	if ! grep -q '^  UNDOCUMENTED' "$tmp/out"; then
		step SEED "$(basename "$p") ~ $(basename "$seed"): same changed lines$([ -s "$tmp/out" ] && echo ' but for documented differences')"
	else
		step SEED "$(basename "$p") ~ $(basename "$seed"): UNDOCUMENTED DIFFERENCES"
		bad=1
	fi
	cat "$tmp/out"
done <"$tmp/list"
step SEED "$compared patches have a seed to compare with"
exit $bad

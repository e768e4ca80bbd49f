#!/bin/sh
# apply-series.sh [--verify] REPO SERIES NAME BASE
#
# Turns a patch series into points of the kernel repository: one commit per
# patch, tagged NAME/NN-slug, plus NAME/base and the named points of the
# series' `points` file (NAME/rc1, ...). SERIES is a folder of git
# format-patch files (with or without a quilt `series` file), a quilt
# `series` file, or an mbox as `b4 am` writes it. BASE is where the series
# starts: `reverse` (the pristine tree with the series applied in reverse:
# for a tree that already carries it), `pristine`, or any point tag.
#
# Everything happens in a temporary index: the work trees are not touched,
# and no tag is written until every patch has applied, so a series that
# does not apply leaves nothing a later run could take for a good one.
# A patch must apply exactly: no fuzz, no offset. With OFFSETS_OUT=FILE
# (environment; the Makefile sets it for a tree other than the one the
# series was ported to) a hunk may apply at an offset, never with fuzz, and
# FILE gets a `PATCH<tab>GIT'S LINE` line per such hunk.
#
# --verify: also check that base plus the whole series gives the pristine
# tree again, file for file, touching no file the series does not name.
# --each=PREFIX: each patch applies over BASE by itself, not over the one
# before it, and is tagged NAME/<PREFIX>NN-slug (make mutants: one commit
# per mutant over the point it corrupts).
# POINTS_OUT=FILE (environment): also write `POINT<tab>PATCH-FILE` lines there.
set -eu
. "$(dirname "$0")/lib.sh"
verify=0 each=
case "${1:-}" in
--verify) verify=1; shift ;;
--each=*) each=${1#--each=}; shift ;;
esac
# The faithful-port proof is always exact.
offsets_out=${OFFSETS_OUT:-}
[ "$verify" = 0 ] || offsets_out=
repo=$1 series=$2 name=$3 base=$4
[ -e "$series" ] || die "SERIES=$series: no such file or folder"

make_tmp
export GIT_INDEX_FILE="$tmp/index"
# Fixed identities and dates: the same patches over the same tree give the
# same commits, so kernels cached per point stay valid when a series is
# applied again.
export GIT_AUTHOR_NAME=kmatrix GIT_AUTHOR_EMAIL=kmatrix@localhost
export GIT_COMMITTER_NAME=kmatrix GIT_COMMITTER_EMAIL=kmatrix@localhost
export GIT_AUTHOR_DATE="1700000000 +0000" GIT_COMMITTER_DATE="1700000000 +0000"
git() { command git -C "$repo" "$@"; }

# ---- the list of patches, in order --------------------------------------
list="$tmp/list"
series_patches "$series" "$tmp" >"$list"
[ -s "$list" ] || die "$series: no patches found"
while read -r p; do
	[ -f "$p" ] || die "$series names $p, which does not exist"
done <"$list"
npatches=$(wc -l <"$list")

# A point's name (NN-area-first-words) and the named points are the series
# reader's (matrix/series/): series_tool slug, series_tool named.
# Applies one patch to the temporary index; on failure names the patch, the
# file and the hunk, from git's own words.
apply_one() {	# PATCH DIRECTION(""|-R) WHERE
	p=$1 direction=$2 where=$3
	if ! command git -C "$repo" apply --cached --verbose ${direction:+"$direction"} "$p" >"$tmp/apply.log" 2>&1; then
		file=$(sed -n 's/^error: patch failed: \(.*\):\([0-9]*\)$/\1/p' "$tmp/apply.log" | head -n1)
		line=$(sed -n 's/^error: patch failed: \(.*\):\([0-9]*\)$/\2/p' "$tmp/apply.log" | head -n1)
		hunk=""
		# (The path through the environment: awk -v would read its backslashes as escapes.)
		[ -n "$file" ] && hunk=$(f=$file l=$line r=$direction awk '
			BEGIN { f = ENVIRON["f"]; l = ENVIRON["l"]; r = ENVIRON["r"] }
			/^diff --git / { infile = ($3 == "a/" f) }
			infile && /^@@ / { split($2, o, ","); split($3, n, ",");
				at = (r == "-R") ? substr(n[1], 2) : substr(o[1], 2);
				if (at == l) { print; exit } }' "$p")
		warn "$(basename "$p") does not apply $where"
		[ -z "$file" ] || warn "  file $file, hunk ${hunk:-at line $line}"
		sed 's/^/kmatrix:   git: /' "$tmp/apply.log" | grep -v 'Checking patch' | head -n 20 >&2
		exit 1
	fi
	if grep -q 'succeeded at .*offset' "$tmp/apply.log" && [ -n "$offsets_out" ]; then
		grep 'succeeded at .*offset' "$tmp/apply.log" | while IFS= read -r l; do
			printf '%s\t%s\n' "$(basename "$p")" "$l"
		done >>"$tmp/offsets"
	elif grep -q 'succeeded at .*offset' "$tmp/apply.log"; then
		warn "$(basename "$p") applies $where only with an offset (exactly is required$([ "$verify" = 1 ] && echo ' by verify-series' || echo ' on the tree the series was ported to')):"
		grep 'succeeded at .*offset' "$tmp/apply.log" | sed 's/^/kmatrix:   /' >&2
		exit 1
	fi
}

commit() {	# TREE PARENT MESSAGE
	printf '%s\n' "$3" | command git -C "$repo" commit-tree "$1" -p "$2"
}

pristine=$(git rev-parse --verify -q 'refs/tags/pristine^{commit}') ||
	die "$repo has no pristine tag (make tree first)"

# ---- the base -------------------------------------------------------------
case "$base" in
reverse)
	git read-tree pristine
	# Last patch first: each one undone on top of the later ones undone.
	tac "$list" >"$tmp/rlist"
	while read -r p; do
		apply_one "$p" -R "in reverse to the pristine tree (with the patches after it undone)"
	done <"$tmp/rlist"
	base_commit=$(commit "$(git write-tree)" "$pristine" "$name: base (pristine with the series reversed)")
	;;
*)
	base_commit=$(git rev-parse -q --verify "refs/tags/$base^{commit}") ||
		base_commit=$(git rev-parse -q --verify "$base^{commit}") ||
		die "BASE=$base: no such point (try pristine, or a point like forced-exit/base)"
	;;
esac

# ---- the series, patch by patch --------------------------------------------
git read-tree "$base_commit"
prev=$base_commit prev_name=base i=0
: >"$tmp/tags"
echo "refs/tags/$name/base $base_commit" >>"$tmp/tags"
while read -r p; do
	i=$((i + 1))
	where="after point $name/$prev_name"
	if [ -n "$each" ]; then
		git read-tree "$base_commit"
		prev=$base_commit where="over $base"
	fi
	apply_one "$p" "" "$where"
	pt=$each$(series_tool slug "$i" "$p")
	prev=$(commit "$(git write-tree)" "$prev" "$name/$pt: $(subject "$p")")
	prev_name=$pt
	echo "refs/tags/$name/$pt $prev" >>"$tmp/tags"
	printf '%s\t%s\n' "$pt" "$(basename "$p")" >>"$tmp/points"
done <"$list"

# The named points (the `points` file beside the patches, or SERIES_POINTS
# from the environment: a port keeps the series' own), checked by the reader.
: >"$tmp/tags.named"
if [ -z "$each" ]; then
	series_tool named "$series" >"$tmp/named" || exit 1
	while IFS="$(printf '\t')" read -r pname num; do
		c=$(awk -v n="$num" 'NR == n + 1 { print $2 }' "$tmp/tags")
		echo "refs/tags/$name/$pname $c"
	done <"$tmp/named" >"$tmp/tags.named"
	cat "$tmp/tags.named" >>"$tmp/tags"
fi

if [ "$verify" = 1 ]; then
	bad=0
	if [ "$base" = reverse ]; then
		if ! git diff --quiet "$pristine" "$prev"; then
			warn "verify: base + series differs from the pristine tree:"
			git diff --stat "$pristine" "$prev" >&2
			bad=1
		fi
	fi
	# The files the base changes must be exactly the files the series names.
	git diff --name-only "$base_commit" "$prev" | sort >"$tmp/changed"
	while read -r p; do
		sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$p"
	done <"$list" | sort -u >"$tmp/named"
	if ! cmp -s "$tmp/changed" "$tmp/named"; then
		warn "verify: the series changes other files than it names:"
		diff "$tmp/named" "$tmp/changed" >&2 || true
		bad=1
	fi
	[ "$bad" = 0 ] || exit 1
	step VERIFY "$name: $npatches patches apply exactly (no fuzz, no offset) over $base;\
 $(wc -l <"$tmp/named") files; base + series = pristine: $([ "$base" = reverse ] && echo yes || echo n/a)"
fi

# ---- publish: the old tags of this series go, the new ones come ------------
git for-each-ref --format='%(refname)' "refs/tags/$name/" | while read -r r; do
	git update-ref -d "$r"
done
while read -r ref c; do
	git update-ref "$ref" "$c"
done <"$tmp/tags"
[ -z "${POINTS_OUT:-}" ] || cp "$tmp/points" "$POINTS_OUT"
if [ -n "$offsets_out" ] && [ -s "$tmp/offsets" ]; then
	cp "$tmp/offsets" "$offsets_out"
	step OFFSETS "$name: $(wc -l <"$tmp/offsets") hunks applied at an offset on this tree (no fuzz): $offsets_out"
elif [ -n "$offsets_out" ]; then
	rm -f "$offsets_out"
fi
step SERIES "$name: $npatches patches over $base -> points base $(cut -f1 "$tmp/points" | tr '\n' ' ')$(sed 's|refs/tags/[^/]*/||; s/ .*//' "$tmp/tags.named" 2>/dev/null | tr '\n' ' ')"

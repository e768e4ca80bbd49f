#!/bin/sh
# Tests of apply-series.sh on a small made-up tree: a folder, a quilt
# series file and an mbox give the same points; base=reverse undoes the
# series; a patch that does not apply names the patch, file and hunk and
# leaves no tag behind; verify-series.sh compares the patches with seeds.
# usage: test-series.sh HOSTBIN
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
make_tmp
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
repo=$tmp/repo
mkdir -p "$repo" && cd "$repo" && git init -q
printf 'a\nb\nc\n' >f.c
git add f.c && git commit -qm pristine && git tag pristine
# Two patches made against the pristine tree: b->B, then c->C.
sed -i 's/^b$/B/' f.c && git commit -qam "sub: change b" && sed -i 's/^c$/C/' f.c && git commit -qam "sub: change c"
git format-patch -q -o "$tmp/folder" pristine..HEAD
git reset -q --hard pristine
(cd "$tmp/folder" && ls *.patch) >"$tmp/series.list" && mv "$tmp/series.list" "$tmp/folder/series"
printf 'after-c\t2\n' >"$tmp/folder/points"
cat "$tmp"/folder/0*.patch >"$tmp/all.mbox"
mkdir "$tmp/quilt" && cp "$tmp"/folder/0*.patch "$tmp/quilt/" && (cd "$tmp/quilt" && ls *.patch) >"$tmp/series.txt" && mv "$tmp/series.txt" "$tmp/quilt/"

"$here/../apply-series.sh" "$repo" "$tmp/folder" s1 pristine >/dev/null
expect "folder: point 01 has B" [ "$(git -C "$repo" show s1/01-sub-change-b:f.c | tr '\n' ' ')" = "a B c " ]
expect "folder: named point after-c has C" [ "$(git -C "$repo" show s1/after-c:f.c | tr '\n' ' ')" = "a B C " ]
"$here/../apply-series.sh" "$repo" "$tmp/all.mbox" s2 pristine >/dev/null
expect "mbox: same tree as the folder" [ "$(git -C "$repo" rev-parse "s2/02-sub-change-c^{tree}")" = "$(git -C "$repo" rev-parse "s1/02-sub-change-c^{tree}")" ]
"$here/../apply-series.sh" "$repo" "$tmp/quilt/series.txt" s3 pristine >/dev/null
expect "quilt series file: same tree" [ "$(git -C "$repo" rev-parse "s3/02-sub-change-c^{tree}")" = "$(git -C "$repo" rev-parse "s1/02-sub-change-c^{tree}")" ]
# A port to another tree (SERIES/ports/<tree>/) has the series' points, not its own.
"$here/../apply-series.sh" "$repo" "$tmp/quilt" s3q pristine >"$tmp/noport.out" 2>&1
expect "quilt folder without points: no named point" sh -c "! git -C '$repo' rev-parse -q --verify s3q/after-c >/dev/null"
SERIES_POINTS=$tmp/folder/points "$here/../apply-series.sh" "$repo" "$tmp/quilt" s3p pristine >/dev/null
expect "SERIES_POINTS: the named point of the series" [ "$(git -C "$repo" show s3p/after-c:f.c | tr '\n' ' ')" = "a B C " ]

# ---- the forms the list uses -----------------------------------------------------
tree_of() { git -C "$repo" rev-parse "$1/02-sub-change-c^{tree}"; }
want=$(tree_of s1)
# git format-patch --cover-letter: the cover letter is no patch; its subject is the title.
git -C "$repo" checkout -q -b cl pristine && sed -i 's/^b$/B/' "$repo/f.c" && git -C "$repo" commit -qam "sub: change b" &&
	sed -i 's/^c$/C/' "$repo/f.c" && git -C "$repo" commit -qam "sub: change c" &&
	git -C "$repo" format-patch -q --cover-letter -o "$tmp/cover" pristine..HEAD && git -C "$repo" checkout -q --detach pristine
expect "cover letter: format-patch wrote one" [ -f "$tmp/cover/0000-cover-letter.patch" ]
expect "cover letter: the placeholder subject is no title" [ -z "$(series_tool title "$tmp/cover")" ]
sed -i 's/\*\*\* SUBJECT HERE \*\*\*/sub: two changes/' "$tmp/cover/0000-cover-letter.patch"
expect "cover letter: not one of the patches" [ "$(series_patches "$tmp/cover" "$tmp" | sed 's|.*/||' | tr '\n' ' ')" = \
	"0001-sub-change-b.patch 0002-sub-change-c.patch " ]
expect "cover letter: its subject is the title" [ "$(series_tool title "$tmp/cover")" = "sub: two changes" ]
"$here/../apply-series.sh" "$repo" "$tmp/cover" c1 pristine >/dev/null
expect "cover letter folder: the same tree as the plain folder" [ "$(tree_of c1)" = "$want" ]
# b4 am's mbox: [PATCH v2 n/m] subjects, the cover letter first, collected trailers.
b4mbox() {	# FILE [CRLF]
	{
		printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		printf 'From: t <t@t>\nSubject: [PATCH v2 0/2] sub: the b and c\n\nWhy both.\n\n'
		for p in "$tmp"/folder/000[12]-*.patch; do
			sed -e 's/^Subject: \[PATCH\( [0-9]\/[0-9]\)\{0,1\}\]/Subject: [PATCH v2 x\/2]/' \
				-e 's/^---$/Reviewed-by: r <r@r>\nLink: https:\/\/lore.example\/x\n---/' "$p"
		done
	} >"$1"
}
b4mbox "$tmp/v2.mbx"
expect "b4 mbox: the cover letter is the title" [ "$(series_tool title "$tmp/v2.mbx")" = "sub: the b and c" ]
expect "b4 mbox: two patches" [ "$(series_patches "$tmp/v2.mbx" "$tmp/w2" | wc -l)" = 2 ]
"$here/../apply-series.sh" "$repo" "$tmp/v2.mbx" b4 pristine >/dev/null
expect "b4 mbox: the same tree as the plain folder" [ "$(tree_of b4)" = "$want" ]
expect "b4 mbox: its points are named as the folder's" [ -n "$(git -C "$repo" tag -l b4/01-sub-change-b)" ]
sed 's/\[PATCH v2 0\/2\]/[PATCH v2 00\/2]/' "$tmp/v2.mbx" >"$tmp/v2-padded.mbx"
expect "b4 mbox: a cover letter numbered 00/N (format-patch pads to N's width)" \
	[ "$(series_tool title "$tmp/v2-padded.mbx")" = "sub: the b and c" ]
expect "b4 mbox: the collected trailers stay in the commit" git -C "$repo" log -1 --format=%B b4/01-sub-change-b | grep -q "Reviewed-by: r"
# CRLF line ends (a patch saved from a mail client): read through a copy without them.
mkdir "$tmp/crlf" && for p in "$tmp"/folder/000[12]-*.patch; do sed 's/$/\r/' "$p" >"$tmp/crlf/${p##*/}"; done
"$here/../apply-series.sh" "$repo" "$tmp/crlf" cr pristine >/dev/null 2>"$tmp/err"
expect "CRLF: applies" [ $? = 0 ] || cat "$tmp/err"
expect "CRLF: the same tree" [ "$(tree_of cr)" = "$want" ]
expect "CRLF: the same point names" [ -n "$(git -C "$repo" tag -l cr/02-sub-change-c)" ]
expect "CRLF: read under its own name" [ "$(series_patches "$tmp/crlf" "$tmp/w3" | sed 's|.*/||' | tr '\n' ' ')" = \
	"0001-sub-change-b.patch 0002-sub-change-c.patch " ]
# What is not a series: one line each, naming why.
mkdir "$tmp/p0" && cp "$tmp"/folder/0001-*.patch "$tmp/p0/" && (cd "$tmp/p0" && ls *.patch | sed 's/$/ -p0/' >series)
expect "quilt -p0: refused with the way out" [ "$(series_problem "$tmp/p0")" = \
	"$tmp/p0/series:1: 0001-sub-change-b.patch is applied with -p0; kmatrix applies patches at -p1, as git does (\`quilt refresh -p1\` rewrites it so)" ]
echo "just words" >"$tmp/words.txt"
expect "a text file: refused in one line" [ "$(series_problem "$tmp/words.txt")" = "SERIES=$tmp/words.txt: not a series: \
no diff in it, not an mbox, and its first line names no patch beside it (a quilt series file)" ] ||
	series_problem "$tmp/words.txt"
gzip -c "$tmp/folder/0001-sub-change-b.patch" >"$tmp/one.patch.gz"
expect "a gzip file: refused in one line" [ "$(series_problem "$tmp/one.patch.gz")" = \
	"SERIES=$tmp/one.patch.gz: a binary or compressed file, not a series (a folder of patches, a quilt series file, an mbox or one patch)" ]
printf 'a\0b' >"$tmp/bin.patch" && mkdir "$tmp/binfolder" && cp "$tmp/bin.patch" "$tmp/binfolder/"
expect "a binary patch in a folder: named" [ "$(series_problem "$tmp/binfolder")" = \
	"$tmp/binfolder/bin.patch: not a patch (a binary or compressed file)" ]

# arch-view.sh: the patches an arch builds, and where its results change
# (`report flips`; another arch's change is not shown).
mkdir "$tmp/run"
printf 'a1 base\na2 base\na1 after-c\na2 after-c\n' >"$tmp/run/cells.list"
cell() {	# ARCH POINT NAME STATUS [NAME STATUS]...: a cell's record
	mkdir -p "$tmp/run/$1-$2"
	{
		printf 'arch\t%s\npoint\t%s\nbuild\tok\t1.0\t\nboot\tok\t1.0\t\n' "$1" "$2"
		shift 2
		while [ $# -gt 0 ]; do printf 'test\t%s\t%s\t\n' "$1" "$2"; shift 2; done
	} >"$tmp/run/$1-$2/cell.tsv"
}
cell a1 base t pass
cell a2 base t pass
cell a1 after-c t fail u pass
cell a2 after-c t skip
HOSTBIN=$bin "$here/../arch-view.sh" "$repo" s1 a1 k1 "$tmp/run" >/dev/null
expect "arch-view: both patches, with their files" [ "$(grep -c '^| 0[12]-sub-change-[bc] | sub: change [bc] | `f.c ` |$' "$tmp/run/arch-a1.md")" = 2 ]
expect "arch-view: a1's change only" [ "$(grep '^| a[12] ' "$tmp/run/arch-a1.md")" = '| a1 | `t` | pass | fail | after-c (after base) |' ]

# base=reverse over a tree that already carries the series.
git -C "$repo" tag carrying s1/02-sub-change-c
git -C "$repo" tag -d pristine >/dev/null && git -C "$repo" tag pristine carrying
"$here/../apply-series.sh" --verify "$repo" "$tmp/folder" s4 reverse >"$tmp/verify.out"
expect "reverse: base is the old tree" [ "$(git -C "$repo" show s4/base:f.c | tr '\n' ' ')" = "a b c " ]
expect "reverse: verify says base + series = pristine" grep -q "base + series = pristine: yes" "$tmp/verify.out"

# verify-series.sh: seeds that are the same two patches pass; a changed
# line and a file the port does not carry fail until a trailer documents them.
verify() { "$here/../verify-series.sh" "$repo" "$tmp/folder" s6 reverse "$tmp/seeds" >"$tmp/v.out" 2>&1; }
mkdir "$tmp/seeds" && cp "$tmp"/folder/0*.patch "$tmp/seeds/"
verify
expect "seeds: identical patches pass" [ $? = 0 ]
expect "seeds: both compared, same lines" [ "$(grep -c 'same changed lines$' "$tmp/v.out")" = 2 ]
expect "seeds: base + series = pristine" grep -q "VERIFY  s6: base + series = pristine" "$tmp/v.out"
expect "seeds: the verify tags are dropped" [ -z "$(git -C "$repo" tag -l 's6-verify/*')" ]
sed -i 's/^+C$/+X/' "$tmp"/seeds/0002-*.patch
verify
expect "seeds: a changed line fails" [ $? = 1 ]
expect "seeds: the difference is printed, undocumented" [ "$(grep -A2 'UNDOCUMENTED f.c: changed lines differ' "$tmp/v.out" |
	tail -n2 | tr -s ' ' | tr '\n' '|')" = " seed only: +X| ours only: +C|" ]
sed -i 's/^---$/Port-changed: f.c -- the port has C\n---/' "$tmp"/folder/0002-*.patch
verify
expect "seeds: a Port-changed: trailer documents it" [ $? = 0 ]
expect "seeds: marked documented" grep -q "same changed lines but for documented differences" "$tmp/v.out"
seed1=$(ls "$tmp"/seeds/0001-*.patch)
printf 'diff --git a/g.c b/g.c\n--- a/g.c\n+++ b/g.c\n@@ -1 +1 @@\n-g\n+G\n' >>"$seed1"
verify
expect "seeds: a file the port does not carry fails" grep -q "UNDOCUMENTED g.c: in the seed, not carried" "$tmp/v.out"
sed -i 's/^---$/Port-dropped: g.c -- not in this tree\n---/' "$tmp"/folder/0001-*.patch
verify
expect "seeds: Port-dropped: documents it" grep -q "documented   g.c: in the seed, not carried" "$tmp/v.out"

# A patch that does not apply.
sed -i 's/^-c$/-x/' "$tmp"/folder/0002-*.patch
"$here/../apply-series.sh" "$repo" "$tmp/folder" s5 s1/base 2>"$tmp/err" >/dev/null; rc=$?
expect "bad patch: exit 1" [ $rc = 1 ]
expect "bad patch: names the patch" grep -q "0002-sub-change-c.patch does not apply" "$tmp/err"
expect "bad patch: names the file and hunk" grep -q "file f.c, hunk @@" "$tmp/err"
expect "bad patch: no tag left" [ -z "$(git -C "$repo" tag -l 's5/*')" ]
# checkout-point.sh: a worktree folder left half-made by an interrupted run
# (no .git in it) is replaced, not a fatal "already exists".
mkdir -p "$tmp/tree/a1" && : >"$tmp/tree/a1/stale"
"$here/../checkout-point.sh" "$repo" "$tmp/tree/a1" after-c s1 2>"$tmp/err"
expect "checkout: a half-made worktree is replaced" [ $? = 0 ]
expect "checkout: the point's files are there" [ "$(tr '\n' ' ' <"$tmp/tree/a1/f.c")" = "a B C " ]
expect "checkout: says what it removed" grep -q "half-made worktree" "$tmp/err"
expect "checkout: the point is recorded" [ "$(cat "$tmp/tree/a1.point")" = "$(git -C "$repo" rev-parse s1/after-c)" ]

# Another tree, where the series' lines moved: exact is refused (naming the
# offset); with OFFSETS_OUT offsets are allowed and each is recorded; fuzz
# (a changed context line) is refused either way.
off=$tmp/offrepo
mkdir -p "$off" && cd "$off" && git init -q
seq 1 12 >asm-offsets.c && git add asm-offsets.c && git commit -qm pristine && git tag pristine
sed -i 's/^5$/five/' asm-offsets.c && git commit -qam "sub: change five"
sed -i 's/^9$/nine/' asm-offsets.c && git commit -qam "sub: change nine"
git format-patch -q -o "$tmp/offseries" pristine..HEAD
git checkout -q -b moved pristine && { printf 'x\ny\n'; seq 1 12; } >asm-offsets.c && git commit -qam moved && git tag moved
git checkout -q -b fuzzy pristine && sed -i 's/^4$/four/' asm-offsets.c && git commit -qam fuzzy && git tag fuzzy
cd "$here"
"$here/../apply-series.sh" "$off" "$tmp/offseries" s7 moved >/dev/null 2>"$tmp/err"
expect "offset: refused when exact is required" [ $? = 1 ]
expect "offset: the refusal names the patch and the offset" grep -q "0001-sub-change-five.patch applies .* only with an offset" "$tmp/err"
OFFSETS_OUT=$tmp/offsets "$here/../apply-series.sh" "$off" "$tmp/offseries" s7 moved >"$tmp/out" 2>"$tmp/err"
expect "offset: allowed on another tree" [ $? = 0 ]
expect "offset: one line per moved hunk, naming the patch (not git's other lines that name a file asm-offsets.c)" [ "$(cut -f1 "$tmp/offsets" | tr '\n' ' ')" = "0001-sub-change-five.patch 0002-sub-change-nine.patch " ]
expect "offset: git's own words" grep -q "offset 2 lines" "$tmp/offsets"
expect "offset: said when the series is applied" grep -q "OFFSETS s7: 2 hunks applied at an offset" "$tmp/out"
expect "offset: the points are there" [ "$(git -C "$off" show s7/02-sub-change-nine:asm-offsets.c | sed -n '7p;11p' | tr '\n' ' ')" = "five nine " ]
OFFSETS_OUT=$tmp/offsets "$here/../apply-series.sh" "$off" "$tmp/offseries" s7 pristine >/dev/null 2>&1
expect "offset: none, the record is removed" [ ! -e "$tmp/offsets" ]
OFFSETS_OUT=$tmp/offsets "$here/../apply-series.sh" "$off" "$tmp/offseries" s8 fuzzy >/dev/null 2>"$tmp/err"
expect "fuzz: refused even where offsets are allowed" [ $? = 1 ]
expect "fuzz: names the patch, file and hunk" grep -q "file asm-offsets.c, hunk @@" "$tmp/err"
OFFSETS_OUT=$tmp/offsets "$here/../apply-series.sh" --verify "$off" "$tmp/offseries" s9 moved >/dev/null 2>"$tmp/err"
expect "offset: verify-series is always exact" [ $? = 1 ]
finish test-series

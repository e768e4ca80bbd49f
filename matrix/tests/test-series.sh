#!/bin/sh
# Tests of apply-series.sh on a small made-up tree: a folder, a quilt
# series file and an mbox give the same points; base=reverse undoes the
# series; a patch that does not apply names the patch, file and hunk and
# leaves no tag behind.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
expect "mbox: same tree as the folder" [ "$(git -C "$repo" rev-parse s2/02-sub-change-c^{tree})" = "$(git -C "$repo" rev-parse s1/02-sub-change-c^{tree})" ]
"$here/../apply-series.sh" "$repo" "$tmp/quilt/series.txt" s3 pristine >/dev/null
expect "quilt series file: same tree" [ "$(git -C "$repo" rev-parse s3/02-sub-change-c^{tree})" = "$(git -C "$repo" rev-parse s1/02-sub-change-c^{tree})" ]

# base=reverse over a tree that already carries the series.
git -C "$repo" tag carrying s1/02-sub-change-c
git -C "$repo" tag -d pristine >/dev/null && git -C "$repo" tag pristine carrying
"$here/../apply-series.sh" --verify "$repo" "$tmp/folder" s4 reverse >"$tmp/verify.out"
expect "reverse: base is the old tree" [ "$(git -C "$repo" show s4/base:f.c | tr '\n' ' ')" = "a b c " ]
expect "reverse: verify says base + series = pristine" grep -q "base + series = pristine: yes" "$tmp/verify.out"

# A patch that does not apply.
sed -i 's/^-c$/-x/' "$tmp"/folder/0002-*.patch
"$here/../apply-series.sh" "$repo" "$tmp/folder" s5 s1/base 2>"$tmp/err" >/dev/null; rc=$?
expect "bad patch: exit 1" [ $rc = 1 ]
expect "bad patch: names the patch" grep -q "0002-sub-change-c.patch does not apply" "$tmp/err"
expect "bad patch: names the file and hunk" grep -q "file f.c, hunk @@" "$tmp/err"
expect "bad patch: no tag left" [ -z "$(git -C "$repo" tag -l 's5/*')" ]
finish test-series

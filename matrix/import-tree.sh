#!/bin/sh
# import-tree.sh TARBALL DEST: unpack a kernel tarball into DEST and make it
# a git repository whose first commit is tagged `pristine`. Points of a
# series become commits on top, and each arch's worktree moves between them,
# so git rewrites only the files that differ and make rebuilds only those.
set -eu
. "$(dirname "$0")/lib.sh"
tarball=$1 dest=$2
[ -f "$tarball" ] || die "$tarball: no such file"
rm -rf "$dest.tmp"
mkdir -p "$dest.tmp"
step IMPORT "$tarball -> $dest"
tar -xf "$tarball" -C "$dest.tmp" --strip-components=1
cd "$dest.tmp"
git init -q
git config user.name kmatrix
git config user.email kmatrix@localhost
git config gc.auto 0
# The Debian tree's .gitignore ignores everything (/*): add by force.
git add -f -A
git commit -q -m "pristine: $(basename "$tarball")"
git tag pristine
cd /
rm -rf "$dest"
mv "$dest.tmp" "$dest"

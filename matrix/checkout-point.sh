#!/bin/sh
# checkout-point.sh REPO WORKTREE POINT: put the arch's worktree at POINT (a
# tag in REPO) and record the commit in WORKTREE.point. The record is
# rewritten only when the commit changes: it is the build's stamp.
set -eu
repo=$1 wt=$2 point=$3
rev=$(git -C "$repo" rev-parse -q --verify "refs/tags/$point^{commit}") || {
	echo "kmatrix: unknown point '$point'; known points: $(git -C "$repo" tag | tr '\n' ' ')" >&2
	exit 1
}
if [ ! -e "$wt/.git" ]; then
	mkdir -p "$(dirname "$wt")"
	git -C "$repo" worktree prune
	git -C "$repo" worktree add -q --detach "$wt" "$rev"
fi
if [ "$(git -C "$wt" rev-parse HEAD)" != "$rev" ]; then
	# A tree that someone edited by hand is not a point: refuse to mix.
	if ! git -C "$wt" diff --quiet HEAD; then
		echo "kmatrix: $wt has local changes; commit or reset them first" >&2
		exit 1
	fi
	git -C "$wt" checkout -q --detach "$rev"
fi
[ "$(cat "$wt.point" 2>/dev/null)" = "$rev" ] || echo "$rev" > "$wt.point"

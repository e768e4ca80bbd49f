#!/bin/sh
# checkout-point.sh REPO WORKTREE POINT SERIES: put the arch's worktree at
# POINT and record the commit in WORKTREE.point. POINT is `pristine`, a
# point of SERIES (base, rc1, 14-add-sa_immutable-to), or just a patch
# number (14). The record is rewritten only when the commit changes: it is
# the kernel build's stamp, so a tree that did not move rebuilds nothing.
#   checkout-point.sh --resolve REPO POINT SERIES: print the commit only.
set -eu
. "$(dirname "$0")/lib.sh"
if [ "$1" = --resolve ]; then
	resolve_point "$2" "$3" "$4"
	exit
fi
repo=$1 wt=$2 point=$3 series=$4
rev=$(resolve_point "$repo" "$point" "$series")
if [ ! -e "$wt/.git" ]; then
	mkdir -p "$(dirname "$wt")"
	# Cells of different arches may start at once (make -j): one at a time here.
	# A folder there without .git is what an interrupted `worktree add`
	# leaves (git checks the files out after making the folder): it holds
	# nothing of anyone's, and git refuses to add over it.
	flock "$repo/.kmatrix-worktrees.lock" sh -c '
		git -C "$1" worktree prune
		[ -e "$2/.git" ] && exit
		if [ -e "$2" ]; then
			echo "kmatrix: $2: removing the half-made worktree of an interrupted run" >&2
			rm -rf "$2"
		fi
		git -C "$1" worktree add -q --detach "$2" "$3"' sh "$repo" "$wt" "$rev"
fi
if [ "$(git -C "$wt" rev-parse HEAD)" != "$rev" ]; then
	# A tree someone edited by hand is not a point: refuse to mix the two.
	if ! git -C "$wt" diff --quiet HEAD; then
		die "$wt has local changes; commit or reset them first"
	fi
	git -C "$wt" checkout -q --detach "$rev"
fi
[ "$(cat "$wt.point" 2>/dev/null)" = "$rev" ] || echo "$rev" >"$wt.point"

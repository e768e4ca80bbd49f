#!/bin/sh
# with-lock.sh LOCKFILE WHAT COMMAND...: run COMMAND holding LOCKFILE, so
# that two runs on one WORK (a nightly that overruns into a person's run)
# take turns at a tree, a build directory or the series' tags instead of
# corrupting them. The second one says what it waits for, and for whom.
set -eu
lock=$1 what=$2
shift 2
mkdir -p "$(dirname "$lock")"
exec 9>>"$lock"
if ! flock -n 9; then
	echo "kmatrix: waiting for $what: in use by $(cat "$lock.owner" 2>/dev/null || echo 'another run')" >&2
	flock 9
	echo "kmatrix: got $what" >&2
fi
echo "pid $$, ${KMATRIX_RUN:-a run} (since $(date +%H:%M:%S))" >"$lock.owner"
"$@"

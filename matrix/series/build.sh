#!/bin/sh
# build.sh OUT: the series reader (series.h), built into OUT when it is
# missing or older than its sources. The Makefile runs it while it reads
# itself (what it knows of a series comes from the reader) and as the
# rule of $(HOSTBIN)/series. Written under another name, then renamed:
# two makes may build it at once. HOST_CC and HOST_CFLAGS as the host tools'.
set -eu
src=$(cd "$(dirname "$0")" && pwd)
out=$1
stale=
[ -x "$out" ] || stale=1
util=$src/../util
for f in "$src"/*.c "$src"/*.h "$util"/*.c "$util"/*.h "$0"; do
	[ -n "$stale" ] || [ "$out" -nt "$f" ] || stale=1
done
[ -n "$stale" ] || exit 0
mkdir -p "$(dirname "$out")"
${HOST_CC:-cc} ${HOST_CFLAGS:--O2 -g -Wall -Wextra -Werror -Wno-format-truncation -std=gnu11} \
	-I"$util" -o "$out.$$" "$src"/*.c "$util"/*.c
mv -f "$out.$$" "$out"

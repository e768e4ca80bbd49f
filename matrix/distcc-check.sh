#!/bin/sh
# distcc-check.sh ARCH POINT BUILD_ROOT RUN_DIR: prove that distcc works.
# Starts a distccd of our own on 127.0.0.1, builds ARCH at POINT through
# it in BUILD_ROOT (ccache off: every object really compiled), boots that
# kernel as a cell of RUN_DIR/distcc/, and checks from distccd's own log
# that compile jobs went through it, and that the cell's test results are
# the same as those of RUN_DIR's local ARCH-POINT cell.
set -u
arch=$1 point=$2 broot=$3 run=$(cd "$4" && pwd -P)
tmp=$(mktemp -d)
port=$((36320 + $$ % 100))
dpid=
# The daemon and its workers all go: they must not outlive the check.
cleanup() {
	[ -n "$dpid" ] && kill "$dpid" 2>/dev/null
	pkill -f -- "distccd .*--port $port" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tests/lib.sh"
chmod 755 "$tmp"
: >"$tmp/distccd.log" && chmod 666 "$tmp/distccd.log"
distccd --daemon --no-detach --user nobody --allow 127.0.0.1 --listen 127.0.0.1 --port "$port" \
	--jobs 2 --log-file "$tmp/distccd.log" --log-level info &
dpid=$!
sleep 1
kill -0 "$dpid" 2>/dev/null || die "distccd did not start"
rm -rf "${broot:?}/${arch:?}"
step DISTCC "$arch at $point through distccd on 127.0.0.1:$port (log: $run/distcc/cell.log)"
mkdir -p "$run/distcc"
start=$(now)
DISTCC_FALLBACK=0 $MAKE --no-print-directory cell ARCH="$arch" POINT="$point" CCACHE=0 \
	BUILD_ROOT="$broot" DISTCC_HOSTS="127.0.0.1:$port/2" RUN_DIR="$run/distcc" \
	>"$run/distcc/cell.log" 2>&1
secs=$(since "$start")
jobs=$(grep -c "COMPILE_OK" "$tmp/distccd.log")
cp "$tmp/distccd.log" "$run/distcc/distccd.log"
step DISTCC "$jobs compile jobs ran in distccd ($secs s for build and boot)"
expect "distccd compiled jobs for the build ($jobs)" [ "$jobs" -gt 0 ]
expect "the distcc cell built and booted" grep -q "^boot	ok" "$run/distcc/$arch-$point/cell.tsv"
grep '^test' "$run/$arch-$point/cell.tsv" | cut -f2,3 | sort >"$tmp/local"
grep '^test' "$run/distcc/$arch-$point/cell.tsv" 2>/dev/null | cut -f2,3 | sort >"$tmp/distcc"
expect "same test results as the local build ($(wc -l <"$tmp/local") results)" cmp -s "$tmp/local" "$tmp/distcc"
diff "$tmp/local" "$tmp/distcc" | sed 's/^/  /'
finish distcc-check

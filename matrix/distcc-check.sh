#!/bin/sh
# distcc-check.sh ARCH POINT BUILD_ROOT RUN_DIR LOCAL_BUILD_ROOT: prove that
# distcc works. Starts a distccd of our own on 127.0.0.1, rebuilds ARCH at
# POINT through it in BUILD_ROOT, boots that kernel as a cell of
# RUN_DIR/distcc/, and checks from distccd's own log that compile jobs went
# through it, and that the cell's test results are the same as those of
# RUN_DIR's local ARCH-POINT cell (each read by report query).
# Environment: MAKE, HOSTBIN (report).
#
# Not a second cold build (218 s of make check on the slowest machine): a
# copy of the matrix's own build of ARCH (LOCAL_BUILD_ROOT/ARCH), its cached
# kernels and the objects of kernel/ (signal.c, exit.c: the series' core)
# deleted. ccache stays in front, so the copy's command lines are the ones
# its objects were made with and kbuild keeps the rest; CCACHE_RECACHE makes
# ccache compile every object it is given, through distcc, never from cache.
set -u
arch=$1 point=$2 broot=$3 run=$(cd "$4" && pwd -P) lroot=$5
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
[ -f "$lroot/$arch/.config" ] || die "$lroot/$arch: no build of $arch to rebuild through distcc (run the matrix with ARCHES=$arch first)"
rm -rf "${broot:?}/${arch:?}"
mkdir -p "$broot"
cp -a "$lroot/$arch" "$broot/$arch"
rm -rf "$broot/$arch/images"
deleted=$(find "$broot/$arch/kernel" -name '*.o' -print -delete | wc -l)
step DISTCC "$arch at $point: $deleted objects of kernel/ again, through distccd on 127.0.0.1:$port (log: $run/distcc/cell.log)"
mkdir -p "$run/distcc"
start=$(now)
DISTCC_FALLBACK=0 CCACHE_RECACHE=1 $MAKE --no-print-directory cell ARCH="$arch" POINT="$point" CCACHE=1 \
	BUILD_ROOT="$broot" DISTCC_HOSTS="127.0.0.1:$port/2" RUN_DIR="$run/distcc" \
	>"$run/distcc/cell.log" 2>&1
secs=$(since "$start")
jobs=$(grep -c "COMPILE_OK" "$tmp/distccd.log")
cp "$tmp/distccd.log" "$run/distcc/distccd.log"
step DISTCC "$jobs compile jobs ran in distccd ($secs s for build and boot)"
expect "distccd compiled the deleted objects ($jobs jobs for $deleted objects)" [ "$jobs" -ge "$deleted" ]
expect "the distcc cell built and booted" [ "$("$HOSTBIN/report" query "$run/distcc/$arch-$point" boot 2>/dev/null | cut -f1)" = ok ]
"$HOSTBIN/report" query "$run/$arch-$point" tests | sort >"$tmp/local"
"$HOSTBIN/report" query "$run/distcc/$arch-$point" tests 2>/dev/null | sort >"$tmp/distcc"
expect "same test results as the local build ($(wc -l <"$tmp/local") results)" cmp -s "$tmp/local" "$tmp/distcc"
diff "$tmp/local" "$tmp/distcc" | sed 's/^/  /'
finish distcc-check

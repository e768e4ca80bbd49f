#!/bin/sh
# bench.sh: the matrix's benchmark (not a timed test). Env: MAKE, ARCHES
# (to measure), DEFCONFIG_ARCHES (also built from their full defconfig, the
# anchor linux-build-test builds), WORK, OUT (where bench.txt goes), and
# per arch the defconfig target as DEFCONFIG_<arch>.
# For each arch: a cold build of our config at base (own build directory,
# ccache off); the rebuild from base to rc1 (one point to the next, same
# directory); a no-op rerun of one cell; and, for DEFCONFIG_ARCHES, a cold
# build from the defconfig, given as a ratio to our cold build.
set -u
mkdir -p "$OUT"
out="$OUT/bench.txt"
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }
root="$WORK/build-bench"
{
	echo "kmatrix bench, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
	printf '%-10s %10s %14s %8s %12s %8s\n' arch cold base-rc1 ratio defconfig ratio
} | tee "$out"
for a in $ARCHES; do
	rm -rf "$root/$a"
	t=$(now)
	$MAKE --no-print-directory kernel ARCH="$a" POINT=base CCACHE=0 BUILD_ROOT="$root" >"$OUT/$a-cold.log" 2>&1 || echo "$a: cold build failed (see $OUT/$a-cold.log)"
	cold=$(secs "$t")
	t=$(now)
	$MAKE --no-print-directory kernel ARCH="$a" POINT=rc1 CCACHE=0 BUILD_ROOT="$root" >"$OUT/$a-p2p.log" 2>&1 || echo "$a: rebuild failed"
	p2p=$(secs "$t")
	dc=- dr=-
	for d in ${DEFCONFIG_ARCHES:-}; do
		[ "$d" = "$a" ] || continue
		eval "target=\${DEFCONFIG_$a:-defconfig}"
		t=$(now)
		$MAKE --no-print-directory bench-defconfig ARCH="$a" DEFCONFIG="$target" >"$OUT/$a-defconfig.log" 2>&1 || echo "$a: defconfig build failed"
		dc=$(secs "$t")
		dr=$(awk -v c="$cold" -v d="$dc" 'BEGIN { printf "%.2f", c / d }')
	done
	printf '%-10s %9ss %13ss %8s %11ss %8s\n' "$a" "$cold" "$p2p" \
		"$(awk -v c="$cold" -v p="$p2p" 'BEGIN { printf "%.2f", p / c }')" "$dc" "$dr" | tee -a "$out"
done
echo "(ratio = rebuild / cold; defconfig ratio = our cold build / the defconfig build)" | tee -a "$out"

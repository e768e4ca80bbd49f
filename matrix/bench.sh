#!/bin/sh
# bench.sh: the matrix's benchmark (not a timed test). Run by `make bench`;
# every figure goes to OUT/bench.txt (for people) and OUT/bench.tsv (for
# tools: figure, arch, point, seconds, goal, verdict).
#
# Environment: MAKE, HOSTBIN (report, which reads the cells' records), TOP, SRC, SERIES_NAME, ARCHES, POINTS, OUT,
# BENCH_ROOT (its own worktrees, build directories and ccache, so the
# user's caches are neither used nor disturbed), PHASES (any of
# "cold noop steps defconfig"), COLD_JOBS and NOOP_JOBS (make -j for the
# cells), NOOP_RUNS, STEPS_ARCH, DEFCONFIG_ARCHES and DEFCONFIG_<arch>.
#
#   cold      the default matrix from empty build directories, worktrees and
#             ccache (the imported tree is reused): its total time, and per
#             arch the cold build (first point) and each point-to-point
#             rebuild, with how many objects were compiled and how many
#             depend on a file the step changed (the least any make can do).
#             With COLD_JOBS > 1 the cells of different arches overlap, so
#             the per-arch seconds include waiting for the other arches:
#             compare them within an arch only.
#   noop      NOOP_RUNS reruns of the same matrix: total, and boot plus
#             tests per cell (medians)
#   steps     STEPS_ARCH rebuilt one patch at a time (ccache disabled), the
#             per-patch runs of a bisection
#   defconfig each DEFCONFIG_ARCHES arch built from its full defconfig, as a
#             ratio to our cold build of that arch
set -u
. "$TOP/matrix/lib.sh"
mkdir -p "$OUT"
txt="$OUT/bench.txt" tsv="$OUT/bench.tsv"
: >"$tsv"
ratio() { case "$1$2" in *-*) echo -; return;; esac; awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
	else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
verdict() { awk -v v="$1" -v g="$2" 'BEGIN { print (v != "-" && v + 0 <= g + 0) ? "met" : "NOT met" }'; }
say() { printf "$@" | tee -a "$txt"; }
record() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$tsv"; }
resolve() { resolve_point "$SRC" "$1" "$SERIES_NAME"; }
has() { case " $PHASES " in *" $1 "*) return 0;; esac; return 1; }

# The bench's own places; MAKEFLAGS is cleared so that -j is the bench's.
BMAKE="env MAKEFLAGS= $MAKE --no-print-directory TREE_ROOT=$BENCH_ROOT/tree BUILD_ROOT=$BENCH_ROOT/build CCACHE_DIR=$BENCH_ROOT/ccache"

: >"$txt"
say 'kmatrix bench, %s, %s cores, %s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$(nproc)" "$(uname -m)"
say 'arches: %s; points: %s; phases: %s\n' "$ARCHES" "$POINTS" "$PHASES"

# Objects under build dir $1 whose recorded dependencies name one of the
# files changed between commits $2 and $3 in worktree $4.
dependents() {
	git -C "$SRC" diff --name-only "$2" "$3" | sed "s|^|$4/|" >"$OUT/.changed"
	find "$1" -name '*.o.cmd' -print0 | xargs -0 grep -lF -f "$OUT/.changed" 2>/dev/null | wc -l
}
objects() { find "$1" -name '*.o.cmd' | wc -l; }
compiled() { grep -cE '^  (CC|AS) ' "$1"; }

if has cold; then
	rm -rf "$BENCH_ROOT/tree" "$BENCH_ROOT/build" "$BENCH_ROOT/ccache"
	git -C "$SRC" worktree prune
	say '\n== Cold default matrix (empty build directories, worktrees and ccache; cells -j%s)\n' "$COLD_JOBS"
	t=$(now)
	for a in $ARCHES; do
		$BMAKE tree ARCH="$a" POINT="$(set -- $POINTS; echo "$1")" >/dev/null || echo "bench: $a: worktree failed"
	done
	trees=$(since "$t")
	$BMAKE CELL_JOBS="$COLD_JOBS" matrix "ARCHES=$ARCHES" "POINTS=$POINTS" RESULTS="$OUT/cold" >"$OUT/cold.log" 2>&1
	rc=$?
	total=$(since "$t")
	say 'total %s s (worktrees %s s of it), matrix exit status %s; goal <= 1200 s: %s\n' \
		"$total" "$trees" "$rc" "$(verdict "$total" 1200)"
	record cold-matrix '*' '*' "$total" 1200 "$(verdict "$total" 1200)"
	say '%-10s %-12s %9s %7s %9s %10s  %s\n' arch step seconds ratio compiled "depend on" "(ratio = rebuild / cold build; goal <= 0.25)"
	for a in $ARCHES; do
		prev='' cold=''
		for p in $POINTS; do
			# Only a build that succeeded has a time worth comparing.
			s=$("$HOSTBIN/report" query "$OUT/cold/latest/$a-$p" build 2>/dev/null |
				while IFS="$(printf '\t')" read -r st secs _; do [ "$st" = ok ] && echo "$secs"; done)
			[ -n "$s" ] || s=-
			log="$OUT/cold/latest/$a-$p/build.log"
			n=$(compiled "$log" 2>/dev/null || echo -)
			if [ -z "$prev" ]; then
				cold=$s
				say '%-10s %-12s %9s %7s %9s %10s  of %s objects\n' "$a" "cold $p" "$s" - "$n" - "$(objects "$BENCH_ROOT/build/$a")"
				record cold-build "$a" "$p" "$s" - -
			else
				r=$(ratio "$s" "$cold")
				d=$(dependents "$BENCH_ROOT/build/$a" "$(resolve "$prev")" "$(resolve "$p")" "$BENCH_ROOT/tree/$a")
				say '%-10s %-12s %9s %7s %9s %10s  %s\n' "$a" "$prev->$p" "$s" "$r" "$n" "$d" "$(verdict "$r" 0.25)"
				record point-rebuild "$a" "$prev->$p" "$s" "0.25 x $cold" "$(verdict "$r" 0.25)"
			fi
			prev=$p
		done
		eval "cold_$a=\$cold"
	done
	say '(compiled: CC/AS lines of the build log; depend on: objects whose dependency list names a\n'
	say ' file the step changed, which no make can skip; the rest is linking and the config)\n'
fi

if has noop; then
	say '\n== No-op reruns of the default matrix (cells -j%s, %s runs)\n' "$NOOP_JOBS" "$NOOP_RUNS"
	: >"$OUT/noop.times"
	i=1
	while [ "$i" -le "$NOOP_RUNS" ]; do
		t=$(now)
		$BMAKE CELL_JOBS="$NOOP_JOBS" matrix "ARCHES=$ARCHES" "POINTS=$POINTS" RESULTS="$OUT/noop-$i" >"$OUT/noop-$i.log" 2>&1
		rc=$?
		s=$(since "$t")
		echo "$s" >>"$OUT/noop.times"
		rebuilt=$(grep -l '  KERNEL  ' "$OUT/noop-$i"/latest/*/build.log 2>/dev/null | wc -l)
		say 'run %s: %s s, exit status %s, kernels built: %s\n' "$i" "$s" "$rc" "$rebuilt"
		# Nothing changed, so nothing may be built, and the matrix must pass.
		[ "$rc" = 0 ] && [ "$rebuilt" = 0 ] || noop_bad="run $i built $rebuilt kernels, exit status $rc"
		i=$((i + 1))
	done
	m=$(median <"$OUT/noop.times")
	v=$(verdict "$m" 60)
	[ -z "${noop_bad:-}" ] || v="NOT met ($noop_bad)"
	say 'median %s s; goal <= 60 s: %s\n' "$m" "$v"
	record noop-matrix '*' '*' "$m" 60 "$v"
	say '\nBoot plus tests per cell, median of the %s runs (seconds):\n' "$NOOP_RUNS"
	say '%-10s' arch; for p in $POINTS; do say ' %8s' "$p"; done; say '\n'
	for a in $ARCHES; do
		say '%-10s' "$a"
		for p in $POINTS; do
			m=$(for d in "$OUT"/noop-*/latest; do
				"$HOSTBIN/report" query "$d/$a-$p" boot 2>/dev/null | cut -f2
			done | median)
			say ' %8s' "$m"
			record boot-and-tests "$a" "$p" "$m" - -
		done
		say '\n'
	done
fi

if has steps && [ -n "$STEPS_ARCH" ]; then
	a=$STEPS_ARCH
	say '\n== Per-patch rebuilds on %s (ccache disabled; one build directory)\n' "$a"
	# A cold build at base of its own, alone on the machine: the cold
	# phase's figures include waiting for other cells when COLD_JOBS > 1.
	rm -rf "$BENCH_ROOT/build/$a"
	t=$(now)
	CCACHE_DISABLE=1 $BMAKE kernel ARCH="$a" POINT=base >"$OUT/steps-base.log" 2>&1 || echo "bench: $a at base failed"
	cold=$(since "$t")
	say 'cold build at base: %s s\n' "$cold"
	record cold-build-alone "$a" base "$cold" - -
	eval "cold_alone_$a=\$cold"
	say '%-24s %9s %7s %9s %10s  %s\n' step seconds ratio compiled "depend on" "changed files"
	prev=base
	for p in $(series_points "$SRC" "$SERIES_NAME"); do
		t=$(now)
		if CCACHE_DISABLE=1 $BMAKE kernel ARCH="$a" POINT="$p" >"$OUT/steps-$p.log" 2>&1; then
			s=$(since "$t")
		else
			echo "bench: $a at $p failed (see $OUT/steps-$p.log)"; s=-
		fi
		d=$(dependents "$BENCH_ROOT/build/$a" "$(resolve "$prev")" "$(resolve "$p")" "$BENCH_ROOT/tree/$a")
		r=$(ratio "$s" "${cold:-0}")
		files=$(git -C "$SRC" diff --name-only "$(resolve "$prev")" "$(resolve "$p")" | tr '\n' ' ')
		say '%-24s %9s %7s %9s %10s  %s\n' "$(echo "$p" | cut -c1-24)" "$s" "$r" "$(compiled "$OUT/steps-$p.log")" "$d" "$files"
		record patch-rebuild "$a" "$p" "$s" "0.25 x ${cold:--}" "$(verdict "$r" 0.25)"
		prev=$p
	done
	say '(ratio to the cold build of %s at base just above, %s s)\n' "$a" "$cold"
fi

if has defconfig && [ -n "$DEFCONFIG_ARCHES" ]; then
	say '\n== Defconfig anchor (what linux-build-test builds; no ccache), at %s\n' "$(echo "$POINTS" | awk '{ print $NF }')"
	say '%-10s %-18s %10s %10s %7s  %s\n' arch defconfig seconds "our cold" ratio "(our cold / defconfig; goal <= 0.20)"
	for a in $DEFCONFIG_ARCHES; do
		# Our cold build alone on the machine if the steps phase measured
		# one (the defconfig build is alone too), else the cold phase's.
		eval "target=\${DEFCONFIG_$a:-defconfig}" "cold=\${cold_alone_$a:-\${cold_$a:-}}"
		t=$(now)
		# shellcheck disable=SC2154 # target is set by the eval above
		$BMAKE bench-defconfig ARCH="$a" DEFCONFIG="$target" DEFCONFIG_ROOT="$BENCH_ROOT/defconfig" \
			JOBS="$(nproc)" >"$OUT/$a-defconfig.log" 2>&1
		rc=$?
		s=$(since "$t")
		r=$(ratio "${cold:-0}" "$s")
		[ -n "$cold" ] || r=-
		v=$(verdict "$r" 0.20)
		# A build that did not finish is no anchor, whatever its time.
		[ "$rc" = 0 ] || v="FAILED (see $OUT/$a-defconfig.log)"
		say '%-10s %-18s %10s %10s %7s  %s\n' "$a" "$target" "$s" "${cold:--}" "$r" "$v"
		record defconfig-ratio "$a" "$target" "$s" 0.20 "$v"
	done
fi
rm -f "$OUT/.changed"
say '\nbench: %s and %s\n' "$txt" "$tsv"

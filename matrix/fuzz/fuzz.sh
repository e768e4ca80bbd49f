#!/bin/sh
# fuzz.sh FUZZ_BIN FUZZ_WORK SECONDS HARNESS...: make fuzz. Runs each
# harness's libFuzzer binary (FUZZ_BIN/fuzz-HARNESS) for SECONDS, seeded
# with matrix/fuzz/corpus/HARNESS and regressions/HARNESS; the corpus it
# grows is kept in FUZZ_WORK/corpus/HARNESS for the next run. Then lists
# what it found (FUZZ_WORK/findings/HARNESS/crash-*, timeout-*, ...), each
# with the line that says what it is, and fails if anything was found.
# FUZZ_FLAGS: more libFuzzer flags (the last of a flag wins).
set -u
bin=$1 work=$2 secs=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)

# The harnesses write each input into files under TMPDIR: in memory if
# the machine has /dev/shm (on a disk busy with a kernel build the cell
# harness ran 180 inputs a second, in /dev/shm 5000). Removed at the end
# (a crashed harness leaves its folder behind).
shm=/dev/shm
[ -d $shm ] && [ -w $shm ] || shm=$work
tmp=$(mktemp -d "$shm/kmatrix-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export TMPDIR="$tmp"
# Leaks are not looked for, neither per input (-detect_leaks=0) nor at
# exit: a report loads each cell once per process, and a loader's leak on
# an error path would stop every run at its first input.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
mkdir -p "$work"

for h in "$@"; do
	found=$work/findings/$h
	rm -rf "$found"
	mkdir -p "$found" "$work/corpus/$h"
	case $h in
	ktap) max_len=65536 ;;	# a whole console log
	*) max_len=16384 ;;	# long lines, and many of them
	esac
	echo "  FUZZ    $h, $secs s (log: $work/$h.log)"
	# -fork=1 with -ignore_*: a finding does not end the run, so one run
	# finds all it can. -close_fd_mask=2: the loaders' complaints about bad input are the
	# expected output, not news (libFuzzer keeps its own and the
	# sanitizers' reports).
	# shellcheck disable=SC2086
	"$bin/fuzz-$h" -max_total_time="$secs" -timeout=10 -max_len=$max_len \
		-dict="$here/$h.dict" -artifact_prefix="$found/" \
		-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
		-detect_leaks=0 -close_fd_mask=2 -print_final_stats=1 ${FUZZ_FLAGS:-} \
		"$work/corpus/$h" "$here/corpus/$h" $([ -d "$here/regressions/$h" ] && echo "$here/regressions/$h") \
		>"$work/$h.log" 2>&1
	rc=$?
	stats=$(grep -E '^#[0-9]+: cov:' "$work/$h.log" | tail -n1)
	echo "          ${stats:-no progress line: see the log} (exit $rc)"
done

n=0
for h in "$@"; do
	for f in "$work/findings/$h"/*; do
		[ -f "$f" ] || continue
		[ $n = 0 ] && echo "fuzz: findings (once fixed, keep each: cp FILE $here/regressions/$h/NAME):"
		n=$((n + 1))
		# What it is: for a crash, the sanitizer's summary or the broken
		# invariant, and the innermost frame in matrix/ outside the
		# harnesses, from running it again alone.
		where=
		case ${f##*/} in
		timeout-*) what="a hang: not done in 10 s" ;;
		oom-*) what="out of memory (over 2 GiB)" ;;
		*)	out=$("$bin/fuzz-$h" "$f" 2>&1)
			what=$(printf '%s\n' "$out" | grep -m1 -E 'SUMMARY: |invariant broken|ERROR: libFuzzer' |
				sed 's/^==[0-9]*==//; s/^[[:space:]]*//; s/ (.*BuildId: [0-9a-f]*)//')
			where=$(printf '%s\n' "$out" | grep -E '^ *#[0-9]+ 0x[0-9a-f]+ in ' | grep '/matrix/' |
				grep -v '/matrix/fuzz/' | sed -n '1s/.* in //p') ;;
		esac
		echo "  $h  $f"
		echo "        ${what:-(does not crash when run alone)}${where:+, at $where}"
	done
done
echo "fuzz: $*: $secs s each, $n finding$([ $n = 1 ] || echo s)"
[ $n = 0 ]

#!/bin/sh
# The replay of the fuzz corpora, a suite of make unit-tests: every seed and
# every regression (matrix/fuzz/{corpus,regressions}/HARNESS) through its
# harness, built by the ordinary cc with replay.c (HOSTBIN/fuzz-replay-*),
# plainly and under ASan and UBSan. A file that crashes, hangs or breaks an
# invariant fails. Leaks are not looked for, as in make fuzz (fuzz.sh).
# usage: replay.sh HOSTBIN
set -u
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR="$tmp"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
p=0 f=0
for h in $(cd "$here/corpus" && ls); do	# a harness a folder of seeds
	for b in "$bin/fuzz-replay-$h" "$bin/fuzz-replay-$h-asan"; do
		if [ ! -x "$b" ]; then
			echo "FAIL $b is not built (make unit-tests builds it)"
			f=$((f + 1))
			continue
		fi
		# A harness without regressions has no folder for them yet.
		out=$("$b" "$here/corpus/$h" $([ -d "$here/regressions/$h" ] && echo "$here/regressions/$h") 2>&1)
		l=$(printf '%s\n' "$out" | tail -n1)
		case $l in
		*": "[0-9]*" passed, "[0-9]*" failed") ;;
		*) echo "FAIL ${b##*/} ended without its closing line:"; printf '%s\n' "$out"; f=$((f + 1)); continue ;;
		esac
		# Only the failures: the suite's line is the sum.
		printf '%s\n' "$out" | sed '$d'
		p=$((p + $(echo "$l" | sed 's/.*: \([0-9]*\) passed.*/\1/')))
		f=$((f + $(echo "$l" | sed 's/.* \([0-9]*\) failed.*/\1/')))
	done
done
echo "fuzz-replay: $p passed, $f failed"
[ $f = 0 ]

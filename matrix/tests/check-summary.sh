#!/bin/sh
# check-summary.sh RUN_DIR: the closing line of make check, over the matrix
# (results as expected / unexpected, and cells that did not build, boot or
# report), the browser check, the KCIDB schema check, the distcc check, the named mutants (each must
# be killed), the coverage of one arch and the real-kernel fault checks. Exit status 1 if anything
# failed. As report's closing line ("matrix: N passed, N failed[, N
# flaky][, N unjudged]"), a flaky or unjudged result (no expectation names
# it) is counted apart: neither passed nor failed.
run=$1
m=$(jq -r '[.cells[] | .tests | length] | add // 0' "$run/summary.json")
u=$(jq -r '[.cells[] | .counts.unexpected] | add // 0' "$run/summary.json")
fl=$(jq -r '[.cells[] | .counts.flaky // 0] | add // 0' "$run/summary.json")
uj=$(jq -r '[.cells[] | .counts.unjudged // 0] | add // 0' "$run/summary.json")
pe=$(jq -r '[.cells[] | .counts.pre_existing // 0] | add // 0' "$run/summary.json")
b=$(jq -r '[.cells[] | select(.build.status != "ok" or .boot.status != "ok" or (.tests | length) == 0)] | length' "$run/summary.json")
# A check's closing line, "NAME: P passed, F failed", as "P F"; a check that
# left no such line is one failure.
counts() {	# NAME FILE
	sed -n "s/^$1: \\([0-9]*\\) passed, \\([0-9]*\\) failed\$/\\1 \\2/p" "$2" 2>/dev/null | tail -n1 | grep . || echo "0 1"
}
set -- $(counts check-html "$run/check-html.txt"); hp=$1 hf=$2
set -- $(counts distcc-check "$run/distcc-check.txt"); dp=$1 df=$2
set -- $(counts check-faults "$run/check-faults.txt"); fp=$1 ff=$2
set -- $(counts check-kcidb "$run/check-kcidb.txt"); kp=$1 kf=$2
set -- $(counts check-coverage "$run/check-coverage.txt"); cp=$1 cf=$2
set -- $(counts check-reproduce "$run/check-reproduce.txt"); rp=$1 rf=$2
# "mutants: K killed, S survived, I invalid of N (per arch: ...)"
mk=$(sed -n 's/^mutants: \([0-9]*\) killed, [0-9]* survived, [0-9]* invalid of \([0-9]*\) .*/\1/p' "$run/check-mutants.txt" 2>/dev/null)
mn=$(sed -n 's/^mutants: \([0-9]*\) killed, [0-9]* survived, [0-9]* invalid of \([0-9]*\) .*/\2/p' "$run/check-mutants.txt" 2>/dev/null)
[ -n "$mk" ] || { mk=0; mn=1; }
mf=$((mn - mk))
echo "check: $((m - u - fl - uj - pe + hp + kp + dp + mk + rp + cp + fp)) passed, $((u + b + hf + kf + df + mf + rf + cf + ff)) failed$(
	[ "$fl" = 0 ] || echo ", $fl flaky")$([ "$uj" = 0 ] || echo ", $uj unjudged")$([ "$pe" = 0 ] || echo ", $pe pre-existing")"
[ $((u + b + hf + kf + df + mf + rf + cf + ff)) = 0 ]

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
b=$(jq -r '[.cells[] | select(.build.status != "ok" or .boot.status != "ok" or (.tests | length) == 0)] | length' "$run/summary.json")
hp=$(sed -n 's/^check-html: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$run/check-html.txt" 2>/dev/null)
hf=$(sed -n 's/^check-html: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$run/check-html.txt" 2>/dev/null)
[ -n "$hp" ] || { hp=0; hf=1; }
dp=$(sed -n 's/^distcc-check: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$run/distcc-check.txt" 2>/dev/null)
df=$(sed -n 's/^distcc-check: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$run/distcc-check.txt" 2>/dev/null)
[ -n "$dp" ] || { dp=0; df=1; }
fp=$(sed -n 's/^check-faults: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$run/check-faults.txt" 2>/dev/null)
ff=$(sed -n 's/^check-faults: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$run/check-faults.txt" 2>/dev/null)
[ -n "$fp" ] || { fp=0; ff=1; }
kp=$(sed -n 's/^check-kcidb: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$run/check-kcidb.txt" 2>/dev/null)
kf=$(sed -n 's/^check-kcidb: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$run/check-kcidb.txt" 2>/dev/null)
[ -n "$kp" ] || { kp=0; kf=1; }
cp=$(sed -n 's/^check-coverage: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$run/check-coverage.txt" 2>/dev/null)
cf=$(sed -n 's/^check-coverage: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$run/check-coverage.txt" 2>/dev/null)
[ -n "$cp" ] || { cp=0; cf=1; }
# "mutants: K killed, S survived, I invalid of N (per arch: ...)"
mk=$(sed -n 's/^mutants: \([0-9]*\) killed, [0-9]* survived, [0-9]* invalid of \([0-9]*\) .*/\1/p' "$run/check-mutants.txt" 2>/dev/null)
mn=$(sed -n 's/^mutants: \([0-9]*\) killed, [0-9]* survived, [0-9]* invalid of \([0-9]*\) .*/\2/p' "$run/check-mutants.txt" 2>/dev/null)
[ -n "$mk" ] || { mk=0; mn=1; }
mf=$((mn - mk))
echo "check: $((m - u - fl - uj + hp + kp + dp + mk + cp + fp)) passed, $((u + b + hf + kf + df + mf + cf + ff)) failed$(
	[ "$fl" = 0 ] || echo ", $fl flaky")$([ "$uj" = 0 ] || echo ", $uj unjudged")"
[ $((u + b + hf + kf + df + mf + cf + ff)) = 0 ]

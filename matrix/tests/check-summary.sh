#!/bin/sh
# check-summary.sh RUN_DIR: the closing line of make check, over the matrix
# (results as expected / unexpected, and cells that did not build, boot or
# report) and the browser check. Exit status 1 if anything failed.
run=$1
m=$(jq -r '[.cells[] | .tests | length] | add // 0' "$run/summary.json")
u=$(jq -r '[.cells[] | .counts.unexpected] | add // 0' "$run/summary.json")
b=$(jq -r '[.cells[] | select(.build.status != "ok" or .boot.status != "ok" or (.tests | length) == 0)] | length' "$run/summary.json")
hp=$(sed -n 's/^check-html: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$run/check-html.txt" 2>/dev/null)
hf=$(sed -n 's/^check-html: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$run/check-html.txt" 2>/dev/null)
[ -n "$hp" ] || { hp=0; hf=1; }
echo "check: $((m - u + hp)) passed, $((u + b + hf)) failed"
[ $((u + b + hf)) = 0 ]

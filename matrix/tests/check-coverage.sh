#!/bin/sh
# check-coverage.sh RUN_DIR ARCH...: make check's look at a make coverage
# run: for each arch, the cell's results are as expected (the series' KUnit
# suites, which only its kernels build, among them), the report was
# written, every profile came back whole, and every changed line with code
# was run or has its reason in the series' unreachable list (a line no test
# runs is a hole in the tests), and, with a mutant catalogue, every line
# run is changed by a mutant or has its reason in the series' no-mutant
# list (a line no mutant changes is a check of the tests nobody measures).
set -u
. "$(dirname "$0")/lib.sh"
run=$1
shift
[ $# -gt 0 ] || echo "SKIP check-coverage: none of the run's arches has coverage (<arch>_COVERAGE in its arch file)"
for a in "$@"; do
	cell=$(ls -d "$run/$a"-* 2>/dev/null | head -n1)
	verdict=$(jq -r --arg a "$a" '[.cells[] | select(.arch == $a) | "\(.status), \(.counts.unexpected) unexpected"][0] // "no cell"' \
		"$run/summary.json" 2>/dev/null)
	expect "coverage $a: the cell's results as expected (${verdict:-no summary.json})" \
		sh -c "echo '$verdict' | grep -q '^ok, 0 unexpected'"
	tsv=$cell/coverage.tsv
	expect "coverage $a: coverage.tsv written (see coverage.log beside check-coverage.txt)" \
		sh -c "[ -n '$cell' ] && [ -s '$tsv' ]" || continue
	expect "coverage $a: every profile came back whole" \
		awk -F'\t' '$3 != 0 { bad = 1 } END { exit bad }' "$cell/coverage/data/profiles.tsv"
	holes=$(awk -F'\t' '$4 == "not-run" || $4 == "no-data" { print $2 ":" $3 " (" $1 ")" }' "$tsv")
	expect "coverage $a: every changed line with code run or excused${holes:+; not: $holes}" [ -z "$holes" ]
	[ -s "$cell/coverage/mutants.tsv" ] || continue
	unmeasured=$(awk -F'\t' 'NR > 1 && $4 == "run" && $8 == "" && $9 == "" { print $2 ":" $3 " (" $1 ")" }' "$tsv")
	expect "coverage $a: every changed line run has a mutant or a reason${unmeasured:+; not: $unmeasured}" [ -z "$unmeasured" ]
done
finish check-coverage

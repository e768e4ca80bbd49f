#!/bin/sh
# check-reproduce.sh MATRIX_RUN FAILING_RUN: the cells' reproducers, run in
# this clone. Every cell of MATRIX_RUN has its reproduce.sh. The first cell
# of FAILING_RUN (make check: its mutants run) with an unexpected result is
# reproduced twice: with the program that reported that result (the
# console's "# running NAME" before it), which must say the result fails
# again and exit 0; and with a program that does not exist, which must be
# an error result of its own and exit 1. Each is one short boot.
set -u
. "$(dirname "$0")/lib.sh"
matrix=$1 failing=$2
make_tmp

cells=$(jq '.cells | length' "$matrix/summary.json")
have=$(jq -r '.cells[] | .arch + "-" + .point' "$matrix/summary.json" |
	while read -r c; do [ -x "$matrix/$c/reproduce.sh" ] && echo "$c"; done | wc -l)
expect "a reproduce.sh in each of the $cells cells of $matrix ($have)" [ "$have" = "$cells" ]

set -- $(jq -r '[.cells[] | select(.status == "unexpected") | .arch + "-" + .point + " " +
	([.tests[] | select(.unexpected)][0].name)][0] // empty' "$failing/summary.json")
if ! expect "a cell with an unexpected result in $failing" [ $# = 2 ]; then
	finish check-reproduce
	exit
fi
cell=$failing/$1 test=$2
# The program whose output holds the result: results are indented under it
# (ours by their own name; a selftest's as <program>.<test>, its program's
# name first). The console's lines end in CR LF.
program=$(tr -d '\r' <"$cell/console.log" | awk -v t="$test" '/^# running / { p = $3 }
	/^ +not ok [0-9]+ / { n = $0; sub(/^ +not ok [0-9]+ /, "", n); sub(/ #.*/, "", n)
		if (n == t || p "." n == t) { print p; exit } }')
expect "the program of $test found in $cell/console.log" [ -n "$program" ] || { finish check-reproduce; exit; }

"$cell/reproduce.sh" "$program" >"$tmp/again" 2>&1
rc=$?
sed 's/^/  /' "$tmp/again"
expect "reproduce.sh $program: exit 0 (got $rc)" [ "$rc" = 0 ]
expect "reproduce.sh $program: $test fails again" grep -q "^  again: [a-z]* $test: " "$tmp/again"
expect "reproduce.sh $program: the same" grep -q "^reproduce .*: the same: " "$tmp/again"

"$cell/reproduce.sh" no_such_program >"$tmp/none" 2>&1
rc=$?
expect "reproduce.sh no_such_program: exit 1 (got $rc)" [ "$rc" = 1 ]
expect "reproduce.sh no_such_program: an error result of its own" \
	grep -q "NOT the same: error no_such_program now: kmatrix_only=no_such_program: no such program" "$tmp/none" ||
	sed 's/^/  /' "$tmp/none"
finish check-reproduce

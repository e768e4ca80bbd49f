#!/bin/sh
# Tests of report: good, failed, corrupt, truncated and missing cells.
# usage: test-report.sh HOSTBIN
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"
cell() {	# RUN ARCH-POINT CONTENT
	mkdir -p "$tmp/$1/$2"
	printf "$3" >"$tmp/$1/$2/cell.tsv"
}
jqval() { jq -r "$2" "$tmp/$1/summary.json"; }
good='arch\tx86_64\npoint\tbase\nbuild\tok\t12.5\t\nboot\tok\t1.5\t\nqemu\tqemu-system-x86_64 -append '"'"'a b'"'"'\ntest\tt_one\tpass\t\ndiag\tt_one\tsaw "quotes" and \\ backslash\ntest\tt_two\tskip\tno seccomp\n'

cell r1 x86_64-base "$good"
"$bin/report" --quiet "$tmp/r1"
expect "all good: exit 0" [ $? = 0 ]
expect "all good: valid JSON" jq -e . "$tmp/r1/summary.json" >/dev/null
expect "all good: test status" [ "$(jqval r1 '.cells[0].tests[0].status')" = pass ]
expect "all good: diagnostics kept, escaped" [ "$(jqval r1 '.cells[0].tests[0].diagnostics')" = 'saw "quotes" and \ backslash' ]
expect "all good: build seconds" [ "$(jqval r1 '.cells[0].build.seconds')" = 12.5 ]
expect "all good: junit.xml is well-formed" xmllint --noout "$tmp/r1/junit.xml"
expect "all good: summary.md has the grid" grep -q "^| x86_64 | ok: 1 pass, 0 fail, 1 skip |" "$tmp/r1/summary.md"
expect "all good: the skip has its reason" [ "$(jqval r1 '.cells[0].tests[1].reason')" = "no seccomp" ]

cell r2 x86_64-base "$good"
cell r2 sparc32-base 'arch\tsparc32\npoint\tbase\nbuild\tfailed\t3.0\tsignal_32.c:12: error: x\nboot\tnot-run\t0\tthe build failed\n'
cell r2 m68k-base 'arch\tm68k\npoint\tbase\nbuild\tok\t1.0\t\nGARBAGE LINE\n'
cell r2 s390x-base 'arch\ts390x\npoint\tbase\nbuild\tok\t1.0\t\n'
printf 'x86_64 base\nsparc32 base\nm68k base\ns390x base\npowerpc64 base\n' >"$tmp/r2/cells.list"
"$bin/report" --table "$tmp/r2" >"$tmp/r2.out"
expect "bad cells: exit 1" [ $? = 1 ]
expect "bad cells: still valid JSON with all five" [ "$(jqval r2 '.cells | length')" = 5 ]
expect "bad cells: run order from cells.list" [ "$(jqval r2 '[.cells[].arch] | join(" ")')" = "x86_64 sparc32 m68k s390x powerpc64" ]
expect "build failure keeps its first error" [ "$(jqval r2 '.cells[1].build.reason')" = "signal_32.c:12: error: x" ]
expect "corrupt cell: error with the line" [ "$(jqval r2 '.cells[2].boot.status + ": " + .cells[2].boot.reason')" = "error: corrupt cell.tsv at line 4" ]
expect "truncated cell: error" [ "$(jqval r2 '.cells[3].boot.reason')" = "cell.tsv has no boot line (truncated?)" ]
expect "missing cell: error" [ "$(jqval r2 '.cells[4].build.status')" = error ]
expect "table names the failed build" grep -q "sparc32 .*failed" "$tmp/r2.out"

# A test failure alone fails the run.
cell r3 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\tfail\texpected 1, got 0\n'
"$bin/report" --quiet "$tmp/r3"
expect "failing test: exit 1" [ $? = 1 ]
expect "failing test: a junit failure" grep -q '<failure message="fail, expected pass: expected 1, got 0"' "$tmp/r3/junit.xml"

# Expectations: an expected failure is fine, an unexpected pass is not.
printf '*\tbase\tt\tfail\n*\t*\t*\tpass\n' >"$tmp/expect.tsv"
"$bin/report" --expect "$tmp/expect.tsv" --quiet "$tmp/r3"
expect "expected failure: exit 0" [ $? = 0 ]
expect "expected failure: marked expected" [ "$(jqval r3 '.cells[0].tests[0].unexpected')" = false ]
cell r4 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\tpass\t\n'
"$bin/report" --expect "$tmp/expect.tsv" --quiet "$tmp/r4"
expect "unexpected pass: exit 1" [ $? = 1 ]
expect "unexpected pass: marked, with the expectation" [ "$(jqval r4 '.cells[0].tests[0] | "\(.expected) \(.unexpected)"')" = "fail true" ]

# compare: a new failure makes it exit 1 and is named; a fix alone does not.
cell ca x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tpass\t\ntest\tt2\tfail\tx\n'
cell cb x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tfail\tbroke\ntest\tt2\tpass\t\n'
cell cc x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tfailed\t1\terror: x\nboot\tnot-run\t0\t\n'
"$bin/report" --compare "$tmp/ca" "$tmp/cb" >"$tmp/cmp.out"
expect "compare: a new failure exits 1" [ $? = 1 ]
expect "compare: names the new failure" grep -q "NEW FAILURE   x86_64 base t1: pass -> fail" "$tmp/cmp.out"
expect "compare: names the fix" grep -q "fixed         x86_64 base t2" "$tmp/cmp.out"
"$bin/report" --compare "$tmp/cb" "$tmp/ca" >/dev/null
expect "compare: only a fix (and the reverse failure t2) exits 1 too" [ $? = 1 ]
"$bin/report" --compare "$tmp/ca" "$tmp/ca" >/dev/null
expect "compare: no change exits 0" [ $? = 0 ]
"$bin/report" --compare "$tmp/ca" "$tmp/cc" >"$tmp/cmp2.out"
expect "compare: a cell that stopped building is worse" grep -q "STOPPED" "$tmp/cmp2.out"

# No summary.json.tmp left behind (atomic rename).
expect "no temporary files left" [ -z "$(find "$tmp" -name '*.tmp*')" ]

finish test-report

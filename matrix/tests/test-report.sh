#!/bin/sh
# Tests of report: good, failed, corrupt, truncated and missing cells.
# usage: test-report.sh HOSTBIN
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"
cell() {	# RUN ARCH-POINT CONTENT: a cell, listed in the run's cells.list
	mkdir -p "$tmp/$1/$2"
	printf "$3" >"$tmp/$1/$2/cell.tsv"
	echo "$2" | sed 's/-/ /' >>"$tmp/$1/cells.list"
}
jqval() { jq -r "$2" "$tmp/$1/summary.json"; }
good='arch\tx86_64\npoint\tbase\nbuild\tok\t12.5\t\nboot\tok\t1.5\t\nqemu\tqemu-system-x86_64 -append '"'"'a b'"'"'\ntest\tt_one\tpass\t\ndiag\tt_one\tsaw "quotes" and \\ backslash\ntest\tt_two\tskip\tno seccomp\n'

cell r1 x86_64-base "$good"
"$bin/report" summary --quiet "$tmp/r1"
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
"$bin/report" summary --table "$tmp/r2" >"$tmp/r2.out"
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
"$bin/report" summary --quiet "$tmp/r3"
expect "failing test: exit 1" [ $? = 1 ]
expect "failing test: a junit failure" grep -q '<failure message="fail, expected pass: expected 1, got 0"' "$tmp/r3/junit.xml"

# Expectations: an expected failure is fine, an unexpected pass is not.
printf '*\tbase\tt\tfail\n*\t*\t*\tpass\n' >"$tmp/expect.tsv"
"$bin/report" --expect "$tmp/expect.tsv" summary --quiet "$tmp/r3"
expect "expected failure: exit 0" [ $? = 0 ]
expect "expected failure: marked expected" [ "$(jqval r3 '.cells[0].tests[0].unexpected')" = false ]
cell r4 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\tpass\t\n'
"$bin/report" --expect "$tmp/expect.tsv" summary --quiet "$tmp/r4"
expect "unexpected pass: exit 1" [ $? = 1 ]
expect "unexpected pass: marked, with the expectation" [ "$(jqval r4 '.cells[0].tests[0] | "\(.expected) \(.unexpected)"')" = "fail true" ]

# compare: a new failure makes it exit 1 and is named; a fix alone does not.
cell ca x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tpass\t\ntest\tt2\tfail\tx\n'
cell cb x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tfail\tbroke\ntest\tt2\tpass\t\n'
cell cc x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tfailed\t1\terror: x\nboot\tnot-run\t0\t\n'
"$bin/report" compare "$tmp/ca" "$tmp/cb" >"$tmp/cmp.out"
expect "compare: a new failure exits 1" [ $? = 1 ]
expect "compare: names the new failure" grep -q "NEW FAILURE   x86_64 base t1: pass -> fail" "$tmp/cmp.out"
expect "compare: names the fix" grep -q "fixed         x86_64 base t2" "$tmp/cmp.out"
"$bin/report" compare "$tmp/cb" "$tmp/ca" >/dev/null
expect "compare: only a fix (and the reverse failure t2) exits 1 too" [ $? = 1 ]
"$bin/report" compare "$tmp/ca" "$tmp/ca" >/dev/null
expect "compare: no change exits 0" [ $? = 0 ]
"$bin/report" compare "$tmp/ca" "$tmp/cc" >"$tmp/cmp2.out"
expect "compare: a cell that stopped building is worse" grep -q "STOPPED" "$tmp/cmp2.out"
# --by-test: one line per test and transition, with its arches and points.
cell ca m68k-base 'arch\tm68k\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tpass\t\ntest\tt3\tpass\t\n'
cell cb m68k-base 'arch\tm68k\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tfail\tbroke\ntest\tt4\tpass\t\n'
"$bin/report" compare --by-test "$tmp/ca" "$tmp/cb" >"$tmp/cmp5.out"
expect "compare --by-test: still exit 1 when worse" [ $? = 1 ]
expect "compare --by-test: a test broken on two arches is one line" grep -q "^  t1: pass -> fail (WORSE) on x86_64 base, m68k base (2)$" "$tmp/cmp5.out"
expect "compare --by-test: new and gone" sh -c "grep -q '^  t4: new -> pass on m68k base (1)$' '$tmp/cmp5.out' && grep -q '^  t3: pass -> gone on m68k base (1)$' '$tmp/cmp5.out'"
expect "compare --by-test: the count of lines" grep -q "^4 tests changed$" "$tmp/cmp5.out"
rm -rf "$tmp/ca/m68k-base" "$tmp/cb/m68k-base"; sed -i '/^m68k/d' "$tmp/ca/cells.list" "$tmp/cb/cells.list"

# report cell with a relative path (it dereferenced NULL before).
(cd "$tmp/r1" && "$bin/report" cell x86_64-base/cell.tsv >"$tmp/cell.out" 2>&1)
expect "cell: a relative path works" [ $? = 0 ]
expect "cell: prints the cell's line" grep -q "^  \[x86_64 base\] build ok" "$tmp/cell.out"
(cd "$tmp/r1/x86_64-base" && "$bin/report" cell . >/dev/null 2>&1)
expect "cell: the cell's folder works too" [ $? = 0 ]

# A run that is still going: cells not reached are pending, never errors.
cell live x86_64-base "$good"
printf 'x86_64 base\nm68k base\n' >"$tmp/live/cells.list"
printf 'started\t2026-12-03T10:00:00Z\n' >"$tmp/live/run.tsv"
"$bin/report" summary --quiet "$tmp/live"
expect "running: the cell not reached is pending in summary.md" grep -q "^| m68k | pending |" "$tmp/live/summary.md"
expect "running: not an error in summary.md" sh -c "! grep -q 'error' '$tmp/live/summary.md'"
expect "running: pending in index.html" grep -q 'data-arch="m68k" data-point="base" data-status="pending"' "$tmp/live/index.html"
expect "running: pending in summary.json" [ "$(jqval live '.cells[1].status')" = pending ]
printf 'ended\tcomplete 2026-12-03T10:09:00Z\n' >>"$tmp/live/run.tsv"
"$bin/report" summary --quiet "$tmp/live"
expect "ended: a cell that never finished is an error" [ "$(jqval live '.cells[1].build.status')" = error ]
sed -i 's/^ended.*/ended\tinterrupted 2026-12-03T10:09:00Z/' "$tmp/live/run.tsv"
"$bin/report" summary --quiet "$tmp/live"
expect "interrupted: the cell not run could not be judged (infra)" [ "$(jqval live '.cells[1].status')" = infra ]

# The run names its previous run: a report of one cell keeps the changes section.
cell prev x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt_one\tfail\tx\n'
printf 'x86_64 base\n' >"$tmp/prev/cells.list"
cp -r "$tmp/r1" "$tmp/cur" && printf 'x86_64 base\n' >"$tmp/cur/cells.list"
printf 'started\t2026-12-03T11:00:00Z\nprevious\t%s\n' "$tmp/prev" >"$tmp/cur/run.tsv"
"$bin/report" summary --quiet "$tmp/cur"
expect "previous: index.html has the changes since it without --previous" grep -q "Changes since the previous run (prev)" "$tmp/cur/index.html"
expect "previous: and the change itself" grep -q "<code>t_one</code>: fail &rarr; pass" "$tmp/cur/index.html"
"$bin/report" summary --previous "$tmp/nonexistent" --quiet "$tmp/cur" 2>"$tmp/prev.err"
expect "bad --previous: a warning naming it" grep -q "nonexistent is not a run" "$tmp/prev.err"
expect "bad --previous: the report is still written" grep -q "<h1>kmatrix run cur</h1>" "$tmp/cur/index.html"

# One definition of a run: a folder with a cells.list; history.html, a
# README, notes, bisect folders and the latest link are not runs.
res="$tmp/results"
mkdir -p "$res/notes" "$res/bisect-1"
cp -r "$tmp/prev" "$res/20261203-110000" && printf 'started\t2026-12-03T11:00:00Z\n' >"$res/20261203-110000/run.tsv"
cp -r "$tmp/prev" "$res/my-run" && printf 'started\t2026-12-03T12:00:00Z\n' >"$res/my-run/run.tsv"
echo '<html>' >"$res/history.html"; echo notes >"$res/README.md"
ln -s my-run "$res/latest"
expect "runs: exactly the two runs, oldest first" [ "$("$bin/report" runs "$res" | sed "s|$res/||" | tr '\n' ' ')" = "20261203-110000 my-run " ]
expect "runs: --except leaves one out" [ "$("$bin/report" runs --except "$res/latest" "$res" | sed "s|$res/||")" = 20261203-110000 ]
"$bin/report" compare "$res/history.html" "$res/my-run" >/dev/null 2>"$tmp/cmp.err"
expect "compare: a file that is not a run is a usage error (2)" [ $? = 2 ]
expect "compare: and says why" grep -q "history.html: not a run" "$tmp/cmp.err"
"$bin/report" history "$res"
expect "history: over the runs only" [ "$(grep -o '<th><a href=' "$res/history.html" | wc -l)" = 2 ]
expect "history: the last two runs' changes, by test (none here)" \
	sh -c "grep -q 'What changed from 20261203-110000 to my-run, by test' '$res/history.html' && grep -q 'No test changed' '$res/history.html'"
mkdir -p "$tmp/hist2"
cp -r "$tmp/ca" "$tmp/hist2/20261201-000000"; cp -r "$tmp/cb" "$tmp/hist2/20261202-000000"
"$bin/report" history "$tmp/hist2"
expect "history: a changed test, its transition and where" \
	grep -q '<tr><td><code>t1</code></td><td>pass -&gt; fail (worse)</td><td>x86_64 base</td></tr>' "$tmp/hist2/history.html"

# Infrastructure: a cell QEMU could not run is not judged, and compare says so.
cell inf x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tqemu-error\t0.1\tqemu-system-x86_64 not found (Debian package qemu-system-x86)\n'
"$bin/report" summary --quiet "$tmp/inf"
expect "infra: the cell's status" [ "$(jqval inf '.cells[0].status')" = infra ]
expect "infra: with its cause" [ "$(jqval inf '.cells[0].infra')" = "qemu-system-x86_64 not found (Debian package qemu-system-x86)" ]
expect "infra: shown apart in summary.md" grep -q "could not be judged: qemu-system-x86_64 not found" "$tmp/inf/summary.md"
expect "infra: a JUnit error, not a failure" sh -c "grep -q '<error type=\"infra\"' '$tmp/inf/junit.xml' && ! grep -q '<failure' '$tmp/inf/junit.xml'"
"$bin/report" compare "$tmp/r1" "$tmp/inf" >"$tmp/cmp3.out"
expect "infra: compare says could not be judged" grep -q "could not be judged x86_64 base" "$tmp/cmp3.out"
expect "infra: and not STOPPED" sh -c "! grep -q STOPPED '$tmp/cmp3.out'"

# A retried cell: a result that differs between the attempts is flaky.
cell fl x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\tpass\t\ntest\tu\tfail\tstill\n'
mkdir -p "$tmp/fl/x86_64-base/attempt1"
printf 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\tfail\tonce\ntest\tu\tfail\tstill\n' >"$tmp/fl/x86_64-base/attempt1/cell.tsv"
"$bin/report" summary --quiet "$tmp/fl"
expect "flaky: the status" [ "$(jqval fl '.cells[0].tests[0].status')" = flaky ]
expect "flaky: both outcomes in the reason" [ "$(jqval fl '.cells[0].tests[0].reason')" = "first attempt fail: once; second attempt pass" ]
expect "flaky: not unexpected" [ "$(jqval fl '.cells[0].tests[0].unexpected')" = false ]
expect "flaky: counted" [ "$(jqval fl '.cells[0].counts.flaky')" = 1 ]
expect "flaky: a failure twice is still unexpected" [ "$(jqval fl '.cells[0].tests[1].unexpected')" = true ]
# Unexpected in both attempts, with different statuses: a regression, not flaky.
cell fl2 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\terror\tcrashed\n'
mkdir -p "$tmp/fl2/x86_64-base/attempt1"
printf 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt\tfail\thung\n' >"$tmp/fl2/x86_64-base/attempt1/cell.tsv"
"$bin/report" summary --quiet "$tmp/fl2"
expect "unexpected twice (fail, then error): not flaky" [ "$(jqval fl2 '.cells[0].tests[0].status')" = error ]
expect "unexpected twice: unexpected, both outcomes in the reason" [ "$(jqval fl2 '.cells[0].tests[0] | "\(.unexpected) \(.reason)"')" = "true first attempt fail: hung; second attempt error: crashed" ]
# A program that timed out as a whole the first time, and reported its own
# results the second: its first failure is kept, as flaky, not dropped.
cell fl3 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tprog.sub\tpass\t\n'
mkdir -p "$tmp/fl3/x86_64-base/attempt1"
printf 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tprog\tfail\tTIMEOUT after 30 s\ntest\tother\tpass\t\n' >"$tmp/fl3/x86_64-base/attempt1/cell.tsv"
"$bin/report" summary --quiet "$tmp/fl3"
expect "first attempt only: the failure kept, flaky" [ "$(jqval fl3 '.cells[0].tests[1] | "\(.name) \(.status) \(.unexpected)"')" = "prog flaky false" ]
expect "first attempt only: the reason says so" [ "$(jqval fl3 '.cells[0].tests[1].reason')" = "first attempt fail: TIMEOUT after 30 s; the second attempt reported no result of this name" ]
expect "first attempt only: a pass is not carried" [ "$(jqval fl3 '.cells[0].tests | length')" = 2 ]
expect "first attempt only: the run says flaky" sh -c "'$bin/report' summary '$tmp/fl3' | grep -q '1 flaky'"
# A first attempt the host's load decided (boot infra) judged nothing: the
# second attempt's results stand alone, none flaky; a second infra is infra.
cell ld x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t9\t\nhost\t8.0\t0.4\ntest\tsignal\tpass\t\ntest\tother\tpass\t\n'
mkdir -p "$tmp/ld/x86_64-base/attempt1"
printf 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tinfra\t40\thost overloaded: QEMU waited for a CPU 35.0 s of the 38.0 s in which signal timed out (over 50%%)\nhost\t3.0\t35.0\ntest\tsignal\tfail\tTIMEOUT after 30 s\ntest\tother\tpass\t\n' >"$tmp/ld/x86_64-base/attempt1/cell.tsv"
"$bin/report" summary --quiet "$tmp/ld"
expect "first attempt infra: its TIMEOUT makes nothing flaky" [ "$(jqval ld '[.cells[0].tests[].status] | join(" ")')" = "pass pass" ]
expect "first attempt infra: the cell is ok" [ "$(jqval ld '.cells[0].status')" = ok ]
expect "first attempt infra: the retry says why" sh -c "jq -r '.cells[0].retry' '$tmp/ld/summary.json' | grep -q 'first attempt: boot infra: host overloaded'"
expect "host load: in summary.json" [ "$(jqval ld '.cells[0].boot.host | "\(.qemu_ran_s) \(.qemu_waited_s)"')" = "8 0.4" ]
expect "host load: none recorded is null" [ "$(jqval r1 '.cells[0].boot.host')" = null ]
expect "host load: a quiet host is not mentioned" sh -c "! '$bin/report' cell '$tmp/ld/x86_64-base' | grep -q 'host busy'"
cell ld2 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tinfra\t40\thost overloaded: QEMU waited\nhost\t3.0\t35.0\ntest\tsignal\tfail\tTIMEOUT after 30 s\n'
"$bin/report" summary --quiet "$tmp/ld2"
expect "infra twice: the cell is infra, the load its cause" [ "$(jqval ld2 '.cells[0].status + ": " + .cells[0].infra')" = "infra: host overloaded: QEMU waited" ]
expect "infra twice: not a failure of the run" sh -c "'$bin/report' summary '$tmp/ld2' | grep -q '^matrix: .* 0 failed'"
# A cell the host's load decided says nothing of the kernel: no flip
# along the points comes from it, and compare takes it for no baseline.
cell ldf x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tinfra\t40\thost overloaded: QEMU waited\ntest\tsignal\tfail\tTIMEOUT after 30 s\n'
cell ldf x86_64-rc1 'arch\tx86_64\npoint\trc1\nbuild\tok\t1\t\nboot\tok\t9\t\ntest\tsignal\tpass\t\n'
expect "infra cell: no flip from it" sh -c "! '$bin/report' summary --table '$tmp/ldf' | grep -q 'signal.*->'"
cell ldb x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t9\t\ntest\tsignal\tfail\tbroken\n'
"$bin/report" compare "$tmp/ldf" "$tmp/ldb" >"$tmp/ldcmp.out"
expect "infra baseline: a failure after it is worse (exit 1)" [ $? = 1 ]
expect "infra baseline: the failure is named" grep -q "x86_64 base signal" "$tmp/ldcmp.out"
# An infra second attempt: the cell is infra, nothing in it flaky.
cell ld4 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tinfra\t40\thost overloaded: QEMU waited\ntest\tsignal\tfail\tTIMEOUT after 30 s\n'
mkdir -p "$tmp/ld4/x86_64-base/attempt1"
printf 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t9\t\ntest\tsignal\tpass\t\n' >"$tmp/ld4/x86_64-base/attempt1/cell.tsv"
"$bin/report" summary --quiet "$tmp/ld4"
expect "infra second attempt: nothing flaky" [ "$(jqval ld4 '.cells[0].tests[0].status')" = fail ]
expect "infra second attempt: the cell is infra, its failure unjudged" [ "$(jqval ld4 '"\(.cells[0].status) \(.cells[0].tests[0].unjudged)"')" = "infra true" ]
cell ld3 x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t40\t\nhost\t3.0\t35.0\ntest\tsignal\tpass\t\n'
expect "host load: a busy host is said" sh -c "'$bin/report' cell '$tmp/ld3/x86_64-base' | grep -q 'host busy: QEMU waited for a CPU 35.0 s of the boot.s 40.0 s'"
expect "infra twice: its failed result is unjudged" [ "$(jqval ld2 ".cells[0].tests[0].unjudged")" = true ]

# A full disk: a clear error, the earlier reports intact, no temporary file.
if mkdir -p "$tmp/small" && mount -t tmpfs -o size=64k tmpfs "$tmp/small" 2>/dev/null; then
	cp -r "$tmp/r1" "$tmp/big"
	{ printf 'diag\tt_one\t'; head -c 30000 /dev/zero | tr '\0' x; echo; } >>"$tmp/big/x86_64-base/cell.tsv"
	cp -r "$tmp/big" "$tmp/small/run"
	cp "$tmp/small/run/summary.json" "$tmp/json.before"
	dd if=/dev/zero of="$tmp/small/fill" bs=1k count=64 2>/dev/null
	"$bin/report" summary --quiet "$tmp/small/run" 2>"$tmp/enospc.err"
	expect "ENOSPC: exit non-zero" [ $? != 0 ]
	expect "ENOSPC: names the problem" grep -q "No space left on device" "$tmp/enospc.err"
	expect "ENOSPC: the earlier summary.json is intact" cmp -s "$tmp/json.before" "$tmp/small/run/summary.json"
	expect "ENOSPC: no temporary file left" [ -z "$(find "$tmp/small" -name '*.tmp*')" ]
	umount "$tmp/small"
else
	echo "SKIP ENOSPC: cannot mount a small tmpfs here (needs root)"
fi

# ---- a `make mutants` run: each cell judged by the base point's expectations ----
printf '*\tfixed\tt\tpass\n*\tbase\tt\tfail\n' >"$tmp/mexpect.tsv"
mcell() {	# ARCH POINT BUILD STATUS
	cell mu "$1-$2" "arch\t$1\npoint\t$2\nbuild\t$3\t1\t$([ "$3" = ok ] || echo 'k.c:1: error: x')\nboot\t$([ "$3" = ok ] && echo ok || echo not-run)\t1\t\n$([ "$3" = ok ] && echo "test\tt\t$4\t")\n"
}
mcell x86_64 m01-kill-here ok fail
mcell m68k m01-kill-here ok pass
mcell x86_64 m02-invisible ok fail
mcell m68k m02-invisible ok pass
mcell x86_64 m03-no-build failed
mcell x86_64 m04-unreached ok pass
{
	printf 'catalogue\t/cat\tfixed\n'
	printf 'mutant\tm01-kill-here\t14\t01-a.patch\tsignal: one\n'
	printf 'touches\tm01-kill-here\tx86_64\tkernel/signal.c\ntouches\tm01-kill-here\tm68k\tkernel/signal.c\n'
	printf 'mutant\tm02-invisible\t16\t02-b.patch\tsignal: two\n'
	printf 'touches\tm02-invisible\tx86_64\tkernel/seccomp.c\ntouches\tm02-invisible\tm68k\tkernel/seccomp.c\n'
	printf 'Invisible-on\tm02-invisible\tsparc32 m68k\tno seccomp filter\n'
	printf 'mutant\tm03-no-build\t06\t03-c.patch\ts390: three\ntouches\tm03-no-build\tx86_64\tarch/x86/c.c\n'
	printf 'mutant\tm04-unreached\t01\t04-d.patch\tm68k: four\ntouches\tm04-unreached\tx86_64\tarch/x86/d.c\n'
	printf 'Unreachable-under-QEMU\tm04-unreached\tx86_64\tQEMU has no FPSP\n'
} >"$tmp/mu/mutants.tsv"
"$bin/report" --expect "$tmp/mexpect.tsv" summary --table "$tmp/mu" >"$tmp/mu.out"
expect "mutants: a survivor makes exit 1" [ $? = 1 ]
expect "mutants: closes with the mutants line, not the matrix's" sh -c "grep -q '^mutants: ' '$tmp/mu.out' && ! grep -q '^matrix: ' '$tmp/mu.out'"
mj() { jq -r "$1" "$tmp/mu/mutants.json"; }
expect "mutants: judged by the base point's expectations (killed)" [ "$(mj '.mutants[0].arches[0] | "\(.verdict) \(.detail)"')" = "killed t" ]
expect "mutants: a survival on an arch it touches" [ "$(mj '.mutants[0].arches[1].verdict')" = survived ]
expect "mutants: survived anywhere is survived" [ "$(mj '.mutants[0].verdict')" = survived ]
expect "mutants: Invisible-on excuses that arch only" [ "$(mj '.mutants[1] | "\(.verdict) \(.arches[1].verdict): \(.arches[1].detail)"')" = "killed invisible: no seccomp filter" ]
expect "mutants: a build failure is invalid, with its error" [ "$(mj '.mutants[2].arches[0] | "\(.verdict) \(.detail)"')" = "invalid k.c:1: error: x" ]
expect "mutants: unreachable under QEMU, with the reason" [ "$(mj '.mutants[3].verdict')" = "unreachable under QEMU" ]
expect "mutants: the closing line" grep -qx 'mutants: 1 killed, 1 survived, 1 invalid of 4 (per arch: x86_64 2/3 m68k 0/1)' "$tmp/mu.out"
expect "mutants: the excused are counted apart" grep -q '^mutants: 1 not counted' "$tmp/mu.out"
expect "mutants: mutants.md names the killing test" grep -q '| `m01-kill-here` | 14 | signal: one | killed: t | \*\*survived\*\* |' "$tmp/mu/mutants.md"
expect "mutants: a section of index.html" grep -q '<h2>Mutants</h2>' "$tmp/mu/index.html"
expect "mutants: report cell judges by the base too" sh -c "'$bin/report' --expect '$tmp/mexpect.tsv' cell '$tmp/mu/x86_64-m01-kill-here' | grep -q unexpected"
rm "$tmp/mu/x86_64-m01-kill-here/cell.tsv" "$tmp/mu/m68k-m01-kill-here/cell.tsv" "$tmp/mu/x86_64-m03-no-build/cell.tsv"
printf 'started\t2026-12-03T00:00:00Z\n' >"$tmp/mu/run.tsv"	# and not ended: the run goes on
"$bin/report" --expect "$tmp/mexpect.tsv" summary "$tmp/mu" >"$tmp/mu.out"
expect "mutants: while cells are still to run, not a pass" [ $? = 1 ]
expect "mutants: cells not run yet are not judged" grep -q '^mutants: 1 killed, 0 survived, 0 invalid of 4' "$tmp/mu.out"
printf 'ended\tcomplete 2026-12-03T00:01:00Z\n' >>"$tmp/mu/run.tsv"
"$bin/report" --expect "$tmp/mexpect.tsv" summary "$tmp/mu" >"$tmp/mu.out"
expect "mutants: a cell that never ran (the run stopped) is not invalid" grep -q '^mutants: 1 killed, 0 survived, 0 invalid of 4' "$tmp/mu.out"
expect "mutants: ... but not judged" grep -q '2 not judged' "$tmp/mu.out"

# A hang or panic while a test ran is that test's catch; one before any
# result says nothing of the tests.
cell mu2 x86_64-m05-hangs 'arch\tx86_64\npoint\tm05-hangs\nbuild\tok\t1\t\nboot\ttimeout\t91\tconsole silent for 90 s\ntest\tt\terror\t1 of 4 results, then: no result line\n'
cell mu2 x86_64-m06-panics 'arch\tx86_64\npoint\tm06-panics\nbuild\tok\t1\t\nboot\tpanic\t2\tKernel panic - not syncing: x\n'
cell mu2 x86_64-m07-qemu-died 'arch\tx86_64\npoint\tm07-qemu-died\nbuild\tok\t1\t\nboot\tqemu-abort\t5\tQEMU died by signal 9 while the kernel ran\ntest\tt\terror\t1 of 4 results, then: no result line\n'
{
	printf 'catalogue\t/cat\tfixed\n'
	printf 'mutant\tm05-hangs\t08\t05-e.patch\tsignal: five\ntouches\tm05-hangs\tx86_64\tkernel/signal.c\n'
	printf 'mutant\tm06-panics\t08\t06-f.patch\tsignal: six\ntouches\tm06-panics\tx86_64\tkernel/signal.c\n'
	printf 'mutant\tm07-qemu-died\t08\t07-g.patch\tsignal: seven\ntouches\tm07-qemu-died\tx86_64\tkernel/signal.c\n'
} >"$tmp/mu2/mutants.tsv"
printf 'ended\tcomplete 2026-12-03T00:01:00Z\n' >"$tmp/mu2/run.tsv"
"$bin/report" --expect "$tmp/mexpect.tsv" summary "$tmp/mu2" >"$tmp/mu2.out"
expect "mutants: a hang while a test ran is killed, by that test" [ "$(jq -r '.mutants[0].arches[0] | "\(.verdict) \(.detail)"' "$tmp/mu2/mutants.json")" = "killed t (the boot: timeout, console silent for 90 s)" ]
expect "mutants: a panic before any result is invalid" [ "$(jq -r '.mutants[1].arches[0].verdict' "$tmp/mu2/mutants.json")" = invalid ]
printf 'mutant\tm08-elsewhere\t08\t08-h.patch\tsparc: eight\n' >>"$tmp/mu2/mutants.tsv"
"$bin/report" --expect "$tmp/mexpect.tsv" summary "$tmp/mu2" >"$tmp/mu2.out"
expect "mutants: one that touches none of the run's arches is said so" grep -q "^mutants: 1 touch none of the run's arches" "$tmp/mu2.out"
expect "mutants: ... and is not 'not judged'" sh -c "! grep -q '[1-9] not judged' '$tmp/mu2.out'"
expect "mutants: QEMU dying under a test is no kill" [ "$(jq -r '.mutants[2].arches[0].verdict' "$tmp/mu2/mutants.json")" != killed ]

# No summary.json.tmp left behind (atomic rename).
expect "no temporary files left" [ -z "$(find "$tmp" -name '*.tmp*')" ]


# kcidb.json: KCIDB's statuses (view_kcidb.c's table), a build per cell
# and a boot test, result names made paths KCIDB accepts, kept apart.
kc() { jq -r "$2" "$tmp/$1/kcidb.json"; }
cell kc x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t2.0\t\nboot\tok\t1.5\t\ntest\tt/one two:3\tpass\t\ntest\tx..y.\txfail\t\ntest\tdup\tfail\tboom\ntest\tdup#2\terror\t\n'
cell kc sparc32-base 'arch\tsparc32\npoint\tbase\nbuild\tfailed\t3.0\tsignal_32.c:12: error: x\nboot\tnot-run\t0\tthe build failed\n'
printf 'started\t2026-12-07T05:00:00Z\ntree\tlinux-source-6.1\tx\nseries\tforced-exit\t/s\npatchfile\t/s/0001-a.patch\npatchset\t%064d\n' 0 >"$tmp/kc/run.tsv"
"$bin/report" summary --quiet "$tmp/kc"
expect "kcidb: valid JSON, version 5.3" [ "$(kc kc '"\(.version.major).\(.version.minor)"')" = 5.3 ]
expect "kcidb: one checkout, its patchset" [ "$(kc kc '.checkouts[0].patchset_files[0].name + " " + .checkouts[0].patchset_files[0].url')" = "0001-a.patch file:///s/0001-a.patch" ]
expect "kcidb: a build per cell, failed is FAIL" [ "$(kc kc '[.builds[].status] | join(" ")')" = "PASS FAIL" ]
expect "kcidb: the boots: ok PASS, not-run MISS" [ "$(kc kc '[.tests[] | select(.path == "boot") | .status] | join(" ")')" = "PASS MISS" ]
expect "kcidb: paths of the schema's form" [ "$(kc kc '[.tests[] | select(.path != "boot") | .path] | join(" ")')" = "t_one_two_3 x._.y._ dup dup_2" ]
expect "kcidb: xfail is DONE, error ERROR" [ "$(kc kc '[.tests[] | select(.path != "boot") | .status] | join(" ")')" = "PASS DONE FAIL ERROR" ]
expect "kcidb: the result's own name and verdict in misc" [ "$(kc kc '.tests[1].misc.name + " " + .tests[1].misc.verdict')" = "t/one two:3 expected" ]
expect "kcidb: ids unique" [ "$(kc kc '[.tests[].id] | length')" = "$(kc kc '[.tests[].id] | unique | length')" ]
if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	expect "kcidb: valid against KCIDB v5.3 (check-kcidb.sh)" sh -c "'$(dirname "$0")/check-kcidb.sh' '$tmp/kc' | grep -q '^check-kcidb: [0-9]* passed, 0 failed'"
else
	echo "SKIP kcidb: the schema check: Debian's python3-jsonschema is not installed (make check installs it and checks the matrix run's kcidb.json)"
fi

# Another tree: the run names it (every view), a known break of the tree is
# shown with its reason and fails nothing, and offsets are listed.
cell kb sparc32-pristine 'arch\tsparc32\npoint\tpristine\nbuild\tfailed\t3.0\tfs/fcntl.c:1: error: BUILD_BUG_ON\nboot\tnot-run\t0\tthe build failed\n'
cell kb m68k-pristine 'arch\tm68k\npoint\tpristine\nbuild\tfailed\t3.0\terror: other\nboot\tnot-run\t0\tthe build failed\n'
printf 'kernel\t6.12.118\ntree\tlinux-source-6.12\tlinux-source-6.12 6.12.118-1~deb12u1\noffset\t0016-x.patch\tHunk #1 succeeded at 1703 (offset -11 lines).\nnote\tsparc32: no kernel selftests: no C library\n' >"$tmp/kb/run.tsv"
printf '# known\nsparc32\t*\tbuild\tfs/fcntl.c\tfcntl_init BUILD_BUG_ON: a break of this tree\nm68k\t*\tbuild\tfs/fcntl.c\tnot this error\n' >"$tmp/kb/known-breaks.tsv"
"$bin/report" summary --table "$tmp/kb" >"$tmp/kb.out"
expect "known break: the other failed build still fails the run" [ $? = 1 ]
expect "known break: its cell status" [ "$(jqval kb '.cells[0].status')" = known-break ]
expect "known break: its reason in JSON" [ "$(jqval kb '.cells[0].known_break')" = "fcntl_init BUILD_BUG_ON: a break of this tree" ]
expect "known break: counts as ok" [ "$(jqval kb '.cells[0].ok')" = true ]
expect "known break: another first error of a listed cell does not" [ "$(jqval kb '.cells[1].status')" = failed ]
expect "known break: junit skips it, with the reason" grep -q '<skipped message="build failed, a known break of this tree: fcntl_init' "$tmp/kb/junit.xml"
expect "known break: the table says so" grep -q "KNOWN BREAK of the tree: fcntl_init" "$tmp/kb.out"
expect "tree: named in the table" grep -q "^kernel 6.12.118 (linux-source-6.12 6.12.118-1~deb12u1)" "$tmp/kb.out"
expect "tree: named in summary.md" grep -q "^kernel 6.12.118 (linux-source-6.12 6.12.118-1~deb12u1)" "$tmp/kb/summary.md"
expect "tree: named in index.html" grep -q 'id="subject">kernel 6.12.118 (linux-source-6.12 6.12.118-1~deb12u1)' "$tmp/kb/index.html"
expect "tree: named in JSON" [ "$(jqval kb '.tree.name')" = linux-source-6.12 ]
expect "tree: named in junit.xml" grep -q '<property name="tree" value="linux-source-6.12 6.12.118-1~deb12u1"/>' "$tmp/kb/junit.xml"
expect "offsets: listed in summary.md" grep -q "^- 0016-x.patch: Hunk #1 succeeded at 1703 (offset -11 lines)." "$tmp/kb/summary.md"
expect "offsets: a closed list in index.html" grep -q "^<li><code>0016-x.patch: Hunk #1 succeeded at 1703 (offset -11 lines).</code></li>$" "$tmp/kb/index.html"
expect "offsets: no markup shown as text" sh -c '! grep -q "&lt;/ul" "$1"' sh "$tmp/kb/index.html"
expect "offsets: in JSON" [ "$(jqval kb '.tree.offsets[0]')" = "0016-x.patch: Hunk #1 succeeded at 1703 (offset -11 lines)." ]
# A run's notes (an arch without kernel selftests, say) are shown once in each view.
expect "notes: in the table" [ "$(grep -c "^Note: sparc32: no kernel selftests: no C library" "$tmp/kb.out")" = 1 ]
expect "notes: in summary.md" grep -q "^Note: sparc32: no kernel selftests: no C library" "$tmp/kb/summary.md"
expect "notes: in index.html" grep -q '<p class="note">Note: sparc32: no kernel selftests: no C library</p>' "$tmp/kb/index.html"
expect "notes: in JSON" [ "$(jqval kb '.notes[0]')" = "sparc32: no kernel selftests: no C library" ]
sed -i '/^sparc32/d' "$tmp/kb/known-breaks.tsv"
"$bin/report" summary --quiet "$tmp/kb"
expect "known break: gone from the file, the cell fails again" [ "$(jqval kb '.cells[0].status')" = failed ]
"$bin/report" cell "$tmp/kb/sparc32-pristine" >/dev/null
expect "known break: report cell judges by the run's file too" [ $? = 1 ]

# A series that does not apply to the tree: the run says so, with no patch list.
printf 'kernel\t6.12.118\ntree\tlinux-source-6.12\tlinux-source-6.12 6.12.118-1~deb12u1\nseries\tforced-exit\t/s\nseries-error\t0015-x.patch does not apply; file kernel/signal.c, hunk @@ -1 +1 @@\n' >"$tmp/kb/run.tsv"
"$bin/report" summary --table "$tmp/kb" >"$tmp/kb2.out"
expect "series error: named in the table" grep -q "series forced-exit, which does not apply to this tree: 0015-x.patch does not apply; file kernel/signal.c" "$tmp/kb2.out"
expect "series error: in JSON" [ "$(jqval kb '.tree.series_error')" = "0015-x.patch does not apply; file kernel/signal.c, hunk @@ -1 +1 @@" ]

# compare between trees: the changes are shown, none is a regression.
cp -r "$tmp/ca" "$tmp/ta" && cp -r "$tmp/cb" "$tmp/tb"
printf 'kernel\t6.1.158\ntree\tlinux-source-6.1\tlinux-source-6.1 6.1.158-1\n' >"$tmp/ta/run.tsv"
printf 'kernel\t6.12.118\ntree\tlinux-source-6.12\tlinux-source-6.12 6.12.118-1~deb12u1\n' >"$tmp/tb/run.tsv"
"$bin/report" compare "$tmp/ta" "$tmp/tb" >"$tmp/cmp3.out"
expect "compare across trees: exit 0" [ $? = 0 ]
expect "compare across trees: says so" grep -q "different kernel trees (linux-source-6.1, linux-source-6.12)" "$tmp/cmp3.out"
expect "compare across trees: still lists the change" grep -q "x86_64 base t1: pass -> fail" "$tmp/cmp3.out"
printf 'kernel\t6.1.158\ntree\tlinux-source-6.1\tlinux-source-6.1 6.1.158-1\n' >"$tmp/tb/run.tsv"
"$bin/report" compare "$tmp/ta" "$tmp/tb" >/dev/null
expect "compare on one tree: the new failure is worse again" [ $? = 1 ]
# compare between series: as between trees, listed, none judged worse; and
# the runs of one series are its own history (report runs --series).
printf 'kernel\t6.1.158\ntree\tlinux-source-6.1\tx\nseries\tforced-exit\t/s\n' >"$tmp/ta/run.tsv"
printf 'kernel\t6.1.158\ntree\tlinux-source-6.1\tx\nseries\tm68k-comment\t/m\n' >"$tmp/tb/run.tsv"
"$bin/report" compare "$tmp/ta" "$tmp/tb" >"$tmp/cmp4.out"
expect "compare across series: exit 0" [ $? = 0 ]
expect "compare across series: says so" grep -q "different series (forced-exit, m68k-comment)" "$tmp/cmp4.out"
expect "compare across series: still lists the change" grep -q "x86_64 base t1: pass -> fail" "$tmp/cmp4.out"
mkdir -p "$tmp/hist"
cp -r "$tmp/ta" "$tmp/hist/20261201-000000"; cp -r "$tmp/tb" "$tmp/hist/20261202-000000"
expect "runs --series: only that series' runs" \
	[ "$("$bin/report" runs --series forced-exit "$tmp/hist" | sed 's|.*/||')" = 20261201-000000 ]
expect "runs: every run without it" [ "$("$bin/report" runs "$tmp/hist" | wc -l)" = 2 ]
# Runs from before the tree line: a point release is the same tree, a minor release is not.
printf 'kernel\t6.1.158\n' >"$tmp/ta/run.tsv"; printf 'kernel\t6.1.159\n' >"$tmp/tb/run.tsv"
"$bin/report" compare "$tmp/ta" "$tmp/tb" >/dev/null
expect "compare, old runs: 6.1.158 and 6.1.159 are one tree" [ $? = 1 ]
printf 'kernel\t6.12.1\n' >"$tmp/tb/run.tsv"
"$bin/report" compare "$tmp/ta" "$tmp/tb" >/dev/null
expect "compare, old runs: 6.1 and 6.12 are two" [ $? = 0 ]

# ---- any input: whatever the guest printed, every report stays valid ----
# An invalid byte, an overlong form, an encoded surrogate, ESC sequences, DEL,
# a C1 control (NEL), U+FFFE (no XML character), an emoji (kept), `|`,
# backticks and a backslash before a pipe, and seconds that are no number.
nasty='test\tbad\377name\300\257\355\240\200\tfail\treason \033[31mred\033[0m\ntest\tpipe|and`tick`\tfail\ta | b `c` \\| d\ndiag\tpipe|and`tick`\ttitle \033]0;pwned\007 \001 end\ntest\tdel\177c1\302\205nc\357\277\276\tpass\t\360\237\230\200\ntest\t`lead\tskip\t\\\\\n'
cell any x86_64-base "arch\tx86_64\npoint\tbase\nbuild\tok\tnan\t\nboot\tok\tinf\t\n$nasty"
cell any x86_64-rc1 "arch\tx86_64\npoint\trc1\nbuild\tok\t-inf\tgcc \033[1merror\033[0m | x\nboot\tok\tNaN\t\n$(printf "$nasty" | sed 's/\tfail\t/\tpass\t/')\n"
"$bin/report" summary --table "$tmp/any" >"$tmp/any.out" 2>"$tmp/any.err"
expect "any input: report writes every report" [ -s "$tmp/any/index.html" ]
# The checks that read a report as Python does (strict UTF-8, json,
# xml.dom) where there is a python3; iconv, grep, jq and xmllint everywhere.
pyexpect() {
	if command -v python3 >/dev/null; then
		expect "$@"
	else
		echo "SKIP $1: no python3"
	fi
}
# (In a run of its own: beside rc1, base's failures are the baseline, which the cell line does not list.)
cell anyb x86_64-base "arch\tx86_64\npoint\tbase\nbuild\tok\tnan\t\nboot\tok\tinf\t\n$nasty"
"$bin/report" cell "$tmp/anyb/x86_64-base" >"$tmp/any-cell.out"
set -- "$tmp/any/summary.json" "$tmp/any/index.html" "$tmp/any/junit.xml" "$tmp/any/summary.md" "$tmp/any.out" "$tmp/any-cell.out"
expect "any input: every report and the terminal's text is UTF-8 (iconv)" \
	sh -c 'for f; do iconv -f UTF-8 -t UTF-8 "$f" >/dev/null || exit 1; done' sh "$@"
expect "any input: no C0 control but tab and newline, nor DEL, anywhere" \
	sh -c '! LC_ALL=C grep -l "$(printf "[\001-\010\013-\037\177]")" "$@"' sh "$@"
set --
pyjson='import json, sys
def bad(c): sys.exit("not JSON: " + c)
json.load(open(sys.argv[1], encoding="utf-8"), parse_constant=bad)'
pyexpect "any input: summary.json is strict JSON in UTF-8 (python)" python3 -c "$pyjson" "$tmp/any/summary.json"
expect "any input: summary.json is JSON (jq)" jq -e . "$tmp/any/summary.json" >/dev/null
expect "any input: seconds nan, inf, -inf, NaN are 0" [ "$(jqval any '[.cells[] | .build.seconds, .boot.seconds] | join(" ")')" = "0 0 0 0" ]
# (one U+FFFD per byte that begins no character, as Python's decoder does)
expect "any input: an invalid byte is U+FFFD" [ "$(jqval any '.cells[0].tests[0].name')" = "bad�name�����" ]
expect "any input: an escape sequence is kept, escaped, in JSON" grep -q 'reason \\u001b\[31mred' "$tmp/any/summary.json"
expect "any input: the emoji is kept" [ "$(jqval any '.cells[0].tests[2].reason')" = "$(printf '\360\237\230\200')" ]
pyexpect "any input: junit.xml is well-formed (python)" python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/any/junit.xml"
expect "any input: junit.xml is well-formed (xmllint)" xmllint --noout "$tmp/any/junit.xml"
expect "any input: junit.xml has no nan or inf" sh -c "! grep -Eiq 'time=\"-?(nan|inf)' '$tmp/any/junit.xml'"
utf8='import sys
for p in sys.argv[1:]:
    t = open(p, "rb").read().decode("utf-8")
    bad = [hex(ord(c)) for c in t if (ord(c) < 32 and c not in "\n\t") or 0x7f <= ord(c) < 0xa0]
    if bad:
        sys.exit(p + ": control characters " + " ".join(sorted(set(bad))))'
pyexpect "any input: every report is UTF-8 without control characters (C1 too)" \
	python3 -c "$utf8" "$tmp/any/index.html" "$tmp/any/junit.xml" "$tmp/any/summary.md" "$tmp/any.out"
pyexpect "any input: report cell's line has no control characters" python3 -c "$utf8" "$tmp/any-cell.out"
expect "any input: the terminal shows the escape, not the sequence" grep -q 'reason \\x1b\[31mred' "$tmp/any-cell.out"
expect "any input: so does the table" grep -q 'gcc \\x1b\[1merror' "$tmp/any.out"
# Markdown: every row of every table has its header's cells (a `|` is
# escaped, and so is a backslash before one), and one row per test: the
# pipes that end cells, as GitHub's Markdown finds them (a backslash
# escapes the next punctuation character), on each line of a table.
mdrows='import re, sys
ends = r"(?:\\[!-/:-@\[-`{-~]|\\|[^|\\\n])*\|"
print(" ".join(str(len(re.findall(ends, l))) for l in open(sys.argv[1], encoding="utf-8") if l.startswith("|")))'
# The grid (2 lines and a row), the tests (2 lines and 4 rows), the flips (2 and 2).
pyexpect "any input: summary.md's tables keep their rows and cells" \
	sh -c '[ "$(python3 -c "$1" "$2")" = "4 4 4 4 4 4 4 4 4 6 6 6 6" ]' sh "$mdrows" "$tmp/any/summary.md"
expect "any input: a name with backticks is one code span" grep -q '^| `` pipe\\|and`tick` `` |' "$tmp/any/summary.md"

# A folder that is not a run gets no reports: exit 2, a clear error, nothing written.
mkdir -p "$tmp/notrun/x86_64-base"
printf "$good" >"$tmp/notrun/x86_64-base/cell.tsv"
"$bin/report" summary "$tmp/notrun" >/dev/null 2>"$tmp/notrun.err"
expect "not a run: exit 2" [ $? = 2 ]
expect "not a run: says what a run is" grep -q "notrun: not a run (a run is a folder with a cells.list)" "$tmp/notrun.err"
expect "not a run: nothing written" [ "$(ls -A "$tmp/notrun")" = x86_64-base ]
"$bin/report" summary "$tmp/nonexistent" 2>/dev/null
expect "no such folder: exit 2" [ $? = 2 ]

# Unjudged: with expectations, a result no line names is counted apart,
# never as passed, in every report; check-summary.sh adds up as the matrix does.
cell uj x86_64-base 'arch\tx86_64\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt_one\tpass\t\ntest\tt_new\tfail\tnew test\ntest\tt_two\tskip\tno seccomp\n'
printf '*\t*\tt_one\tpass\n' >"$tmp/ujexpect.tsv"
"$bin/report" --expect "$tmp/ujexpect.tsv" summary "$tmp/uj" >"$tmp/uj.out"
expect "unjudged: the closing line" grep -qx 'matrix: 1 passed, 0 failed, 2 unjudged' "$tmp/uj.out"
expect "unjudged: a line of its own" grep -q ': 2 results not judged (no expectation names them' "$tmp/uj.out"
expect "unjudged: not \"all as expected\"" grep -q 'unexpected results: every judged result as expected$' "$tmp/uj.out"
expect "unjudged: counted in JSON" [ "$(jqval uj '.cells[0].counts.unjudged')" = 2 ]
expect "unjudged: marked per result in JSON" [ "$(jqval uj '[.cells[0].tests[] | .unjudged // false] | join(" ")')" = "false true true" ]
expect "unjudged: in summary.md's grid" grep -q '^| x86_64 | ok: 1 pass, 1 fail, 1 skip, 2 unjudged |$' "$tmp/uj/summary.md"
expect "unjudged: per result in summary.md" grep -q '^| `t_new` | fail (unjudged) |$' "$tmp/uj/summary.md"
expect "unjudged: skipped in junit.xml, with why" grep -q '<testcase classname="x86_64.base" name="t_new"><skipped message="not judged (no expectation names it): fail: new test"/>' "$tmp/uj/junit.xml"
expect "unjudged: junit.xml's skipped count" grep -q 'skipped="2"' "$tmp/uj/junit.xml"
expect "unjudged: in index.html" grep -q '1 pass, 1 fail, 1 skip, 0 unexpected, 2 unjudged<br>' "$tmp/uj/index.html"
expect "unjudged: report cell says so" sh -c "'$bin/report' --expect '$tmp/ujexpect.tsv' cell '$tmp/uj/x86_64-base' | grep -q ', 0 unexpected, 2 unjudged'"
printf 'check-html: 3 passed, 0 failed\n' >"$tmp/uj/check-html.txt"
printf 'distcc-check: 1 passed, 0 failed\n' >"$tmp/uj/distcc-check.txt"
printf 'check-faults: 2 passed, 0 failed\n' >"$tmp/uj/check-faults.txt"
printf 'mutants: 1 killed, 0 survived, 0 invalid of 1 (per arch: m68k 1/1)\n' >"$tmp/uj/check-mutants.txt"
printf 'check-coverage: 3 passed, 0 failed\n' >"$tmp/uj/check-coverage.txt"
printf 'check-kcidb: 2 passed, 0 failed\n' >"$tmp/uj/check-kcidb.txt"
printf 'check-reproduce: 4 passed, 0 failed\n' >"$tmp/uj/check-reproduce.txt"
expect "unjudged: check-summary.sh counts them as the matrix line does" \
	[ "$("$(dirname "$0")/check-summary.sh" "$tmp/uj")" = "check: 17 passed, 0 failed, 2 unjudged" ]
"$bin/report" summary "$tmp/fl" >/dev/null
cp "$tmp/uj/"*check*.txt "$tmp/fl/"
expect "flaky: check-summary.sh counts them apart, as the matrix line does" \
	[ "$("$(dirname "$0")/check-summary.sh" "$tmp/fl")" = "check: 16 passed, 1 failed, 1 flaky" ]

# The grid takes any number of arches and points (it stopped at 64).
for i in $(seq 1 70); do echo "x86_64 p$i"; done >"$tmp/wide.list"
for i in $(seq 1 66); do echo "arch$i p1"; done >>"$tmp/wide.list"
mkdir -p "$tmp/wide" && cp "$tmp/wide.list" "$tmp/wide/cells.list"
"$bin/report" summary --quiet "$tmp/wide"
expect "axes: 70 points in summary.md's grid" [ "$(grep '^| arch |' "$tmp/wide/summary.md" | tr -cd '|' | wc -c)" = 72 ]
expect "axes: 67 arches in summary.md's grid" [ "$(sed -n '/^| arch |/,/^$/p' "$tmp/wide/summary.md" | grep -c '^| [a-z0-9_]* |')" = 68 ]
expect "axes: every cell in index.html's grid" [ "$(grep -o 'class="cell ' "$tmp/wide/index.html" | wc -l)" = 136 ]

# Linear: a cell of 100,000 results (and its first attempt) in well under 10 s.
huge() {	# FILE M: a cell.tsv of 100,000 results, every Mth a failure
	awk -v m="$2" 'BEGIN { printf "arch\tx86_64\npoint\tbase\nbuild\tok\t1.0\t\nboot\tok\t1.0\t\n"
		for (i = 0; i < 100000; i++) printf "test\tt%d\t%s\treason %d\n", i, i % m ? "pass" : "fail", i }' >"$1"
}
mkdir -p "$tmp/huge/x86_64-base/attempt1" && echo 'x86_64 base' >"$tmp/huge/cells.list"
huge "$tmp/huge/x86_64-base/cell.tsv" 7
huge "$tmp/huge/x86_64-base/attempt1/cell.tsv" 5
# CPU seconds, not the wall clock: on a host busy with other work (sixteen
# CPU hogs) the same 1.1 s of CPU took 11.7 s of wall time. The wall
# clock only guards against a hang.
(ulimit -t 10 && exec timeout 600 "$bin/report" summary "$tmp/huge") >"$tmp/huge.out"
rc=$?
expect "100,000 results: every report in under 10 s of CPU (exit $rc)" [ $rc != 124 ] && [ $rc -lt 128 ]
expect "100,000 results: all counted" grep -q '^matrix: 68572 passed, 2858 failed, 28570 flaky$' "$tmp/huge.out"
expect "100,000 results: one row per test in summary.md" [ "$(grep -c '^| `t[0-9]*` |' "$tmp/huge/summary.md")" = 100000 ]
expect "100,000 results: no temporary file left" [ -z "$(find "$tmp/huge" -name '*.tmp*')" ]

# Temporary files: a report that cannot be renamed into place, or a report
# stopped by a signal while it writes, leaves none.
mv "$tmp/huge/summary.md" "$tmp/huge.md" && mkdir "$tmp/huge/summary.md"
"$bin/report" summary --quiet "$tmp/huge" 2>"$tmp/rename.err"
expect "rename fails: exit 1" [ $? = 1 ]
expect "rename fails: says why" grep -q "summary.md: Is a directory" "$tmp/rename.err"
expect "rename fails: no temporary file left" [ -z "$(find "$tmp/huge" -name '*.tmp*')" ]
rmdir "$tmp/huge/summary.md"
# SIGTERM once a temporary file is there (a fast machine may finish first).
(
	"$bin/report" summary --quiet "$tmp/huge" &
	i=0
	while [ -z "$(find "$tmp/huge" -maxdepth 1 -name '*.tmp.*')" ] && [ $i -lt 1000 ] && kill -0 $! 2>/dev/null; do
		sleep 0.01
		i=$((i + 1))
	done
	kill -TERM $! 2>/dev/null
	wait $!
) 2>/dev/null
expect "stopped by a signal: no temporary file left" [ -z "$(find "$tmp/huge" -name '*.tmp*')" ]

# reproduced: a cell's reproduction against the cell; the reports offer the
# reproducer of a cell with a failed result, where there is one.
rp='arch\tx86_64\npoint\trc1\nbuild\tok\t1\t\nboot\tok\t1\t\n'
cell rp x86_64-rc1 "${rp}test\tt1\tfail\tgot 0\ntest\tt2\tpass\t\ntest\tt3\terror\tpipe failed\n"
cell rq x86_64-rc1 "${rp}test\tt1\tfail\tgot 0 again\n"
"$bin/report" reproduced "$tmp/rp/x86_64-rc1" "$tmp/rq/x86_64-rc1" >"$tmp/rq.out"
expect "reproduced, one program: exit 0" [ $? = 0 ]
expect "reproduced: the failure again, with its reason now" grep -q "^  again: fail t1: got 0 again$" "$tmp/rq.out"
expect "reproduced: what did not run is said" grep -q "the same: 1 of 2 failed result(s) again (the others' programs did not run)" "$tmp/rq.out"
cell rs x86_64-rc1 "${rp}test\tt1\tpass\t\ntest\tt2\tfail\tnow broken\n"
"$bin/report" reproduced "$tmp/rp/x86_64-rc1" "$tmp/rs/x86_64-rc1" >"$tmp/rs.out"
expect "not reproduced: exit 1" [ $? = 1 ]
expect "not reproduced: the failure that passed" grep -q "^  NOT again: t1: fail in the run (got 0), pass now$" "$tmp/rs.out"
expect "not reproduced: the new failure" grep -q "^  NOT the same: fail t2 now: now broken (pass in the run)$" "$tmp/rs.out"
cell rt x86_64-rc1 "${rp}test\tt2\tpass\t\n"
"$bin/report" reproduced "$tmp/rp/x86_64-rc1" "$tmp/rt/x86_64-rc1" >"$tmp/rt.out"
expect "no failed result ran: exit 1" [ $? = 1 ]
expect "no failed result ran: says to choose the program" grep -q "none of the cell's 2 failed result(s) ran" "$tmp/rt.out"
cell ru x86_64-rc1 'arch\tx86_64\npoint\trc1\nbuild\tok\t1\t\nboot\ttimeout\t300\tsilent for 90 s\n'
"$bin/report" reproduced "$tmp/rp/x86_64-rc1" "$tmp/ru/x86_64-rc1" >"$tmp/ru.out"
expect "another boot outcome: exit 1" [ $? = 1 ]
expect "another boot outcome: said" grep -q "NOT the same: build ok, boot ok in the run; build ok, boot timeout now" "$tmp/ru.out"
"$bin/report" reproduced "$tmp/rp/x86_64-rc1" "$tmp/rp/x86_64-rc1" >/dev/null
expect "a cell against itself: exit 0" [ $? = 0 ]
"$bin/report" summary --quiet "$tmp/rp"
expect "no reproduce.sh: none offered" [ "$(jqval rp '.cells[0].reproducer')" = null ]
printf '#!/bin/sh\n' >"$tmp/rp/x86_64-rc1/reproduce.sh" && chmod +x "$tmp/rp/x86_64-rc1/reproduce.sh"
cell rp x86_64-base "$good"
printf '#!/bin/sh\n' >"$tmp/rp/x86_64-base/reproduce.sh" && chmod +x "$tmp/rp/x86_64-base/reproduce.sh"
"$bin/report" summary --quiet "$tmp/rp"
expect "a failed result: its reproducer in summary.json" [ "$(jqval rp '.cells[0].reproducer')" = x86_64-rc1/reproduce.sh ]
expect "a failed result: linked in summary.md" grep -q '(\[reproduce\](x86_64-rc1/reproduce.sh))' "$tmp/rp/summary.md"
expect "a failed result: linked in index.html" grep -q 'href="x86_64-rc1/reproduce.sh"' "$tmp/rp/index.html"
expect "nothing failed: none offered" [ "$(jqval rp '.cells[1].reproducer')" = null ]

# Against base: a run with the arch's base cell judges a result no
# expectation names against the same result there.
hd() { printf 'arch\tm68k\npoint\t%s\nbuild\tok\t1\t\nboot\tok\t1\t\n' "$1"; }
cell br m68k-base "$(hd base)\ntest\tt1\tpass\t\ntest\tt2\tfail\tthe tree's\ntest\tt3\tpass\t\n"
cell br m68k-tip "$(hd tip)\ntest\tt1\tfail\tbroke\ntest\tt2\tfail\tstill\ntest\tt3\tpass\t\ntest\tt4\tfail\tnew one\ntest\tt5\tpass\t\n"
mkdir -p "$tmp/br/m68k-tip/attempt1"
printf "$(hd tip)\ntest\tt1\tfail\tbroke\ntest\tt2\tfail\tstill\ntest\tt3\tpass\t\ntest\tt4\tfail\tnew one\n" >"$tmp/br/m68k-tip/attempt1/cell.tsv"
"$bin/report" summary --table "$tmp/br" >"$tmp/br.out"
expect "against base: a regression fails the run" [ $? = 1 ]
expect "against base: the regression, with each side's boots" \
	grep -q "^  m68k tip: REGRESSION fail t1 (pass at base; base 0/1 failed, tip 2/2 failed): broke$" "$tmp/br.out"
expect "against base: a new result that fails is a failure" grep -q "^  m68k tip: NEW FAILURE fail t4 (no such result at base; tip 2/2 failed): new one$" "$tmp/br.out"
expect "against base: the closing line" grep -q "^matrix: 4 passed, 2 failed, 2 regressions against base, 2 pre-existing$" "$tmp/br.out"
expect "against base: the pre-existing failures listed apart" grep -q "^  m68k tip: pre-existing fail t2: still$" "$tmp/br.out"
expect "against base: base's own failure is pre-existing" grep -q "^  m68k base: pre-existing fail t2: the tree's$" "$tmp/br.out"
expect "against base: in JSON" [ "$(jqval br '.cells[1].tests[] | select(.name == "t1") | .against_base + " " + .base_status')" = "regression pass" ]
expect "against base: pre-existing counted in JSON" [ "$(jqval br '[.cells[].counts.pre_existing] | add')" = 2 ]
expect "against base: in summary.md" grep -q '| `t1` | pass | \*\*fail\*\* (pass at base) |' "$tmp/br/summary.md"
expect "against base: pre-existing in summary.md" grep -q '| `t2` | fail (pre-existing) | fail (pre-existing) |' "$tmp/br/summary.md"
"$bin/report" cell "$tmp/br/m68k-tip" >"$tmp/brc.out"
expect "against base: report cell judges against the run's base cell too" [ $? = 1 ]
expect "against base: report cell names the regression" grep -q "^  \[m68k tip\]   REGRESSION fail t1 (pass at base" "$tmp/brc.out"
"$bin/report" cell "$tmp/br/m68k-base" >/dev/null
expect "against base: the base cell of a run with other points is ok" [ $? = 0 ]
# A regression booted once (its base's record was not there yet) is booted again alone at the end.
cell bo m68k-base "$(hd base)\ntest\tt1\tpass\t\ntest\tt9\tpass\t\n"
cell bo m68k-tip "$(hd tip)\ntest\tt1\tfail\tbroke\n"
expect "against base: a regression booted once is booted again alone" [ "$("$bin/report" again "$tmp/bo")" = m68k/tip ]

# The order the cells' make starts a run's cells in: by their arch's time
# in the previous run, longest first; an arch it did not have first of all;
# ties (and an arch's own cells) in the run's order.
ok_cell() { printf 'arch\t%s\npoint\t%s\nbuild\tok\t%s\t\nboot\tok\t%s\t\n' "$@"; }
cell ordprev a-base "$(ok_cell a base 1.0 1.0)"
cell ordprev b-base "$(ok_cell b base 30.0 5.0)"
cell ordprev c-base "$(ok_cell c base 10.0 1.0)"
cell ordprev c-fixed "$(ok_cell c fixed 10.0 1.0)"
mkdir -p "$tmp/ord"
printf 'a base\nb base\nc base\nd base\na fixed\nb fixed\nc fixed\nd fixed\n' >"$tmp/ord/cells.list"
printf 'previous\t%s\n' "$tmp/ordprev" >"$tmp/ord/run.tsv"
expect "order: an arch not in the previous run first, then the longest (b 35 s, c 22 s, a 2 s)" \
	[ "$("$bin/report" order "$tmp/ord" | tr '\n' ' ')" = "cell/d/base cell/d/fixed cell/b/base cell/b/fixed cell/c/base cell/c/fixed cell/a/base cell/a/fixed " ]
printf '' >"$tmp/ord/run.tsv"
expect "order: no previous run: the run's own order" \
	[ "$("$bin/report" order "$tmp/ord" | tr '\n' ' ')" = "cell/a/base cell/b/base cell/c/base cell/d/base cell/a/fixed cell/b/fixed cell/c/fixed cell/d/fixed " ]
"$bin/report" summary --table "$tmp/bo" >"$tmp/bo.out"
expect "against base: a result of base not reported is said to be gone" grep -q "^  m68k tip: gone t9 (pass at base; not reported here)$" "$tmp/bo.out"
expect "against base: gone counted in JSON" [ "$(jqval bo '.cells[1].counts.gone')" = 1 ]
# A failure in one of base's two boots: a failure now is pre-existing, not the series'.
cell bf m68k-base "$(hd base)\ntest\tt1\tpass\t\n"
mkdir -p "$tmp/bf/m68k-base/attempt1"
printf "$(hd base)\ntest\tt1\tfail\tonce\n" >"$tmp/bf/m68k-base/attempt1/cell.tsv"
cell bf m68k-tip "$(hd tip)\ntest\tt1\tfail\tx\n"
"$bin/report" summary --quiet "$tmp/bf"
expect "against base: a failure in one of base's boots makes it pre-existing" [ $? = 0 ]
printf 'm68k\ttip\tt1\tfail\nm68k\ttip\tt4\tfail\n' >"$tmp/br-expect.tsv"
"$bin/report" --expect "$tmp/br-expect.tsv" summary --table "$tmp/br" >"$tmp/bre.out"
expect "against base: an expectation still decides" [ $? = 0 ]
expect "against base: the rest judged against base" grep -q "^matrix: 6 passed, 0 failed, 0 regressions against base, 2 pre-existing$" "$tmp/bre.out"

# ---- what a test needs of the kernel, and ranges of points -------------------------
# `needs`: where the cell's kernel.config lacks the option, the test is
# expected to skip; with no kernel.config (a run from before cells kept
# it), a skip is taken as that lack and anything else is judged as ever.
printf 'needs\tseccomp_*\tCONFIG_SECCOMP_FILTER\n*\tbase..13\tt_range\tfail\n*\t*\t*\tpass\n' >"$tmp/needs.tsv"
nd() { printf 'arch\t%s\npoint\t%s\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\t%s\t%s\t%s\n' "$@"; }
cell nd m68k-base "$(nd m68k base seccomp_kill skip 'no seccomp filter')"
printf 'CONFIG_MMU=y\n# CONFIG_SECCOMP_FILTER is not set\n' >"$tmp/nd/m68k-base/kernel.config"
cell nd x86_64-base "$(nd x86_64 base seccomp_kill skip 'no seccomp filter')"
printf 'CONFIG_SECCOMP=y\nCONFIG_SECCOMP_FILTER=y\n' >"$tmp/nd/x86_64-base/kernel.config"
cell nd sparc32-base "$(nd sparc32 base seccomp_kill skip 'no seccomp filter')"
cell nd s390x-base "$(nd s390x base seccomp_kill pass '')"
cell nd sh4-base "$(nd sh4 base seccomp_kill pass '')"
printf 'CONFIG_MMU=y\n' >"$tmp/nd/sh4-base/kernel.config"
"$bin/report" --expect "$tmp/needs.tsv" summary --quiet "$tmp/nd"
ndu() { jqval nd "[.cells[] | select(.arch == \"$1\") | .tests[0] | \"\(.expected) \(.unexpected)\"][0]"; }
expect "needs: lacking the option, a skip is expected" [ "$(ndu m68k)" = "skip false" ]
expect "needs: having it, a skip is unexpected" [ "$(ndu x86_64)" = "pass true" ]
expect "needs: no kernel.config, a skip is taken as the lack" [ "$(ndu sparc32)" = "skip false" ]
expect "needs: no kernel.config, a pass judged as ever" [ "$(ndu s390x)" = "pass false" ]
expect "needs: lacking the option, a pass is unexpected" [ "$(ndu sh4)" = "skip true" ]
cell rg x86_64-base "$(nd x86_64 base t_range fail x)"
cell rg x86_64-07-seven "$(nd x86_64 07-seven t_range fail x)"
cell rg x86_64-13-thirteen "$(nd x86_64 13-thirteen t_range fail x)"
cell rg x86_64-14-fourteen "$(nd x86_64 14-fourteen t_range fail x)"
cell rg x86_64-rc1 "$(nd x86_64 rc1 t_range fail x)"
"$bin/report" --expect "$tmp/needs.tsv" summary --quiet "$tmp/rg"
rgu() { jqval rg "[.cells[] | select(.point == \"$1\") | .tests[0].expected][0]"; }
expect "a range of points: base..13 takes base, 07 and 13" [ "$(rgu base) $(rgu 07-seven) $(rgu 13-thirteen)" = "fail fail fail" ]
expect "a range of points: not 14, nor a named point" [ "$(rgu 14-fourteen) $(rgu rc1)" = "pass pass" ]
printf 'needs\tseccomp_*\tSECCOMP_FILTER\n' >"$tmp/needs-bad.tsv"
"$bin/report" --expect "$tmp/needs-bad.tsv" summary --quiet "$tmp/nd" 2>"$tmp/needs-bad.err"
expect "needs: an option not named CONFIG_...: refused with the line" grep -q "needs-bad.tsv:1: expected needs TEST CONFIG_X" "$tmp/needs-bad.err"
# A mutant that Needs an option the cell's kernel lacks is invisible there, not survived.
mkdir -p "$tmp/mn"
cell mn m68k-m01-sud "$(nd m68k m01-sud t pass '')"
printf 'CONFIG_MMU=y\n' >"$tmp/mn/m68k-m01-sud/kernel.config"
cell mn x86_64-m01-sud "$(nd x86_64 m01-sud t pass '')"
printf 'CONFIG_GENERIC_ENTRY=y\n' >"$tmp/mn/x86_64-m01-sud/kernel.config"
printf 'catalogue\t/cat\tfixed\nmutant\tm01-sud\t09\t01-a.patch\tsud: one\ntouches\tm01-sud\tm68k\tkernel/entry/x.c\ntouches\tm01-sud\tx86_64\tkernel/entry/x.c\nNeeds\tm01-sud\tCONFIG_GENERIC_ENTRY\tbuilt only with it\n' >"$tmp/mn/mutants.tsv"
"$bin/report" --expect "$tmp/mexpect.tsv" summary --quiet "$tmp/mn"
mnv() { jq -r ".mutants[0].arches[] | select(.arch == \"$1\") | \"\(.verdict): \(.detail)\"" "$tmp/mn/mutants.json"; }
expect "Needs: the arch whose kernel lacks it: invisible, saying so" [ "$(mnv m68k)" = "invisible: this kernel has not CONFIG_GENERIC_ENTRY: built only with it" ]
expect "Needs: the arch whose kernel has it: survived" [ "$(mnv x86_64 | cut -d: -f1)" = survived ]

# ---- a selftest named by its message: paired with base by its key ------------------
# sas prints "sigaltstack is disabled in sighandler" when it passes and
# "tss_flags=..., should be SS_DISABLE" when it fails: one test (key sas#2).
ks() { printf 'arch\tm68k\npoint\t%s\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tsas.Initial state\tpass\t\tsas#1\ntest\tsas.%s\t%s\t\tsas#2\n' "$@"; }
cell ky m68k-base "$(ks base 'sigaltstack is disabled in sighandler' pass)"
cell ky m68k-16-sixteen "$(ks 16-sixteen 'tss_flags=80000000, should be SS_DISABLE' fail)"
"$bin/report" summary --table "$tmp/ky" >"$tmp/ky.out"
expect "key: a changed message is a regression, not a new failure" \
	grep -q "REGRESSION fail sas.tss_flags=80000000, should be SS_DISABLE (pass at base as sas.sigaltstack is disabled in sighandler;" "$tmp/ky.out"
expect "key: and its name at base is not gone" sh -c "! grep -q ' gone ' '$tmp/ky.out'"
expect "key: summary.json carries it" [ "$(jqval ky '.cells[1].tests[1].key')" = "sas#2" ]
expect "key: ours have none there" [ "$(jqval r1 '.cells[0].tests[0] | has("key")')" = false ]
expect "key: the flips along the points pair it too" grep -q "sas.tss_flags=80000000, should be SS_DISABLE pass -> fail  at 16-sixteen" "$tmp/ky.out"
expect "key: report regressions gives it, with its key" [ "$("$bin/report" regressions "$tmp/ky")" = \
	"$(printf 'm68k\t16-sixteen\tsas.tss_flags=80000000, should be SS_DISABLE\tsas#2\tregression')" ]
# A test new at a point, failing: one to bisect to where it first fails.
cell nw m68k-base "$(ks base 'sigaltstack is disabled in sighandler' pass | head -n 5)"
cell nw m68k-16-sixteen "$(ks 16-sixteen 'tss_flags=80000000, should be SS_DISABLE' fail)"
expect "a new failing test: report regressions gives it as new" [ "$("$bin/report" regressions "$tmp/nw")" = \
	"$(printf 'm68k\t16-sixteen\tsas.tss_flags=80000000, should be SS_DISABLE\tsas#2\tnew')" ]
printf 'm68k\tsas.tss_flags=80000000, should be SS_DISABLE\t09-nine\tbetween 08-eight and 16-sixteen\n' >"$tmp/nw/first-bad.tsv"
"$bin/report" summary --table "$tmp/nw" >"$tmp/nw.out"
expect "a new failing test: the patch where it first fails, in the cell's lines" \
	grep -q "NEW FAILURE fail sas.tss_flags=80000000, should be SS_DISABLE, failing from 09-nine on" "$tmp/nw.out"
expect "key: a probe where it passes answers by its key" \
	[ "$("$bin/report" query "$tmp/ky/m68k-base" probe 'sas.tss_flags=80000000, should be SS_DISABLE' 'sas#2')" = pass ]
expect "key: without the key, the probe finds no such name" \
	[ "$("$bin/report" query "$tmp/ky/m68k-base" probe 'sas.tss_flags=80000000, should be SS_DISABLE')" = missing ]

finish test-report

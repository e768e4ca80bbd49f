#!/bin/sh
# check-faults.sh: the faults that need the real programs (a real kernel,
# the real guest, the real Makefile), on one quick arch whose kernel the
# matrix has just built (FAULT_ARCH, at FAULT_POINT). Run by make
# check after the matrix; each run goes to a results folder of its own.
#   - a guest program that prints forever: its own TIMEOUT, the rest runs
#   - tests chosen by name (GUEST_ONLY=PROGRAM:TEST), and the harness's
#     non-fatal expectations
#   - two runs at once: the second waits for the arch, and says so
#   - SIGKILL in the middle of a kernel build, then a rerun
#   - make nightly twice in a row, with history.html there
# usage: check-faults.sh (make check passes WORK, FAULT_TREE_WORK: the tree's own
# part of it, FAULT_ARCH, FAULT_POINT, SERIES_NAME)
set -u
# Each make below is a run of its own, not a sub-make of make check's.
unset MAKEFLAGS MFLAGS MAKELEVEL
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/lib.sh"
arch=${FAULT_ARCH:?make check passes FAULT_ARCH}
point=${FAULT_POINT:?make check passes FAULT_POINT}
# The tree's import, builds and locks (WORK/trees/<tree> for another tree).
work=${FAULT_TREE_WORK:-${WORK:-/var/tmp/kmatrix}}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mk() { make --no-print-directory -C "$top" ARCHES="$arch" "$@"; }
tsv() { cat "$1"/*/"$arch"-"$2"/cell.tsv; }

# A guest program that keeps printing: the guest's wall-clock timeout ends it
# (30 s: no less, or the other programs' tests' limits no longer fit in
# theirs, and the guest runs none of them; seccomp's need 27 s).
mk matrix POINTS="$point" RESULTS="$tmp/forever" GUEST_FAULTS=print_forever TEST_TIMEOUT=30 RETRIES=0 \
	>"$tmp/forever.out" 2>&1
expect "prints forever: its own result is a timeout" grep -q "^test	print_forever	fail	.*TIMEOUT" "$tmp"/forever/*/"$arch-$point"/cell.tsv
expect "prints forever: the other programs still ran" grep -q "^test	ptrace_sigtrap_ignored	pass" "$tmp"/forever/*/"$arch-$point"/cell.tsv
expect "prints forever: the boot ended normally" grep -q "^boot	ok" "$tmp"/forever/*/"$arch-$point"/cell.tsv

# Tests chosen by name: only those run, a name that is none is an error of
# its own; a failed KTAP_EXPECT_EQ lets its test go on, then fails it.
only=expectations:expectations_two_failed,expectations:expectations_then_assert,expectations:expectations_all_met
only=$only,selftest:selftest_core_siginfo_read,expectations:no_such_test,no_such_program
mk cell ARCH="$arch" POINT="$point" RESULTS="$tmp/only" RUN_ID=only GUEST_FAULTS=expectations RETRIES=0 \
	GUEST_ONLY="$only" >"$tmp/only.out" 2>&1
c=$tmp/only/only/$arch-$point
hostbin=$(make --no-print-directory -s -C "$top" print-HOSTBIN)
tests_run=$("$hostbin/report" query "$c" tests | tr '\t' ' ' | sort | tr '\n' ';')
expect "by name: only the tests named, and an error for each name that is none ($tests_run)" [ "$tests_run" = \
	"expectations_all_met pass;expectations_then_assert fail;expectations_two_failed fail;no_such_program error;no_such_test error;selftest_core_siginfo_read pass;" ]
expect "EXPECT: the test fails with the first expectation's reason" \
	grep -q "^test	expectations_two_failed	fail	first: expected 1, got 2" "$c/cell.tsv"
expect "EXPECT: and goes on: both said, then its end" sh -c "grep -q '# second: expected 3 (3), got 4 (4)' '$c/console.log' && grep -q '# went on past both' '$c/console.log'"
expect "EXPECT then ASSERT: the assertion's reason, the test ended there" sh -c \
	"grep -q '^test	expectations_then_assert	fail	asserted: expected 6, got 7' '$c/cell.tsv' && ! grep -q 'not reached' '$c/console.log'"

# Two runs at once: while another run holds the arch, a run waits for it
# (the holder lets go only once the run has said that it waits).
"$top/matrix/with-lock.sh" "$work/locks/$arch" "the $arch tree and build" sh -c '
	i=0
	until grep -q "waiting for" "$1" 2>/dev/null || [ $i -ge 600 ]; do sleep 0.2; i=$((i + 1)); done' \
	sh "$tmp/two.out" &
holder=$!
sleep 0.5
mk matrix POINTS="$point" RESULTS="$tmp/two" >"$tmp/two.out" 2>&1
rc=$?
wait $holder
expect "two runs: the second said what it waited for" grep -q "waiting for the $arch tree and build: in use by" "$tmp/two.out"
expect "two runs: then ran, all as expected (exit $rc)" [ "$rc" = 0 ]

# SIGKILL in the middle of the final link, with half a vmlinux written:
# nothing enters the kernel cache, and the rerun links again and passes.
# The stand-in linker is found first on PATH under the real one's name, so
# kbuild's commands are the same as in a normal build. pristine has the
# same files as fixed, so its build is little more than that link.
mkdir -p "$tmp/wrap"
xld=$(make --no-print-directory -s -C "$top" print-XPREFIX ARCH="$arch")ld
{
	echo '#!/bin/sh'
	echo "real=\$(PATH=\${PATH#*:} command -v $xld)"
	echo 'case " $* " in'
	echo "*\" -o vmlinux \"*) \"\$real\" \"\$@\" || exit; truncate -s 4096 vmlinux; touch '$tmp/linked'; exec sleep 600 ;;"
	echo 'esac'
	echo 'exec "$real" "$@"'
} >"$tmp/wrap/$xld"
chmod +x "$tmp/wrap/$xld"
rev=$("$top/matrix/checkout-point.sh" --resolve "$work/src/linux" pristine "${SERIES_NAME:-}")
[ -n "$rev" ] && rm -rf "$work/build/$arch/images/$rev"
PATH="$tmp/wrap:$PATH" setsid make --no-print-directory -C "$top" cell ARCH="$arch" POINT=pristine \
	RESULTS="$tmp/kill" RUN_ID=k1 >"$tmp/kill1.out" 2>&1 &
pg=$!
i=0
until [ -e "$tmp/linked" ] || [ $i -ge 3000 ]; do sleep 0.1; i=$((i + 1)); done
kill -KILL -$pg
wait $pg 2>/dev/null
expect "SIGKILL: killed in the final link, half a vmlinux written" [ -e "$tmp/linked" ]
expect "SIGKILL: no kernel entered the cache" [ -z "$(ls "$work/build/$arch/images/$rev" 2>/dev/null | grep -v '\.tmp$')" ]
mk cell ARCH="$arch" POINT=pristine RESULTS="$tmp/kill" RUN_ID=k2 >"$tmp/kill2.out" 2>&1
rc=$?
expect "SIGKILL: the rerun built the kernel again" grep -q "KERNEL  $arch at pristine" "$tmp/kill/k2/$arch-pristine/build.log"
expect "SIGKILL: and it boots and passes (exit $rc)" [ "$rc" = 0 ]

# The nightly job twice: the second night compares with the first.
mk nightly POINTS="$point" RESULTS="$tmp/nightly" KEEP=5 >"$tmp/night1.out" 2>&1
expect "nightly: first night passes" [ $? = 0 ]
expect "nightly: history.html written" [ -s "$tmp/nightly/history.html" ]
mk nightly POINTS="$point" RESULTS="$tmp/nightly" KEEP=5 >"$tmp/night2.out" 2>&1
rc=$?
expect "nightly: second night passes, history.html there (exit $rc)" [ "$rc" = 0 ]
expect "nightly: second night compared with the first" grep -q "^compare $tmp/nightly/[0-9-]* -> " "$tmp/night2.out"
expect "nightly: history over both nights" [ "$(grep -o '<th><a href=' "$tmp/nightly/history.html" | wc -l)" = 2 ]
expect "nightly: make compare afterwards works" mk compare RESULTS="$tmp/nightly" >/dev/null

if [ "$failed" != 0 ]; then
	for f in "$tmp"/*.out; do echo "--- $f"; tail -n 15 "$f"; done
fi
finish check-faults

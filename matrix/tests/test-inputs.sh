#!/bin/sh
# Inputs that make no cells, or bad ones, get a clear error and exit status
# 2 before anything builds, and no recipe runs a word of a value as a
# command. Every case stops while make reads the Makefile or at the first
# line of a recipe, so no tree and no kernel are needed.
# usage: test-inputs.sh HOSTBIN (unused)
set -u
. "$(dirname "$0")/lib.sh"
top=$(cd "$here/../.." && pwd)
make_tmp

# CASE WANT-TEXT MAKE-ARGS...: exit status 2, WANT-TEXT in what make said,
# and nothing written to the run folder.
refused() {
	name=$1 want=$2; shift 2
	(cd "$tmp" && env -u ARCHES make --no-print-directory -C "$top" "$@" \
		WORK="$tmp/work" RESULTS="$tmp/results" >"$tmp/out" 2>&1)
	rc=$?
	expect "$name: exit status 2 (got $rc)" [ "$rc" = 2 ] || sed 's/^/    /' "$tmp/out"
	expect "$name: says '$want'" grep -qF -- "$want" "$tmp/out" || sed 's/^/    /' "$tmp/out"
	expect "$name: no run folder" [ ! -e "$tmp/results" ]
}

mkdir -p "$tmp/empty" "$tmp/notpatch" "$tmp/quilt" "$tmp/docs"
echo "just some text" >"$tmp/notpatch/0001-readme.patch"
printf 'From nobody Mon Sep 17 00:00:00 2001\n\nnot a patch at all\n' >"$tmp/garbage.mbox"
printf 'Subject: a quilt patch\n\n--- a/arch/m68k/kernel/signal.c\n+++ b/arch/m68k/kernel/signal.c\n@@ -1,1 +1,2 @@\n /* x */\n+/* y */\n' \
	>"$tmp/quilt/m68k-comment.diff"
echo m68k-comment.diff >"$tmp/quilt/series"
printf -- '--- linux.orig/Documentation/x.rst\n+++ linux/Documentation/x.rst\n@@ -1 +1 @@\n-a\n+b\n' >"$tmp/docs/0001-doc.patch"

refused "ARCHES empty" "ARCHES is empty" matrix ARCHES=
refused "POINTS empty" "POINTS is empty" matrix POINTS=
refused "ARCHES empty, make's default goal" "ARCHES is empty" ARCHES=
refused "HOST_MAX_WAIT not a number" "HOST_MAX_WAIT='x': not a whole number" -n matrix HOST_MAX_WAIT=x
# Settings that would pass and break late, or blame the kernel.
refused "JOBS a fraction" "JOBS='1.5': not a whole number" -n matrix JOBS=1.5
refused "JOBS 0" "JOBS='0': must be 1 or more" -n matrix JOBS=0
refused "JOBS empty" "JOBS='': not a whole number" -n matrix JOBS=
refused "CELL_JOBS 0" "CELL_JOBS='00': must be 1 or more" -n matrix CELL_JOBS=00
refused "TEST_TIMEOUT a fraction" "TEST_TIMEOUT='1.5': not a whole number" -n matrix TEST_TIMEOUT=1.5
refused "BOOT_TIMEOUT 0" "BOOT_TIMEOUT='0': must be 1 or more" -n matrix BOOT_TIMEOUT=0
refused "HOST_MAX_WAIT 0" "HOST_MAX_WAIT='0': must be 1 or more" -n matrix HOST_MAX_WAIT=0
refused "HOST_MAX_WAIT over 100" "HOST_MAX_WAIT='101': a percentage, 1 to 100" -n matrix HOST_MAX_WAIT=101
refused "RETRIES negative" "RETRIES='-1': not a whole number" -n matrix RETRIES=-1
refused "FUZZ_SECONDS 0 (it would fuzz for ever)" "FUZZ_SECONDS='0': must be 1 or more" -n fuzz FUZZ_SECONDS=0
refused "a point of another series" "point 'forced-exit/rc1': the character '/' is not allowed" -n matrix POINTS=forced-exit/rc1
refused "a point named twice" "POINTS names base twice" -n matrix "POINTS=base base"
refused "a point the series lacks" "'rc9' is not a point of" -n matrix POINTS=rc9
refused "a patch number past the series" "'17' is not a point of" -n matrix POINTS=17
refused "a patch point with another slug" "'14-not-its-slug' is not a point of" -n matrix POINTS=14-not-its-slug
refused "GUEST_ONLY with spaces" "GUEST_ONLY='a b': the programs are separated by commas" -n matrix "GUEST_ONLY=a b"
refused "unknown arch" "unknown arch 'nosuch'" matrix ARCHES=nosuch
refused "empty series folder" "no patches in it" matrix SERIES="$tmp/empty"
refused "a folder whose only file is no patch" "0001-readme.patch: not a patch" matrix SERIES="$tmp/notpatch"
refused "a garbage mbox" "garbage.mbox, message 0001: not a patch" matrix SERIES="$tmp/garbage.mbox"
refused "a series that touches only the documentation" "changes no file an arch builds" matrix SERIES="$tmp/docs"
refused "a nightly that keeps nothing" "KEEP='0': must be 1 or more" nightly KEEP=0
refused "KEEP not a count" "KEEP='x': not a whole number" nightly KEEP=x
refused "cell without POINT" "needs POINT=" -n cell ARCH=m68k POINT=
refused "cell without ARCH" "needs ARCH=" -n cell ARCH= POINT=base
refused "cell of an unknown arch" "unknown arch 'vax'" -n cell ARCH=vax POINT=base
refused "a shell word in a path" "SERIES='$tmp/x;touch $tmp/pwned'" series "SERIES=$tmp/x;touch $tmp/pwned"
expect "a shell word in a path: never run" [ ! -e "$tmp/pwned" ]
refused "a quote in a name" "POINTS='base'x'" matrix "POINTS=base'x"
refused "a space in a path" "SERIES='$tmp/a b'" help "SERIES=$tmp/a b"

# Plain ---/+++ diffs (quilt's form) choose arches as git's do.
got=$(series_tool arches --why "$tmp/quilt" "m68k:m68k x86_64:x86")
expect "a quilt series of plain diffs chooses m68k ($got)" \
	[ "$got" = "m68k	m68k-comment.diff	arch/m68k/kernel/signal.c" ]

# run-open.sh given no cell refuses, rather than open a run of nothing.
RUN_DIR="$tmp/r/run" RESULTS="$tmp/r" ARCHES= POINTS= sh "$top/matrix/run-open.sh" >"$tmp/out" 2>&1
rc=$?
expect "run-open.sh with no cell: exit status 2 (got $rc)" [ "$rc" = 2 ]
expect "run-open.sh with no cell: says so" grep -q "no cells to run" "$tmp/out"
expect "run-open.sh with no cell: no run folder" [ ! -e "$tmp/r" ]

# ---- runs never share a folder, and a run builds what it resolved --------------
mkvar() {	# VAR MAKE-ARGS...: the variable as make has it
	v=$1; shift
	env -u ARCHES make --no-print-directory -s -C "$top" --eval "print-var: ; @echo \$($v)" print-var \
		WORK="$tmp/work" RESULTS="$tmp/results" "$@" 2>/dev/null
}
mkvar RUN_ID >"$tmp/id1" & mkvar RUN_ID >"$tmp/id2" & wait
expect "two makes started together: two run ids ($(cat "$tmp/id1") $(cat "$tmp/id2"))" \
	[ -s "$tmp/id1" ] && ! cmp -s "$tmp/id1" "$tmp/id2"
mkdir -p "$tmp/run1" && printf 'rc1\t%s\n' 0123456789abcdef0123456789abcdef01234567 >"$tmp/run1/points.tsv"
expect "a cell of a run builds the commit its run resolved (points.tsv)" \
	[ "$(mkvar KERNEL_POINT ARCH=m68k POINT=rc1 RUN_DIR="$tmp/run1")" = 0123456789abcdef0123456789abcdef01234567 ]
expect "a point the run did not resolve: its name" [ "$(mkvar KERNEL_POINT ARCH=m68k POINT=base RUN_DIR="$tmp/run1")" = base ]
# make nightly's KEEP: the matrix runs of its own series only.
# RUN:SERIES:KIND (no kind: a run from before run.tsv had one, a matrix run).
i=0
for r in a1:a:matrix a2:a:matrix b1:b:matrix a3:a:mutants c1:a:cell o1:a:; do
	i=$((i + 1)) d=$tmp/runs/${r%%:*} rest=${r#*:}
	mkdir -p "$d" && echo "x y" >"$d/cells.list"
	printf 'started\t2026-12-07T00:00:0%sZ\nseries\t%s\t/s\n' "$i" "${rest%%:*}" >"$d/run.tsv"
	[ -z "${rest#*:}" ] || printf 'kind\t%s\n' "${rest#*:}" >>"$d/run.tsv"
done
expect "report runs --series a --kind matrix: a's matrix runs alone" \
	[ "$("$1/report" runs --series a --kind matrix "$tmp/runs" | sed 's|.*/||' | sort | tr '\n' ' ')" = "a1 a2 o1 " ]
# run-open.sh --join: a cell joins a run once; a folder that is no run yet
# (the reproducer's, holding what it is judged by) is opened as one, of
# its kind. (A stand-in TOP: what the run is of, and no point resolves.)
mkdir -p "$tmp/stub/matrix" "$tmp/join/r"
printf '#!/bin/sh\nprintf "started\\t2026-12-07T00:00:00Z\\nseries\\ts\\t/s\\n"\n' >"$tmp/stub/matrix/run-info.sh"
printf '#!/bin/sh\nexit 1\n' >"$tmp/stub/matrix/checkout-point.sh"
chmod +x "$tmp/stub/matrix/run-info.sh" "$tmp/stub/matrix/checkout-point.sh"
echo kept >"$tmp/join/r/mutants.tsv"
join() {	# HOSTBIN CELL...
	b=$1
	shift
	TOP=$tmp/stub RUN_DIR=$tmp/join/r RESULTS=$tmp/join HOSTBIN=$b SRC=$tmp SERIES_NAME=s RUN_KIND=cell \
		sh "$top/matrix/run-open.sh" --join "$@"
}
join "$1" cell/m68k/base && join "$1" cell/m68k/base cell/m68k/rc1
expect "--join: each cell listed once, in order" [ "$(cat "$tmp/join/r/cells.list")" = "$(printf 'm68k base\nm68k rc1')" ]
expect "--join: a new run of its kind" grep -q "^kind	cell$" "$tmp/join/r/run.tsv"
expect "--join: what the folder held kept" grep -q kept "$tmp/join/r/mutants.tsv"
. "$top/matrix/lib.sh"
claim_run_dir "$tmp/claimed/r" 2>/dev/null
expect "a run's folder claimed" [ $? = 0 ]
claim_run_dir "$tmp/claimed/r" 2>"$tmp/out"
expect "a run's folder claimed twice: refused" [ $? = 1 ]
expect "a run's folder claimed twice: says so" grep -q "exists already" "$tmp/out"

finish test-inputs

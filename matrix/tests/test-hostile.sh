#!/bin/sh
# Series from strangers: names, paths, points, quilt lines, subjects,
# headers, trailers, config lines and settings that try shell, sed (the
# flags that run or write), make and git-ref injection. Each payload runs
# `touch kmxcanary-N` (or writes that file) if any step runs it. Every
# series goes through what a user does first, on a tree of three files:
# `make series` (the Makefile read, as `make help` reads it; the series
# applied as tags; its arches), and
# run-info.sh (what a run records of it). A series is either refused with
# a message that names the bad part, or read; no canary may appear.
# usage: test-hostile.sh HOSTBIN
set -u
. "$(dirname "$0")/lib.sh"
top=$(cd "$here/../.." && pwd)
make_tmp
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t

# The tree: a tarball of three files, imported once (a tree of its own in WORK).
mkdir -p "$tmp/linux-hostile/arch/m68k/kernel" "$tmp/linux-hostile/kernel"
printf 'a\nb\nc\n' >"$tmp/linux-hostile/arch/m68k/kernel/signal.c"
printf 'a\nb\nc\n' >"$tmp/linux-hostile/kernel/signal.c"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$tmp/linux-hostile/Makefile"
tar -C "$tmp" -cJf "$tmp/linux-hostile.tar.xz" linux-hostile
work=$tmp/work
mkdir -p "$tmp/cwd"

# mkpatch FILE SUBJECT PATH [FROM] [TRAILER]: a git format-patch file that adds PATH.
mkpatch() {
	{
		printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
		printf 'From: %s\nSubject: [PATCH] %s\n\nA change.\n\n%s\n---\n' "${4:-t <t@t>}" "$2" "${5:-Signed-off-by: t <t@t>}"
		printf 'diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+x\n' "$3" "$3" "$3"
	} >"$1"
}
n=0
canaries() { find "$tmp" "$top" -maxdepth 4 -name 'kmxcanary*' 2>/dev/null; }
# run_make OUT MAKE-ARGS...: make in the test's own WORK and RESULTS, from a folder of its own.
run_make() {
	out=$1; shift
	(cd "$tmp/cwd" && env -u ARCHES -u POINTS -u SERIES_NAME -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make --no-print-directory -C "$top" \
		WORK="$work" RESULTS="$tmp/results" KSRC_TARBALL="$tmp/linux-hostile.tar.xz" "$@" >"$out" 2>&1)
}
# read_ok NAME SERIES [MAKE-ARGS...]: read and applied, no canary.
read_ok() {
	name=$1 series=$2; shift 2
	n=$((n + 1))
	run_make "$tmp/series.out" series SERIES="$series" "$@"
	rc=$?
	expect "$name: make series reads it (exit $rc)" [ "$rc" = 0 ] || sed 's/^/    /' "$tmp/series.out"
	SERIES_ERROR= SERIES_OFFSETS= "$top/matrix/run-info.sh" "$work/trees/linux-hostile/src/linux" \
		"$(basename "$series" | sed 's/\..*//')" "$series" t t t >"$tmp/info.out" 2>&1
	expect "$name: nothing ran" [ -z "$(canaries)" ] || canaries
}
# refused NAME WANT SERIES [MAKE-ARGS...]: make series and make help refuse or ignore it, naming WANT.
refused() {
	name=$1 want=$2 series=$3; shift 3
	n=$((n + 1))
	run_make "$tmp/series.out" series SERIES="$series" "$@"
	rc=$?
	expect "$name: refused (exit $rc)" [ "$rc" != 0 ] || sed 's/^/    /' "$tmp/series.out"
	expect "$name: says '$want'" grep -qF -- "$want" "$tmp/series.out" || sed 's/^/    /' "$tmp/series.out"
	expect "$name: nothing ran" [ -z "$(canaries)" ] || canaries
}
# A folder of one patch, named NAME, with SUBJECT, PATH, FROM, TRAILER.
one() {	# DIR NAME SUBJECT PATH [FROM] [TRAILER]
	mkdir -p "$1" && mkpatch "$1/$2" "$3" "$4" "${5:-}" "${6:-}"
}
good=arch/m68k/kernel/new.c

# ---- patch file names: they reach git and the scripts as arguments only --------
i=0
for name in '0001-a|e touch kmxcanary-1|.patch' '0001-a;touch kmxcanary-2;.patch' \
	'0001-$(touch kmxcanary-3).patch' '0001-`touch kmxcanary-4`.patch' "0001-it's.patch" \
	'0001-a b.patch' '0001-a|w kmxcanary-5|.patch' '0001-\\e touch kmxcanary-6.patch' \
	'0001-%s%n%x.patch' '0001-&&touch kmxcanary-7.patch'; do
	i=$((i + 1))
	one "$tmp/names$i" "$name" "m68k: a change" "$good"
	read_ok "patch file name $name" "$tmp/names$i"
done
expect "a patch named with a space: its point is made" \
	git -C "$work/trees/linux-hostile/src/linux" rev-parse -q --verify names6/01-m68k-a-change >/dev/null
# Its stamp sees an edit of a patch so named (the stamp once lost such
# names, and an edited series was never applied again).
sed -i 's/^Subject: \[PATCH\] m68k: a change$/Subject: [PATCH] m68k: an edited change/' "$tmp/names6/0001-a b.patch"
run_make "$tmp/series.out" series SERIES="$tmp/names6"
expect "a patch named with a space, edited: applied again" \
	git -C "$work/trees/linux-hostile/src/linux" rev-parse -q --verify names6/01-m68k-an-edited-change >/dev/null
one "$tmp/newline" "$(printf '0001-a\nb.patch')" "m68k: a change" "$good"
refused "a patch file name with a newline" "holds the control character 0x0a" "$tmp/newline"

# ---- the paths a diff changes --------------------------------------------------
i=0
for path in 'arch/m68k/$(touch kmxcanary-11).c' 'arch/m68k/a|e touch kmxcanary-12|.c' \
	'arch/m68k/x;touch kmxcanary-13' 'arch/m68k/`touch kmxcanary-14`.c' "arch/m68k/it's.c"; do
	i=$((i + 1))
	one "$tmp/paths$i" 0001-p.patch "m68k: a change" "$path"
	read_ok "diff path $path" "$tmp/paths$i"
done
run_make "$tmp/arches.out" series SERIES="$tmp/paths2"
expect "a hostile path still picks its arch" grep -q '^  ARCH    m68k ' "$tmp/arches.out"

# ---- subjects, From:, trailers ----------------------------------------------------
i=0
for subject in 'm68k: $(touch kmxcanary-21)' 'm68k: `touch kmxcanary-22`' 'm68k: a|e touch kmxcanary-23|' \
	"m68k: it's \"quoted\" \\\\ and \\n" 'm68k: %s%n%s' 'm68k: a|w kmxcanary-24|'; do
	i=$((i + 1))
	one "$tmp/subj$i" 0001-s.patch "$subject" "$good"
	read_ok "subject $subject" "$tmp/subj$i"
done
one "$tmp/from" 0001-f.patch "m68k: a change" "$good" '"$(touch kmxcanary-31)" <`touch kmxcanary-32`@x>'
read_ok "From: header" "$tmp/from"
one "$tmp/trailer" 0001-t.patch "m68k: a change" "$good" "" 'Signed-off-by: $(touch kmxcanary-33) <a;touch kmxcanary-34>'
read_ok "trailer" "$tmp/trailer"

# ---- quilt series lines --------------------------------------------------------------
quilt() {	# NAME LINE WANT
	i=$((i + 1))
	one "$tmp/quilt$i" 0001-q.patch "m68k: a change" "$good"
	printf '%s\n' "$2" >"$tmp/quilt$i/series"
	refused "quilt line $1" "$3" "$tmp/quilt$i"
}
i=0
quilt "with a command" '0001-q.patch;touch${IFS}kmxcanary-41' 'which does not exist'
quilt "a command substitution" '$(touch${IFS}kmxcanary-42)' 'which does not exist'
quilt "above the folder" '../../etc/passwd' "is outside the series' folder"
quilt "an absolute path" '/etc/passwd' "is outside the series' folder"
quilt "-p0" '0001-q.patch -p0' 'kmatrix applies patches at -p1'
quilt "an option that runs" '0001-q.patch -e touch kmxcanary-43' 'is not supported'

# ---- points files: each name becomes a tag, a folder and a make goal ---------------------
points() {	# NAME LINE WANT
	i=$((i + 1))
	one "$tmp/points$i" 0001-q.patch "m68k: a change" "$good"
	printf '%s\n' "$2" >"$tmp/points$i/points"
	run_make "$tmp/points.out" -n matrix SERIES="$tmp/points$i"
	expect "points line $1: refused" grep -qF -- "$3" "$tmp/points.out" || sed 's/^/    /' "$tmp/points.out"
	refused "points line $1 (make series)" "$3" "$tmp/points$i"
}
i=0
points "with a command" 'rc1;touch${IFS}kmxcanary-51 1' "the character ';' is not allowed"
points "a command substitution" '$(touch${IFS}kmxcanary-52) 1' "the character '\$' is not allowed"
points "a sed flag" 'a|e 1' "the character '|' is not allowed"
points "moving base" 'base 1' "base and pristine are kmatrix's own points"
points "a second word" 'rc1 1;touch${IFS}kmxcanary-53' "names patch '1;touch"
points "three words" 'rc1 1 touch' 'a line is NAME PATCH-NUMBER'
points "a ref path" 'refs/heads/x 1' "the character '/' is not allowed"
points "git's .." 'a..b 1' "'..' is not allowed"
points "git's .lock" 'a.lock 1' "'.lock' is not allowed"
points "git's @{" '@{1} 1' "the character '@' is not allowed"
points "a patch the series lacks" 'rc1 2' 'the series has patches 1 to 1'
points "twice" "$(printf 'rc1 1\nrc1 1')" 'rc1 is named already, on line 1'
points "a number for a name" '01-x 1' 'a named point begins with a letter'

# ---- the series' config and its folder's name --------------------------------------------
one "$tmp/config1" 0001-q.patch "m68k: a change" "$good"
echo 'base=pristine;touch kmxcanary-61' >"$tmp/config1/config"
refused "config base=" "SERIES_BASE='pristine;touch kmxcanary-61'" "$tmp/config1"
one "$tmp/config2" 0001-q.patch "m68k: a change" "$good"
echo 'tree=$(touch kmxcanary-62)' >"$tmp/config2/config"
refused "config tree=" "SERIES_TREE='\$(touch kmxcanary-62)'" "$tmp/config2"
one "$tmp/pristine" 0001-q.patch "m68k: a change" "$good"
refused "a series named pristine" "the name of the tree itself" "$tmp/pristine"
one "$tmp/.hidden" 0001-q.patch "m68k: a change" "$good"
refused "a series folder starting with ." "name the series with SERIES_NAME=" "$tmp/.hidden"
refused "SERIES_NAME with a command" "the character ';' is not allowed" "$tmp/names1" 'SERIES_NAME=x;touch kmxcanary-63'
refused "SERIES_NAME as a ref" "the character '/' is not allowed" "$tmp/names1" 'SERIES_NAME=refs/heads/x'

# ---- settings that reach recipes or files others run -----------------------------------------
refused "GUEST_FAULTS with a command" "GUEST_FAULTS='x;touch kmxcanary-71'" "$tmp/names1" 'GUEST_FAULTS=x;touch kmxcanary-71'
refused "DISTCC_POINT with a command" 'DISTCC_POINT=' "$tmp/names1" 'DISTCC_POINT=x`touch kmxcanary-72`'
refused "BENCH_PHASES with a command" 'BENCH_PHASES=' "$tmp/names1" 'BENCH_PHASES=`touch kmxcanary-73`'
refused "GUEST_APPEND with a quote" "GUEST_APPEND='a'b'" "$tmp/names1" "GUEST_APPEND=a'b"
refused "COVERAGE_NO_MUTANT with a command" "COVERAGE_NO_MUTANT=" "$tmp/names1" 'COVERAGE_NO_MUTANT=x;touch kmxcanary-74'

# ---- an mbox with a hostile cover letter ---------------------------------------------------
{
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	printf 'From: t <t@t>\nSubject: [PATCH v2 0/1] $(touch kmxcanary-81) `touch kmxcanary-82`\n\nThe cover.\n\n'
	mkpatch "$tmp/mbox-patch" '[PATCH v2 1/1] m68k: $(touch kmxcanary-83)' "$good"
	sed 's/^Subject: \[PATCH\] /Subject: /' "$tmp/mbox-patch"
} >"$tmp/hostile.mbx"
read_ok "an mbox with a hostile cover letter" "$tmp/hostile.mbx"
expect "the cover letter is the title, as data" [ "$(series_tool title "$tmp/hostile.mbx")" = \
	'$(touch kmxcanary-81) `touch kmxcanary-82`' ]

expect "at least 30 series tried ($n)" [ "$n" -ge 30 ]
expect "no canary anywhere" [ -z "$(canaries)" ]
finish test-hostile

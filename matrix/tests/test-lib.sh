#!/bin/sh
# Tests of matrix/lib.sh: the series' points in order, resolving a point, subjects, the series' patch files, the files an
# arch builds, and the time helpers.
set -u
. "$(dirname "$0")/lib.sh"
make_tmp

# ---- a made-up series: ten patches, and a named point after-c -------------------
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
repo=$tmp/repo
mkdir -p "$repo" && git -C "$repo" init -q
printf '%s\n' a b c d e f g h i j k >"$repo/f.c"
git -C "$repo" add f.c && git -C "$repo" commit -qm pristine && git -C "$repo" tag pristine
for x in b c d e f g h i j k; do
	sed -i "s/^$x\$/$x$x/" "$repo/f.c"
	git -C "$repo" commit -qam "sub: change $x"
done
git -C "$repo" format-patch -q -o "$tmp/folder" pristine..HEAD
printf 'after-c\t2\n' >"$tmp/folder/points"
"$here/../apply-series.sh" "$repo" "$tmp/folder" s1 pristine >/dev/null
expect "series_points: numeric order past 09" [ "$(series_points "$repo" s1 | cut -d- -f1 | tr '\n' ' ')" = "01 02 03 04 05 06 07 08 09 10 " ]
expect "series_points: no named points" [ -z "$(series_points "$repo" s1 | grep -v '^[0-9]')" ]
expect "point_subject: the patch's subject" [ "$(point_subject "$repo" s1 02-sub-change-c)" = "sub: change c" ]
c2=$(git -C "$repo" rev-parse s1/02-sub-change-c)
expect "resolve_point: by name" [ "$(resolve_point "$repo" 02-sub-change-c s1)" = "$c2" ]
expect "resolve_point: a named point" [ "$(resolve_point "$repo" after-c s1)" = "$c2" ]
expect "resolve_point: by number" [ "$(resolve_point "$repo" 2 s1)" = "$c2" ]
expect "resolve_point: 08 (not octal)" [ "$(resolve_point "$repo" 08 s1)" = "$(git -C "$repo" rev-parse s1/08-sub-change-i)" ]
expect "resolve_point: pristine" [ "$(resolve_point "$repo" pristine s1)" = "$(git -C "$repo" rev-parse pristine)" ]
resolve_point "$repo" 11 s1 >/dev/null 2>"$tmp/err"
expect "resolve_point: unknown fails" [ $? = 1 ]
expect "resolve_point: unknown names the known points" grep -q "unknown point '11'; known: pristine 01-sub-change-b" "$tmp/err"

# ---- series arches: the arches a series picks, and why ------------------------
mkdir -p "$tmp/s390only" "$tmp/generic"
printf 'Subject: s390: x\n\ndiff --git a/arch/s390/x.c b/arch/s390/x.c\n' >"$tmp/s390only/0001-x.patch"
printf 'Subject: doc\n\ndiff --git a/Documentation/y.rst b/Documentation/y.rst\n' >"$tmp/s390only/0002-y.patch"
printf 'Subject: z\n\ndiff --git a/kernel/z.c b/kernel/z.c\n' >"$tmp/generic/0001-z.patch"
am="m68k:m68k s390x:s390 x86_64:x86"
expect "series arches: a series touching only arch/s390 (and docs) picks s390x" \
	[ "$(series_tool arches "$tmp/s390only" "$am")" = s390x ]
expect "series arches: --why names the patch and the file" \
	[ "$(series_tool arches --why "$tmp/s390only" "$am")" = "$(printf 's390x\t0001-x.patch\tarch/s390/x.c')" ]
expect "series arches: generic code picks every arch, in the given order" \
	[ "$(series_tool arches "$tmp/generic" "$am" | tr '\n' ' ')" = "m68k s390x x86_64 " ]

# ---- a series in any form: the patches, and the default points --------------------
printf -- '--- a/arch/s390/x.c\n+++ b/arch/s390/x.c\n@@ -1 +1,2 @@\n a\n+b\n' >"$tmp/one.diff"
expect "series_patches: a single plain patch is a series of itself" \
	[ "$(series_patches "$tmp/one.diff" "$tmp/w1")" = "$tmp/one.diff" ]
expect "series arches: a single plain patch picks its arch" [ "$(series_tool arches "$tmp/one.diff" "$am")" = s390x ]
expect "series points: base and the last patch" [ "$(series_tool points "$tmp/one.diff")" = "base 1" ]
expect "series points: a folder's last patch by number" [ "$(series_tool points "$tmp/s390only")" = "base 2" ]
printf '# name patch\nfirst\t1\n' >"$tmp/s390only/points"
expect "series points: the named points, then the last patch" [ "$(series_tool points "$tmp/s390only")" = "base first 2" ]
printf 'first\t1\nlast\t2\n' >"$tmp/s390only/points"
expect "series points: a named last patch is not named twice" [ "$(series_tool points "$tmp/s390only")" = "base first last" ]
rm -f "$tmp/s390only/points"

# ---- apply-series --each: every patch alone over the base, tagged apart ------------
# Two mutants of point 02, made in a scratch worktree: the first and the last line changed.
git -C "$repo" worktree add -q --detach "$tmp/wt" s1/02-sub-change-c
for x in a k; do
	sed -i "s/^$x\$/$x-mutated/" "$tmp/wt/f.c"
	git -C "$tmp/wt" commit -qam "mut: $x mutated"
	git -C "$tmp/wt" format-patch -q -1 -o "$tmp/mut"
	git -C "$tmp/wt" reset -q --hard s1/02-sub-change-c
done
POINTS_OUT=$tmp/mut.points "$here/../apply-series.sh" --each=m "$repo" "$tmp/mut" "$(mutants_ns s1)" s1/02-sub-change-c >/dev/null
expect "--each: one point per patch, prefixed" [ "$(cut -f1 "$tmp/mut.points" | tr '\n' ' ')" = "m01-mut-a-mutated m02-mut-k-mutated " ]
expect "--each: POINTS_OUT names the patch file" [ "$(cut -f2 "$tmp/mut.points" | head -n1)" = "0001-mut-a-mutated.patch" ]
expect "--each: the second is over the base, not over the first" \
	sh -c "! git -C '$repo' show s1.mutants/m02-mut-k-mutated:f.c | grep -qx a-mutated"
expect "--each: over the base" [ "$(git -C "$repo" rev-parse s1.mutants/m02-mut-k-mutated^)" = "$c2" ]
expect "resolve_point: a mutant by its point name" [ "$(resolve_point "$repo" m01-mut-a-mutated s1)" = \
	"$(git -C "$repo" rev-parse s1.mutants/m01-mut-a-mutated)" ]
expect "--each leaves the series' own tags alone" [ "$(resolve_point "$repo" 02-sub-change-c s1)" = "$c2" ]

# ---- subject and series_patches ------------------------------------------------
p1=$(ls "$tmp"/folder/0001-*.patch)
expect "subject: without [PATCH n/m]" [ "$(subject "$p1")" = "sub: change b" ]
printf 'From: t\nSubject: [PATCH 3/9] area: a subject long enough\n to be folded\n\nbody\n' >"$tmp/folded.patch"
expect "subject: a folded line joined" [ "$(subject "$tmp/folded.patch")" = "area: a subject long enough to be folded" ]
expect "series_patches: a folder, sorted" [ "$(series_patches "$tmp/folder" "$tmp" | sed 's|.*/||' | head -n2 | tr '\n' ' ')" = \
	"0001-sub-change-b.patch 0002-sub-change-c.patch " ]
printf '# comment\n0002-sub-change-c.patch -p1\n0001-sub-change-b.patch\n' >"$tmp/folder/series"
expect "series_patches: the quilt series file's order" [ "$(series_patches "$tmp/folder" "$tmp" | sed 's|.*/||' | tr '\n' ' ')" = \
	"0002-sub-change-c.patch 0001-sub-change-b.patch " ]
cat "$tmp"/folder/000[12]-*.patch >"$tmp/two.mbox"
expect "series_patches: an mbox, one file a message" [ "$(series_patches "$tmp/two.mbox" "$tmp" | wc -l)" = 2 ]

# ---- arch_files and time ------------------------------------------------------
expect "arch_files: its arch and generic code" [ "$(printf 'arch/sparc/a.c\narch/x86/b.c\nkernel/c.c\narch/sparc64/d.c\n' |
	arch_files sparc | tr '\n' ' ')" = "arch/sparc/a.c kernel/c.c " ]
expect "arch_files: not the documentation" [ -z "$(printf 'Documentation/x.rst\n' | arch_files sparc)" ]
am="sparc32:sparc x86_64:x86 m68k:m68k"
expect "arches_touched: an arch's own file picks that arch, with the file" \
	[ "$(printf 'arch/x86/a.c\n' | arches_touched "$am")" = "$(printf 'x86_64\tarch/x86/a.c')" ]
expect "arches_touched: generic code picks every arch, in order" \
	[ "$(printf 'arch/x86/a.c\nkernel/b.c\n' | arches_touched "$am" | cut -f1 | tr '\n' ' ')" = "sparc32 x86_64 m68k " ]
expect "arches_touched: the reason is the first file that arch builds" \
	[ "$(printf 'arch/x86/a.c\nkernel/b.c\n' | arches_touched "$am" | sed -n 2p | cut -f2)" = "arch/x86/a.c" ]
expect "arches_touched: an arch nobody runs and the documentation pick nothing" \
	[ -z "$(printf 'arch/arc/a.c\nDocumentation/b.rst\n' | arches_touched "$am")" ]
# ---- first-bad.sh: the first bad patch of a regression, by bisection ---------------
# A stand-in for `make cell`: the test t1 fails from patch 07 on, t2 from 03
# on, each probe recorded; first-bad.sh asks report query for each probe's result.
hostbin=${1:-}
if [ -x "$hostbin/report" ]; then
	fb=$tmp/fbrun
	mkdir -p "$fb/m68k-base" "$fb/m68k-after-c"
	printf 'm68k base\nm68k 10\n' >"$fb/cells.list"
	printf 'arch\tm68k\npoint\tbase\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tpass\t\ntest\tt2\tpass\t\n' >"$fb/m68k-base/cell.tsv"
	mkdir -p "$fb/m68k-10"
	printf 'arch\tm68k\npoint\t10\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\tfail\tx\ntest\tt2\tfail\ty\n' >"$fb/m68k-10/cell.tsv"
	cat >"$tmp/fake-make" <<'MK'
#!/bin/sh
# As make: a variable on the command line wins over the environment's.
for a; do case $a in ARCH=*) arch=${a#ARCH=} ;; POINT=*) pt=${a#POINT=} ;; RUN_DIR=*) RUN_DIR=${a#RUN_DIR=} ;; esac; done
n=${pt%%-*}; n=${n#0}
d=$RUN_DIR/$arch-$pt
mkdir -p "$d"
s1=pass; [ "$n" -ge 7 ] && s1=fail
s2=pass; [ "$n" -ge 3 ] && s2=fail
printf 'arch\t%s\npoint\t%s\nbuild\tok\t1\t\nboot\tok\t1\t\ntest\tt1\t%s\t\ntest\tt2\t%s\t\n' "$arch" "$pt" $s1 $s2 >"$d/cell.tsv"
echo "$pt" >>"$RUN_DIR/../probes"
"$HOSTBIN/report" summary --quiet "$RUN_DIR"
MK
	chmod +x "$tmp/fake-make"
	# (RUN_DIR in the environment, as the Makefile gives it: the run's own.)
	RUN_DIR=$fb MAKE=$tmp/fake-make HOSTBIN=$hostbin REPORT_FLAGS= SRC=$repo SERIES_NAME=s1 "$here/../first-bad.sh" "$fb" 2>/dev/null
	expect "first-bad: t1's first bad patch" \
		[ "$(awk -F'\t' '$2 == "t1" { print $3 }' "$fb/first-bad.tsv")" = "$(series_points "$repo" s1 | sed -n 7p)" ]
	expect "first-bad: t2's first bad patch" \
		[ "$(awk -F'\t' '$2 == "t2" { print $3 }' "$fb/first-bad.tsv")" = "$(series_points "$repo" s1 | sed -n 3p)" ]
	expect "first-bad: a patch is booted once for every test ($(sort "$fb/probes" | uniq -d | wc -l) twice)" \
		[ -z "$(sort "$fb/probes" | uniq -d)" ]
	expect "first-bad: about log2 of ten probes a test ($(wc -l <"$fb/probes") in all)" [ "$(wc -l <"$fb/probes")" -le 7 ]
	"$hostbin/report" summary --table "$fb" >"$tmp/fb.out"
	expect "first-bad: the report names it" grep -q "REGRESSION fail t1, regressed by $(series_points "$repo" s1 | sed -n 7p) (pass at base" "$tmp/fb.out"
	expect "first-bad: in summary.json" [ "$(jq -r '.cells[1].tests[0].first_bad' "$fb/summary.json")" = "$(series_points "$repo" s1 | sed -n 7p)" ]
fi

t=$(now)
expect "since: one decimal by default" sh -c "echo '$(since "$t")' | grep -qx '[0-9]*\.[0-9]'"
expect "since: DIGITS decimals" sh -c "echo '$(since "$t" 2)' | grep -qx '[0-9]*\.[0-9][0-9]'"
# A script in matrix/ (distcc-check.sh) sources lib.sh, then tests/lib.sh:
# the latter must not look for ../lib.sh beside the script.
expect "tests/lib.sh: sourced from a script outside tests/" \
	sh -c '. "$(dirname "$0")/lib.sh" && . "$(dirname "$0")/tests/lib.sh" && command -v expect >/dev/null' "$here/../distcc-check.sh"
# run_job: the job's status; stop_job ends its whole session and no job
# after it; a SIGKILL of the caller's whole process group ends the job too.
expect "run_job: the job's exit status" sh -c '. "$1/../lib.sh"; run_job sh -c "exit 7"; [ $? = 7 ]' sh "$here"
expect "run_job: stop_job ends the session (a grandchild too), none after it" sh -c '
	. "$1/../lib.sh"; trap stop_job TERM
	(sleep 1; kill -TERM $$) &
	t=$(date +%s); run_job sh -c "sleep 61.31 & sleep 62.31; wait"; rc=$?
	run_job true; rc2=$?
	[ $(( $(date +%s) - t )) -lt 30 ] && [ $rc2 = 130 ] && ! pgrep -f "^sleep 6[12].31$" >/dev/null' sh "$here"
setsid sh -c '. "$1/../lib.sh"; run_job sleep 63.31' sh "$here" &
i=0; until pgrep -fx "sleep 63.31" >/dev/null || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done
kill -KILL -"$(pgrep -f "run_job sleep 63.31" | head -n1)" 2>/dev/null
wait
i=0; while pgrep -fx "sleep 63.31" >/dev/null && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
expect "run_job: a SIGKILL of the caller's group ends the job (its watchdog is not in it)" sh -c '! pgrep -fx "sleep 63.31" >/dev/null'
finish test-lib

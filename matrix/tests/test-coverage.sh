#!/bin/sh
# Tests of the coverage tool (matrix/coverage/): the console's gcov data
# comes back byte for byte, a file whose sum or size is wrong is counted
# damaged and not kept, and the report counts a series' lines from gcov's
# text: lines with no code left out, branch directions summed over the
# profiles, a line of another arch or config given its reason, never
# counted as not run.
# usage: test-coverage.sh HOSTBIN
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
make_tmp
cov=$bin/coverage

# ---- extract ----
# FNV-1a sums of the vectors: 01 00 00 00 00 ff is ea2231c9, ab cd e3a027a5.
cat >"$tmp/console" <<'EOF'
[    1.000] Linux version 6.1
KTAP version 1
1..2
# kmx-gcov: profile boot
# kmx-gcov: file /debug/gcov/b/x86/kernel/signal.gcda 6
# kmx-gcov: data 01z4;
# kmx-gcov: data ff
# kmx-gcov: end ea2231c9
# kmx-gcov: file /debug/gcov/b/x86/fs/exec.gcda 2
# kmx-gcov: data abcd
# kmx-gcov: end 00000001
ok 1 first
# kmx-gcov: profile ../evil name
# kmx-gcov: file /debug/gcov/b/x86/fs/exec.gcda 2
# kmx-gcov: data ab[  2.5] a kernel line cut in
# kmx-gcov: end e3a027a5
# kmx-gcov: file /debug/gcov/elsewhere/fs/exec.gcda 2
# kmx-gcov: data abcd
# kmx-gcov: end e3a027a5
# kmx-gcov: file /debug/gcov/b/x86/fs/exec.gcda 2
# kmx-gcov: data abcd
# kmx-gcov: end e3a027a5
ok 2 second
kmatrix: all tests done
EOF
"$cov" extract "$tmp/console" /b/x86 "$tmp/data" 2>"$tmp/err"
expect "extract: exit 0 when there are profiles" [ $? = 0 ]
printf '\001\000\000\000\000\377' >"$tmp/want"
expect "extract: a zero run and two data lines give the file's bytes" cmp -s "$tmp/want" "$tmp/data/boot/kernel/signal.gcda"
expect "extract: a file whose sum is wrong is not kept" [ ! -e "$tmp/data/boot/fs/exec.gcda" ]
expect "extract: a profile's name is a folder name, never a path" [ -e "$tmp/data/.._evil_name/fs/exec.gcda" ]
printf 'boot\t1\t1\n.._evil_name\t1\t2\n' >"$tmp/want"
expect "extract: profiles.tsv counts kept and damaged (a cut line, a file outside the build)" cmp -s "$tmp/want" "$tmp/data/profiles.tsv"
printf 'KTAP version 1\nok 1 x\n' >"$tmp/none"
"$cov" extract "$tmp/none" /b/x86 "$tmp/data2" 2>"$tmp/err"
expect "extract: a console without data is exit 1, said why" [ $? = 1 ]
expect "extract: ... naming the kernel option" grep -q CONFIG_GCOV_KERNEL "$tmp/err"

# ---- report ----
mkdir -p "$tmp/r"
cat >"$tmp/r/profiles.tsv" <<'EOF'
boot	1	0
prog_a	1	0
prog_b	1	0
EOF
# boot: line 10 runs, branch 0 of line 11 taken; prog_a: line 11 and its
# branch 1; prog_b ran nothing. Line 12 is code never run, line 13 none.
# gcov names the notes where it found them, in each profile's own folder:
# the same object, and its branches one set, in every profile.
mkdir -p "$tmp/r/boot/kernel" "$tmp/r/prog_a/kernel"
cat >"$tmp/r/boot.gcov" <<EOF
        -:    0:Source:/t/tree/kernel/signal.c
        -:    0:Graph:$tmp/r/boot/kernel/signal.gcno
function f called 1 returned 100% blocks executed 50%
        3:   10:	x = 1;
        1:   11:	if (x)
branch  0 taken 1 (fallthrough)
branch  1 taken 0
    #####:   12:		y();
        -:   13:}
EOF
cat >"$tmp/r/prog_a.gcov" <<EOF
        -:    0:Source:/t/tree/kernel/signal.c
        -:    0:Graph:$tmp/r/prog_a/kernel/signal.gcno
        -:   10:	x = 1;
        2:   11:	if (x)
branch  0 taken 0
branch  1 taken 2
    #####:   12:		y();
EOF
: >"$tmp/r/prog_b.gcov"
printf 'kernel/signal.c\tprofiled\t\narch/sparc/kernel/signal_32.c\tother-arch\tanother arch'\''s code (arch/sparc)\n' >"$tmp/files"
printf 'kernel/signal.c\t%s\t08-force\t%s\n' 10 'x = 1;' 11 'if (x)' 12 'y(); /* a | and `tick` */' 13 '}' >"$tmp/lines"
printf 'arch/sparc/kernel/signal_32.c\t5\t10-sparc\tforce_sig(SIGSEGV);\n' >>"$tmp/lines"
out=$("$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp" "$tmp/r" 2>"$tmp/err")
expect "report: exit 0" [ $? = 0 ]
expect "report: the closing line counts lines with code and both profiles' branches ($out)" \
	[ "$out" = "coverage x86_64 fixed: series lines run: 2/3, branches: 2/2" ]
expect "report: tsv: a line run by two profiles names both" grep -q "^08-force	kernel/signal.c	11	run	3	2/2	boot,prog_a		$" "$tmp/coverage.tsv"
expect "report: tsv: a line with no code is no-code" grep -q "	13	no-code	" "$tmp/coverage.tsv"
expect "report: tsv: another arch's line is other-arch" grep -q "^10-sparc	arch/sparc/kernel/signal_32.c	5	other-arch	" "$tmp/coverage.tsv"
expect "report: md: the line not run is listed" grep -q "kernel/signal.c:12 .*not run" "$tmp/coverage.md"
expect "report: md: its | is escaped" grep -q 'a \\| and' "$tmp/coverage.md"
expect "report: md: another arch's line is counted, not listed" sh -c "! grep -q 'signal_32.c:5' '$tmp/coverage.md' && grep -q '^| 10-sparc | 0/0 | 0/0 | 0 | 1 |\$' '$tmp/coverage.md'"
expect "report: md: per patch, lines and branches" grep -q "^| 08-force | 2/3 | 2/2 | 1 | 0 |$" "$tmp/coverage.md"
# The series' unreachable list: a line not run that it names is
# unreachable with its reason, not counted; one that ran is counted run,
# and the report says the list is wrong there.
printf '# FILE\tTEXT\tARCHES\tREASON\nkernel/signal.c\ty();\ts390x, x86_64\tonly on ENOMEM\nkernel/signal.c\tx = 1\t*\tnever\nkernel/signal.c\tif (x)\tm68k\tnot here\n' >"$tmp/unreach"
mkdir -p "$tmp/u"
out=$("$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/u" --unreachable "$tmp/unreach" "$tmp/r" 2>"$tmp/err")
expect "unreachable: the named line is not counted ($out)" \
	[ "$out" = "coverage x86_64 fixed: series lines run: 2/2, branches: 2/2" ]
expect "unreachable: tsv state" grep -q "	12	unreachable	" "$tmp/u/coverage.tsv"
expect "unreachable: md gives the reason" grep -q "kernel/signal.c:12 .*only on ENOMEM" "$tmp/u/coverage.md"
expect "unreachable: a listed line that ran is flagged" grep -q "kernel/signal.c:10 .*unreachable list says" "$tmp/u/coverage.md"
expect "unreachable: another arch's entry does not apply" sh -c "! grep -q 'not here' '$tmp/u/coverage.md'"
printf 'kernel/signal.c\tno reason here\n' >"$tmp/unreach-bad"
"$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/u" --unreachable "$tmp/unreach-bad" "$tmp/r" 2>"$tmp/err"
expect "unreachable: a malformed line is an error naming file and line" grep -q "unreach-bad:1: not FILE" "$tmp/err"
# The catalogue's mutants, by line: named beside each line, and the lines
# run that none changes listed.
printf 'kernel/signal.c\t11\tm01\nkernel/signal.c\t11\tm19\nkernel/signal.c\t99\tm02\n' >"$tmp/mutants"
mkdir -p "$tmp/m"
"$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/m" --mutants "$tmp/mutants" "$tmp/r" >/dev/null 2>"$tmp/err"
expect "mutants: tsv names both on their line" grep -q "	11	run	.*	m01 m19	$" "$tmp/m/coverage.tsv"
expect "mutants: a run line no mutant changes is listed" sh -c "sed -n '/no mutant changes/,\$p' '$tmp/m/coverage.md' | grep -q 'kernel/signal.c:10 '"
expect "mutants: ... and one a mutant changes is not" sh -c "! sed -n '/no mutant changes/,\$p' '$tmp/m/coverage.md' | grep -q 'kernel/signal.c:11 '"
expect "mutants: ... with no reason given" sh -c "sed -n '/no mutant changes/,\$p' '$tmp/m/coverage.md' | grep -q 'kernel/signal.c:10 .*none given'"
expect "mutants: the counts (2 run, 1 with a mutant)" \
	grep -q "Of the 2 lines run, 1 are changed by some mutant" "$tmp/m/coverage.md"
# The series' reason why no mutant changes a line run: given beside it,
# and counted.
printf '# a comment\nkernel/signal.c\tx = 1\t*\tonly a store no test can see\n' >"$tmp/nomut"
"$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/m" --mutants "$tmp/mutants" --no-mutant "$tmp/nomut" "$tmp/r" >/dev/null 2>"$tmp/err"
expect "no-mutant: the line gets its reason" grep -q "kernel/signal.c:10 .*only a store no test can see" "$tmp/m/coverage.md"
expect "no-mutant: counted apart" grep -q "; 1 more have the series' reason" "$tmp/m/coverage.md"
printf 'kernel/signal.c\t^x = 1$\t*\tnot the whole line\n' >"$tmp/nomut-anchored"
"$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/m" --mutants "$tmp/mutants" --no-mutant "$tmp/nomut-anchored" "$tmp/r" >/dev/null 2>"$tmp/err"
expect "no-mutant: ^TEXT\$ must be the whole line" sh -c "! grep -q 'not the whole line' '$tmp/m/coverage.md'"
printf 'kernel/signal.c\t^x = 1;$\t*\tthe whole line\n' >"$tmp/nomut-anchored"
"$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/m" --mutants "$tmp/mutants" --no-mutant "$tmp/nomut-anchored" "$tmp/r" >/dev/null 2>"$tmp/err"
expect "no-mutant: ... blanks around it aside" grep -q "kernel/signal.c:10 .*the whole line" "$tmp/m/coverage.md"
printf 'kernel/signal.c\tx = 1\n' >"$tmp/nomut-bad"
"$cov" report --arch x86_64 --point fixed --lines "$tmp/lines" --files "$tmp/files" \
	--tree /t/tree --out "$tmp/m" --mutants "$tmp/mutants" --no-mutant "$tmp/nomut-bad" "$tmp/r" >/dev/null 2>"$tmp/err"
expect "no-mutant: a malformed line is an error naming file and line" grep -q "nomut-bad:1: not FILE" "$tmp/err"
"$cov" report --arch x86_64 --lines "$tmp/lines" "$tmp/r" 2>"$tmp/err"
expect "report: a missing option is usage, exit 2 or 1 with the usage" grep -q usage "$tmp/err"
finish test-coverage

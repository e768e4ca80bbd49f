#!/bin/sh
# Tests of cellrun's own judgements, apart from a run (test-faults.sh runs
# whole cells through it): the build's outcome from its log, a series that
# did not apply, and the boot's inputs (cell.in) it refuses.
# usage: test-cellrun.sh HOSTBIN
set -u
bin=$(cd "$1" && pwd)
. "$(dirname "$0")/lib.sh"
make_tmp
tab=$(printf '\t')

# ---- the build's outcome: the line that says what went wrong ----------------
# build LINE...: the outcome of a failed build (exit 2) whose log has those lines.
build() { printf '%s\n' "$@" >"$tmp/log"; "$bin/cellrun" --classify-build "$tmp/log" 2; }
failed() { printf 'failed\t0.0\t%s' "$1"; }
infra() { printf 'infra\t0.0\t%s' "$1"; }
expect "compiler error, tab made a space" [ "$(build '  CC      kernel/signal.o' \
	"kernel/signal.c:12:5: error: bad${tab}thing" 'make[2]: *** [scripts/Makefile.build:250: kernel/signal.o] Error 1')" = \
	"$(failed 'kernel/signal.c:12:5: error: bad thing')" ]
expect "assembler Error:" [ "$(build '  AS      head.o' 'head.S:3: Error: unknown opcode')" = "$(failed 'head.S:3: Error: unknown opcode')" ]
expect "linker: the undefined reference, not make's Error" [ "$(build "ld: signal.o: in function \`f':" \
	"signal.c:(.text+0x1): undefined reference to \`g'" 'make: *** [Makefile:1200: vmlinux] Error 1')" = \
	"$(failed "signal.c:(.text+0x1): undefined reference to \`g'")" ]
expect "modpost ERROR:" [ "$(build 'ERROR: modpost: "do_exit" [x.ko] undefined!')" = "$(failed 'ERROR: modpost: "do_exit" [x.ko] undefined!')" ]
expect "make's missing target" [ "$(build "make[1]: *** No rule to make target 'k/x.o'.  Stop." 'make: *** [Makefile:1: k] Error 2')" = \
	"$(failed "make[1]: *** No rule to make target 'k/x.o'.  Stop.")" ]
expect "a kmatrix message" [ "$(build '  CONFIG  m68k' "kmatrix: .config: 'CONFIG_X=y' did not survive")" = \
	"$(failed "kmatrix: .config: 'CONFIG_X=y' did not survive")" ]
expect "a warning is not an error" [ "$(build 'x.c:1: warning: unused variable [-Wunused]' '  LD      vmlinux')" = "$(failed '')" ]
long=$(printf 'x%.0s' $(seq 400))
expect "an overlong error: its first 300 bytes" [ "$(build "error: $long" | cut -f3 | wc -c)" = 301 ]
expect "a full disk: infra" [ "$(build 'kernel/signal.o: No space left on device')" = "$(infra 'kernel/signal.o: No space left on device')" ]
expect "dash's missing tool: infra" [ "$(build '/bin/sh: 1: flex: not found' 'make[2]: *** [x] Error 127')" = "$(infra '/bin/sh: 1: flex: not found')" ]
expect "make's missing compiler: infra" [ "$(build 'make[2]: gcc: No such file or directory')" = "$(infra 'make[2]: gcc: No such file or directory')" ]
expect "a missing header is the patch's: failed, whatever comes after" [ "$(build \
	'kernel/signal.c:12:10: fatal error: linux/nosuch.h: No such file or directory' 'later: No space left on device')" = \
	"$(failed 'kernel/signal.c:12:10: fatal error: linux/nosuch.h: No such file or directory')" ]
expect "a build that could not start: infra" [ "$(printf '' >"$tmp/log"; "$bin/cellrun" --classify-build "$tmp/log" 125)" = \
	"$(infra 'the build could not be started')" ]
expect "a build that passed: ok, no reason" [ "$("$bin/cellrun" --classify-build "$tmp/log" 0)" = "$(printf 'ok\t0.0\t')" ]

# ---- a cell, alone, through cellrun (a stand-in make and QEMU) ------------------
# The stand-in make writes cell.in as CELL_IN says and builds as BUILD says.
cat >"$tmp/make" <<'SH'
#!/bin/sh
for a; do case $a in POINT=*) point=${a#POINT=} ;; RUN_DIR=*) run=${a#RUN_DIR=} ;; esac; done
mkdir -p "$run/x-$point"
printf '%b' "$CELL_IN" >"$run/x-$point/cell.in"
case $BUILD in ok) exit 0 ;; *) echo "$BUILD"; exit 2 ;; esac
SH
chmod +x "$tmp/make"
printf '#!/bin/sh\necho "KTAP version 1"; echo "1..1"; echo "ok 1 t"; echo "%s"\n' \
	"$("$bin/report" vocab | sed -n 's/^end-marker //p')" >"$tmp/qemu"
chmod +x "$tmp/qemu"
good_in="qemu\t$tmp/qemu\nboot-timeout\t20\nboot-silence\t10\nhost-max-wait\t50\n"
cell() {	# NAME POINT: a cell of run NAME, alone (the run opened as run-open.sh --join opens it)
	mkdir -p "$tmp/$1" && printf 'x %s\n' "$2" >"$tmp/$1/cells.list"
	MAKE=$tmp/make "$bin/cellrun" --run "$tmp/$1" "$1" --locks "$tmp/locks" --retries 0 --cell x "$2" all \
		>"$tmp/$1.out" 2>&1
}
CELL_IN=$good_in BUILD=ok cell ok p
expect "a cell alone: ok, exit 0" [ $? = 0 ]
expect "a cell alone: its record" grep -q "^test	t	pass" "$tmp/ok/x-p/cell.tsv"
expect "a cell alone: its line" grep -q "^  \[x p\] build ok .*tests: 1 pass" "$tmp/ok.out"
expect "a cell alone: the arch's lock's owner" grep -q "^pid [0-9]*, run ok (since " "$tmp/locks/x.owner"
CELL_IN=$good_in BUILD="k.c:1:1: error: no" cell bad p
expect "a failed build: exit 1" [ $? = 1 ]
expect "a failed build: the record's build line" grep -q "^build	failed	[0-9.]*	k.c:1:1: error: no$" "$tmp/bad/x-p/cell.tsv"
expect "a failed build: no boot" grep -q "^boot	not-run	" "$tmp/bad/x-p/cell.tsv"
CELL_IN="qemu\t$tmp/qemu\nboot-timeout\tsoon\n" BUILD=ok cell badin p
expect "a bad cell.in: an error of the cell, naming file and line" \
	grep -q "^build	error	0	$tmp/badin/x-p/cell.in:2: not a KEY<tab>VALUE line" "$tmp/badin/x-p/cell.tsv"
CELL_IN="qemu\t$tmp/qemu\n" BUILD=ok cell short p
expect "a cell.in without limits: says which" grep -q "cell.in: no boot-timeout line" "$tmp/short/x-p/cell.tsv"
printf 'kmatrix: 0002-b.patch does not apply\nkernel/signal.c: hunk 1 at line 12\nmore\n' >"$tmp/series-error"
mkdir -p "$tmp/na" && printf 'x p\n' >"$tmp/na/cells.list"
CELL_IN=$good_in BUILD=ok MAKE=$tmp/make "$bin/cellrun" --run "$tmp/na" na --locks "$tmp/locks" \
	--series-error "$tmp/series-error" --cell x p all >"$tmp/na.out" 2>&1
expect "a series that does not apply: not run, its two first lines" grep -q \
	"^build	error	0	not run: 0002-b.patch does not apply; kernel/signal.c: hunk 1 at line 12$" "$tmp/na/x-p/cell.tsv"
expect "a series that does not apply: its complaint is the build log" cmp -s "$tmp/series-error" "$tmp/na/x-p/build.log"
"$bin/cellrun" --cell x p all >/dev/null 2>&1
expect "bad usage: exit 2" [ $? = 2 ]
MAKE=$tmp/make "$bin/cellrun" --run "$tmp/norun" norun --locks "$tmp/locks" --cell x p all >"$tmp/norun.out" 2>&1
expect "a folder that is no run: refused, saying who opens runs" grep -q "not a run (no cells.list): matrix/run-open.sh opens" "$tmp/norun.out"
finish test-cellrun

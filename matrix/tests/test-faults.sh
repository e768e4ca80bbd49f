#!/bin/sh
# Fault injection: each fault of docs/faults.md's "Faults and what you get"
# table, injected into the real run-open.sh, run-close.sh, cellrun,
# with-lock.sh and report, run by a real make as mk/cells.mk's `matrix`
# recipe runs them, with a stand-in for the cells' make and the kernel build
# (FAKE_BUILD_<arch>) and for QEMU (a script per arch). Each test checks how the cell is classified
# and that nothing finished is lost.
# usage: test-faults.sh HOSTBIN
set -u
bin=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
matrix=$(dirname "$here")
tmp=$(mktemp -d)
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
. "$here/lib.sh"

# The stand-in for the cells' make: `run-cells` and again/ARCH/POINT run
# the real cellrun as the Makefile's run_cell does (setpriv --pdeathsig),
# one at a time, the cells in the order run-open.sh wrote (cells.mk); a signal is passed
# on to the cell running, and no other cell starts, as make does. The
# cell's own make (`cell-env kernel initrd`) writes cell.in, and its
# build's outcome is FAKE_BUILD_<arch>'s.
cat >"$tmp/make" <<'EOF'
#!/bin/sh
export MAKE="$0"
arch= point= cells= again= env_goal= build_goal= series_error=${SERIES_ERROR:-}
for a; do
	case $a in
	ARCH=*) arch=${a#ARCH=} ;;
	POINT=*) point=${a#POINT=} ;;
	run-cells) read -r _ _ cells <"$RUN_DIR/cells.mk"; cells=$(printf '%s\n' $cells | sed 's|^cell/||') ;;
	*=*) export "${a?}" ;;
	again/*) again="$again ${a#again/}" ;;
	cell-env) env_goal=1 ;;
	kernel) build_goal=1 ;;
	esac
done
stopped= child=
trap 'stopped=1; [ -z "$child" ] || kill -TERM "$child" 2>/dev/null' INT TERM HUP
cell_step() {	# STEP: cellrun, a signal passed on to it
	env --default-signal=INT,QUIT setpriv --pdeathsig TERM "$HOSTBIN/cellrun" $REPORT_FLAGS \
		--run "$RUN_DIR" "$RUN_ID" --locks "$LOCKS" --retries "${RETRIES:-1}" ${CELL_IN_MATRIX:+--in-matrix} \
		${SERIES_ERROR:+--series-error "$SERIES_ERROR"} --not-run-points "${NOT_RUN_POINTS:-}" \
		--reproducer "$MATRIX/reproducer.sh" --cell "$ARCH" "$POINT" "$1" &
	child=$!
	echo "$child" >"$RUN_DIR/.cell-pid"	# for a test that stops this cell alone
	wait "$child"
	while kill -0 "$child" 2>/dev/null; do wait "$child"; done
	child=
}
cell_vars() {	# ARCH/POINT
	export ARCH=${1%%/*} POINT=${1#*/} CELL_DIR=$RUN_DIR/${1%%/*}-${1#*/}
	# As the Makefile: only a point that needs the series gets its error.
	case " ${SERIES_POINTS:-} " in *" $POINT "*) cell_series_error=$series_error ;; *) cell_series_error= ;; esac
	export SERIES_ERROR="$cell_series_error"
}
for c in $again; do
	[ -z "$stopped" ] || exit 130
	cell_vars "$c"
	cell_step again
done
for c in $cells; do
	[ -z "$stopped" ] || exit 130
	cell_vars "$c"
	cell_step all
done
[ -z "$stopped" ] || exit 130
[ -n "$cells$again" ] && exit 0
if [ -n "$env_goal" ]; then
	mkdir -p "$RUN_DIR/$arch-$point"
	printf "qemu\t%s\nqemu-pkg\tqemu-system-fake\nboot-timeout\t%s\nboot-silence\t%s\nhost-max-wait\t%s\n" \
		"$FAKES/qemu-$arch" "$BOOT_TIMEOUT" "$BOOT_SILENCE" "${HOST_MAX_WAIT:-50}" >"$RUN_DIR/$arch-$point/cell.in"
fi
[ -n "$build_goal" ] || exit 0
eval "how=\${FAKE_BUILD_$arch:-ok}"
case $how in
ok) echo "  KERNEL  $arch at $point" ;;
fail) echo "kernel/signal.c:1344:9: error: 'handler' undeclared"; echo "make[3]: *** [kernel/signal.o] Error 1"; exit 2 ;;
enospc) echo "kernel/signal.o: No space left on device"; exit 2 ;;
notool) echo "  LEX     scripts/kconfig/lexer.lex.c"; echo "/bin/sh: 1: flex: not found"; echo "make[2]: *** [scripts/Makefile.host:9: scripts/kconfig/lexer.lex.c] Error 127"; exit 2 ;;
noheader) echo "kernel/signal.c:12:10: fatal error: linux/nosuch.h: No such file or directory"; echo "make[3]: *** [kernel/signal.o] Error 1"; echo "later: No space left on device"; exit 2 ;;
slow) exec sleep 30 ;;
esac
EOF
chmod +x "$tmp/make"
mkdir -p "$tmp/fakes"
qemu() {	# ARCH BODY: the stand-in for that arch's qemu-system-*
	printf '#!/bin/sh\n%s\n' "$2" >"$tmp/fakes/qemu-$1"
	chmod +x "$tmp/fakes/qemu-$1"
}
ktap='echo "KTAP version 1"; echo "1..1"; echo "  KTAP version 1"; echo "  1..2"; echo "  ok 1 t_one"; echo "  ok 2 t_two"; echo "ok 1 prog"'
end="echo '$("$bin/report" vocab | sed -n 's/^end-marker //p')'"
printf '*\t*\t*\tpass\n' >"$tmp/expect.tsv"

# The run's three steps, as mk/cells.mk's `matrix` recipe has them (the
# second with no shell character, so that make starts setpriv itself).
cat >"$tmp/run.mk" <<'EOF'
MAKE_PID := $(shell echo $$PPID)
run:
	@RUN_MAKE_PID=$(MAKE_PID) "$(MATRIX)/run-open.sh" $(CELLS)
	-@setpriv --pdeathsig TERM $(FAKE_MAKE) -k RUN_ID=$(RUN_ID) RUN_DIR=$(RUN_DIR) CELL_IN_MATRIX=1 run-cells
	@MAKE="$(FAKE_MAKE)" exec "$(MATRIX)/run-close.sh"
EOF
# run NAME CELL-TARGET...: a matrix run into $tmp/NAME/results, made by a
# real make (the run's top make) in a session of its own: `kill -INT
# -PID` is a Ctrl-C at its terminal.
run() {
	name=$1; shift
	mkdir -p "$tmp/$name/results"
	FAKE_MAKE="$tmp/make" MATRIX=$matrix FAKES=$tmp/fakes LOCKS=$tmp/locks RUN_ID=$name RUN_DIR=$tmp/$name/results/$name \
		RESULTS=$tmp/$name/results HOSTBIN=$bin REPORT_FLAGS="--expect $tmp/expect.tsv" \
		TOP=$tmp SRC=$tmp SERIES_NAME=s SERIES=s CCACHE=0 ARCHES=x POINTS=y ARCH_VIEW= \
		V=0 BOOT_TIMEOUT=6 BOOT_SILENCE=2 RETRIES=${RETRIES:-1} \
		SERIES_ERROR=${SERIES_ERROR:-} SERIES_POINTS=${SERIES_POINTS:-} \
		NOT_RUN_POINTS=$([ -s "${SERIES_ERROR:-/nonexistent}" ] && echo "${SERIES_POINTS:-}") \
		setsid -w env --default-signal=INT,TERM make --no-print-directory -f "$tmp/run.mk" "run.mk=$name" CELLS="$*" \
		>"$tmp/$name.out" 2>&1
}
# Stands in for run-info.sh (TOP=$tmp): what the run is of.
mkdir -p "$tmp/matrix"
printf '#!/bin/sh\nprintf "started\\t%%s\\n" "$(date -u +%%Y-%%m-%%dT%%H:%%M:%%SZ)"\n' >"$tmp/matrix/run-info.sh"
chmod +x "$tmp/matrix/run-info.sh"
cell() { sed -n "s/^$3\t//p" "$tmp/$1/results/$1/$2/cell.tsv" | head -n1; }
js() { jq -r "$2" "$tmp/$1/results/$1/summary.json"; }

# A program's TIMEOUT while two hogs on its CPU keep QEMU waiting: the
# boot is the host's (infra), not retried at once but once the run's
# cells are done, alone; that boot judges the cell, the overloaded one kept.
if command -v taskset >/dev/null 2>&1; then
	spin_ktap='echo "KTAP version 1"; echo "1..1"; i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done; echo "not ok 1 t_one # TIMEOUT after 30 s"'
	qemu ov "if [ ! -e '$tmp/ov.once' ]; then : >'$tmp/ov.once'
		for h in 1 2; do timeout 20 taskset -c 0 sh -c ': ov-hog; while :; do :; done' & done
		sleep 0.5	# spinning before the program starts, as test-bootrun's starved case
		exec taskset -c 0 nice -n 19 sh -c '$spin_ktap; $end; exec sleep 60'
	fi
	$ktap; $end"
	run ov cell/ov/y
	expect "host overloaded: the overloaded boot kept" grep -q "^boot	infra	.*host overloaded: QEMU waited for a CPU" "$tmp/ov/results/ov/ov-y/attempt1/cell.tsv"
	expect "host overloaded: booted again after the cells, alone" grep -q "booting again, alone: .*host overloaded" "$tmp/ov.out"
	expect "host overloaded: not retried at once" sh -c "! grep -q 'booting again: ' '$tmp/ov.out'"
	expect "host overloaded: the boot alone judges the cell" [ "$(js ov '.cells[0].status')" = ok ]
	expect "host overloaded: the summary says it was booted again alone" sh -c "jq -r '.cells[0].retry' '$tmp/ov/results/ov/summary.json' | grep -q \"^first attempt: boot infra: host overloaded.*; booted again alone at the run's end (could not be judged\""
	expect "host overloaded: the run passes" grep -q "^matrix: 2 passed, 0 failed$" "$tmp/ov.out"
	pkill -f ": ov-hog" 2>/dev/null
else
	expect "taskset (util-linux) is there to starve a stand-in" false
fi

# A guest that hangs before KTAP, and one that hangs mid-test: timeout,
# the console kept, booted a second time.
qemu hang0 'echo "Linux version 6.1"; exec sleep 60'
qemu hang1 "echo 'KTAP version 1'; echo '1..1'; echo '  KTAP version 1'; echo '  1..2'; echo '  ok 1 t_one'; exec sleep 60"
run hang cell/hang0/y cell/hang1/y
expect "hang before KTAP: timeout" [ "$(cell hang hang0-y boot | cut -f1)" = timeout ]
expect "hang before KTAP: console kept" grep -q "Linux version" "$tmp/hang/results/hang/hang0-y/console.log"
expect "hang before KTAP: retried, first attempt kept" grep -q "Linux version" "$tmp/hang/results/hang/hang0-y/attempt1/console.log"
expect "hang mid-test: timeout" [ "$(cell hang hang1-y boot | cut -f1)" = timeout ]
expect "hang mid-test: the result before the hang kept" [ "$(cell hang hang1-y test | cut -f1)" = t_one ]
expect "hang: the summary says it was booted twice, the second time alone" sh -c "jq -r '.cells[0].retry' '$tmp/hang/results/hang/summary.json' | grep -q \"^first attempt: boot timeout: console silent for 2 s; booted again alone at the run's end\""
# A program's TIMEOUT on a host that was not overloaded: the builds and
# boots beside it may still be why. Booted again alone at the end; passing
# then, it is flaky, not a regression.
qemu to1 "if [ ! -e '$tmp/to1.once' ]; then : >'$tmp/to1.once'
	echo 'KTAP version 1'; echo '1..1'; echo '  KTAP version 1'; echo '  1..1'; echo '  not ok 1 t_one # TIMEOUT after 30 s'; echo 'not ok 1 prog'; $end; exit
fi
echo 'KTAP version 1'; echo '1..1'; echo '  KTAP version 1'; echo '  1..1'; echo '  ok 1 t_one'; echo 'ok 1 prog'; $end"
run to cell/to1/y
expect "a TIMEOUT: not booted again at once" sh -c "! grep -q 'booting again: ' '$tmp/to.out'"
expect "a TIMEOUT: booted again alone at the end" grep -q "booting again, alone: " "$tmp/to.out"
expect "a TIMEOUT, then a pass alone: flaky, not a regression" grep -q "^matrix: 0 passed, 0 failed, 1 flaky$" "$tmp/to.out"

# A kernel panic or Oops mid-test: panic, the results before it kept.
qemu panic "echo 'KTAP version 1'; echo '1..1'; echo '  KTAP version 1'; echo '  1..2'; echo '  ok 1 t_one'; echo 'Kernel panic - not syncing: Fatal exception'; exit 0"
run panic cell/panic/y
expect "panic: boot panic" [ "$(cell panic panic-y boot | cut -f1)" = panic ]
expect "panic: the result before it kept" [ "$(js panic '.cells[0].tests[0].name')" = t_one ]

# QEMU missing, or exiting at once: infra (qemu-error), naming the package.
qemu gone 'exit 0'
rm "$tmp/fakes/qemu-gone"
qemu dies 'echo "qemu: could not load kernel" >&2; exit 1'
run qemu cell/gone/y cell/dies/y
expect "QEMU missing: qemu-error" [ "$(cell qemu gone-y boot | cut -f1)" = qemu-error ]
expect "QEMU missing: names the Debian package" [ "$(js qemu '.cells[0].infra')" = "$tmp/fakes/qemu-gone not found (Debian package qemu-system-fake)" ]
expect "QEMU missing: infra, not judged" [ "$(js qemu '.cells[0].status')" = infra ]
expect "QEMU exits at once: infra" [ "$(js qemu '.cells[1].status')" = infra ]
expect "QEMU: not counted as a failure" grep -q "^matrix: 0 passed, 0 failed, 2 cells not judged (infra)" "$tmp/qemu.out"

# QEMU giving up after the kernel started (cpu_abort on a guest state) is
# the kernel's result, not infra.
qemu abort "echo 'Linux version 6.1.0'; echo 'KTAP version 1'; echo 'qemu: fatal: Trap 0x02 while interrupts disabled, Error state'; kill -ABRT \$\$"
run abort cell/abort/y
expect "QEMU abort after the kernel started: qemu-abort" [ "$(cell abort abort-y boot | cut -f1)" = qemu-abort ]
expect "QEMU abort: not infra" [ "$(js abort '.cells[0].status')" = qemu-abort ]
expect "QEMU abort: counted as failed" grep -q "^matrix: 0 passed, 1 failed" "$tmp/abort.out"

# A build that fails: `failed` with its first error; the other cells run.
# A full disk during the build: infra.
qemu good "$ktap; $end"
qemu bad "$ktap; $end"
qemu full "$ktap; $end"
FAKE_BUILD_bad=fail FAKE_BUILD_full=enospc FAKE_BUILD_notool=notool FAKE_BUILD_nohdr=noheader \
	run build cell/bad/y cell/full/y cell/good/y cell/notool/y cell/nohdr/y
expect "build error: failed" [ "$(cell build bad-y build | cut -f1)" = failed ]
expect "build error: the first error in the table" grep -q "^bad .*failed.*signal.c:1344:9: error" "$tmp/build.out"
expect "build error: the other cells ran" [ "$(js build '.cells[2].ok')" = true ]
expect "disk full in the build: infra" [ "$(js build '.cells[1].status')" = infra ]
expect "a missing host tool (dash's 'not found'): infra" [ "$(js build '.cells[3].infra')" = "/bin/sh: 1: flex: not found" ]
expect "a missing header: the patch's fault, failed" [ "$(js build '.cells[4].status')" = failed ]

# A flaky test (fails once, passes on the retry): flaky, not a regression.
qemu flaky "if [ -e '$tmp/flaky.once' ]; then $ktap; else touch '$tmp/flaky.once'; echo 'KTAP version 1'; echo '1..1'; echo '  KTAP version 1'; echo '  1..2'; echo '  not ok 1 t_one # lost a race'; echo '  ok 2 t_two'; echo 'not ok 1 prog'; fi; $end"
run flaky cell/flaky/y
expect "flaky: the status" [ "$(js flaky '.cells[0].tests[0].status')" = flaky ]
expect "flaky: not unexpected" [ "$(js flaky '.cells[0].counts.unexpected')" = 0 ]
expect "flaky: the run passes" grep -q "^matrix: 1 passed, 0 failed, 1 flaky" "$tmp/flaky.out"
# The same failure twice is a regression.
qemu broken "echo 'KTAP version 1'; echo '1..1'; echo '  KTAP version 1'; echo '  1..1'; echo '  not ok 1 t_one # broke'; echo 'not ok 1 prog'; $end"
run broken cell/broken/y
expect "unexpected twice: a regression" [ "$(js broken '.cells[0].tests[0] | "\(.status) \(.unexpected)"')" = "fail true" ]
RETRIES=0 run noretry cell/broken/y
expect "RETRIES=0: no second boot" [ ! -d "$tmp/noretry/results/noretry/broken-y/attempt1" ]

# A series that does not apply: its points' cells are not run, with its
# complaint, and the progress counts them as free (the pristine cell took
# 1.5 s; the two left end at once, so nothing is left to wait for).
qemu pristine "sleep 1.5; $ktap; $end"
printf 'error: patch failed: kernel/signal.c:1344\n' >"$tmp/series-error"
SERIES_ERROR=$tmp/series-error SERIES_POINTS="y z" run noapply cell/pristine/p cell/pristine/y cell/pristine/z
expect "series does not apply: the cell at its point not run" [ "$(js noapply '.cells[1].build.reason' | cut -c1-8)" = "not run:" ]
expect "series does not apply: the pristine cell ran" [ "$(js noapply '.cells[0].ok')" = true ]
expect "series does not apply: no time to go for cells that will not run" \
	grep -q "\[1/3 cells done, 2 left, [0-9]*m[0-9]*s so far, about 0m00s to go\]" "$tmp/noapply.out"

# SIGTERM and Ctrl-C mid-run: the finished cells in summary.json, the run
# marked interrupted, the cells not run shown as not judged.
# (The stand-in QEMU prints, so that the console's silence limit never
# decides, however loaded the machine; the signal comes once it runs.)
qemu slow "echo 'KTAP version 1'; while :; do echo tick; sleep 0.3; done; : 67.0917"
# until_console NAME CELL: waits until that cell's QEMU has printed.
until_console() {
	i=0
	until grep -q "KTAP version 1" "$tmp/$1/results/$1/$2/console.log" 2>/dev/null || [ $i -ge 200 ]; do
		sleep 0.1; i=$((i + 1))
	done
}
for sig in TERM INT; do
	( run sig$sig cell/good/y cell/slow/y cell/good/z ) &
	until_console sig$sig slow-y
	top=$(pgrep -f "^make --no-print-directory -f $tmp/run.mk run.mk=sig$sig ")
	# TERM to the run's make alone (kill PID); INT as Ctrl-C sends it, to
	# every process of the terminal's group.
	if [ "$sig" = TERM ]; then kill -TERM "$top"; else kill -INT -"$top"; fi
	wait $!
	expect "SIG$sig: run marked interrupted (by the cell it stopped: the run's make died first)" \
		sh -c "jq -r .ended '$tmp/sig$sig/results/sig$sig/summary.json' | grep -q '^interrupted '"
	expect "SIG$sig: the finished cell kept" [ "$(js sig$sig '.cells[0].ok')" = true ]
	expect "SIG$sig: the cell it stopped is infra" [ "$(js sig$sig '.cells[1].status')" = infra ]
	expect "SIG$sig: the cell not reached is infra" [ "$(js sig$sig '.cells[2].build.reason')" = "not run: the run was interrupted" ]
	expect "SIG$sig: no QEMU left behind" sh -c "! pgrep -f '^/bin/sh $tmp/fakes/qemu-slow\$' >/dev/null"
done

# SIGKILL of a run once its QEMU prints, and what it left 3 s after: well
# before the boot's own 6 s limit would end it (QEMU keeps printing, so
# the silence limit does not).
qemu slow2 "echo 'KTAP version 1'; while :; do echo tick; sleep 0.5; done"
killed_run() {	# NAME POINT GROUP WHAT: GROUP 1 kills the run's whole process group
	( run "$1" "cell/slow2/$2" ) &
	until_console "$1" "slow2-$2"
	top=$(pgrep -f "^make --no-print-directory -f $tmp/run.mk run.mk=$1 ")
	if [ "$3" = 1 ]; then kill -KILL -"$top"; else kill -KILL "$top"; fi
	wait $!
	i=0
	while pgrep -f "$tmp/fakes/qemu-slow2|$bin/cellrun .*$1" >/dev/null && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
	expect "$4: no QEMU left behind" sh -c "! pgrep -f '^/bin/sh $tmp/fakes/qemu-slow2' >/dev/null"
	expect "$4: no cellrun left behind" sh -c "! pgrep -f '^$bin/[c]ellrun .*$1' >/dev/null"
	# (Dead, or a zombie its new parent has yet to reap.)
	expect "$4: no cell left behind" sh -c "! ps -o stat= -p \$(cat '$tmp/$1/results/$1/.cell-pid') | grep -qv Z"
	expect "$4: the arch's lock is free" flock -n "$tmp/locks/slow2" true
	# The run's guard notices its make is gone (within a second), waits
	# for the cell stopping, and ends the run.
	i=0
	until grep -q '^ended	' "$tmp/$1/results/$1/run.tsv" || [ $i -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
	expect "$4: the run ends interrupted" grep -q "^ended	interrupted" "$tmp/$1/results/$1/run.tsv"
	expect "$4: the reports say so" sh -c "jq -r .ended '$tmp/$1/results/$1/summary.json' | grep -q '^interrupted '"
}
# The run's make alone: the cells' make gets its death signal, passes SIGTERM
# on, and each cell records how it ended.
killed_run kill9 y 0 "SIGKILL of the run's make"
# The run's whole process group (a CI timeout's kill -KILL -PGID): cellrun
# dies at once too; QEMU is not in the group, and gets its death signal
# from cellrun's death (a build's session: its watchdog).
killed_run kill9g z 1 "SIGKILL of the run's group"

# The run's make stopped while a cell builds, by SIGKILL or by SIGINT to it
# alone (not its group: make passes nothing on, and dies before
# run-close.sh): the run still ends interrupted, the finished cell kept.
# (FIRST: the run's first cell is the one building, so no cell has
# written the reports yet: the guard's are the run's only ones.)
for how in KILL INT FIRST; do
	if [ "$how" = FIRST ]; then
		( FAKE_BUILD_bld=slow run build$how cell/bld/y cell/good/y ) &
	else
		( FAKE_BUILD_bld=slow run build$how cell/good/y cell/bld/y ) &
	fi
	i=0
	until grep -q "\[bld y\] building" "$tmp/build$how.out" 2>/dev/null || [ $i -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
	sig=$([ "$how" = FIRST ] && echo KILL || echo "$how")
	label="SIG$sig of the run's make during $([ "$how" = FIRST ] && echo "its first cell's" || echo a) build"
	kill -"$sig" "$(pgrep -f "^make --no-print-directory -f $tmp/run.mk run.mk=build$how ")"
	wait $!
	i=0
	until grep -q '^ended	' "$tmp/build$how/results/build$how/run.tsv" || [ $i -ge 150 ]; do sleep 0.1; i=$((i + 1)); done
	expect "$label: the run ends interrupted" \
		grep -q "^ended	interrupted" "$tmp/build$how/results/build$how/run.tsv"
	if [ "$how" = FIRST ]; then
		expect "$label: the reports are written, that cell infra" \
			[ "$(js build$how '.cells[0].status')" = infra ]
		expect "$label: the cell not reached is not run" \
			[ "$(js build$how '.cells[1].build.reason')" = "not run: the run was interrupted" ]
	else
		expect "$label: the finished cell kept" [ "$(js build$how '.cells[0].ok')" = true ]
	fi
	expect "$label: the reports say interrupted" \
		sh -c "jq -r .ended '$tmp/build$how/results/build$how/summary.json' | grep -q '^interrupted '"
	expect "$label: no build left behind" sh -c "! pgrep -f '^sleep 30\$' >/dev/null || \
		! pgrep -f '$tmp/build$how' >/dev/null"
done

# A signal to one cell alone (a person stopping a wedged one): that cell is
# infra, the others run, and the run closes complete.
( run onecell cell/slow/y cell/good/y ) &
until_console onecell slow-y
# (By its pid: a pattern would reach the cells of any other run on the machine.)
kill -TERM "$(cat "$tmp/onecell/results/onecell/.cell-pid")" 2>/dev/null
wait $!
expect "a signal to one cell: that cell infra" [ "$(js onecell '.cells[0].status')" = infra ]
expect "a signal to one cell: the next cell ran" [ "$(js onecell '.cells[1].ok')" = true ]
expect "a signal to one cell: the run closed complete" grep -q "^ended	complete" "$tmp/onecell/results/onecell/run.tsv"

# Two runs at once: the second waits for the arch, and says so.
"$matrix/with-lock.sh" "$tmp/locks/x" "the x tree" sh -c 'sleep 2' &
sleep 0.5
t0=$(date +%s)
KMATRIX_RUN="run two" "$matrix/with-lock.sh" "$tmp/locks/x" "the x tree" true 2>"$tmp/lock.err"
wait
expect "two runs: the second said what it waits for" grep -q "waiting for the x tree: in use by pid" "$tmp/lock.err"
expect "two runs: and waited" [ $(( $(date +%s) - t0 )) -ge 1 ]

# A corrupt summary.json is rewritten from the cells.
echo '{"cells": [' >"$tmp/build/results/build/summary.json"
"$bin/report" summary --quiet "$tmp/build/results/build"
expect "corrupt summary.json: rewritten whole" sh -c "jq -e '.cells | length == 5' '$tmp/build/results/build/summary.json' >/dev/null"

# A missing package as a user who cannot install it: the apt-get line, non-zero.
if id nobody >/dev/null 2>&1 && command -v setpriv >/dev/null; then
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$matrix/../toolchains/ensure-packages.sh" \
		kmatrix-no-such-package >"$tmp/pkg.out" 2>&1
	expect "missing package, not root: exit non-zero" [ $? != 0 ]
	expect "missing package, not root: the apt-get line" grep -q "as root, run: apt-get install -y kmatrix-no-such-package" "$tmp/pkg.out"
else
	echo "SKIP missing package as a user: no 'nobody' user or no setpriv"
fi

expect "no temporary files left" [ -z "$(find "$tmp" -name '*.tmp*')" ]
finish test-faults

#!/bin/sh
# Tests of bootrun's classification, with shell scripts standing in for QEMU.
# usage: test-bootrun.sh HOSTBIN
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
make_tmp

fake() {	# NAME BODY: a stand-in for qemu-system-*
	printf '#!/bin/sh\n%s\n' "$2" >"$tmp/$1"
	chmod +x "$tmp/$1"
}
# The guest's end marker, as vocab.h defines it.
marker=$("$bin/report" vocab | sed -n 's/^end-marker //p')
ktap='echo "KTAP version 1"; echo "1..1"; echo "  KTAP version 1"; echo "  1..1"; echo "  ok 1 t_one"; echo "ok 1 prog"'
# CASE EXPECTED-STATUS EXTRA-BOOTRUN-ARGS -- COMMAND...
check() {
	name=$1 want=$2; shift 2
	start=$(now)
	"$bin/bootrun" --log "$tmp/$name.log" --out "$tmp/$name.tsv" --silence 2 --timeout 8 --max-wait 50 "$@" \
		>"$tmp/$name.out" 2>&1
	since "$start" 0 >"$tmp/$name.took"
	got=$(sed -n 's/^boot\t\([^\t]*\)\t.*/\1/p' "$tmp/$name.tsv" 2>/dev/null)
	expect "$name: expected boot status $want, got '${got:-no record}'" [ "$got" = "$want" ] ||
		cat "$tmp/$name.out" "$tmp/$name.tsv" 2>/dev/null | sed 's/^/    /'
}

fake ok-then-hang "$ktap; echo '$marker'; exec sleep 60"
check ok ok -- "$tmp/ok-then-hang"
expect "ok: ended soon after the marker (took $(cat "$tmp/ok.took") s)" [ "$(cat "$tmp/ok.took")" -le 4 ]
expect "ok: the result line was parsed" grep -q "^test	t_one	pass	" "$tmp/ok.tsv"
expect "ok: the console was logged" grep -q "ok 1 t_one" "$tmp/ok.log"

# A selftest that did not build at the point is a failed result PROGRAM.build,
# its first error the reason and its log the diagnostics; the rest still counts.
printf 'int main(void) { return NOPE; }\nsigaltstack.c:1:26: error: NOPE undeclared\n' >"$tmp/sas.log"
printf 'sas\tsas.c:1:26: error: NOPE undeclared\t%s\n' "$tmp/sas.log" >"$tmp/sas-unbuilt.tsv"
check unbuilt ok --unbuilt "$tmp/sas-unbuilt.tsv" -- "$tmp/ok-then-hang"
expect "unbuilt: a failed result PROGRAM.build with the first error" \
	grep -q "^test	sas.build	fail	did not build at this point: sas.c:1:26: error: NOPE undeclared$" "$tmp/unbuilt.tsv"
expect "unbuilt: its log is the diagnostics" grep -q "^diag	sas.build	int main(void) { return NOPE; }$" "$tmp/unbuilt.tsv"
expect "unbuilt: the guest's results are kept" grep -q "^test	t_one	pass	" "$tmp/unbuilt.tsv"
check unbuilt-none ok --unbuilt "$tmp/no-such-file" -- "$tmp/ok-then-hang"
expect "unbuilt: an absent file means every program built" sh -c "! grep -q '[.]build	' '$tmp/unbuilt-none.tsv'"

fake panics "$ktap; echo '[ 1.0] Kernel panic - not syncing: Attempted to kill init!'; exit 0"
check panic panic -- "$tmp/panics"
expect "panic: reason is the panic line" grep -q "Kernel panic - not syncing" "$tmp/panic.tsv"
expect "panic: results before the panic are kept" grep -q "^test	t_one	pass" "$tmp/panic.tsv"

fake oops "echo 'Oops: 0000 [#1] SMP'; exec sleep 60"
check oops panic --silence 30 -- "$tmp/oops"

fake warns "$ktap; echo '------------[ cut here ]------------'; echo 'WARNING: CPU: 0 PID: 1 at kernel/seccomp.c:1309'; echo '$marker'; exec sleep 60"
check warning ok -- "$tmp/warns"
expect "warning: counted in the reason" grep -q "1 kernel warning" "$tmp/warning.tsv"
expect "warning: after the last result it is the end's, its WARNING line the reason" \
	grep -q "^test	kernel_warning.end	fail	WARNING: CPU: 0 PID: 1 at kernel/seccomp.c:1309" "$tmp/warning.tsv"

# A warning is charged to the test whose result comes next (the kernel
# prints while the test runs, the guest after), with its trace as
# diagnostics; one before the guest's KTAP is the boot's; two in one test stay two.
fake warns-in-test "echo '------------[ cut here ]------------'; echo 'WARNING: at init/main.c:1'; echo '---[ end trace 0 ]---'; \
	echo 'KTAP version 1'; echo '1..1'; echo '  # Subtest: seccomp_bpf'; echo '  1..2'; echo '  ok 1 a.before'; \
	echo '[ cut here ]'; echo 'WARNING: CPU: 0 PID: 93 at kernel/seccomp.c:1047 __secure_computing+0x1/0x2'; \
	echo 'Call Trace:'; echo ' do_syscall_64'; echo '---[ end trace 1 ]---'; \
	echo '[ cut here ]'; echo 'WARNING: CPU: 0 PID: 93 at kernel/seccomp.c:1047 again'; echo '---[ end trace 2 ]---'; \
	echo '  not ok 2 TRACE_syscall.ptrace.kill_after'; echo 'ok 1 seccomp_bpf'; echo '$marker'; exec sleep 60"
check warning-in-test ok -- "$tmp/warns-in-test"
expect "warning: charged to the test that ran (named after its program)" \
	grep -q "^test	kernel_warning.seccomp_bpf.TRACE_syscall.ptrace.kill_after	fail	WARNING: CPU: 0 PID: 93 at kernel/seccomp.c:1047 __secure" "$tmp/warning-in-test.tsv"
expect "warning: its trace kept as diagnostics" \
	grep -q "^diag	kernel_warning.seccomp_bpf.TRACE_syscall.ptrace.kill_after	 do_syscall_64" "$tmp/warning-in-test.tsv"
expect "warning: a second one in the same test is a second result" \
	grep -q "^test	kernel_warning.seccomp_bpf.TRACE_syscall.ptrace.kill_after#2	fail	WARNING: CPU: 0 PID: 93 at kernel/seccomp.c:1047 again" "$tmp/warning-in-test.tsv"
expect "warning: one before the guest's KTAP is the boot's" \
	grep -q "^test	kernel_warning.boot	fail	WARNING: at init/main.c:1" "$tmp/warning-in-test.tsv"

# Only kernel lines make a panic: the guest's own output (init's KTAP and
# every program's lines, indented under it) may say anything.
fake oops-in-test "echo 'KTAP version 1'; echo '1..1'; echo '  # Oops, retrying the read'; \
	echo '  BUG: not a kernel line'; echo '  ok 1 t_one'; echo '# Kernel panic in a diagnostic'; \
	echo 'ok 1 prog'; echo '$marker'; exec sleep 60"
check oops-in-test ok -- "$tmp/oops-in-test"
fake warning-in-test-output "$ktap; echo '  ------------[ cut here ]------------'; echo '$marker'; exec sleep 60"
check warning-in-test-output ok -- "$tmp/warning-in-test-output"
expect "a program's 'cut here' is no kernel warning" sh -c "! grep -q kernel_warning '$tmp/warning-in-test-output.tsv'"

# A time limit that runs out while the host keeps QEMU from a CPU is the
# host's doing: infra, with the wait as the reason. The stand-in spins at
# nice 19 on one CPU beside two spinners at nice 0, so that it waits for
# that CPU most of the time it wants it; alone, the same timeout stays the
# kernel's.
timeout_ktap='echo "KTAP version 1"; echo "1..1"; i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done; echo "not ok 1 spinner # TIMEOUT after 30 s"'
fake starved "$timeout_ktap; echo '$marker'; exec sleep 60"
# The program's time runs out while the guest sleeps (a TIMEOUT after a
# span of seconds, as a real one): QEMU wants no CPU, however busy the
# host that runs this test.
fake sleeper "echo 'KTAP version 1'; echo '1..1'; sleep 1; echo 'not ok 1 spinner # TIMEOUT after 30 s'; echo '$marker'; exec sleep 60"
check timeout-idle ok -- "$tmp/sleeper"
expect "timeout on a free CPU: the program's failure stands" grep -q "^test	spinner	fail	TIMEOUT after 30 s" "$tmp/timeout-idle.tsv"
expect "every record says what QEMU ran and waited" grep -q "^host	[0-9.]*	[0-9.]*$" "$tmp/timeout-idle.tsv"
if command -v taskset >/dev/null 2>&1; then
	taskset -c 0 sh -c 'while :; do :; done' & hog1=$!
	taskset -c 0 sh -c 'while :; do :; done' & hog2=$!
	# (Spinning before the stand-in starts: its span must be the starved one.)
	sleep 0.5
	check timeout-starved infra --silence 30 --timeout 60 -- taskset -c 0 nice -n 19 "$tmp/starved"
	expect "starved: the reason names the host's load" grep -q "^boot	infra	[0-9.]*	host overloaded: QEMU waited for a CPU .* in which spinner timed out" "$tmp/timeout-starved.tsv"
	expect "starved: the results are kept as they came" grep -q "^test	spinner	fail	TIMEOUT" "$tmp/timeout-starved.tsv"
	# Starved while it printed, then silent on a free CPU: the silence is
	# the guest's, a hang, however busy the boot was before it. The
	# spinners stop at its last line, so that what it does after that
	# line (reach the FIFO no one writes, and block there) is not itself
	# starved: a stand-in still runnable when the silence runs out was
	# held off by the host, and that is infra (bootrun counts the wait
	# under way, too). Not starved to the last degree (nice 10, not 19):
	# on a host busy with other work it must still reach its last line.
	mkfifo "$tmp/never"
	fake starved-then-hangs "i=0; while [ \$i -lt 2000 ]; do i=\$((i+1)); [ \$((i % 200)) = 0 ] && echo still booting; done; echo 'the last line'; read x <'$tmp/never'"
	( while ! grep -q 'the last line' "$tmp/starved-then-hangs.log" 2>/dev/null; do sleep 0.05; done
	  kill $hog1 $hog2 ) & watcher=$!
	check starved-then-hangs timeout --silence 3 --timeout 60 -- taskset -c 0 nice -n 10 "$tmp/starved-then-hangs"
	wait $watcher $hog1 $hog2 2>/dev/null
	taskset -c 0 sh -c 'while :; do :; done' & hog1=$!
	taskset -c 0 sh -c 'while :; do :; done' & hog2=$!
	# A pass that says TIMEOUT is not a time limit that ran out.
	fake starved-pass "echo 'KTAP version 1'; echo '1..1'; i=0; while [ \$i -lt 10000 ]; do i=\$((i+1)); done; echo 'ok 1 t # SKIP TIMEOUT not supported'; echo '$marker'; exec sleep 60"
	check starved-skip-says-timeout ok --silence 30 --timeout 60 -- taskset -c 0 nice -n 19 "$tmp/starved-pass"
	kill $hog1 $hog2; wait $hog1 $hog2 2>/dev/null
else
	expect "taskset (util-linux) is there to starve a stand-in" false
fi

fake silent "echo 'Booting the kernel'; exec sleep 60"
check silence timeout -- "$tmp/silent"
expect "silence: cut off after about 2 s" [ "$(cat "$tmp/silence.took")" -le 5 ]

fake chatty "while :; do echo still booting; sleep 0.5; done"
check total timeout --timeout 3 -- "$tmp/chatty"

fake marker-only "echo '$marker'; exec sleep 60"
check no-results no-results -- "$tmp/marker-only"

fake rebooted "$ktap; exit 0"
check no-marker no-results -- "$tmp/rebooted"

fake bad-machine "echo 'qemu-system-x: -M nosuch: unsupported machine type' >&2; exit 1"
check qemu-error qemu-error -- "$tmp/bad-machine"
check no-such-binary qemu-error -- "$tmp/does-not-exist"

fake args "$ktap; echo '$marker'"
check quoting ok -- "$tmp/args" -append "console=ttyS0 panic=-1" "it's"
expect "quoting: command printed shell-quoted" \
	grep -qF "'console=ttyS0 panic=-1' 'it'\\''s'" "$tmp/quoting.out"

# Ctrl-C: the record says interrupted, and QEMU does not outlive bootrun.
fake slow "echo \$\$ >'$tmp/slow.pid'; echo booting; exec sleep 60"
"$bin/bootrun" --log "$tmp/int.log" --out "$tmp/int.tsv" --silence 30 --timeout 60 --max-wait 50 -- "$tmp/slow" >/dev/null 2>&1 &
brpid=$!
sleep 1
kill -INT $brpid
wait $brpid
rc=$?
expect "interrupt: exit status 130 (got $rc)" [ "$rc" = 130 ]
expect "interrupt: record says interrupted" grep -q "^boot	interrupted	" "$tmp/int.tsv"
expect "interrupt: the fake QEMU was ended" sh -c "! kill -0 \$(cat '$tmp/slow.pid') 2>/dev/null"

# The limits are the Makefile's: a missing one is bad usage, not a default.
"$bin/bootrun" --log "$tmp/nolimit.log" --out "$tmp/nolimit.tsv" --silence 2 --timeout 8 -- true 2>"$tmp/nolimit.err"
expect "no --max-wait: usage error (exit $?)" grep -q "^bootrun: --max-wait missing" "$tmp/nolimit.err"
expect "no --max-wait: no record" [ ! -e "$tmp/nolimit.tsv" ]

# A record for a boot that did not start: --interrupted (a signal before
# QEMU ran) is the machine's, infra, never a boot failure of the kernel.
mkdir -p "$tmp/intr/a-p"
printf 'a p\n' >"$tmp/intr/cells.list"
"$bin/bootrun" --out "$tmp/intr/a-p/cell.tsv" --cell a p "$(printf 'ok\t1.0\t')" --interrupted "stopped by a signal before the boot"
expect "--interrupted: the boot line says interrupted" \
	[ "$(sed -n 's/^boot\t\([^\t]*\)\t.*/\1/p' "$tmp/intr/a-p/cell.tsv")" = interrupted ]
expect "--interrupted: the cell is infra" sh -c "'$bin/report' cell '$tmp/intr/a-p' | grep -q 'infra'" ||
	"$bin/report" cell "$tmp/intr/a-p"

finish test-bootrun

#!/bin/sh
# run-cell.sh all | build | boot | again: one cell of the matrix, or one
# step of it, as the Makefile's cell targets call it (run_cell).
#   all    build, then boot.
#   build  builds the kernel and the initramfs under the arch's lock, with
#          the cell's own make (`make cell-env kernel initrd`), which also
#          writes what the boot needs to CELL_DIR/cell.env; the outcome is
#          left in CELL_DIR/build.tsv for the boot.
#   boot   boots what the build left, through bootrun, the one writer of
#          CELL_DIR/cell.tsv, whatever happened: a failed build is a result
#          of the cell (bootrun --not-run), not an error of the matrix.
#   again  boots a cell once more, alone (run-close.sh's first step, once
#          the other cells are done), keeping the boot before.
# Whether a boot is worth a second one at once is the report's to say
# (`report retry`: no results, a limit the host's load decided, or an
# unexpected result; in a matrix, not a time limit: that waits for
# `again`); the first attempt is kept in CELL_DIR/attempt1/, and report
# calls a result that differs between the two flaky. Once the record is
# written, reproducer.sh writes CELL_DIR/reproduce.sh, and `report
# cell-done` rewrites the run's reports and prints the cell and the run's
# progress. What the machine caused (a full disk, a missing compiler or
# QEMU, a signal) is recorded as `infra`, never as a kernel's failure.
# Environment (the Makefile's run_cell): MAKE RUN_ID RUN_DIR HOSTBIN V LOCKS
# RETRIES KMATRIX_RUN CELL_IN_MATRIX REPORT_FLAGS ARCH POINT CELL_DIR
# SERIES_ERROR (the file `make series` leaves when the series does not
# apply; empty for a point that needs no series); NOT_RUN_POINTS (the
# points whose cells will not run, for the progress).
set -u
. "$(dirname "$0")/lib.sh"
mkdir -p "$CELL_DIR"
cell="$ARCH $POINT"
# A signal (Ctrl-C, SIGTERM from the cells' make, or the death of that
# make: the Makefile starts this script with setpriv --pdeathsig) stops
# the step that is running (its job's whole session: run_job), and the
# cell says so in cell.tsv, and in a matrix in RUN_DIR/.interrupted, since
# the run's own make may die before its closing step (mark_interrupted).
# A cell of a matrix holds a shared lock on the run while it goes, so that
# run-close.sh waits for cells still stopping.
interrupted=
trap 'interrupted=1; stop_job' INT TERM HUP
if [ "${CELL_IN_MATRIX:-}" = 1 ]; then
	exec 7>>"$RUN_DIR/.cells.lock"
	flock -s 7
fi

step=${1:-}
case $step in
all | build | boot | again) ;;
*) die "usage: run-cell.sh all | build | boot | again" ;;
esac
not_run() { [ -n "${SERIES_ERROR:-}" ] && [ -s "$SERIES_ERROR" ]; }
# The build outcomes' names (KMX_BUILD_OK...), as vocab.h has them.
eval "$("$HOSTBIN/report" vocab --shell)"

# The cell's own make: it writes cell.env, and builds unless told only
# that; the build under the arch's lock.
set -- --no-print-directory ARCH="$ARCH" POINT="$POINT" RUN_ID="$RUN_ID" RUN_DIR="$RUN_DIR"

if [ "$step" = build ] || [ "$step" = all ]; then
	rm -f "$CELL_DIR/cell.tsv" "$CELL_DIR/build.tsv" "$CELL_DIR/cell.env"
	t0=$(now)
	if not_run; then
		cp "$SERIES_ERROR" "$CELL_DIR/build.log"
		echo "  [$cell] not run: the series does not apply to this tree (log: $CELL_DIR/build.log)"
		run_job $MAKE "$@" cell-env >>"$CELL_DIR/build.log" 2>&1
		build="$KMX_BUILD_ERROR	0	not run: $(series_error_summary "$SERIES_ERROR")"
	else
		echo "  [$cell] building kernel and initramfs (log: $CELL_DIR/build.log)"
		if [ "$V" = 1 ]; then
			run_job sh -c '{ "$@"; echo $? >"$0.rc"; } 2>&1 | tee "$0.log"' "$CELL_DIR/build" \
				"$(dirname "$0")/with-lock.sh" "$LOCKS/$ARCH" "the $ARCH tree and build" \
				$MAKE "$@" cell-env kernel initrd V=1
			rc=$(cat "$CELL_DIR/build.rc" 2>/dev/null || echo 1); rm -f "$CELL_DIR/build.rc"
		else
			# The make's output to the log; what the lock waits for, to the run.
			run_job "$(dirname "$0")/with-lock.sh" "$LOCKS/$ARCH" "the $ARCH tree and build" \
				sh -c 'log=$1; shift; exec "$@" >"$log" 2>&1' sh "$CELL_DIR/build.log" $MAKE "$@" cell-env kernel initrd
			rc=$?
		fi
		build_s=$(since "$t0")
		if [ -n "$interrupted" ]; then
			build="$KMX_BUILD_INFRA	$build_s	interrupted during the build"
		elif [ "$rc" = 0 ]; then
			build="$KMX_BUILD_OK	$build_s	"
		elif [ -n "$(infra_error "$CELL_DIR/build.log")" ]; then
			build="$KMX_BUILD_INFRA	$build_s	$(infra_error "$CELL_DIR/build.log")"
		else
			build="$KMX_BUILD_FAILED	$build_s	$(first_error "$CELL_DIR/build.log")"
		fi
	fi
	printf '%s\n' "$build" >"$CELL_DIR/build.tsv.tmp" && mv -f "$CELL_DIR/build.tsv.tmp" "$CELL_DIR/build.tsv"
	# Cut off by a signal: the cell ends here, and no boot runs.
	if [ -n "$interrupted" ]; then
		"$HOSTBIN/bootrun" --out "$CELL_DIR/cell.tsv" --cell "$ARCH" "$POINT" "$build" \
			--not-run "the build was interrupted"
		[ "${CELL_IN_MATRIX:-}" != 1 ] || mark_interrupted "$RUN_DIR"
		exit 130
	fi
	[ "$step" = all ] || exit 0
fi

# The build's outcome: as the build step left it (boot), or as the cell's
# record has it (again).
if [ "$step" = again ]; then
	build=$("$HOSTBIN/report" query "$CELL_DIR" build 2>/dev/null)
	[ -n "$build" ] || die "$CELL_DIR: no cell record to boot again"
else
	build=$(cat "$CELL_DIR/build.tsv" 2>/dev/null)
	[ -n "$build" ] || build="$KMX_BUILD_ERROR	0	the cell's build step left no outcome ($CELL_DIR/build.tsv)"
	rm -f "$CELL_DIR/build.tsv"
	rm -rf "$CELL_DIR/attempt1" "$CELL_DIR/attempt2"
fi
# What the boot needs (QEMU_CMD, its package, the limits, the selftests that
# did not build; and for the reproducer the packages, config and commit).
if [ -f "$CELL_DIR/cell.env" ]; then
	set -a
	. "$CELL_DIR/cell.env"
	set +a
elif [ "${build%%	*}" = "$KMX_BUILD_OK" ]; then
	build="$KMX_BUILD_ERROR	0	the cell's build step left no boot inputs ($CELL_DIR/cell.env)"
fi

boot() {	# [--alone WHY]: bootrun writes cell.tsv
	eval "set -- $QEMU_CMD"
	echo "  [$cell] booting (console: $CELL_DIR/console.log)"
	# Only bootrun acts on a signal: it stops QEMU and writes the record,
	# which the loop after it must live to pass on.
	# (bootrun itself with those signals as they should be: it must not
	# start deaf to them.)
	run_job sh -c 'trap "" INT TERM HUP; cell=$1; shift; env --default-signal=INT,TERM,HUP "$@" |
		while IFS= read -r l; do printf "  [%s] %s\n" "$cell" "$l"; done' sh "$cell" \
		"$HOSTBIN/bootrun" --log "$CELL_DIR/console.log" --out "$CELL_DIR/cell.tsv" --cell "$ARCH" "$POINT" "$build" \
		--timeout "$BOOT_TIMEOUT" --silence "$BOOT_SILENCE" --max-wait "$HOST_MAX_WAIT" \
		${KSELFTESTS_UNBUILT:+--unbuilt "$KSELFTESTS_UNBUILT"} ${QEMU_PKG:+--qemu-pkg "$QEMU_PKG"} \
		${alone:+--alone "$alone"} -- "$@"
	if [ -f "$CELL_DIR/cell.tsv" ]; then
		:
	elif [ -n "$interrupted" ]; then
		# Stopped before QEMU started: the machine's (a person's) doing, not the kernel's.
		"$HOSTBIN/bootrun" --out "$CELL_DIR/cell.tsv" --cell "$ARCH" "$POINT" "$build" --interrupted "stopped by a signal before the boot"
	else
		"$HOSTBIN/bootrun" --out "$CELL_DIR/cell.tsv" --cell "$ARCH" "$POINT" "$build" --error "bootrun left no record"
	fi
}
# The first line of the cell's verdict, without its "[arch point]".
verdict() { "$HOSTBIN/report" $REPORT_FLAGS cell "$CELL_DIR" | head -n1 | sed 's/^  \[[^]]*\] //'; }
# The boot before, kept: as attempt1/, or beside it as attempt2/.
keep_attempt() {
	aside=attempt1
	[ -d "$CELL_DIR/attempt1" ] && aside=attempt2
	rm -rf "${CELL_DIR:?}/$aside"
	mkdir -p "$CELL_DIR/$aside"
	mv "$CELL_DIR/cell.tsv" "$CELL_DIR/console.log" "$CELL_DIR/$aside/" 2>/dev/null
}

alone=
if [ "$step" = again ]; then
	# The new boot says it ran alone (its `alone` line), and judges the cell.
	[ -f "$CELL_DIR/cell.env" ] || die "$CELL_DIR: no cell.env to boot it again with (its build step writes it)"
	alone=$(verdict | tr '\t\n' '  ' | cut -c1-300)
	echo "  [$cell] booting again, alone: $alone"
	keep_attempt
	boot
else
	case ${build%%	*} in
	"$KMX_BUILD_OK") boot ;;
	"$KMX_BUILD_ERROR") "$HOSTBIN/bootrun" --out "$CELL_DIR/cell.tsv" --cell "$ARCH" "$POINT" "$build" --not-run "the cell could not be built" ;;
	*) "$HOSTBIN/bootrun" --out "$CELL_DIR/cell.tsv" --cell "$ARCH" "$POINT" "$build" --not-run "the build failed" ;;
	esac
	if [ -z "$interrupted" ] && [ "${RETRIES:-1}" -gt 0 ] &&
		"$HOSTBIN/report" $REPORT_FLAGS retry ${CELL_IN_MATRIX:+--in-matrix} "$CELL_DIR"; then
		echo "  [$cell] booting again: $(verdict)"
		keep_attempt
		boot
	fi
fi
# CELL_DIR/reproduce.sh: a failed one is said, and the cell stands.
"$(dirname "$0")/reproducer.sh" || warn "$cell: no reproduce.sh was written"

# A cell made alone (make cell) is a run of one cell: cells.list makes its
# folder a run, by report's one definition.
[ "${CELL_IN_MATRIX:-}" = 1 ] || [ -f "$RUN_DIR/cells.list" ] ||
	printf '%s %s\n' "$ARCH" "$POINT" >"$RUN_DIR/cells.list"
[ -z "$interrupted" ] || [ "${CELL_IN_MATRIX:-}" != 1 ] || mark_interrupted "$RUN_DIR"
# The run's reports, so that they cover every finished cell even if the run
# stops here; the cell's verdict; the run's progress. Alone, the cell's own
# outcome is the exit status; in a matrix the final report decides, so one
# failed cell does not stop the others.
"$HOSTBIN/report" $REPORT_FLAGS cell-done ${NOT_RUN_POINTS:+--not-run "$NOT_RUN_POINTS"} "$CELL_DIR"
status=$?
[ -z "$interrupted" ] || exit 130
[ "$status" = 0 ] || [ "${CELL_IN_MATRIX:-}" = 1 ]

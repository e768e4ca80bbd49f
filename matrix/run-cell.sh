#!/bin/sh
# run-cell.sh build | boot | again QEMU-COMMAND...: one cell of the
# matrix, in two steps (and a third at most). `build` builds the kernel
# and the initramfs (holding the arch's
# tree: the Makefile runs it under with-lock.sh) and leaves the outcome in
# CELL_DIR/build.tsv; `boot` boots, and leaves CELL_DIR/cell.tsv whatever
# happened: a failed build is a result of the cell, not an error of the
# matrix. The boot needs only the point's kernel and initrd, so the arch's
# next build may run beside it.
# A boot that ends in timeout, qemu-error, qemu-abort, no-results or infra,
# or with an unexpected result, is booted again at once (RETRIES times,
# default 1); the first attempt is kept in CELL_DIR/attempt1/, and report
# calls a result that differs between the two flaky. In a matrix, a cell
# where a time limit ran out (`report again`) waits instead for `again`:
# run-matrix.sh's last step, once the other cells are done, which keeps
# the boot before (attempt1/, or attempt2/ beside it) and boots alone.
# Once the record is written, reproducer.sh writes CELL_DIR/reproduce.sh.
# What the machine caused (a full disk, a missing compiler or QEMU, a
# signal) is recorded as `infra`, never as a kernel's failure.
# Environment (set by the Makefile's `cell-build` and `cell-boot` targets):
# ARCH POINT CELL_DIR RUN_DIR HOSTBIN MAKE V BOOT_TIMEOUT BOOT_SILENCE HOST_MAX_WAIT
# QEMU_PKG RETRIES CELL_IN_MATRIX REPORT_FLAGS SERIES_ERROR CELL_PKGS CELL_CONFIG CELL_REV
# KSELFTESTS_UNBUILT (the selftests that did not build at this point:
# results of the cell, bootrun --unbuilt).
set -u
. "$(dirname "$0")/lib.sh"
mkdir -p "$CELL_DIR"
cell="$ARCH $POINT"
# A signal (Ctrl-C, SIGTERM from the run) ends the cell after the step
# that is running, and says so in cell.tsv.
interrupted=
trap 'interrupted=1' INT TERM HUP

step=${1:-}
shift
case $step in
build | boot | again) ;;
*) die "usage: run-cell.sh build | boot | again QEMU-COMMAND..." ;;
esac

write_cell() {	# BUILD-LINE: cell.tsv, from the build's line and boot.tsv
	{
		printf 'arch\t%s\npoint\t%s\nbuild\t%s\n' "$ARCH" "$POINT" "$1"
		cat "$CELL_DIR/boot.tsv"
	} >"$CELL_DIR/cell.tsv.tmp" && mv -f "$CELL_DIR/cell.tsv.tmp" "$CELL_DIR/cell.tsv"
	rm -f "$CELL_DIR/boot.tsv"
}

if [ "$step" = build ]; then
	rm -f "$CELL_DIR/cell.tsv" "$CELL_DIR/build.tsv"
	t0=$(now)
	# A point of a series that does not apply to this tree cannot be built: the
	# cell is not run, with the series' complaint as the reason (SERIES_ERROR:
	# the file `make series` leaves then; empty for a point that needs no series).
	if [ -n "${SERIES_ERROR:-}" ] && [ -s "$SERIES_ERROR" ]; then
		cp "$SERIES_ERROR" "$CELL_DIR/build.log"
		echo "  [$cell] not run: the series does not apply to this tree (log: $CELL_DIR/build.log)"
		rc=1
	elif [ "$V" = 1 ]; then
		echo "  [$cell] building kernel and initramfs (log: $CELL_DIR/build.log)"
		{ $MAKE --no-print-directory kernel initrd ARCH="$ARCH" POINT="$POINT" V=1; echo $? >"$CELL_DIR/.rc"; } 2>&1 | tee "$CELL_DIR/build.log"
		rc=$(cat "$CELL_DIR/.rc"); rm -f "$CELL_DIR/.rc"
	else
		echo "  [$cell] building kernel and initramfs (log: $CELL_DIR/build.log)"
		$MAKE --no-print-directory kernel initrd ARCH="$ARCH" POINT="$POINT" >"$CELL_DIR/build.log" 2>&1
		rc=$?
	fi
	build_s=$(since "$t0")
	if [ -n "${SERIES_ERROR:-}" ] && [ -s "$SERIES_ERROR" ]; then
		build="error	0	not run: $(series_error_summary "$SERIES_ERROR")"
	elif [ -n "$interrupted" ]; then
		build="infra	$build_s	interrupted during the build"
		rc=1
	elif [ "$rc" = 0 ]; then
		build="ok	$build_s	"
	elif [ -n "$(infra_error "$CELL_DIR/build.log")" ]; then
		build="infra	$build_s	$(infra_error "$CELL_DIR/build.log")"
	else
		build="failed	$build_s	$(first_error "$CELL_DIR/build.log")"
	fi
	# Cut off by a signal: the cell ends here, and make runs no boot.
	if [ -n "$interrupted" ]; then
		printf 'boot\tnot-run\t0\tthe build was interrupted\n' >"$CELL_DIR/boot.tsv"
		write_cell "$build"
		exit 130
	fi
	printf '%s\n' "$build" >"$CELL_DIR/build.tsv.tmp" && mv -f "$CELL_DIR/build.tsv.tmp" "$CELL_DIR/build.tsv"
	exit 0
fi

# The boot step: the build's outcome, as the build step left it. The
# again step: as the cell's record has it.
if [ "$step" = again ]; then
	build=$(sed -n 's/^build\t//p' "$CELL_DIR/cell.tsv" 2>/dev/null)
	[ -n "$build" ] || die "$CELL_DIR: no cell record to boot again"
else
	build=$(cat "$CELL_DIR/build.tsv" 2>/dev/null)
	[ -n "$build" ] || build="error	0	the cell's build step left no outcome ($CELL_DIR/build.tsv)"
	rm -f "$CELL_DIR/build.tsv"
fi

boot() {
	if ! command -v "$1" >/dev/null 2>&1; then
		printf 'boot\tqemu-error\t0\t%s not found (Debian package %s)\n' "$1" "$QEMU_PKG" >"$CELL_DIR/boot.tsv"
		echo "  [$cell] $1 not found (Debian package $QEMU_PKG)"
		return
	fi
	echo "  [$cell] booting (console: $CELL_DIR/console.log)"
	"$HOSTBIN/bootrun" --log "$CELL_DIR/console.log" --out "$CELL_DIR/boot.tsv" \
		--timeout "$BOOT_TIMEOUT" --silence "$BOOT_SILENCE" ${HOST_MAX_WAIT:+--max-wait "$HOST_MAX_WAIT"} \
		${KSELFTESTS_UNBUILT:+--unbuilt "$KSELFTESTS_UNBUILT"} -- "$@" | sed "s/^/  [$cell] /"
	[ -f "$CELL_DIR/boot.tsv" ] || printf 'boot\terror\t0\tbootrun left no record\n' >"$CELL_DIR/boot.tsv"
}

boot_line() { sed -n 's/^boot\t//p' "$CELL_DIR/cell.tsv"; }

# CELL_DIR/reproduce.sh: a failed one is said, and the cell stands.
reproducer() {
	"$(dirname "$0")/reproducer.sh" || warn "$cell: no reproduce.sh was written"
}

# Worth a second boot: a boot without results, one whose time limit the
# host's load decided (infra), or an unexpected result. In a matrix, a
# cell where a time limit ran out (`report again`: a boot timeout, an
# unexpected TIMEOUT, host overloaded) is not booted again at once: the
# builds and boots beside it may be why. run-matrix.sh boots it again,
# alone, once the others are done (the again step).
worth_retry() {
	if [ "${CELL_IN_MATRIX:-}" = 1 ] &&
		"$HOSTBIN/report" $REPORT_FLAGS again "$RUN_DIR" | grep -qx "$ARCH/$POINT"; then
		return 1
	fi
	case "$(boot_line | cut -f1)" in
	timeout | qemu-error | qemu-abort | no-results | infra) return 0 ;;
	ok) ! "$HOSTBIN/report" $REPORT_FLAGS cell "$CELL_DIR" >/dev/null ;;
	*) return 1 ;;
	esac
}

if [ "$step" = again ]; then
	# The boot before is kept: as attempt1/ (the retry the cell did not
	# get at once), or beside it as attempt2/. The new boot says it ran
	# alone (its `alone` line), and judges the cell.
	why=$("$HOSTBIN/report" $REPORT_FLAGS cell "$CELL_DIR" | head -n1 | sed 's/^  \[[^]]*\] //')
	echo "  [$cell] booting again, alone: $why"
	aside=attempt1
	[ -d "$CELL_DIR/attempt1" ] && aside=attempt2
	rm -rf "${CELL_DIR:?}/$aside"
	mkdir -p "$CELL_DIR/$aside"
	mv "$CELL_DIR/cell.tsv" "$CELL_DIR/console.log" "$CELL_DIR/$aside/" 2>/dev/null
	boot "$@"
	printf 'alone\t%s\n' "$(printf '%s' "$why" | tr '\t\n' '  ' | cut -c1-300)" >>"$CELL_DIR/boot.tsv"
	write_cell "$build"
	reproducer
	"$HOSTBIN/report" $REPORT_FLAGS summary --quiet "$RUN_DIR"
	"$HOSTBIN/report" $REPORT_FLAGS cell "$CELL_DIR"
	exit 0
fi

rm -rf "$CELL_DIR/attempt1" "$CELL_DIR/attempt2"
case $build in
ok*) boot "$@" ;;
error*) printf 'boot\tnot-run\t0\tthe cell could not be built\n' >"$CELL_DIR/boot.tsv" ;;
*) printf 'boot\tnot-run\t0\tthe build failed\n' >"$CELL_DIR/boot.tsv" ;;
esac
write_cell "$build"
if [ "${build%%	*}" = ok ] && [ -z "$interrupted" ] && [ "${RETRIES:-1}" -gt 0 ] && worth_retry; then
	echo "  [$cell] booting again: $("$HOSTBIN/report" $REPORT_FLAGS cell "$CELL_DIR" | head -n1 | sed 's/^  \[[^]]*\] //')"
	mkdir -p "$CELL_DIR/attempt1"
	mv "$CELL_DIR/cell.tsv" "$CELL_DIR/console.log" "$CELL_DIR/attempt1/" 2>/dev/null
	boot "$@"
	write_cell "$build"
fi
reproducer

# The summary covers every finished cell, even if the run stops here. A
# cell made alone (make cell) is a run of one cell: cells.list makes its
# folder a run, by report's one definition.
[ "${CELL_IN_MATRIX:-}" = 1 ] || [ -f "$RUN_DIR/cells.list" ] ||
	printf '%s %s\n' "$ARCH" "$POINT" >"$RUN_DIR/cells.list"
"$HOSTBIN/report" $REPORT_FLAGS summary --quiet "$RUN_DIR"
# Alone, the cell's own outcome is the exit status; in a matrix the final
# report decides, so one failed cell does not stop the others.
"$HOSTBIN/report" $REPORT_FLAGS cell "$CELL_DIR"
status=$?

# Progress: cells finished of the run, the time since it started, and the
# time left if the cells still to run take as long as those that ran did on
# average. The cells at NOT_RUN_POINTS (run-matrix.sh: the series does not
# apply) end at once, so they count as neither.
if [ -f "$RUN_DIR/cells.list" ]; then
	free() { case " ${NOT_RUN_POINTS:-} " in *" $1 "*) return 0 ;; esac; return 1; }
	total=0 to_run=0
	while read -r _ p; do
		total=$((total + 1))
		free "$p" || to_run=$((to_run + 1))
	done <"$RUN_DIR/cells.list"
	done_cells=0 ran=0
	for f in "$RUN_DIR"/*/cell.tsv; do
		[ -f "$f" ] || continue
		done_cells=$((done_cells + 1))
		free "$(sed -n 's/^point	//p' "$f")" || ran=$((ran + 1))
	done
	started=$(stat -c %Y "$RUN_DIR/cells.list")
	elapsed=$(( $(date +%s) - started ))
	left=$(( elapsed * (to_run - ran) / (ran > 0 ? ran : 1) ))
	printf '  [%d/%d cells done, %d left, %dm%02ds so far, about %dm%02ds to go]\n' "$done_cells" "$total" \
		$((total - done_cells)) $((elapsed / 60)) $((elapsed % 60)) $((left / 60)) $((left % 60))
fi

[ -z "$interrupted" ] || exit 130
[ "$status" = 0 ] || [ "${CELL_IN_MATRIX:-}" = 1 ]

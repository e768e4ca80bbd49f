#!/bin/sh
# run-cell.sh QEMU-COMMAND...: one cell of the matrix. Builds the kernel and
# the initramfs, boots, and leaves CELL_DIR/cell.tsv whatever happens: a
# failed build is a result of the cell, not an error of the matrix.
# Environment (set by the Makefile's `cell` target): ARCH POINT CELL_DIR
# RUN_DIR HOSTBIN MAKE V BOOT_TIMEOUT BOOT_SILENCE END_MARKER CELL_IN_MATRIX
# REPORT_FLAGS.
set -u
mkdir -p "$CELL_DIR"
cell="$ARCH $POINT"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# The first compiler or make error of a log, for the table.
first_error() {
	grep -m1 -E 'error:|Error [0-9]+|kmatrix: ' "$1" | cut -c1-300 | tr '\t' ' '
}

echo "  [$cell] building kernel and initramfs (log: $CELL_DIR/build.log)"
t0=$(now)
if [ "$V" = 1 ]; then
	{ $MAKE --no-print-directory kernel initramfs ARCH="$ARCH" POINT="$POINT" V=1; echo $? >"$CELL_DIR/.rc"; } 2>&1 | tee "$CELL_DIR/build.log"
	rc=$(cat "$CELL_DIR/.rc"); rm -f "$CELL_DIR/.rc"
else
	$MAKE --no-print-directory kernel initramfs ARCH="$ARCH" POINT="$POINT" >"$CELL_DIR/build.log" 2>&1
	rc=$?
fi
build_s=$(since "$t0")
if [ "$rc" = 0 ]; then
	build="ok	$build_s	"
else
	build="failed	$build_s	$(first_error "$CELL_DIR/build.log")"
fi

if [ "$rc" = 0 ]; then
	echo "  [$cell] booting (console: $CELL_DIR/console.log)"
	"$HOSTBIN/bootrun" --log "$CELL_DIR/console.log" --out "$CELL_DIR/boot.tsv" \
		--timeout "$BOOT_TIMEOUT" --silence "$BOOT_SILENCE" --marker "$END_MARKER" \
		-- "$@" | sed "s/^/  [$cell] /"
	[ -f "$CELL_DIR/boot.tsv" ] || printf 'boot\terror\t0\tbootrun left no record\n' >"$CELL_DIR/boot.tsv"
else
	printf 'boot\tnot-run\t0\tthe build failed\n' >"$CELL_DIR/boot.tsv"
fi

{
	printf 'arch\t%s\npoint\t%s\nbuild\t%s\n' "$ARCH" "$POINT" "$build"
	cat "$CELL_DIR/boot.tsv"
} >"$CELL_DIR/cell.tsv.tmp" && mv -f "$CELL_DIR/cell.tsv.tmp" "$CELL_DIR/cell.tsv"
rm -f "$CELL_DIR/boot.tsv"

# The summary covers every finished cell, even if the run stops here.
"$HOSTBIN/report" $REPORT_FLAGS --quiet "$RUN_DIR"
# Alone, the cell's own outcome is the exit status; in a matrix the final
# report decides, so one failed cell does not stop the others.
"$HOSTBIN/report" $REPORT_FLAGS --cell "$CELL_DIR/cell.tsv"
status=$?

# Progress: cells finished of the run, and the time since it started.
if [ -f "$RUN_DIR/cells.list" ]; then
	done_cells=$(ls "$RUN_DIR"/*/cell.tsv 2>/dev/null | wc -l)
	total=$(wc -l <"$RUN_DIR/cells.list")
	started=$(stat -c %Y "$RUN_DIR/cells.list")
	elapsed=$(( $(date +%s) - started ))
	printf '  [%d/%d cells done, %dm%02ds]\n' "$done_cells" "$total" $((elapsed / 60)) $((elapsed % 60))
fi

[ "$status" = 0 ] || [ "${CELL_IN_MATRIX:-}" = 1 ]

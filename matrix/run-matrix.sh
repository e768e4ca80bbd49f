#!/bin/sh
# run-matrix.sh CELL-TARGET...: one run of the matrix. Writes what the run
# is of (run.tsv, with the previous run it is compared with), makes each
# cell (`$MAKE CELL-TARGET...`), then writes the reports and the table.
# Ctrl-C or SIGTERM stops the cells, but the run is still closed: run.tsv
# says `ended interrupted`, and the reports cover every finished cell.
# Environment (from the Makefile): MAKE RUN_ID RUN_DIR RESULTS HOSTBIN
# REPORT_FLAGS ARCHES POINTS TOP SRC SERIES_NAME SERIES CCACHE ARCH_VIEW
# KSRC_NAME KSRC_TARBALL KSRC_PKG KNOWN_BREAKS (the tree, and its known breaks or empty)
# SERIES_ERROR SERIES_OFFSETS (what `make series` left: see the Makefile)
# SERIES_POINTS (the points of POINTS that need the series)
# CELL_JOBS_FLAG (make's -jN for the cells, whose kernel builds share its slots).
# RUN_NOTES (what the reports say once about the run).
set -u
. "$(dirname "$0")/lib.sh"
# No cells would hand make no goal, and its default goal is a matrix again.
[ $# -gt 0 ] || { warn "no cells to run (ARCHES='$ARCHES', POINTS='$POINTS')"; exit 2; }
mkdir -p "$RUN_DIR"
ln -sfn "$RUN_ID" "$RESULTS/latest.tmp" && mv -Tf "$RESULTS/latest.tmp" "$RESULTS/latest"
echo "kmatrix: run $RUN_ID: $# cells ($ARCHES) x ($POINTS), results in $RUN_DIR"
# cells.list makes the folder a run: `ARCH POINT` per cell/ARCH/POINT target.
for c in "$@"; do
	c=${c#cell/}
	printf '%s %s\n' "${c%%/*}" "${c#*/}"
done >"$RUN_DIR/cells.list"
# The cells at the series' points do not run when the series does not apply
# (SERIES_ERROR non-empty): they end at once, and the progress lines
# (run-cell.sh) leave them out of the time to go.
NOT_RUN_POINTS=
[ -n "${SERIES_ERROR:-}" ] && [ -s "$SERIES_ERROR" ] && NOT_RUN_POINTS=${SERIES_POINTS:-}
export NOT_RUN_POINTS
# The run before this one, by report's one definition of a run: the last
# of the same series (another series' cells are not this one's history).
prev=$("$HOSTBIN/report" runs --except "$RUN_DIR" --series "$SERIES_NAME" "$RESULTS" | tail -n1)
{
	"$TOP/matrix/run-info.sh" "$SRC" "$SERIES_NAME" "$SERIES" "${KSRC_NAME:-}" "${KSRC_TARBALL:-}" "${KSRC_PKG:-}"
	[ -z "$prev" ] || printf 'previous\t%s\n' "$prev"
	# What the reports say once (RUN_NOTES: `;`-separated, from the
	# Makefile: the arches without kernel selftests, and why).
	printf '%s' "${RUN_NOTES:-}" | tr ';' '\n' | sed 's/^ *//; /^$/d; s/^/note\t/'
} >"$RUN_DIR/run.tsv"
# The tree's known breaks go with the run: it is judged by the ones it ran with.
[ -z "${KNOWN_BREAKS:-}" ] || cp "$KNOWN_BREAKS" "$RUN_DIR/known-breaks.tsv"
[ "$CCACHE" = 1 ] && ccache --print-stats >"$RUN_DIR/ccache.before" 2>/dev/null

ended=complete cells=
# Set before the cells start, and kept until `ended` is written.
trap 'ended=interrupted; [ -z "$cells" ] || kill -TERM -$cells 2>/dev/null' INT TERM HUP
# The cells run in a session of their own, so that a signal to this script
# reaches every make, compiler, bootrun and QEMU below it. A watchdog in
# that session ends it when this script's end of a fifo closes, which
# happens however this script ends (SIGKILL too): no cell outlives the run,
# and no arch lock stays held.
# make -k: a cell whose own make fails (not its kernel: that is a result)
# leaves no cell.tsv and is reported as such, and the other cells still run.
alive="$RUN_DIR/.alive"
in_session() {	# MAKE-COMMAND...: started in a session of its own, as $cells
	rm -f "$alive" && mkfifo "$alive"
	setsid sh -c '(cat "$1" >/dev/null; kill -TERM 0) & shift; exec "$@"' sh "$alive" "$@" &
	cells=$!
	exec 8>"$alive"	# (a session before this one ends here)
	rm -f "$alive"
}
# wait returns early when a signal arrives: wait again for make to finish.
wait_session() {
	while :; do
		wait $cells
		rc=$?
		kill -0 $cells 2>/dev/null || break
	done
}
# make starts the cells in the order it is given them: the arch whose
# cells took longest in the previous run first (an arch that run did not
# have before any: its time is not known), each arch's cells in the given
# order, which make keeps for them (the Makefile's CELL_TARGETS), so that the
# longest chain does not start last. cells.list keeps the given order.
rm -f "$RUN_DIR/.times"
[ -z "$prev" ] || "$HOSTBIN/report" times "$prev" >"$RUN_DIR/.times" 2>/dev/null
goals=$(printf '%s\n' "$@" | awk -F/ -v times="$RUN_DIR/.times" '
	BEGIN { while ((getline l <times) > 0) { split(l, f, "\t"); secs[f[1]] += f[3] + f[4]; had[f[1]] = 1 } }
	{ printf "%s\t%d\t%s\n", ($2 in had) ? secs[$2] : "inf", NR, $0 }' |
	sort -s -t "$(printf '\t')" -k1,1gr -k2,2n | cut -f3)
rm -f "$RUN_DIR/.times"
# shellcheck disable=SC2086 # one cell target per word
in_session $MAKE -k ${CELL_JOBS_FLAG:-} --no-print-directory RUN_ID="$RUN_ID" CELL_IN_MATRIX=1 $goals
wait_session
# The cells' make killed from outside (not by a signal to this script):
# the cells it left unfinished are the machine's doing, not the kernel's.
if [ "$ended" = complete ] && [ "$rc" -gt 128 ]; then
	warn "the cells' make ended by signal $((rc - 128)); the unfinished cells are not judged"
	ended=interrupted
fi
# A cell where a time limit ran out (report again: a boot timeout, an
# unexpected TIMEOUT, host overloaded) may owe it to the builds and boots
# beside it: once every cell is done, each boots again, one at a time
# (run-cell.sh again), and that boot judges it.
if [ "$ended" = complete ] && [ "${RETRIES:-1}" -gt 0 ]; then
	# shellcheck disable=SC2086 # REPORT_FLAGS is a list of options
	again=$("$HOSTBIN/report" $REPORT_FLAGS again "$RUN_DIR" | sed 's|^|again/|')
	if [ -n "$again" ]; then
		echo "kmatrix: $(printf '%s\n' "$again" | wc -l) cell(s) where a time limit ran out: booting each again, alone"
		# shellcheck disable=SC2086 # one target per word
		in_session $MAKE -j1 -k --no-print-directory RUN_ID="$RUN_ID" CELL_IN_MATRIX=1 $again
		wait_session
	fi
fi
# Each result that regressed against base: the first patch of the series
# where it did on its arch, by booting the patches between (first-bad.sh).
if [ "$ended" = complete ] && [ "${FIRST_BAD:-1}" = 1 ] && [ -n "${SERIES_POINTS:-}" ]; then
	"$TOP/matrix/first-bad.sh" "$RUN_DIR" || warn "the first bad patches of the regressions could not be found"
fi
exec 8>&-	# the watchdog ends what is left of the cells' session
# After a signal, let the cells below record how they ended (bootrun stops
# QEMU, run-cell writes cell.tsv) before the reports are written.
i=0
while [ "$ended" = interrupted ] && kill -0 -$cells 2>/dev/null && [ $i -lt 150 ]; do
	sleep 0.2
	i=$((i + 1))
done
printf 'ended\t%s %s\n' "$ended" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$RUN_DIR/run.tsv"
trap - INT TERM HUP

if [ "$CCACHE" = 1 ]; then
	ccache --print-stats >"$RUN_DIR/ccache.after" 2>/dev/null
	"$TOP/matrix/ccache-rate.sh" "$RUN_DIR/ccache.before" "$RUN_DIR/ccache.after"
fi
# shellcheck disable=SC2086 # REPORT_FLAGS is a list of options
"$HOSTBIN/report" $REPORT_FLAGS summary --table "$RUN_DIR"
rc=$?
[ -z "$ARCH_VIEW" ] || $ARCH_VIEW "$RUN_DIR"
if [ "$ended" = interrupted ]; then
	echo "kmatrix: run $RUN_ID interrupted; the reports cover every finished cell" >&2
	exit 130
fi
exit $rc

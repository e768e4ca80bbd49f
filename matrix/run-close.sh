#!/bin/sh
# run-close.sh: closes a run once its cells' make has ended. Each cell where
# a time limit ran out (report again: a boot timeout, an unexpected
# TIMEOUT, host overloaded) may owe it to the builds and boots beside it:
# each boots again, one at a time, and that boot judges it. Each result
# that regressed against base: the first patch of the series where it did
# (first-bad.sh). Then `ended` in run.tsv, the reports and the table; the
# exit status is the report's, 130 for a run that was interrupted.
# A cell that a signal stopped left RUN_DIR/.interrupted (cellrun), so
# that a run stopped by Ctrl-C, whose make dies before this step, is
# reported as interrupted too.
# Environment: as run-open.sh's, and MAKE REPORT_FLAGS RETRIES FIRST_BAD
# SERIES_POINTS (the points of POINTS that need the series) ARCH_VIEW.
set -u
. "$(dirname "$0")/lib.sh"
interrupted() { grep -q '^ended	interrupted' "$RUN_DIR/run.tsv"; }
trap 'end_run "$RUN_DIR" interrupted; stop_job' INT TERM HUP
# The run's guard (guard_run) waits for this step to end before it calls
# a run without an `ended` line interrupted.
exec 6>>"$RUN_DIR/.close.lock"
flock -x 6
# The cells still stopping (their make died alone, say) first: each holds
# a shared lock on the run while it goes (cellrun).
exec 7>>"$RUN_DIR/.cells.lock"
flock -w 120 -x 7 || warn "cells of the run still going after 120 s"
exec 7>&-
# A cell with no record: in a run where a signal stopped cells
# (.interrupted), the cells' make died before it; else it failed in its
# own make (not its kernel's: that is a result), which the reports show
# as an error of the cell. A signal that stopped one cell alone, the
# others all made, leaves the run complete.
while read -r a p; do
	[ -f "$RUN_DIR/$a-$p/cell.tsv" ] && continue
	if [ -e "$RUN_DIR/.interrupted" ]; then
		warn "the cells' make ended before $a $p was made; the unfinished cells are not judged"
		end_run "$RUN_DIR" interrupted
		break
	fi
	warn "$a $p: no record; its make failed (see above)"
done <"$RUN_DIR/cells.list"
if ! interrupted && [ "${RETRIES:-1}" -gt 0 ]; then
	# shellcheck disable=SC2086 # REPORT_FLAGS is a list of options
	again=$("$HOSTBIN/report" $REPORT_FLAGS again "$RUN_DIR" | sed 's|^|again/|')
	if [ -n "$again" ]; then
		echo "kmatrix: $(printf '%s\n' "$again" | wc -l) cell(s) where a time limit ran out or a result regressed against base: booting each again, alone"
		# shellcheck disable=SC2086 # one target per word
		run_job $MAKE -j1 -k --no-print-directory RUN_ID="$RUN_ID" RUN_DIR="$RUN_DIR" CELL_IN_MATRIX=1 $again
	fi
fi
if ! interrupted && [ "${FIRST_BAD:-1}" = 1 ] && [ -n "${SERIES_POINTS:-}" ]; then
	run_job "$TOP/matrix/first-bad.sh" "$RUN_DIR" || warn "the first bad patches of the regressions could not be found"
fi
end_run "$RUN_DIR" complete
trap - INT TERM HUP

if [ "$CCACHE" = 1 ]; then
	ccache --print-stats >"$RUN_DIR/ccache.after" 2>/dev/null
	"$TOP/matrix/ccache-rate.sh" "$RUN_DIR/ccache.before" "$RUN_DIR/ccache.after"
fi
# shellcheck disable=SC2086 # REPORT_FLAGS is a list of options
"$HOSTBIN/report" $REPORT_FLAGS summary --table "$RUN_DIR"
rc=$?
[ -z "${ARCH_VIEW:-}" ] || $ARCH_VIEW "$RUN_DIR"
if interrupted; then
	echo "kmatrix: run $RUN_ID interrupted; the reports cover every finished cell" >&2
	exit 130
fi
exit $rc

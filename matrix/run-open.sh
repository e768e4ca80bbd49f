#!/bin/sh
# run-open.sh CELL-TARGET...: opens a run of the matrix: its folder, with
# cells.list (what makes the folder a run: `ARCH POINT` per cell/ARCH/POINT
# target, in the given order), points.tsv (each point's commit, which the
# cells build) and run.tsv (what the run is of, and the
# previous run it is compared with). The cells' make reads the cells from
# it (`report order`); run-close.sh closes the run.
# Environment (from the Makefile's RUN_ENV): RUN_ID RUN_DIR RESULTS HOSTBIN
# ARCHES POINTS TOP SRC SERIES_NAME SERIES CCACHE KSRC_NAME KSRC_TARBALL
# KSRC_PKG KNOWN_BREAKS (the tree, and its known breaks or empty)
# SERIES_ERROR SERIES_OFFSETS (what `make series` left: see mk/tree.mk)
# RUN_NOTES (what the reports say once about the run) RUN_MAKE_PID (the
# make whose recipe the run is: when it is gone, the run is over).
set -u
. "$(dirname "$0")/lib.sh"
# No cells would hand make no goal, and its default goal is a matrix again.
[ $# -gt 0 ] || { warn "no cells to run (ARCHES='$ARCHES', POINTS='$POINTS')"; exit 2; }
# The run's folder is claimed (run-mutants.sh claims it first, for its catalogue).
[ "${RUN_CLAIMED:-}" = 1 ] || claim_run_dir "$RUN_DIR" || exit 2
ln -sfn "$RUN_ID" "$RESULTS/latest.$$" && mv -Tf "$RESULTS/latest.$$" "$RESULTS/latest"
echo "kmatrix: run $RUN_ID: $# cells ($ARCHES) x ($POINTS), results in $RUN_DIR"
for c in "$@"; do
	c=${c#cell/}
	printf '%s %s\n' "${c%%/*}" "${c#*/}"
done >"$RUN_DIR/cells.list"
# Each point resolved to its commit now, once: the cells build these, so
# that the series applied again while the run goes changes nothing of it.
# (A point of a series that does not apply has none: its cells say why.)
cut -d' ' -f2 "$RUN_DIR/cells.list" | awk '!seen[$0]++' | while IFS= read -r pt; do
	rev=$("$TOP/matrix/checkout-point.sh" --resolve "$SRC" "$pt" "$SERIES_NAME" 2>/dev/null) &&
		printf '%s\t%s\n' "$pt" "$rev"
done >"$RUN_DIR/points.tsv"
# The run before this one, by report's one definition of a run: the last
# of the same series (another series' cells are not this one's history).
prev=$("$HOSTBIN/report" runs --except "$RUN_DIR" --series "$SERIES_NAME" "$RESULTS" | tail -n1)
{
	"$TOP/matrix/run-info.sh" "$SRC" "$SERIES_NAME" "$SERIES" "${KSRC_NAME:-}" "${KSRC_TARBALL:-}" "${KSRC_PKG:-}"
	[ -z "$prev" ] || printf 'previous\t%s\n' "$prev"
	# What kind of run: `make nightly` keeps KEEP matrix runs of its series.
	printf 'kind\t%s\n' "${RUN_KIND:-matrix}"
	# What the reports say once (RUN_NOTES: `;`-separated, from the
	# Makefile: the arches without kernel selftests, and why).
	printf '%s' "${RUN_NOTES:-}" | tr ';' '\n' | sed 's/^ *//; /^$/d; s/^/note\t/'
} >"$RUN_DIR/run.tsv"
# The tree's known breaks go with the run: it is judged by the ones it ran with.
[ -z "${KNOWN_BREAKS:-}" ] || cp "$KNOWN_BREAKS" "$RUN_DIR/known-breaks.tsv"
[ "$CCACHE" != 1 ] || ccache --print-stats >"$RUN_DIR/ccache.before" 2>/dev/null
# However the run's make ends from here on, the run ends (lib.sh).
guard_run "$RUN_DIR" "${RUN_MAKE_PID:-}" "$(cd "$(dirname "$0")" && pwd)/lib.sh"
exit 0

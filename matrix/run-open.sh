#!/bin/sh
# run-open.sh [--join] CELL-TARGET...: opens a run, every kind of run, and
# is the one writer of its cells.list (what makes the folder a run: `ARCH
# POINT` per cell/ARCH/POINT target, in the given order), points.tsv (each
# point's commit, which the cells build) and run.tsv (what the run is of,
# its kind, and the previous run of its kind it is compared with).
#   (default)  a new run of the matrix (make matrix; RUN_KIND=mutants for
#              make mutants): its folder claimed, `latest`, the cells'
#              order for the cells' make (cells.mk: RUN_CELL_ORDER, the
#              order `report order` gives), and the run's guard.
#   --join     the cells join the run at RUN_DIR, each once: a cell made
#              alone (make cell: RUN_KIND=cell, or reproduce), a coverage
#              cell (coverage), a first-bad probe (bisect). A folder that
#              is no run yet is opened as one, of RUN_KIND (it may be there
#              already: the reproducer puts what it is judged by in it).
# run-close.sh (lib.sh's end_run) writes its `ended` line.
# Environment (from the Makefile's RUN_ENV): RUN_ID RUN_DIR RESULTS HOSTBIN
# ARCHES POINTS TOP SRC SERIES_NAME SERIES CCACHE KSRC_NAME KSRC_TARBALL
# KSRC_PKG KNOWN_BREAKS (the tree, and its known breaks or empty)
# SERIES_ERROR SERIES_OFFSETS (what `make series` left: see mk/tree.mk)
# RUN_NOTES (what the reports say once about the run) RUN_KIND (matrix,
# mutants, cell, coverage, bisect) RUN_MAKE_PID (the make whose recipe the
# run is: when it is gone, the run is over).
set -u
. "$(dirname "$0")/lib.sh"
join=
[ "${1:-}" != --join ] || { join=1; shift; }
kind=${RUN_KIND:-$([ -n "$join" ] && echo cell || echo matrix)}
# No cells would hand make no goal, and its default goal is a matrix again.
[ $# -gt 0 ] || { warn "no cells to run (ARCHES='${ARCHES:-}', POINTS='${POINTS:-}')"; exit 2; }

# The points of the cells given, each once, in their order.
points_of() {
	for c in "$@"; do
		c=${c#cell/}
		printf '%s\n' "${c#*/}"
	done | awk '!seen[$0]++'
}
# Each point not yet resolved, to its commit now, once: the cells build
# these, so that the series applied again while the run goes changes
# nothing of it. (A point of a series that does not apply has none: its
# cells say why.)
resolve_points() {
	points_of "$@" | while IFS= read -r pt; do
		known=
		while IFS="$(printf '\t')" read -r p _; do
			[ "$p" != "$pt" ] || known=1
		done <"$RUN_DIR/points.tsv"
		[ -n "$known" ] && continue
		rev=$("$TOP/matrix/checkout-point.sh" --resolve "$SRC" "$pt" "$SERIES_NAME" 2>/dev/null) &&
			printf '%s\t%s\n' "$pt" "$rev" >>"$RUN_DIR/points.tsv"
	done
}
# What the run is of (run.tsv), and the run before it of its kind and
# series, by report's one definition of a run (another series' cells are
# not this one's history).
write_run_tsv() {
	prev=
	[ -z "${RESULTS:-}" ] ||
		prev=$("$HOSTBIN/report" runs --except "$RUN_DIR" --series "$SERIES_NAME" --kind "$kind" "$RESULTS" | tail -n1)
	{
		"$TOP/matrix/run-info.sh" "$SRC" "$SERIES_NAME" "${SERIES:-}" "${KSRC_NAME:-}" "${KSRC_TARBALL:-}" "${KSRC_PKG:-}"
		[ -z "$prev" ] || printf 'previous\t%s\n' "$prev"
		printf 'kind\t%s\n' "$kind"
		# What the reports say once (RUN_NOTES: `;`-separated, from the
		# Makefile: the arches without kernel selftests, and why).
		printf '%s' "${RUN_NOTES:-}" | tr ';' '\n' | sed 's/^ *//; /^$/d; s/^/note\t/'
	} >"$RUN_DIR/run.tsv.tmp" && mv -f "$RUN_DIR/run.tsv.tmp" "$RUN_DIR/run.tsv"
	# The tree's known breaks go with the run: it is judged by the ones it ran with.
	[ -z "${KNOWN_BREAKS:-}" ] || [ -e "$RUN_DIR/known-breaks.tsv" ] || cp "$KNOWN_BREAKS" "$RUN_DIR/known-breaks.tsv"
}

if [ -n "$join" ]; then
	mkdir -p "$RUN_DIR" || exit 2
	new=
	[ -f "$RUN_DIR/cells.list" ] || new=1
	[ -f "$RUN_DIR/points.tsv" ] || : >"$RUN_DIR/points.tsv"
	run_add_cells "$RUN_DIR" "$@"
	resolve_points "$@"
	[ -z "$new" ] || write_run_tsv
	exit 0
fi

# The run's folder is claimed (run-mutants.sh claims it first, for its catalogue).
[ "${RUN_CLAIMED:-}" = 1 ] || claim_run_dir "$RUN_DIR" || exit 2
ln -sfn "$RUN_ID" "$RESULTS/latest.$$" && mv -Tf "$RESULTS/latest.$$" "$RESULTS/latest"
echo "kmatrix: run $RUN_ID: $# cells ($ARCHES) x ($POINTS), results in $RUN_DIR"
: >"$RUN_DIR/points.tsv"
run_add_cells "$RUN_DIR" "$@"
resolve_points "$@"
write_run_tsv
# The order the cells' make starts them in, as a make fragment it includes
# (mk/cells.mk's run-cells).
{
	printf 'RUN_CELL_ORDER :='
	"$HOSTBIN/report" order "$RUN_DIR" | while IFS= read -r t; do printf ' %s' "$t"; done
	echo
} >"$RUN_DIR/cells.mk.tmp" && mv -f "$RUN_DIR/cells.mk.tmp" "$RUN_DIR/cells.mk"
[ "$CCACHE" != 1 ] || ccache --print-stats >"$RUN_DIR/ccache.before" 2>/dev/null
# However the run's make ends from here on, the run ends (lib.sh).
guard_run "$RUN_DIR" "${RUN_MAKE_PID:-}" "$(cd "$(dirname "$0")" && pwd)/lib.sh"
exit 0

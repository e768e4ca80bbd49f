#!/bin/sh
# first-bad.sh RUN_DIR: for each result that regressed against base, or is
# new and fails (report regressions: the arch, the first point where it
# did, the test, its key, which of the two), the
# first patch of the series where it regresses on that arch, by bisecting
# the patches between base (good) and that point (bad). Each probe is a
# cell of its own (make cell, its kernel built over the arch's last one and
# kept per commit), in RUN_DIR/bisect/, a run of its own; a probe that
# fails is booted twice (an unexpected result is retried), so a failure
# that does not come again is flaky and ends that bisection unjudged.
# Probes are shared: a patch booted for one test answers every test of its
# arch. A result that passed at base is bisected to the patch where it
# regresses; a test that is new and fails, to the patch where it first
# fails (at a probe where it is missing, not there yet, it is good). A
# selftest whose message changes with its outcome is found in a probe by
# its key (report regressions).
# Writes RUN_DIR/first-bad.tsv: ARCH, TEST, the first bad patch
# (NN-slug, or empty), and a note (why there is none, or the probes).
# Environment (run-close.sh's): MAKE HOSTBIN REPORT_FLAGS SRC SERIES_NAME,
# and what run-open.sh needs to open RUN_DIR/bisect as a run (RUN_ENV).
set -u
. "$(dirname "$0")/lib.sh"
run=$(cd "$1" && pwd)
bisect=$run/bisect
# shellcheck disable=SC2086 # REPORT_FLAGS is a list of options
regressions=$("$HOSTBIN/report" $REPORT_FLAGS regressions "$run") || exit 1
[ -n "$regressions" ] || exit 0
mkdir -p "$bisect"
# Each arch's base cell is the bisection's too: a probe is judged against
# it as the run's cells were, so a failing probe is booted again at once.
printf '%s\n' "$regressions" | cut -f1 | sort -u | while read -r a; do
	[ -e "$bisect/$a-base" ] || ln -s "../$a-base" "$bisect/$a-base"
	RUN_DIR=$bisect RUN_KIND=bisect "$TOP/matrix/run-open.sh" --join "cell/$a/base"
done
points=$(series_points "$SRC" "$SERIES_NAME")
out=$run/first-bad.tsv.tmp
: >"$out"

pt_of() { printf '%s\n' "$points" | sed -n "${1}p"; }	# NUMBER: its NN-slug

# The status of TEST (or of the result with KEY: a selftest whose message
# changes with its outcome) in ARCH's cell at patch NUMBER, booted if it
# was not.
probe() {	# ARCH NUMBER TEST KEY
	pt=$(pt_of "$2")
	if [ ! -f "$bisect/$1-$pt/cell.tsv" ]; then
		echo "  [$1] first bad patch: booting $pt" >&2
		# (RUN_DIR on the command line: the run's own is in the environment.)
		$MAKE --no-print-directory cell ARCH="$1" POINT="$pt" RUN_DIR="$bisect" RUN_ID=bisect RUN_KIND=bisect \
			CELL_IN_MATRIX= >"$bisect/$1-$pt.log" 2>&1
	fi
	# shellcheck disable=SC2086 # REPORT_FLAGS is a list of options
	"$HOSTBIN/report" $REPORT_FLAGS query "$bisect/$1-$pt" probe "$3" ${4:+"$4"} 2>/dev/null || echo missing
}

printf '%s\n' "$regressions" | while IFS="$(printf '\t')" read -r arch point test key kind; do
	good=0
	bad=$(point_number "$SRC" "$point" "$SERIES_NAME")
	if [ -z "$bad" ] || [ "$bad" = 0 ]; then
		printf '%s\t%s\t\t%s\n' "$arch" "$test" "$point is no patch of the series, or base itself" >>"$out"
		continue
	fi
	note= trail=
	while [ $((bad - good)) -gt 1 ]; do
		mid=$(((good + bad) / 2))
		st=$(probe "$arch" "$mid" "$test" "$key")
		trail="$trail $(pt_of "$mid" | cut -d- -f1):$st"
		case $kind:$st in
		*:pass | *:skip | *:xfail | new:missing) good=$mid ;;
		*:fail | *:error) bad=$mid ;;
		*)
			note="no answer at $(pt_of "$mid"): $st"
			break
			;;
		esac
	done
	if [ -n "$note" ]; then
		printf '%s\t%s\t\t%s (probes:%s)\n' "$arch" "$test" "$note" "$trail" >>"$out"
	else
		printf '%s\t%s\t%s\tbetween %s and %s (probes:%s)\n' "$arch" "$test" "$(pt_of "$bad")" \
			"$([ "$good" = 0 ] && echo base || pt_of "$good")" "$point" "${trail:- none}" >>"$out"
	fi
done
mv -f "$out" "$run/first-bad.tsv"

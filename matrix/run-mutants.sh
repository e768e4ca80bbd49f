#!/bin/sh
# run-mutants.sh: `make mutants`, mutation testing of a series. Each patch
# of the catalogue MUTANTS (a folder of git format-patch files, nothing
# else needed) becomes a point of its own over MUTANT_BASE, tagged apart
# from the series (mutants_ns), and is run as a cell on every arch whose
# code it touches (arches_touched, as bisect-build chooses). It opens the
# run (run-open.sh), which the Makefile's cells' make and run-close.sh
# then run and close as any other, with RUN_DIR/mutants.tsv, which says what
# each mutant is; report judges each cell by MUTANT_BASE's expectations and
# calls the mutant killed, survived or invalid there (see matrix/report/mutants.c).
#
# What a catalogue's patches may say, as git trailers (git interpret-trailers):
#   Corrupts: NN                        the series patch the mistake is in
#   Needs: CONFIG_X[,CONFIG_Y]: WHY     kernel options without which the
#                                       mistake cannot show (its code is
#                                       not built): checked against each
#                                       cell's kernel.config
#   Invisible-on: ARCH [ARCH...]: WHY   arches where the mistake cannot show
#                                       for another reason than an option
#   Unreachable-under-QEMU: ARCH [ARCH...]: WHY
#                                       arches where the path it is on
#                                       exists but QEMU does not reach it
#   Equivalent: WHY                     no user-visible behaviour can
#                                       reveal it (WHY names the code)
# Environment (from the Makefile): MAKE RUN_ID RUN_DIR RESULTS HOSTBIN
# REPORT_FLAGS TOP LOCKS SRC SERIES SERIES_NAME CCACHE MUTANTS MUTANT_BASE
# ARCH_KARCHS ("ARCH:KARCH ..." of ARCHES) MUTANTS_ONLY (point names or
# patch numbers to run; empty: all).
set -u
. "$(dirname "$0")/lib.sh"
[ -d "$MUTANTS" ] || die "MUTANTS=$MUTANTS: no such folder (a catalogue is a folder of git format-patch files)"
MUTANTS=$(cd "$MUTANTS" && pwd)
ns=$(mutants_ns "$SERIES_NAME")
base_rev=$(resolve_point "$SRC" "$MUTANT_BASE" "$SERIES_NAME") || exit 1
make_tmp

# The mutants become tags (only under their own lock: a series being
# applied at the same time is not disturbed, nor its tags touched).
POINTS_OUT=$tmp/points "$TOP/matrix/with-lock.sh" "$LOCKS/series" "the series' tags" \
	"$TOP/matrix/apply-series.sh" --each=m "$SRC" "$MUTANTS" "$ns" "$base_rev" || exit 1

# A trailer's values, one a line: the patch's message, up to its diff.
trailer() {	# PATCH KEY
	git interpret-trailers --parse "$1" | sed -n "s/^$2: *//p"
}

claim_run_dir "$RUN_DIR" || exit 2
: >"$tmp/cells"
{
	printf 'catalogue\t%s\t%s\n' "$MUTANTS" "$MUTANT_BASE"
	while IFS="$(printf '\t')" read -r pt file; do
		if [ -n "${MUTANTS_ONLY:-}" ]; then
			n=${pt#m}; n=${n%%-*}
			printf ' %s ' "$MUTANTS_ONLY" | grep -qE " ($pt|m?0*${n#0}) " || continue
		fi
		patch="$MUTANTS/$file"
		printf 'mutant\t%s\t%s\t%s\t%s\n' "$pt" "$(trailer "$patch" Corrupts | head -n1)" \
			"$file" "$(subject "$patch")"
		for key in Needs Invisible-on Unreachable-under-QEMU; do
			trailer "$patch" "$key" | while read -r v; do
				case "$v" in
				*:*) printf '%s\t%s\t%s\t%s\n' "$key" "$pt" "${v%%:*}" "$(echo "${v#*:}" | sed 's/^ *//')" ;;
				*) die "$file: '$key: $v' names no reason (the form is '$key: $([ "$key" = Needs ] &&
					echo 'CONFIG_X[,CONFIG_Y]' || echo 'ARCH [ARCH...]'): WHY')" ;;
				esac
			done || exit 1
		done
		trailer "$patch" Equivalent | while read -r v; do printf 'Equivalent\t%s\t%s\n' "$pt" "$v"; done
		git -C "$SRC" diff --name-only "$base_rev" "$(mutants_ns "$SERIES_NAME")/$pt" |
			arches_touched "$ARCH_KARCHS" | while IFS="$(printf '\t')" read -r a why; do
				printf 'touches\t%s\t%s\t%s\n' "$pt" "$a" "$why"
				printf '%s %s\n' "$a" "$pt" >>"$tmp/cells"
			done
	done <"$tmp/points"
} >"$tmp/mutants.tsv" || exit 1
mv "$tmp/mutants.tsv" "$RUN_DIR/mutants.tsv"
[ -s "$tmp/cells" ] || die "no mutant of $MUTANTS touches the arches ${ARCH_KARCHS} (or MUTANTS_ONLY='${MUTANTS_ONLY:-}' names none)"

# The cells of one arch one after the other, so its build directory moves
# from one mutant to the next over the same base: a few objects each.
cells=$(for am in $ARCH_KARCHS; do
	awk -v a="${am%%:*}" '$1 == a { print "cell/" $1 "/" $2 }' "$tmp/cells"
done)
echo "kmatrix: mutants of $SERIES_NAME at $MUTANT_BASE from $MUTANTS: $(grep -c '^mutant' "$RUN_DIR/mutants.tsv") mutants, $(echo "$cells" | wc -l) cells"
# shellcheck disable=SC2086 # one cell target per word
RUN_CLAIMED=1 RUN_KIND=mutants exec "$TOP/matrix/run-open.sh" $cells

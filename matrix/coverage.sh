#!/bin/sh
# coverage.sh: the series' lines a coverage cell ran (make coverage). Run by
# the Makefile's coverage-report, after the cell booted, with SRC, TREE,
# BUILD (the coverage build), ARCH, KARCH, XPREFIX, SERIES_NAME, POINT,
# CELL_DIR and HOSTBIN in the environment, and UNREACHABLE: the series'
# list of lines no test can run, with the reasons (may be empty); MUTANTS
# and MUTANT_BASE: the mutant catalogue and the point it applies to;
# NO_MUTANT: the series' list of lines run that no mutant can change, and
# why (may be empty).
#
# 1. The console's gcov data, one profile per program (coverage extract).
# 2. gcov of each profile's files, against the build's notes (.gcno).
# 3. The series' lines: git blame from base to POINT, each line to the
#    patch that last changed it; and each changed file's state here (built
#    with gcov, a header, another arch's code, not in this config).
# 4. coverage.md and coverage.tsv in the cell's folder (coverage report).
set -eu
. "$(dirname "$0")/lib.sh"

out=$CELL_DIR/coverage
[ -s "$CELL_DIR/console.log" ] || die "$CELL_DIR/console.log: no console log (did the coverage cell boot?)"
# A boot that did not end well ran only some of the programs: its lines
# not run would be the boot's doing, not the tests'.
boot=$("$HOSTBIN/report" query "$CELL_DIR" boot 2>/dev/null | cut -f1)
[ "$boot" = ok ] || die "$ARCH $POINT: the coverage cell's boot was ${boot:-not recorded}, not ok: no coverage report from part of the programs (see $CELL_DIR)"
rm -rf "$out"
mkdir -p "$out"
base=$(resolve_point "$SRC" base "$SERIES_NAME")
tip=$(resolve_point "$SRC" "$POINT" "$SERIES_NAME")

"$HOSTBIN/coverage" extract "$CELL_DIR/console.log" "$BUILD" "$out/data"

# gcov reads the sources named in the notes: the arch's tree as it was
# built (the point, with the KUnit tests where the series has some).
"$(dirname "$0")/checkout-point.sh" "$SRC" "$TREE" "${KERNEL_POINT:-$POINT}" "$SERIES_NAME"
gcov=${XPREFIX}gcov
command -v "$gcov" >/dev/null || die "$gcov not found (it comes with the cross compiler's Debian package)"
while IFS='	' read -r prof _; do
	dir=$out/data/$prof
	[ -d "$dir" ] || continue
	find "$dir" -name '*.gcda' | sort | while read -r gcda; do
		rel=${gcda#"$dir"/}
		gcno=$BUILD/${rel%.gcda}.gcno
		if [ ! -e "$gcno" ]; then
			warn "$rel: no notes file $gcno (built without gcov?)"
			continue
		fi
		ln -sf "$gcno" "${gcda%.gcda}.gcno"
		(cd "$BUILD" && "$gcov" -b -c -t -o "$(dirname "$gcda")" "$gcda")
	done >"$out/data/$prof.gcov" 2>>"$out/gcov.log"
done <"$out/data/profiles.tsv"

# Each file the series changed, and what it is on this arch.
git -C "$SRC" diff --name-only "$base" "$tip" | while read -r f; do
	case $f in
	arch/*)
		k=${f#arch/}
		k=${k%%/*}
		if [ "$k" != "$KARCH" ]; then
			printf '%s\tother-arch\tanother arch'\''s code (arch/%s)\n' "$f" "$k"
			continue
		fi ;;
	esac
	case $f in
	*.c)
		o=${f%.c}.o
		if [ -e "$BUILD/${f%.c}.gcno" ]; then
			printf '%s\tprofiled\t\n' "$f"
		elif [ -e "$BUILD/$o" ]; then
			printf '%s\tnot-profiled\tbuilt without gcov\n' "$f"
		else
			printf '%s\tnot-built\tnot built in this config (no %s)\n' "$f" "$o"
		fi ;;
	*.h)	printf '%s\theader\t\n' "$f" ;;
	*)	printf '%s\tnot-c\tnot C: gcov does not see it\n' "$f" ;;
	esac
done >"$out/files.tsv"

# Each line at the point that a patch of the series last changed (blame's
# boundary lines are older than base). Patches are the NN- tags.
git -C "$SRC" for-each-ref --format='%(objectname) %(refname:strip=3)' "refs/tags/$SERIES_NAME/" |
	grep -E ' [0-9]+-' >"$out/patches"
git -C "$SRC" diff --name-only "$base" "$tip" | while read -r f; do
	git -C "$SRC" cat-file -e "$tip:$f" 2>/dev/null || continue
	git -C "$SRC" blame --porcelain "$base..$tip" -- "$f" |
		file=$f patches=$out/patches awk '
		BEGIN { file = ENVIRON["file"]; patches = ENVIRON["patches"]	# data, never awk text
			while ((getline l < patches) > 0) { split(l, p, " "); patch[p[1]] = p[2] } }
		/^[0-9a-f]+ [0-9]+ [0-9]+/ && length($1) == 40 { hash = $1; line = $3; next }
		/^boundary$/ { boundary[hash] = 1; next }
		/^\t/ { if (!(hash in boundary) && (hash in patch))
				printf "%s\t%d\t%s\t%s\n", file, line, patch[hash], substr($0, 2) }'
done >"$out/lines.tsv"

# The mutants of the catalogue over this point, by the lines they change
# (the old side of their hunks; a hunk that only adds lines, the line
# before it): which changed lines a mutant checks the tests on.
: >"$out/mutants.tsv"
if [ -n "${MUTANTS:-}" ] && [ "${MUTANT_BASE:-}" = "$POINT" ]; then
	for m in "$MUTANTS"/*.patch; do
		[ -f "$m" ] || continue
		name=m$(basename "$m" | sed 's/-.*//')
		awk -v m="$name" '
			/^--- a\// { file = substr($0, 7); next }
			/^@@ / { split($2, r, ","); old = substr(r[1], 2) + 0; next }
			file == "" { next }
			/^ / { old++; next }
			/^-/ { printf "%s\t%d\t%s\n", file, old, m; old++; next }
			/^\+/ { printf "%s\t%d\t%s\n", file, old - 1, m; next }' "$m"
	done | sort -u >"$out/mutants.tsv"
fi

"$HOSTBIN/coverage" report --arch "$ARCH" --point "$POINT" --lines "$out/lines.tsv" \
	--mutants "$out/mutants.tsv" ${NO_MUTANT:+--no-mutant "$NO_MUTANT"} \
	--files "$out/files.tsv" --tree "$TREE" --out "$CELL_DIR" \
	${UNREACHABLE:+--unreachable "$UNREACHABLE"} "$out/data"

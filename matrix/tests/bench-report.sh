#!/bin/sh
# bench-report.sh HOSTBIN EXPECT RUN_DIR [N]: time writing every report for
# N (100) copies of one run's cells, plus the history over all of them. A
# benchmark, not a test: it prints the seconds of three tries and their median.
set -eu
. "$(dirname "$0")/../lib.sh"
bin=$1 expect=$2 src=$3 n=${4:-100}
make_tmp
for i in $(seq -w 1 "$n"); do
	mkdir -p "$tmp/run-$i"
	cp "$src/cells.list" "$tmp/run-$i/" 2>/dev/null || true
	for c in "$src"/*/cell.tsv; do
		d=$(basename "$(dirname "$c")")
		mkdir -p "$tmp/run-$i/$d"
		cp "$c" "$tmp/run-$i/$d/"
	done
done
cells=$(ls -d "$tmp"/run-001/*/ | wc -l)
for _ in 1 2 3; do
	start=$(now)
	for r in "$tmp"/run-*; do
		"$bin/report" --expect "$expect" summary --quiet "$r" || true
	done
	"$bin/report" history "$tmp" "$tmp"/run-*
	since "$start" 2
	echo
done | sort -n | tr '\n' ' ' | awk -v n="$n" -v c="$cells" \
	'{ printf "bench-report: %d runs of %d cells, every report and the history: %s s (median %s s)\n", n, c, $0, $2 }'

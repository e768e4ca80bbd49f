#!/bin/sh
# bench-report.sh HOSTBIN EXPECT RUN_DIR [N]: time writing every report for
# N (100) copies of one run's cells, plus the history over all of them. A
# benchmark, not a test: it prints the seconds of three tries and their median.
set -eu
bin=$1 expect=$2 src=$3 n=${4:-100}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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
for try in 1 2 3; do
	start=$(date +%s.%N)
	for r in "$tmp"/run-*; do
		"$bin/report" --expect "$expect" --quiet "$r" || true
	done
	"$bin/report" --history "$tmp" "$tmp"/run-*
	awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", b - a }'
done | sort -n | tr '\n' ' ' | awk -v n="$n" -v c="$cells" \
	'{ printf "bench-report: %d runs of %d cells, every report and the history: %s s (median %s s)\n", n, c, $0, $2 }'

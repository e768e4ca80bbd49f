#!/bin/sh
# The views against golden files. Each fixture, golden/NAME/, is a run's
# records (run/: cells.list, run.tsv, each cell's cell.tsv, a mutants
# run's mutants.tsv) and the expectations it is judged by (expect.tsv);
# it is reported again in a folder named NAME, and every file report
# writes, the table it prints (its folder as RUNS/NAME) and each cell's
# line must equal golden/NAME/out/ byte for byte. So a change of a view
# shows as a diff here. When the change is meant, KMX_GOLDEN_UPDATE=1
# rewrites out/ (read the diff before committing it).
# usage: test-golden.sh HOSTBIN
set -u
bin=$(cd "$1" && pwd)
. "$(dirname "$0")/lib.sh"
make_tmp
golden=$here/golden

for fixture in "$golden"/*/; do
	name=$(basename "$fixture")
	run=$tmp/runs/$name
	mkdir -p "$tmp/runs" "$tmp/out/$name"
	cp -a "$fixture/run" "$run"
	"$bin/report" --expect "$fixture/expect.tsv" summary --table "$run" >"$tmp/table" 2>&1
	# The folder the run was copied to, as RUNS/NAME.
	while IFS= read -r line; do
		case $line in "$tmp/runs/"*) line="RUNS/${line#"$tmp/runs/"}" ;; esac
		printf '%s\n' "$line"
	done <"$tmp/table" >"$tmp/out/$name/table.txt"
	for c in $(cd "$run" && ls -d -- */ | sort); do
		"$bin/report" --expect "$fixture/expect.tsv" cell "$run/$c"
	done >"$tmp/out/$name/cells.txt" 2>&1
	for f in summary.json junit.xml summary.md kcidb.json index.html mutants.json mutants.md; do
		[ ! -f "$run/$f" ] || cp "$run/$f" "$tmp/out/$name/"
	done
	if [ -n "${KMX_GOLDEN_UPDATE:-}" ]; then
		rm -rf "$fixture/out" && cp -a "$tmp/out/$name" "$fixture/out"
		echo "test-golden: $name: out/ rewritten"
	fi
	for f in "$tmp/out/$name"/*; do
		expect "$name: $(basename "$f") as golden" cmp -s "$f" "$fixture/out/$(basename "$f")" ||
			diff -u "$fixture/out/$(basename "$f")" "$f" | head -n 20
	done
	expect "$name: no golden file left unwritten" [ "$(ls "$fixture/out" | wc -l)" = "$(ls "$tmp/out/$name" | wc -l)" ]
done
finish test-golden

#!/bin/sh
# check-kcidb.sh RUN_DIR: the run's kcidb.json against KCIDB's I/O schema
# v5.3 (matrix/kcidb/schema-v5.3.json), with Debian's python3-jsonschema
# (Draft 7, formats checked where the package can), and the facts a
# dashboard relies on: a build per cell, a boot test per cell, a test per
# result, and ids unique.
set -u
. "$(dirname "$0")/lib.sh"
run=$1
k=$run/kcidb.json
schema=$here/../kcidb/schema-v5.3.json
expect "kcidb.json written" [ -s "$k" ] || { finish check-kcidb; exit; }
out=$(/usr/bin/python3 - "$schema" "$k" 2>&1 <<'PY'
import json, sys, jsonschema
schema, data = (json.load(open(p)) for p in sys.argv[1:3])
v = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(v.iter_errors(data), key=lambda e: list(e.absolute_path))
for e in errors[:5]:
    print("/".join(str(p) for p in e.absolute_path) + ": " + e.message[:300])
sys.exit(1 if errors else 0)
PY
)
expect "kcidb.json valid against KCIDB v5.3${out:+: $out}" [ -z "$out" ]
cells=$(jq '.cells | length' "$run/summary.json")
results=$(jq '[.cells[].tests | length] | add // 0' "$run/summary.json")
expect "kcidb.json: a build per cell ($cells)" [ "$(jq '.builds | length' "$k")" = "$cells" ]
expect "kcidb.json: a boot test per cell" [ "$(jq '[.tests[] | select(.path == "boot")] | length' "$k")" -ge "$cells" ]
expect "kcidb.json: a test per result, and the boots ($results + $cells)" \
	[ "$(jq '.tests | length' "$k")" = "$((results + cells))" ]
expect "kcidb.json: ids unique" [ "$(jq '[.builds[].id, .tests[].id] | length' "$k")" = "$(jq '[.builds[].id, .tests[].id] | unique | length' "$k")" ]
expect "kcidb.json: the unexpected results are FAIL or ERROR" \
	[ "$(jq '[.tests[] | select(.misc.verdict == "unexpected" and .status != "FAIL" and .status != "ERROR" and .status != "PASS" and .status != "SKIP")] | length' "$k")" = 0 ]
finish check-kcidb

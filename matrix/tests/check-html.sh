#!/bin/sh
# check-html.sh RUN_DIR HOSTBIN: open RUN_DIR/index.html in headless Chromium and
# check what the page shows against summary.json: a cell for every arch
# and point, with its status, and every failing test named on the page.
# Also leaves a screenshot, RUN_DIR/index.png, for a person to look at.
set -u
run=$(cd "$1" && pwd -P)
hostbin=${2:?usage: check-html.sh RUN_DIR HOSTBIN}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$tmp/profile" --window-size=1400,1000 "$@" 2>"$tmp/chrome.err"
}
chrome --dump-dom "file://$run/index.html" >"$tmp/dom.html"
expect "chromium rendered the page" [ -s "$tmp/dom.html" ]
jq -r '.cells[] | "\(.arch) \(.point) \(.ok)"' "$run/summary.json" >"$tmp/cells"
# A cell that is not ok shows one of the cell statuses of report's vocabulary.
bad_status=$("$hostbin/report" vocab | sed -n 's/^cell //p' | tr ' ' '\n' | grep -vx ok | paste -sd'|')
while read -r arch point ok; do
	expect "a cell for $arch $point" grep -q "data-arch=\"$arch\" data-point=\"$point\"" "$tmp/dom.html"
	# (A known break of the tree is ok, and shown as what it is.)
	if [ "$ok" = true ]; then cls="(ok|known-break)"; else cls="($bad_status)"; fi
	expect "$arch $point shows its status" grep -Eq "class=\"cell $cls\" data-arch=\"$arch\" data-point=\"$point\"" "$tmp/dom.html"
done <"$tmp/cells"
jq -r '.cells[] | .tests[] | select(.status == "fail" or .status == "error") | .name' "$run/summary.json" |
	sort -u >"$tmp/failing"
while read -r name; do
	expect "the failing test $name is named" grep -q "<code>$name</code>" "$tmp/dom.html"
done <"$tmp/failing"
chrome --screenshot="$run/index.png" "file://$run/index.html" >/dev/null
expect "a screenshot was taken" [ -s "$run/index.png" ]
finish check-html

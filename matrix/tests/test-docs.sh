#!/bin/sh
# The docs' tables made from the arch files cannot drift: `make docs` into
# a scratch folder writes each page as the checkout has it. And the
# splice itself: a table replaced, the rest of its page kept, a page
# without its markers refused.
# usage: test-docs.sh HOSTBIN (unused)
set -u
. "$(dirname "$0")/lib.sh"
top=$(cd "$here/../.." && pwd)
make_tmp
pages=$(sed -n 's/^doc_page\.[a-z]* *:= *//p' "$top/mk/docs.mk")
expect "mk/docs.mk names the pages of its tables" [ -n "$pages" ]
make --no-print-directory -C "$top" docs DOCS_DIR="$tmp/out" >"$tmp/log" 2>&1
expect "make docs runs ($(head -c 300 "$tmp/log"))" [ $? = 0 ]
for p in $pages; do
	expect "$p is as make docs writes it (run make docs, and commit what it changes)" \
		cmp -s "$top/$p" "$tmp/out/$p"
	expect "$p keeps its text around the table" \
		[ "$(sed '/<!-- make docs:/,/<!-- end:/d' "$top/$p")" = "$(sed '/<!-- make docs:/,/<!-- end:/d' "$tmp/out/$p")" ]
done
# Every arch has its row; an arch file that is not in the table shows.
for a in $(ls "$top"/arches/*.mk | sed 's|.*/||; s|\.mk$||'); do
	expect "docs/arches.md has a row for $a" grep -q "^| $a | " "$tmp/out/docs/arches.md"
done
# A page whose markers are gone (either) is refused, naming them, and
# leaves nothing behind.
mkdir -p "$tmp/top/docs" "$tmp/out2"
cp -r "$top/Makefile" "$top/mk" "$top/arches" "$top/matrix" "$top/toolchains" "$top/patches" "$tmp/top/" 2>/dev/null
cp -r "$top/guest-tests" "$top/docs" "$tmp/top/"
sed -i '/<!-- end: arches -->/d' "$tmp/top/docs/arches.md"
make --no-print-directory -C "$tmp/top" docs DOCS_DIR="$tmp/out2" >"$tmp/log2" 2>&1
expect "a page without its end marker: refused" [ $? != 0 ]
expect "a page without its end marker: named" grep -q "docs/arches.md has no '<!-- make docs: arches -->'" "$tmp/log2"
expect "a page without its end marker: no scratch file left" [ -z "$(find "$tmp/out2" -name '*.tmp' -o -name '.doc-*')" ]
cp "$top/docs/arches.md" "$tmp/top/docs/arches.md"
sed -i '/<!-- make docs: arches -->/d' "$tmp/top/docs/arches.md"
make --no-print-directory -C "$tmp/top" docs DOCS_DIR="$tmp/out2" >"$tmp/log2" 2>&1
expect "a page without its start marker: refused" [ $? != 0 ]
expect "a page without its start marker: named" grep -q "docs/arches.md has no '<!-- make docs: arches -->'" "$tmp/log2"
finish test-docs

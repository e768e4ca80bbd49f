#!/bin/sh
# Tests of mkcpio: the archive lists what the list says, byte-identical twice,
# and a bad list line is an error naming the line.
# usage: test-mkcpio.sh HOSTBIN
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"
printf 'hello\n' >"$tmp/hello"
cat >"$tmp/list" <<LIST
# a comment
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
file /init $tmp/hello 0755 0 0
LIST
"$bin/mkcpio" "$tmp/list" "$tmp/a.cpio"
expect "mkcpio exits 0" [ $? = 0 ]
expect "cpio lists the entries" [ "$(cd "$tmp" && cpio -it <a.cpio 2>/dev/null | tr '\n' ' ')" = "dev dev/console init " ]
expect "file content kept" [ "$(mkdir "$tmp/x" && cd "$tmp/x" && cpio -id init <../a.cpio 2>/dev/null && cat init)" = hello ]
expect "device node kept" sh -c "cd '$tmp' && cpio -itv <a.cpio 2>/dev/null | grep -q '^crw.* 5, *1 .*dev/console'"
"$bin/mkcpio" "$tmp/list" "$tmp/b.cpio"
expect "reproducible" cmp -s "$tmp/a.cpio" "$tmp/b.cpio"
printf 'dir /x 0755 0 0\nfile /init\n' >"$tmp/bad"
"$bin/mkcpio" "$tmp/bad" "$tmp/c.cpio" 2>"$tmp/err"
expect "bad line: exit 1" [ $? = 1 ]
expect "bad line: names list and line" grep -q "bad:2: expected: file" "$tmp/err"
finish test-mkcpio

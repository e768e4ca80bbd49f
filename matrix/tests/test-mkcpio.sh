#!/bin/sh
# Tests of the initramfs archive (matrix/initramfs-cpio.sh over the kernel's
# gen_init_cpio): the archive holds what the list says, lines as make
# writes them (leading blanks) included, the same files give the same
# bytes, and a bad or unknown line is an error naming the line.
# usage: test-mkcpio.sh HOSTBIN
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
make_tmp
if [ ! -x "$bin/gen_init_cpio" ]; then
	echo "SKIP test-mkcpio: no $bin/gen_init_cpio: it is built from the kernel tree, which is not imported yet (make tree)"
	finish test-mkcpio
	exit
fi
cpio_of() { "$here/../initramfs-cpio.sh" "$bin/gen_init_cpio" "$@"; }	# LIST OUT
printf 'hello\n' >"$tmp/hello"
cat >"$tmp/list" <<LIST
# a comment
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
file /init $tmp/hello 0755 0 0
 file /tests/t $tmp/hello 0755 0 0
LIST
cpio_of "$tmp/list" "$tmp/a.cpio"
expect "writes the archive (exit 0)" [ $? = 0 ]
expect "cpio lists the entries, the blank-led line too" \
	[ "$(cd "$tmp" && cpio -it <a.cpio 2>/dev/null | tr '\n' ' ')" = "dev dev/console init tests/t " ]
expect "file content kept" [ "$(mkdir "$tmp/x" && cd "$tmp/x" && cpio -id init <../a.cpio 2>/dev/null && cat init)" = hello ]
expect "device node kept" sh -c "cd '$tmp' && cpio -itv <a.cpio 2>/dev/null | grep -q '^crw.* 5, *1 .*dev/console'"
expect "directories dated 0 (-t 0)" sh -c "cd '$tmp' && TZ=UTC cpio -itv <a.cpio 2>/dev/null | grep -q '^d.* Jan  1  1970 dev\$'"
# The same files rebuilt later (a new checkout, make clean) give the same bytes.
touch -d '2020-01-01 12:00' "$tmp/hello"
cpio_of "$tmp/list" "$tmp/b.cpio"
expect "reproducible: the same content at another time gives the same bytes" cmp -s "$tmp/a.cpio" "$tmp/b.cpio"
expect "files dated 0 too" sh -c "cd '$tmp' && TZ=UTC cpio -itv <a.cpio 2>/dev/null | grep -q '^-.* Jan  1  1970 init\$'"
printf 'dir /x 0755 0 0\nfile /init\n' >"$tmp/bad"
cpio_of "$tmp/bad" "$tmp/c.cpio" 2>"$tmp/err"
expect "bad line: exit 1" [ $? = 1 ]
expect "bad line: names the line" grep -q "line 2" "$tmp/err"
expect "bad line: no archive left" [ -z "$(ls "$tmp"/c.cpio* 2>/dev/null)" ]
# gen_init_cpio alone would skip this line and exit 0.
printf 'dir /x 0755 0 0\nfiel /init %s 0755 0 0\n' "$tmp/hello" >"$tmp/typo"
cpio_of "$tmp/typo" "$tmp/d.cpio" 2>"$tmp/err"
expect "unknown type: exit 1" [ $? = 1 ]
expect "unknown type: names the line" grep -q "unknown file type line 2" "$tmp/err"
finish test-mkcpio

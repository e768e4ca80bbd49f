#!/bin/sh
# initramfs-cpio.sh GEN_INIT_CPIO LIST OUT: write the initramfs archive OUT
# from LIST (dir, nod and file lines, as for the kernel's usr/gen_init_cpio)
# with the kernel's own gen_init_cpio, built from the imported tree.
#
# Two things 6.1's gen_init_cpio does on its own would drop a program from
# the archive unnoticed: it takes a line that starts with a blank (make's
# $(foreach) writes those) for an unknown type, and it reports an unknown
# type but still exits 0. So blanks are stripped here, and any message of
# it is an error. -t 0 gives directories and device nodes time 0; a file
# keeps its own mtime (6.1 has no option for that), so the same files give
# the same archive byte for byte.
set -eu
. "$(dirname "$0")/lib.sh"
gen=$1 list=$2 out=$3
make_tmp
sed 's/^[[:space:]]*//' "$list" >"$tmp/list"
# Written beside OUT and renamed: OUT is whole or absent.
if ! "$gen" -t 0 "$tmp/list" >"$out.tmp" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
	rm -f "$out.tmp"
	sed "s|^|kmatrix: $list: |" "$tmp/err" >&2
	die "$list: gen_init_cpio failed; $out not written"
fi
mv -f "$out.tmp" "$out"

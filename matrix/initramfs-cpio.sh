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
# would keep its own mtime (6.1 has no option for that), so each file is
# staged as a copy dated 0: the same contents give the same archive byte
# for byte, whenever and wherever the programs were built.
set -eu
. "$(dirname "$0")/lib.sh"
gen=$1 list=$2 out=$3
make_tmp
mkdir "$tmp/files"
n=0
sed 's/^[[:space:]]*//' "$list" | while read -r type name src rest; do
	if [ "$type" = file ] && [ -f "$src" ]; then
		n=$((n + 1))
		cp "$src" "$tmp/files/$n" && touch -d @0 "$tmp/files/$n" || exit 1
		src=$tmp/files/$n
	fi
	echo "$type${name:+ $name}${src:+ $src}${rest:+ $rest}"
done >"$tmp/list" || die "$list: cannot stage its files in $tmp"
# Written beside OUT and renamed: OUT is whole or absent.
if ! "$gen" -t 0 "$tmp/list" >"$out.tmp" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
	rm -f "$out.tmp"
	sed "s|^|kmatrix: $list: |" "$tmp/err" >&2
	die "$list: gen_init_cpio failed; $out not written"
fi
mv -f "$out.tmp" "$out"

#!/bin/sh
# ccache-cc.sh COMPILER ARGS...: the kernel's compiler through ccache, except
# for a source that has an .incbin. In depend mode ccache hashes the source
# and the headers the compiler lists, never a file an .incbin pulls in. So
# a generated piggy.S that embeds the compressed vmlinux hit the cache
# whenever its text (the payload's sizes) was the same: a fixed cell once
# booted the rc1 kernel, whose payload had exactly the same size.
# Such a source is compiled directly (a few per kernel, a second at most).
for arg; do
	case $arg in
	*.S | *.c)
		if [ -f "$arg" ] && grep -q '\.incbin' "$arg"; then
			exec "$@"
		fi
		;;
	esac
done
exec ccache "$@"

#!/bin/sh
# ccache-cc.sh: a source with an .incbin (asm or C) goes to the compiler
# directly, any other through ccache (stand-ins for both say which ran).
set -u
. "$(dirname "$0")/lib.sh"
make_tmp
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "ccache $*"\n' >"$tmp/bin/ccache"
printf '#!/bin/sh\necho "direct $*"\n' >"$tmp/bin/cc"
chmod +x "$tmp/bin/ccache" "$tmp/bin/cc"
printf '.incbin "payload.xz"\n' >"$tmp/piggy.S"
printf 'asm(".incbin \\"config.gz\\"");\n' >"$tmp/configs.c"
printf 'int x;\n' >"$tmp/plain.c"
run() { PATH="$tmp/bin:$PATH" "$here/../ccache-cc.sh" cc -c "$@"; }
expect "an .S with .incbin: compiled directly" [ "$(run "$tmp/piggy.S" -o p.o)" = "direct -c $tmp/piggy.S -o p.o" ]
expect "a .c with .incbin in its asm: compiled directly" [ "$(run "$tmp/configs.c")" = "direct -c $tmp/configs.c" ]
expect "any other source: through ccache, arguments kept" [ "$(run "$tmp/plain.c" -o 'a b.o')" = "ccache cc -c $tmp/plain.c -o a b.o" ]
finish test-ccache-cc

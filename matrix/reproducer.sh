#!/bin/sh
# reproducer.sh: writes CELL_DIR/reproduce.sh, the cell's reproducer, and
# kernel.config.gz beside it (cellrun runs it once the cell's record is
# written). The reproducer is a script to read before running it: what
# the cell was (arch, point and its commit, the series' hash, the kmatrix
# commit, the Debian packages and their versions, the make variables, the
# QEMU command), then two steps through kmatrix's own targets: `make cell`
# rebuilds (a kernel built before is reused) and boots the cell once, into a
# run of its own under results/reproduce/; `report reproduced` says whether
# the cell's results came out the same.
# Environment (cellrun's, from its options and CELL_DIR/cell.in): ARCH POINT CELL_DIR RUN_DIR HOSTBIN
# CELL_PKGS (the Debian packages the cell uses) CELL_CONFIG (its kernel's
# .config) CELL_REV (the point's commit). CELL_DIR/reproduce.vars, the make
# variables the cell was made with (VAR=value lines, written by the
# Makefile's cell-env), is read; it stays, for a later boot of the cell.
set -u
. "$(dirname "$0")/lib.sh"
TOP=$(cd "$(dirname "$0")/.." && pwd)
vars=$CELL_DIR/reproduce.vars
[ -f "$vars" ] || die "$vars: missing (the Makefile writes it before the boot)"

kmatrix_commit=$(git -C "$TOP" rev-parse HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$TOP" status --porcelain --untracked-files=no 2>/dev/null)" ] ||
	kmatrix_commit="$kmatrix_commit (with changes not committed)"
hash=$(patchset_hash "$(sed -n 's/^SERIES=//p' "$vars")")
rm -f "$CELL_DIR/kernel.config.gz"
[ ! -f "${CELL_CONFIG:-}" ] || gzip -n -c "$CELL_CONFIG" >"$CELL_DIR/kernel.config.gz"

{
	cat <<EOF
#!/bin/sh
# Reproduces the kmatrix cell $ARCH $POINT of run $(basename "$RUN_DIR").
#   sh reproduce.sh              every guest program, as the run did
#   sh reproduce.sh PROGRAM...   only these programs (of /tests or /kselftests)
# Run it in a kmatrix clone (the current folder, or KMATRIX=), as root on
# Debian 12 (make installs what is missing). It rebuilds the cell through
# kmatrix (a kernel built before is reused), boots it once into a run of its
# own under results/reproduce/, and says whether the results this cell had
# come out the same. Exit status: 0 the same, 1 not, 2 it could not run.
set -eu
here=\$(cd "\$(dirname "\$0")" && pwd)
KMATRIX=\$(cd "\${KMATRIX:-.}" && pwd)
[ -f "\$KMATRIX/matrix/reproducer.sh" ] ||
	{ echo "reproduce.sh: \$KMATRIX is not a kmatrix clone (cd into one, or set KMATRIX=)" >&2; exit 2; }
only=\$(printf '%s' "\$*" | tr ' ' ',')

# ---- what the cell was --------------------------------------------------------
arch=$ARCH
point=$POINT
commit=${CELL_REV:-unknown}
kmatrix_commit='$kmatrix_commit'
patchset_sha256=${hash:-none}
# The Debian packages it used, and their versions then.
packages='
EOF
	for p in $CELL_PKGS; do
		printf '%s %s\n' "$p" "$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || echo '(not-installed)')"
	done | awk '!seen[$1]++'
	echo "'"
	echo '# The make variables it was made with (a path into the checkout is one into the clone).'
	echo 'make_vars="'
	sed "s|$TOP/|\$KMATRIX/|g; s|$TOP\$|\$KMATRIX|" "$vars"
	echo '"'
	echo "# The run's QEMU command (its paths are those of the run's checkout and WORK):"
	"$HOSTBIN/report" query "$CELL_DIR" qemu 2>/dev/null | sed 's/^/#   /'
	cat <<'EOF'

# ---- the same inputs? (said, never a stop) ----------------------------------------
echo "reproduce.sh: cell $arch $point at $commit"
. "$KMATRIX/matrix/lib.sh"
set --
while IFS= read -r v; do
	[ -z "$v" ] || set -- "$@" "$v"
	case $v in SERIES=*) series=${v#SERIES=} ;; EXPECT=*) expect=${v#EXPECT=} ;; esac
done <<VARS
$make_vars
VARS
printf '%s\n' "$packages" | while read -r pkg was; do
	[ -n "$pkg" ] || continue
	now=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo '(not-installed)')
	[ "$now" = "$was" ] || echo "  differs: Debian package $pkg is $now here, $was in the run"
done
now=$(git -C "$KMATRIX" rev-parse HEAD 2>/dev/null || echo unknown)
[ "$now" = "${kmatrix_commit%% *}" ] || echo "  differs: kmatrix is at $now here, $kmatrix_commit in the run"
now=$(patchset_hash "${series:-}"); now=${now:-none}
[ "$now" = "$patchset_sha256" ] || echo "  differs: the series ${series:-} hashes to $now here, $patchset_sha256 in the run"

# ---- rebuild and boot, through kmatrix ------------------------------------------
id=$(date +%Y%m%d-%H%M%S)
out=$KMATRIX/results/reproduce/$id
mkdir -p "$out"
# Judged as the run judged it: with its mutants (a mutant's base) and known breaks.
for f in mutants.tsv known-breaks.tsv; do
	[ ! -f "$here/../$f" ] || cp "$here/../$f" "$out/"
done
rc=0
make -C "$KMATRIX" --no-print-directory cell ARCH="$arch" POINT="$point" RUN_ID="$id" \
	RESULTS="$KMATRIX/results/reproduce" RETRIES=0 ${only:+GUEST_ONLY="$only"} "$@" || rc=$?
new=$out/$arch-$point
[ -f "$new/cell.tsv" ] || { echo "reproduce.sh: the cell left no record (make exited $rc)" >&2; exit 2; }
if [ -f "$here/kernel.config.gz" ] && [ -f "$new/kernel.config.gz" ] &&
	! cmp -s "$here/kernel.config.gz" "$new/kernel.config.gz"; then
	echo "  differs: the kernel's config (zdiff $here/kernel.config.gz $new/kernel.config.gz)"
fi
bin=$(make -s -C "$KMATRIX" --no-print-directory print-HOSTBIN "$@")
exec "$bin/report" ${expect:+--expect "$expect"} reproduced "$here" "$new"
EOF
} >"$CELL_DIR/reproduce.sh.tmp" && chmod +x "$CELL_DIR/reproduce.sh.tmp" &&
	mv -f "$CELL_DIR/reproduce.sh.tmp" "$CELL_DIR/reproduce.sh"

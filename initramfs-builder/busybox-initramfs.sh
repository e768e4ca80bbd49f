#!/bin/sh
# busybox-initramfs.sh DEB-ARCH OUTDIR GEN_INIT_CPIO: an initramfs with
# Debian's static busybox for DEB-ARCH and an /init that drops to a shell,
# for `make shell`. A foreign arch's package is fetched with apt-get
# download (after dpkg --add-architecture), unpacked, never installed.
set -eu
here=$(dirname "$0")
. "$here/../matrix/lib.sh"
debarch=$1 out=$2 gen_init_cpio=$3
mkdir -p "$out"
bb="$out/busybox"
if [ ! -x "$bb" ]; then
	if [ "$debarch" = "$(dpkg --print-architecture)" ]; then
		"$here/../toolchains/ensure-packages.sh" busybox-static
		cp /bin/busybox "$bb"
	else
		if ! dpkg --print-foreign-architectures | grep -qx "$debarch"; then
			[ "$(id -u)" = 0 ] ||
				die "busybox for $debarch needs, as root: dpkg --add-architecture $debarch && apt-get update"
			dpkg --add-architecture "$debarch"
			apt-get update -q >/dev/null
		fi
		rm -rf "$out/deb" && mkdir -p "$out/deb"
		(cd "$out/deb" && apt-get download -q "busybox-static:$debarch" >/dev/null) ||
			die "apt-get download busybox-static:$debarch failed"
		dpkg-deb -x "$out"/deb/busybox-static_*.deb "$out/deb/root"
		cp "$out/deb/root/bin/busybox" "$bb"
	fi
fi
# busybox runs as /init by its name (the kernels here have no BINFMT_SCRIPT,
# so /init cannot be a script); its init reads /etc/inittab.
cat >"$out/inittab" <<'TAB'
::sysinit:/bin/busybox sh /etc/rc
::once:/bin/busybox sh /etc/shell
TAB
cat >"$out/rc" <<'RC'
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /tmp
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
RC
cat >"$out/shell" <<'SH'
echo "kmatrix shell: $(uname -r) on $(uname -m); 'poweroff -f' ends QEMU"
setsid cttyhack sh
poweroff -f
SH
cat >"$out/initramfs.list" <<LIST
dir /bin 0755 0 0
dir /etc 0755 0 0
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
file /bin/busybox $bb 0755 0 0
file /init $bb 0755 0 0
file /etc/inittab $out/inittab 0644 0 0
file /etc/rc $out/rc 0644 0 0
file /etc/shell $out/shell 0644 0 0
LIST
"$here/../matrix/initramfs-cpio.sh" "$gen_init_cpio" "$out/initramfs.list" "$out/initramfs.cpio"

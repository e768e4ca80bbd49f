#!/bin/sh
# ensure-packages.sh PKG...: install the Debian packages that are missing.
# As root it runs apt-get (updating the lists once if the install fails on
# stale or empty lists); otherwise it prints the exact command and fails.
missing=
for p in "$@"; do
	case "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" in
	*" installed") ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0
echo "kmatrix: missing Debian packages:$missing" >&2
if [ "$(id -u)" != 0 ]; then
	echo "kmatrix: as root, run: apt-get install -y$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >/dev/null 2>&1 && exit 0
apt-get update -q >/dev/null 2>&1
apt-get install -y -q $missing >&2 || {
	echo "kmatrix: apt-get install$missing failed" >&2
	exit 1
}

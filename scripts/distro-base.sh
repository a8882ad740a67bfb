#!/bin/sh
# distro-base.sh - make distro's Debian 12 base image: mmdebstrap
# (--variant=minbase, --mode=unshare: its mounts stay in a namespace of its
# own) with the packages of tests/distro/packages and the hook
# tests/distro/base-customize.sh, as $BUILD/distro/base.tar; the installed
# packages and their versions go to $BUILD/distro/base.packages. The only
# stage of make distro that downloads: skipped while the package list, the
# hook, this script and mmdebstrap's version are unchanged (remove
# base.stamp to pick up Debian's updates).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
build_env
D=$BUILD/distro
PKGS=$TOP/tests/distro/packages
HOOK=$TOP/tests/distro/base-customize.sh

mmv=$(dpkg-query -W mmdebstrap)
# No pipe: a missing input fails the assignment (dash has no pipefail).
inputs=$(content_sums "$PKGS" "$HOOK" "$0")
want=$(echo "$inputs $mmv" | sha256sum | cut -d' ' -f1)
stamp=$D/base.stamp
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$D/base.tar" ]; then
	echo "distro-base: unchanged ($(wc -l <"$D/base.packages") packages)"
	exit 0
fi
rm -f "$stamp"
mkdir -p "$D"
# mmdebstrap picks the format by the name: a .tar, written under another
# name until it is whole.
rm -f "$D/base.tmp.tar"
include=$(grep -v -e '^#' -e '^[[:space:]]*$' "$PKGS" | paste -sd, -)
[ -n "$include" ] || { echo "distro-base: no packages in $PKGS"; exit 1; }
mmdebstrap --mode=unshare --variant=minbase --include="$include" \
	--customize-hook="$HOOK \"\$1\"" \
	--customize-hook='chroot "$1" dpkg-query -W -f="\${Package} \${Version}\n" >"$1/tmp/packages"' \
	--customize-hook="copy-out /tmp/packages $D" \
	--customize-hook='rm "$1/tmp/packages"' \
	bookworm "$D/base.tmp.tar" >"$D/mmdebstrap.log" 2>&1 || {
	tail -30 "$D/mmdebstrap.log" >&2
	exit 1
}
mv "$D/packages" "$D/base.packages"
mv "$D/base.tmp.tar" "$D/base.tar"
echo "distro-base: $(wc -l <"$D/base.packages") packages, $(stat -c %s "$D/base.tar") bytes"
for p in systemd openssh-server apparmor iproute2 net-tools util-linux; do
	grep "^$p " "$D/base.packages" | sed 's/^/distro-base: /'
done
echo "$want" >"$stamp"

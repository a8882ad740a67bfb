#!/bin/sh
# distro-image.sh SERIES - the disk make distro boots for SERIES: the base
# image (scripts/distro-base.sh), the system test of tests/distro/, and the
# series' kernel package installed the way `apt install ./linux-image-*.deb`
# does (apt-get in the image's chroot; the package's postinst has
# initramfs-tools make the initrd). The result: $BUILD/SERIES/distro/
# image.ext4 (the whole disk one ext4, made by mke2fs -d: no loop device,
# no mount on the host), and the image's own vmlinuz and initrd.img beside
# it for QEMU's -kernel/-initrd (no boot loader). Skipped when the base,
# the package, the test files and this script are unchanged.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1" distro
T=$TOP/tests/distro
deb=$(ls "$DIR"/linux-image-*.deb 2>/dev/null) || true
[ -n "$deb" ] && [ "$(echo "$deb" | wc -l)" = 1 ] ||
	{ echo "distro-image: want one linux-image package in $DIR, have: ${deb:-none}"; exit 1; }
[ -f "$BUILD/distro/base.tar" ] || { echo "distro-image: no base.tar: scripts/distro-base.sh first"; exit 1; }

# The base by its content (base.stamp names its inputs, not what Debian
# served), the package, the test files, this script; no pipe, so that a
# missing input fails the assignment (dash has no pipefail).
base=$(sha256sum <"$BUILD/distro/base.tar")
pkg=$(sha256sum <"$deb")
files=$(content_sums "$T"/* "$0")
want=$(echo "$base $pkg $files" | sha256sum | cut -d' ' -f1)
stamp=$DIR/image.stamp
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$DIR/image.ext4" ]; then
	echo "distro-image: $SERIES: unchanged"
	exit 0
fi
rm -f "$stamp" "$DIR/image.ext4" "$DIR/vmlinuz" "$DIR/initrd.img"
R=$DIR/rootfs
rm -rf "$R"
mkdir -p "$R"
tar --xattrs --xattrs-include='*' -xpf "$BUILD/distro/base.tar" -C "$R"

# The same machine-id on every boot (mmdebstrap leaves the file empty, and
# systemd would make a new one each boot).
echo 5ec0addd5ec0addd5ec0addd5ec0addd >"$R/etc/machine-id"
install -m 755 "$T/workbench-test" "$R/usr/local/sbin/workbench-test"
install -D -m 644 "$T/bindtest.py" "$R/usr/local/lib/workbench/bindtest.py"
install -m 644 "$T/sockaddr.py" "$R/usr/local/lib/workbench/sockaddr.py"
install -m 644 "$T/workbench-bind.apparmor" "$R/etc/apparmor.d/workbench-bind"
install -m 644 "$T/workbench-test.service" "$R/etc/systemd/system/workbench-test.service"
chroot "$R" systemctl enable workbench-test.service >/dev/null 2>&1

# apt-get install ./package, with /proc, /sys and /dev in a mount namespace
# of its own (gone with the process, whatever happens).
cp "$deb" "$R/tmp/"
unshare --mount --fork sh -ec '
	r=$1
	mount -t proc proc "$r/proc"
	mount -t sysfs sysfs "$r/sys"
	mount --rbind /dev "$r/dev"
	DEBIAN_FRONTEND=noninteractive chroot "$r" apt-get install -y --no-install-recommends "/tmp/$2"
' sh "$R" "$(basename "$deb")" >"$DIR/install.log" 2>&1 || { tail -30 "$DIR/install.log" >&2; exit 1; }
rm -f "$R/tmp/$(basename "$deb")"
kr=$(dpkg-deb -c "$deb" | sed -n 's|.* \./boot/vmlinuz-\(.*\)$|\1|p')
[ -n "$kr" ] || { echo "distro-image: no /boot/vmlinuz-* in $deb"; exit 1; }
grep -q "update-initramfs: Generating /boot/initrd.img-$kr" "$DIR/install.log" ||
	{ echo "distro-image: the package's postinst made no initrd (install.log)"; exit 1; }
cp "$R/boot/vmlinuz-$kr" "$DIR/vmlinuz"
cp "$R/boot/initrd.img-$kr" "$DIR/initrd.img"
chroot "$R" dpkg-query -W -f='${Package} ${Version}\n' "$(dpkg-deb -f "$deb" Package)" >"$DIR/image.kernel"
mke2fs -q -F -t ext4 -L root -d "$R" "$DIR/image.ext4" 2G
rm -rf "$R"
echo "distro-image: $SERIES: $(cat "$DIR/image.kernel") installed; initrd $(stat -c %s "$DIR/initrd.img") bytes"
echo "$want" >"$stamp"

#!/bin/sh
# base-customize.sh ROOT - mmdebstrap --customize-hook of make distro's base
# image (scripts/distro-base.sh): what every kernel's image shares. The test
# itself is installed per kernel by scripts/distro-image.sh.
set -eu
r=$1
echo workbench >"$r/etc/hostname"
printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n127.0.1.1\tworkbench\n' >"$r/etc/hosts"
# The whole disk is the root file system; pass 0: no fsck at boot.
printf '/dev/vda\t/\text4\tdefaults\t0\t0\n' >"$r/etc/fstab"
# The ssh login of the test: root's key, made now; the host keys were made
# by openssh-server's postinst; known_hosts for both loopback addresses.
mkdir -p -m 700 "$r/root/.ssh"
chroot "$r" ssh-keygen -q -t ed25519 -N '' -C workbench -f /root/.ssh/id_ed25519
cp "$r/root/.ssh/id_ed25519.pub" "$r/root/.ssh/authorized_keys"
for k in "$r"/etc/ssh/ssh_host_*_key.pub; do
	printf '127.0.0.1,::1,localhost %s\n' "$(cut -d' ' -f1,2 "$k")"
done >"$r/root/.ssh/known_hosts"
# Nothing that wakes up on a timer during the test.
chroot "$r" systemctl mask apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
	e2scrub_all.timer fstrim.timer e2scrub_reap.service >/dev/null 2>&1

#!/bin/sh
# deps.sh [PROFILE] - install the Debian packages the workbench needs
# (idempotent): those of every run (the i686 cross compiler builds the
# x86_64 kernels' compat guest programs), and the profile's PACKAGES line
# (config/profiles/PROFILE.conf: another kernel's linux-source-KERNEL;
# for distro, Debian's kernel configs, debhelper for bindeb-pkg,
# mmdebstrap and its helpers for the image, e2fsprogs for mke2fs -d and
# debugfs).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
profile_env "${1:-test}"
PKGS="linux-source-6.12 clang-19 lld-19 llvm-19 qemu-system-x86 flex bison bc
libelf-dev libssl-dev dwarves cpio ccache make gcc libc6-dev python3 git xz-utils
kmod rsync perl python3-ply python3-git python3-pytest
gcc-i686-linux-gnu libc6-dev-i386-cross $PACKAGES"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "deps: all present"
	exit 0
fi
echo "deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null

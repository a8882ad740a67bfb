#!/bin/sh
# distro-kernel.sh SERIES - the series' tree as Debian builds its kernels:
# Debian's own config (package linux-config-6.12, flavour $DISTRO_FLAVOUR,
# default amd64) reduced with localmodconfig to config/distro/qemu-guest.lsmod,
# config/distro/distro.config merged on top, compiled by gcc-12 and packaged
# by the kernel's `make bindeb-pkg`, into $BUILD/distro/SERIES/ (objects in
# obj/, the packages beside it: bindeb-pkg writes them to O=/..). Skipped
# when the tree, Debian's config, the config files, this script and gcc-12
# are what the last package was built from.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"
FLAVOUR=${DISTRO_FLAVOUR:-amd64}
CFGXZ=/usr/src/linux-config-6.12/config.amd64_none_$FLAVOUR.xz
D=$BUILD/distro/$SERIES
DOBJ=$D/obj
[ -f "$CFGXZ" ] || { echo "distro-kernel: no $CFGXZ (package linux-config-6.12)"; exit 1; }
[ -f "$DIR/tree.stamp" ] || { echo "distro-kernel: no $DIR/tree.stamp: make tree SERIES=$SERIES first"; exit 1; }

# gcc-12 whatever the workbench's LLVM says; RUSTC=false keeps a rustc on
# PATH out of .config; LOCALVERSION on every call, or setlocalversion
# appends "+" in the git worktree. The KBUILD_BUILD_* stamps come from the
# Makefile's environment.
# kmake OBJDIR ARGS...
kmake() {
	_o=$1
	shift
	env -u LLVM make -s -C "$TREE" O="$_o" CC=gcc-12 HOSTCC=gcc-12 RUSTC=false \
		LOCALVERSION="-wb-$SERIES" "$@"
}
KV=$(make -s -C "$TREE" kernelversion)
PKGVER=$KV-1
DEB=$D/linux-image-$KV-wb-${SERIES}_${PKGVER}_amd64.deb

# No pipe: a missing input or compiler fails the assignment (dash has no
# pipefail).
gccv=$(gcc-12 --version)
inputs=$(sha256sum "$DIR/tree.stamp" "$CFGXZ" "$TOP"/config/distro/* "$0")
want=$(echo "$inputs $gccv $FLAVOUR" | sha256sum | cut -d' ' -f1)
stamp=$D/kernel.stamp
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$DEB" ]; then
	echo "distro-kernel: $SERIES: unchanged ($(basename "$DEB"))"
	exit 0
fi
rm -f "$stamp"
mkdir -p "$DOBJ"

# The config is made in a scratch folder and copied over obj/.config only
# when it differs, so that an unchanged config does not look new to make.
C=$D/config.tmp
rm -rf "$C"
mkdir -p "$C"
xz -dc "$CFGXZ" >"$C/.config"
grep -v '^#' "$TOP/config/distro/qemu-guest.lsmod" >"$C/lsmod"
kmake "$C" olddefconfig
# localmodconfig may ask about symbols Debian's config lacks (the series'
# own among them): the defaults.
yes '' | kmake "$C" LSMOD="$C/lsmod" localmodconfig >"$D/localmodconfig.log" 2>&1 || {
	tail -20 "$D/localmodconfig.log" >&2
	exit 1
}
(cd "$TREE" && scripts/kconfig/merge_config.sh -m -O "$C" "$C/.config" "$TOP/config/distro/distro.config" >/dev/null)
kmake "$C" olddefconfig
bad=$(config_not_stuck "$C/.config" "$TOP/config/distro/distro.config")
if [ -n "$bad" ]; then
	echo "distro-kernel: options of config/distro/distro.config that did not stick:" >&2
	echo "$bad" | sed 's/^/  /' >&2
	exit 1
fi
if ! cmp -s "$C/.config" "$DOBJ/.config"; then
	cp "$C/.config" "$DOBJ/.config"
fi
rm -rf "$C"
echo "distro-kernel: $SERIES: Debian $FLAVOUR config reduced: $(grep -c '=y$' "$DOBJ/.config") =y, $(grep -c '=m$' "$DOBJ/.config") =m"

# bindeb-pkg builds and packages in one go (its build step is `make all`
# with the same variables). No headers or debug package; gzip is faster
# than xz. The packages go to $D (obj/..); old ones are removed first so
# that $D holds one build's.
rm -f "$D"/*.deb "$D"/*.changes "$D"/*.buildinfo
# A build with no vmlinux yet is a full one (of this obj/; ccache may
# still serve objects): its time is kept in full.txt.
full=
[ -f "$DOBJ/vmlinux" ] || full=1
t0=$(date +%s)
kmake "$DOBJ" -j"$(nproc)" KDEB_PKGVERSION="$PKGVER" KDEB_CHANGELOG_DIST=bookworm KDEB_COMPRESS=gzip \
	DEB_BUILD_PROFILES="pkg.linux-upstream.nokernelheaders pkg.linux-upstream.nokerneldbg" \
	bindeb-pkg >"$D/bindeb-pkg.log" 2>&1 || {
	tail -40 "$D/bindeb-pkg.log" >&2
	exit 1
}
t1=$(date +%s)
if [ -n "$full" ]; then
	echo "build_full_seconds $((t1 - t0))" >"$D/full.txt"
fi
[ -f "$DEB" ] || { echo "distro-kernel: bindeb-pkg made no $DEB" >&2; ls "$D" >&2; exit 1; }
# What the kernel was compiled with, from the objects, not from the make line.
cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$DOBJ/.config")
case "$cc" in
gcc-12*) ;;
*) echo "distro-kernel: compiled with \"$cc\", not gcc-12" >&2; exit 1 ;;
esac
{
	echo "series $SERIES"
	echo "flavour $FLAVOUR"
	echo "compiler $cc"
	echo "build_seconds $((t1 - t0))"
	if [ -f "$D/full.txt" ]; then cat "$D/full.txt"; fi
	echo "config_y $(grep -c '=y$' "$DOBJ/.config")"
	echo "config_m $(grep -c '=m$' "$DOBJ/.config")"
	echo "modules $(find "$DOBJ" -name '*.ko' | wc -l)"
	echo "bzImage_bytes $(stat -c %s "$DOBJ/arch/x86/boot/bzImage")"
	size -B "$DOBJ/vmlinux" | awk 'NR == 2 { print "vmlinux_text_data_bss", $1, $2, $3 }'
	for f in "$D"/*.deb; do echo "deb $(basename "$f") $(stat -c %s "$f")"; done
} >"$D/kernel.txt"
sed 's/^/distro-kernel: /' "$D/kernel.txt"
echo "$want" >"$stamp"

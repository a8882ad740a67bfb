#!/bin/sh
# distro-kernel.sh SERIES - the series' tree as Debian builds its kernels
# (config/profiles/distro.conf): Debian's own config (package
# linux-config-6.12, the profile's DEBIAN_FLAVOUR) reduced with
# localmodconfig to config/distro/qemu-guest.lsmod, the profile's fragments
# merged on top, compiled by gcc-12 and packaged by the kernel's `make
# bindeb-pkg`, into $BUILD/SERIES/distro/ (objects in obj/, the packages
# beside it: bindeb-pkg writes them to O=/..). Skipped
# when the tree, Debian's config, the config files, this script and gcc-12
# are what the last package was built from.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1" distro
FLAVOUR=$DEBIAN_FLAVOUR
CFGXZ=/usr/src/linux-config-6.12/config.amd64_none_$FLAVOUR.xz
FRAGMENTS=$(config_fragments)
[ -f "$CFGXZ" ] || { echo "distro-kernel: no $CFGXZ (package linux-config-6.12)"; exit 1; }
[ -f "$TREE_STAMP" ] || { echo "distro-kernel: no $TREE_STAMP: make tree SERIES=$SERIES first"; exit 1; }

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
KV=$(kernel_version "$TREE")
PKGVER=$KV-1
DEB=$DIR/linux-image-$KV-wb-${SERIES}_${PKGVER}_amd64.deb

# No pipe: a missing input or compiler fails the assignment (dash has no
# pipefail).
gccv=$(gcc-12 --version)
# shellcheck disable=SC2086
inputs=$(content_sums "$TREE_STAMP" "$CFGXZ" "$TOP"/config/distro/* $FRAGMENTS "$PROFILE_FILE" "$0")
want=$(echo "$inputs $gccv $FLAVOUR" | sha256sum | cut -d' ' -f1)
stamp=$DIR/kernel.stamp
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$DEB" ]; then
	echo "distro-kernel: $SERIES: unchanged ($(basename "$DEB"))"
	exit 0
fi
rm -f "$stamp"
mkdir -p "$OBJ"

# The config is made in a scratch folder and copied over obj/.config only
# when it differs, so that an unchanged config does not look new to make.
C=$DIR/config.tmp
rm -rf "$C"
mkdir -p "$C"
xz -dc "$CFGXZ" >"$C/.config"
grep -v '^#' "$TOP/config/distro/qemu-guest.lsmod" >"$C/lsmod"
kmake "$C" olddefconfig
# localmodconfig may ask about symbols Debian's config lacks (the series'
# own among them): the defaults.
yes '' | kmake "$C" LSMOD="$C/lsmod" localmodconfig >"$DIR/localmodconfig.log" 2>&1 || {
	tail -20 "$DIR/localmodconfig.log" >&2
	exit 1
}
# shellcheck disable=SC2086
(cd "$TREE" && scripts/kconfig/merge_config.sh -m -O "$C" "$C/.config" $FRAGMENTS >/dev/null)
kmake "$C" olddefconfig
# shellcheck disable=SC2086
bad=$(config_not_stuck "$C/.config" $FRAGMENTS)
if [ -n "$bad" ]; then
	echo "distro-kernel: options of $FRAGMENTS that did not stick:" >&2
	echo "$bad" | sed 's/^/  /' >&2
	exit 1
fi
if ! cmp -s "$C/.config" "$OBJ/.config"; then
	cp "$C/.config" "$OBJ/.config"
fi
rm -rf "$C"
echo "distro-kernel: $SERIES: Debian $FLAVOUR config reduced: $(grep -c '=y$' "$OBJ/.config") =y, $(grep -c '=m$' "$OBJ/.config") =m"

# bindeb-pkg builds and packages in one go (its build step is `make all`
# with the same variables). No headers or debug package; gzip is faster
# than xz. The packages go to $DIR (obj/..); old ones are removed first so
# that $DIR holds one build's.
rm -f "$DIR"/*.deb "$DIR"/*.changes "$DIR"/*.buildinfo
# A build with no vmlinux yet is a full one (of this obj/; ccache may
# still serve objects): its time is kept in full.txt.
full=
[ -f "$OBJ/vmlinux" ] || full=1
t0=$(date +%s)
kmake "$OBJ" -j"$(nproc)" KDEB_PKGVERSION="$PKGVER" KDEB_CHANGELOG_DIST=bookworm KDEB_COMPRESS=gzip \
	DEB_BUILD_PROFILES="pkg.linux-upstream.nokernelheaders pkg.linux-upstream.nokerneldbg" \
	bindeb-pkg >"$DIR/bindeb-pkg.log" 2>&1 || {
	tail -40 "$DIR/bindeb-pkg.log" >&2
	exit 1
}
t1=$(date +%s)
if [ -n "$full" ]; then
	echo "build_full_seconds $((t1 - t0))" >"$DIR/full.txt"
fi
[ -f "$DEB" ] || { echo "distro-kernel: bindeb-pkg made no $DEB" >&2; ls "$DIR" >&2; exit 1; }
# What the kernel was compiled with, from the objects, not from the make line.
cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$OBJ/.config")
case "$cc" in
gcc-12*) ;;
*) echo "distro-kernel: compiled with \"$cc\", not gcc-12" >&2; exit 1 ;;
esac
{
	echo "series $SERIES"
	echo "flavour $FLAVOUR"
	echo "compiler $cc"
	echo "build_seconds $((t1 - t0))"
	if [ -f "$DIR/full.txt" ]; then cat "$DIR/full.txt"; fi
	echo "config_y $(grep -c '=y$' "$OBJ/.config")"
	echo "config_m $(grep -c '=m$' "$OBJ/.config")"
	echo "modules $(find "$OBJ" -name '*.ko' | wc -l)"
	echo "bzImage_bytes $(stat -c %s "$OBJ/arch/x86/boot/bzImage")"
	size -B "$OBJ/vmlinux" | awk 'NR == 2 { print "vmlinux_text_data_bss", $1, $2, $3 }'
	for f in "$DIR"/*.deb; do echo "deb $(basename "$f") $(stat -c %s "$f")"; done
} >"$DIR/kernel.txt"
sed 's/^/distro-kernel: /' "$DIR/kernel.txt"
echo "$want" >"$stamp"

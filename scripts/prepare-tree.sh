#!/bin/sh
# prepare-tree.sh SERIES [PROFILE] - give SERIES its own kernel source tree
# with its patches applied, from the kernel the profile names.
#
# $BUILD/src is linux-source-6.12 extracted once and committed as tag
# "base" ($BUILD/src-KERNEL for another KERNEL). $BUILD/$SERIES/linux
# (linux-KERNEL; scripts/lib.sh run_env: every profile of the series and
# kernel builds from it) is a git worktree of it with `git am` of the
# series on top; a bisect prefix (PATCH_LIMIT) gets one of its own.
# Nothing is redone when neither the tarball nor the series changed; a changed
# series is re-applied from "base".
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
TARBALL=${TARBALL:-/usr/src/linux-source-$KERNEL.tar.xz}
export GIT_AUTHOR_NAME=workbench GIT_AUTHOR_EMAIL=workbench@localhost
export GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost
git() { command git -c advice.detachedHead=false -c init.defaultBranch=tarball "$@"; }

extract() {
	mkdir -p "$BUILD"
	rm -rf "$SRC.tmp"
	mkdir "$SRC.tmp"
	tar -C "$SRC.tmp" --strip-components=1 -xf "$TARBALL"
	# Debian's top-level .gitignore ignores "/*": drop those two lines so the
	# tree's own ignore rules apply, then commit everything as the base.
	sed -i -e '\#^/\*$#d' -e '\#^!/debian/$#d' "$SRC.tmp/.gitignore"
	kv=$(kernel_version "$SRC.tmp")
	# shellcheck disable=SC2086
	(cd "$SRC.tmp" && git init -q && git add -A &&
		env $BASE_GIT_ENV git -c init.defaultBranch=tarball commit -q \
			-m "linux-source-$KERNEL $kv" &&
		git tag base)
	sha256sum "$TARBALL" | cut -d' ' -f1 >"$SRC.tmp/.git/tarball.sha256"
	rm -rf "$SRC"
	mv "$SRC.tmp" "$SRC"
	git -C "$SRC" worktree prune
}

apply_series() {
	worktree_at "$TREE" base
	patches=$(series_patches "$SERIES")
	n=0
	for p in $patches; do
		git -C "$TREE" am -q "$p" || {
			echo "prepare-tree: $p does not apply" >&2
			git -C "$TREE" am --abort
			return 1
		}
		n=$((n + 1))
	done
	echo "prepare-tree: $SERIES: $n patch(es) applied on $(git -C "$TREE" describe --tags --always base)"
}

# Fingerprint of what the tree is made of: tarball + every patch of the
# series, by content (not by path: another clone of the workbench keeps
# the trees of the same patches).
patches=$(series_patches "$SERIES")
want=$( (sha256sum "$TARBALL" | cut -d' ' -f1
	for p in $patches; do sha256sum <"$p"; done) |
	sha256sum | cut -d' ' -f1)
stamp=$TREE_STAMP

if [ ! -f "$SRC/.git/tarball.sha256" ] ||
	[ "$(cat "$SRC/.git/tarball.sha256")" != "$(sha256sum "$TARBALL" | cut -d' ' -f1)" ]; then
	stage extract extract
fi
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$TREE" ]; then
	echo "prepare-tree: $SERIES: unchanged, nothing to do"
	exit 0
fi
rm -f "$stamp"
stage apply apply_series
echo "$want" >"$stamp"

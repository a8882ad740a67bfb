#!/bin/sh
# fixes-alone.sh [PROFILE] - every patch of part A (the fixes) of
# patches/series (of patches/KERNEL/series for the profile's kernel tree)
# applies to the plain tree (6.12.118, or 6.1.192) on its own, and the .c
# files it touches (and those that include a header it touches) then
# compile as single objects under x86_64 allmodconfig
# with W=1 and CONFIG_WERROR=y, as compile-touched does for the whole
# series, with no warning that the plain tree does not have in those
# files. Stable trees and distributions take such fixes one by one: each
# must stand without the rest of the queue.
#
# One worktree ($BUILD/fixes-alone/linux, fixes-alone-KERNEL for another
# tree; $BUILD/fixes is the fixes queue's run) is reset to tag "base" for
# each patch and one allmodconfig folder is shared, so kbuild recompiles
# only what changed.
#
# The usnic fix has no guest test (the hardware is not in QEMU); its
# regression check is scripts/check_getname_buffers.py: on the plain tree
# it must find exactly the overrun buffers of
# tests/expect/getname-buffers.base (6.1.192 has the same one), and after a
# fix that touches such a buffer's file, that buffer is gone.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
scratch_env fixes-alone "${1:-test}"
REASONS=$TOP/tests/expect/getname-buffers.reasons
EXPECTED=$TOP/tests/expect/getname-buffers.base

# "FILE VARIABLE" of every buffer check_getname_buffers.py finds in $TREE
# without a reason (its exit status is not the verdict here: the list is).
overruns() {
	python3 "$TOP/scripts/check_getname_buffers.py" "$TREE" "$REASONS" >"$DIR/buffers.log" || :
	sed -n 's/^check-getname-buffers: smaller than struct sockaddr_storage: \([^:]*\):[0-9]*: .*: \([A-Za-z0-9_]*\) is .*/\1 \2/p' \
		"$DIR/buffers.log" | sort
	if grep -q "stale reason\|found no call" "$DIR/buffers.log"; then
		cat "$DIR/buffers.log" >&2
		echo "fixes-alone: check_getname_buffers.py: stale reasons or no calls" >&2
		return 1
	fi
}

patches=$(series_part A)
if [ -z "$patches" ]; then
	echo "fixes-alone: the $KERNEL queue has no part A" >&2
	exit 1
fi

worktree_at "$TREE" base
export GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost
allmod_prepare "$TREE" "$DIR/allmod"
base_overruns=$(overruns)
want=$(grep -v -e '^#' -e '^[[:space:]]*$' "$EXPECTED" | sort)
if [ "$base_overruns" != "$want" ]; then
	echo "fixes-alone: on plain base, check_getname_buffers.py finds:"
	echo "${base_overruns:-  (nothing)}" | sed 's/^/  /'
	echo "fixes-alone: ... but $(basename "$EXPECTED") expects:"
	echo "$want" | sed 's/^/  /'
	exit 1
fi
echo "fixes-alone: base: check_getname_buffers.py finds the $(echo "$want" | wc -l) expected overrun buffer(s)"

n=0 bad=0
for p in $patches; do
	n=$((n + 1))
	name=$(basename "$p")
	git -C "$TREE" reset -q --hard base
	if ! git -C "$TREE" am -q "$p"; then
		git -C "$TREE" am --abort
		echo "fixes-alone: $name does not apply to plain $(git -C "$TREE" log -1 --format=%s base)"
		bad=$((bad + 1))
		continue
	fi
	# the .c files it touches, and those that include a header it touches
	# (a fix in a header's inline function compiles in its users)
	files=$(git -C "$TREE" diff --name-only base HEAD -- '*.c')
	# shellcheck disable=SC2046
	files="$files $(header_users "$TREE" $(git -C "$TREE" diff --name-only base HEAD -- '*.h'))"
	# shellcheck disable=SC2046,SC2086
	objs=$(echo $(touched_objs "$TREE" "$DIR/allmod" $(echo $files | tr ' ' '\n' | sort -u) \
		2>"$DIR/$name.skipped"))
	sed "s/^/fixes-alone: $name: /" "$DIR/$name.skipped"
	if [ -z "$objs" ]; then
		echo "fixes-alone: $name: no .c file to compile (touched, or including a touched header)" >&2
		bad=$((bad + 1))
		continue
	fi
	# The overrun buffers in files this patch touches must be gone; others stay.
	touched=$(git -C "$TREE" diff --name-only base HEAD)
	after=$(overruns)
	for f in $(echo "$base_overruns" | cut -d' ' -f1 | sort -u); do
		if echo "$touched" | grep -qx "$f"; then
			if echo "$after" | grep -q "^$f "; then
				echo "fixes-alone: $name touches $f but its overrun buffer is still there"
				bad=$((bad + 1))
			else
				echo "fixes-alone: $name: the overrun buffer in $f is gone"
			fi
		fi
	done
	log=$DIR/$name.log
	# shellcheck disable=SC2086
	if ! make -s -C "$TREE" O="$DIR/allmod" -j"$(nproc)" W=1 $objs >"$log" 2>&1; then
		echo "fixes-alone: $name: does not compile alone:"
		sed 's/^/  /' "$log" | head -40
		bad=$((bad + 1))
		continue
	fi
	# A warning is the patch's unless the same objects give it on the
	# plain tree too (6.1's dev_ioctl.c has a kernel-doc warning of its own).
	# Then the same objects are built on the plain tree and, once more,
	# with the patch: the first build in the folder also builds host
	# programs kbuild makes on first use (6.1's scripts/genksyms warns about
	# its grammar), which must not count for either side. Warnings are
	# compared by text without line numbers, once each: a patch that adds a
	# second copy of a warning the file already has passes.
	new=$(build_warnings "$log")
	old=
	if [ -n "$new" ]; then
		git -C "$TREE" reset -q --hard base
		# shellcheck disable=SC2086
		if ! make -s -C "$TREE" O="$DIR/allmod" -j"$(nproc)" W=1 $objs >"$log.base" 2>&1 ||
			! git -C "$TREE" am -q "$p" ||
			! make -s -C "$TREE" O="$DIR/allmod" -j"$(nproc)" W=1 $objs >"$log" 2>&1; then
			echo "fixes-alone: $name: the builds to compare its warnings with the plain" \
				"tree's failed (logs: $log.base, $log)"
			bad=$((bad + 1))
			continue
		fi
		old=$(build_warnings "$log.base")
		new=$(new_warnings "$(build_warnings "$log")" "$old")
	fi
	if [ -n "$new" ]; then
		echo "fixes-alone: $name: compiles alone, with warnings the plain tree does not have:"
		printf '%s\n' "$new" | sed 's/^/  /' | head -40
		bad=$((bad + 1))
	else
		echo "fixes-alone: $name: applies alone, compiles: $objs${old:+ (with the plain tree's own warnings: $(printf '%s\n' "$old" | wc -l))}"
	fi
done
git -C "$TREE" reset -q --hard base
echo "fixes-alone: $KERNEL: $n fix(es) of part A, $bad failed"
[ "$bad" = 0 ]

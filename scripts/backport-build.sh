#!/bin/sh
# backport-build.sh SERIES - do later upstream backports build on the series?
# tests/backport/*.patch (in no queue) add code that calls part B's
# interfaces the way upstream's callers do after v6.19 (casts to struct
# sockaddr_unsized, typed addresses handed to the BPF sock_addr hooks,
# inet_addr_is_any() without const). They are applied on the series' tree
# in a scratch worktree, $BUILD/$SERIES-backport/linux, and the files they
# add are compiled alone under x86_64 allmodconfig, W=1, CONFIG_WERROR=y,
# with clang-19 and with gcc-12; any warning fails.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1"
W=$BUILD/$SERIES-backport
WT=$W/linux
head=$(git -C "$TREE" rev-parse HEAD)
worktree_at "$WT" "$head"
n=0
for p in "$TOP"/tests/backport/*.patch; do
	GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost \
		git -C "$WT" am -q "$p"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "backport-build: no tests/backport/*.patch" >&2; exit 1; }
files=$(git -C "$WT" diff --name-only --diff-filter=A "$head" HEAD -- '*.c')
[ -n "$files" ] || { echo "backport-build: the patches add no .c file" >&2; exit 1; }
objs=$(echo "$files" | sed 's/\.c$/.o/')

status=0
for cc in clang-19 gcc-12; do
	case $cc in
	clang-19) llvm=-19 want='Debian clang version 19' ;;
	gcc-12) llvm= want='gcc (Debian 12' ;;
	esac
	obj=$W/allmod-$cc
	log=$W/build-$cc.log
	LLVM=$llvm allmod_prepare "$WT" "$obj"
	# kbuild's default gcc is Debian 12's gcc-12: say so, do not assume it
	if ! grep -q "^CONFIG_CC_VERSION_TEXT=\"$want" "$obj/.config"; then
		echo "backport-build: $obj/.config is not built with $cc:" >&2
		grep '^CONFIG_CC_VERSION_TEXT=' "$obj/.config" >&2
		exit 1
	fi
	for o in $objs; do rm -f "$obj/$o"; done
	# shellcheck disable=SC2086
	if ! LLVM=$llvm make -s -C "$WT" O="$obj" -j"$(nproc)" W=1 $objs >"$log" 2>&1 ||
		grep -E -q 'warning:|error:' "$log"; then
		cat "$log"
		echo "backport-build: $SERIES: $cc: FAILED (log: $log)"
		status=1
		continue
	fi
	echo "backport-build: $SERIES: $cc: $(echo "$objs" | wc -w) file(s) built, W=1, WERROR, no warning:" $objs
done
exit "$status"

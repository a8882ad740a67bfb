#!/bin/sh
# bisect-build.sh SERIES - build bzImage for every prefix of the series (patch
# 1, patches 1-2, ...) with the test profile, in $BUILD/$SERIES/bisect (a
# tree of its own: scripts/lib.sh run_env), so that each patch is shown to
# build on its own. Slow: not part of make check.
# BISECT_FROM=k starts at prefix k (the earlier ones were shown before).
# A prefix is keyed by what is built: its patches' diffs and the config
# fragments. The key of a prefix that built goes into $BUILD/bisect-ok
# (shared by every queue: part A's prefixes of the fixes queue are the
# same trees as the main queue's), so a run can be resumed, and a tree
# that built for one queue is not built again for another.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
all=$(series_patches "${1:?usage: bisect-build.sh SERIES}")
# PATCH_LIMIT (exported: prepare-tree.sh, configure.sh and build-kernel.sh
# read it) makes the run a prefix's, in a tree of its own.
PATCH_LIMIT=1
export PATCH_LIMIT
run_env "$1"
# ccache's preprocessor mode, not the Makefile's depend mode: a patch that
# adds a Kconfig symbol changes autoconf.h, which every object includes; in
# depend mode that misses every object of the next prefix, in preprocessor
# mode only those whose preprocessed text changed.
unset CCACHE_DEPEND
total=$(echo "$all" | wc -l)
fragments=$(config_fragments)
OK=$BUILD/bisect-ok
k=${BISECT_FROM:-1}
while [ "$k" -le "$total" ]; do
	p=$(echo "$all" | sed -n "${k}p")
	# A reworded commit message or a renumbered subject does not change
	# the key: only the diffs and the config do.
	key=$( (echo "$all" | head -n "$k" | xargs sed -n '/^diff --git /,$p'
		# shellcheck disable=SC2086
		cat $fragments) | sha256sum | cut -c1-16)
	if [ -f "$OK/$key" ]; then
		echo "bisect-build: $k/$total $(basename "$p"): built before ($(cat "$OK/$key"))"
		k=$((k + 1))
		continue
	fi
	echo "bisect-build: $k/$total $(basename "$p")"
	PATCH_LIMIT=$k
	"$TOP/scripts/prepare-tree.sh" "$SERIES" >/dev/null
	"$TOP/scripts/configure.sh" "$SERIES" >/dev/null
	if ! "$TOP/scripts/build-kernel.sh" "$SERIES" >"$DIR/build-$k.log" 2>&1; then
		echo "bisect-build: FAILED at $k/$total $(basename "$p") (log: $DIR/build-$k.log)"
		exit 1
	fi
	mkdir -p "$OK"
	echo "$SERIES $k/$total, $(date -u +%FT%TZ)" >"$OK/$key"
	k=$((k + 1))
done
echo "bisect-build: $SERIES: all $total prefixes build"

#!/bin/sh
# bisect-build.sh SERIES - build bzImage for every prefix of the series (patch
# 1, patches 1-2, ...) with the test config, in $BUILD/$SERIES-bisect, so
# that each patch is shown to build on its own. Slow: not part of make check.
# BISECT_FROM=k starts at prefix k (the earlier ones were shown before).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
SERIES=${1:?usage: bisect-build.sh SERIES}
BUILD=${BUILD:-$TOP/build}
export NAME="$SERIES-bisect"
all=$(series_patches "$SERIES")
total=$(echo "$all" | wc -l)
k=${BISECT_FROM:-1}
while [ "$k" -le "$total" ]; do
	p=$(echo "$all" | sed -n "${k}p")
	# A prefix that built once is not built again (the run can be resumed).
	# The key is the diffs of the prefix's patches: a reworded commit
	# message or a renumbered subject does not change what is built.
	key=$(echo "$all" | head -n "$k" | xargs sed -n '/^diff --git /,$p' |
		sha256sum | cut -c1-16)
	if [ -f "$BUILD/$NAME/ok/$key" ]; then
		echo "bisect-build: $k/$total $(basename "$p"): built before"
		k=$((k + 1))
		continue
	fi
	echo "bisect-build: $k/$total $(basename "$p")"
	PATCH_LIMIT=$k "$TOP/scripts/prepare-tree.sh" "$SERIES" >/dev/null
	PATCH_LIMIT=$k "$TOP/scripts/configure.sh" "$SERIES" >/dev/null
	if ! "$TOP/scripts/build-kernel.sh" "$SERIES" >"$BUILD/$NAME/build-$k.log" 2>&1; then
		echo "bisect-build: FAILED at $k/$total $(basename "$p") (log: $BUILD/$NAME/build-$k.log)"
		exit 1
	fi
	mkdir -p "$BUILD/$NAME/ok"
	touch "$BUILD/$NAME/ok/$key"
	k=$((k + 1))
done
echo "bisect-build: $SERIES: all $total prefixes build"

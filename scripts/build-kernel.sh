#!/bin/sh
# build-kernel.sh SERIES - build bzImage for SERIES with clang-19 through ccache,
# and show that -fstrict-flex-arrays=3 is among the flags really used.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"

make -s -C "$TREE" O="$OBJ" -j"$(nproc)" bzImage
cmd=$OBJ/net/.socket.o.cmd
if grep -q -- '-fstrict-flex-arrays=3' "$cmd"; then
	echo "build: $SERIES: -fstrict-flex-arrays=3 is in $(basename "$cmd")'s command line"
else
	echo "build: -fstrict-flex-arrays=3 missing from $cmd" >&2
	exit 1
fi
ls -l "$OBJ/arch/x86/boot/bzImage" | awk '{print "build: bzImage " $5 " bytes"}'

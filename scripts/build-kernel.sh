#!/bin/sh
# build-kernel.sh SERIES - build bzImage for SERIES with clang-19 through ccache,
# and show that -fstrict-flex-arrays=3 is among the flags really used (with
# LLVM empty, gcc: that it is not, as gcc-12 does not have it).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"

make -s -C "$TREE" O="$OBJ" -j"$(nproc)" bzImage
cmd=$OBJ/net/.socket.o.cmd
if [ -n "${LLVM:-}" ]; then
	if grep -q -- '-fstrict-flex-arrays=3' "$cmd"; then
		echo "build: $SERIES: -fstrict-flex-arrays=3 is in $(basename "$cmd")'s command line"
	else
		echo "build: -fstrict-flex-arrays=3 missing from $cmd" >&2
		exit 1
	fi
else
	# gcc-12 has no -fstrict-flex-arrays; kbuild adds it only by cc-option.
	if grep -q -- '-fstrict-flex-arrays' "$cmd"; then
		echo "build: $(gcc --version | head -1) has -fstrict-flex-arrays after all ($cmd)" >&2
		exit 1
	fi
	echo "build: $SERIES: gcc, no -fstrict-flex-arrays on $(basename "$cmd")'s command line"
fi
ls -l "$OBJ/arch/x86/boot/bzImage" | awk '{print "build: bzImage " $5 " bytes"}'

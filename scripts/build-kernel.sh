#!/bin/sh
# build-kernel.sh SERIES [PROFILE] - build the run's kernel image (bzImage;
# Image on arm64: scripts/lib.sh kernel_image) through ccache
# with the profile's compiler, and show that -fstrict-flex-arrays=3 is
# among the flags really used (clang-19), or that it is not (gcc-12 does
# not have it; 6.1's Makefile, older than the flag, does not ask for it).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
# (an assignment: an architecture without a booted kernel stops here)
image=$(kernel_image)

make -s -C "$TREE" O="$OBJ" -j"$(nproc)" "${image% *}"

cmd=$OBJ/net/.socket.o.cmd
if [ ! -f "$cmd" ]; then
	echo "build: $RUN: no $cmd to show the flags net/socket.o was compiled with" >&2
	exit 1
fi
if ! grep -q -- '-fstrict-flex-arrays=3' "$TREE/Makefile"; then
	# A tree older than the flag (6.1) does not ask for it.
	if grep -q -- '-fstrict-flex-arrays' "$cmd"; then
		echo "build: $RUN: -fstrict-flex-arrays in $cmd, which $TREE/Makefile does not ask for" >&2
		exit 1
	fi
	echo "build: $RUN: linux-source-$KERNEL does not ask for -fstrict-flex-arrays=3; not on $(basename "$cmd")'s command line"
elif [ -n "${LLVM:-}" ]; then
	if grep -q -- '-fstrict-flex-arrays=3' "$cmd"; then
		echo "build: $RUN: -fstrict-flex-arrays=3 is in $(basename "$cmd")'s command line"
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
	echo "build: $RUN: gcc, no -fstrict-flex-arrays on $(basename "$cmd")'s command line"
fi
ls -l "$OBJ/${image#* }" | awk -v t="${image% *}" '{print "build: " t " " $5 " bytes"}'

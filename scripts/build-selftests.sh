#!/bin/sh
# build-selftests.sh SERIES [PROFILE] - the kernel selftests
# tests/selftests/list names (those the tree has: scripts/lib.sh
# selftest_list), built from the series' own tree (of the
# profile's kernel) with the selftests' own Makefiles (lib.mk, static, -g0)
# into $KSFT/kselftest/ ($BUILD/$SERIES/ksft for 6.12: scripts/lib.sh
# run_env), for every profile of the series and kernel; make-initramfs.sh
# puts them into the guest. Nothing is written into the tree: the UAPI
# headers go to $KSFT/usr/include (make O=... headers) and
# each directory's programs are explicit goals of its Makefile with OUTPUT=
# outside the tree (TARGETS=net as a whole would also build libbpf, BPF
# objects and YNL, which writes into tools/net/ynl). The programs' sha256
# sums go to $KSFT_SUMS ($BUILD/$SERIES/selftests.sha256): the series
# changes no UAPI header, so both kernels must get byte-identical programs
# (make compare).
# Built with gcc, like the guest programs, whatever compiler the kernel has;
# for another architecture (i386: 32-bit programs; arm64) into a folder of
# its own.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
K=$KSFT

# (an assignment: a wrong line of tests/selftests/absent-KERNEL.txt stops here)
lines=$(selftest_list)
progs=$(printf '%s\n' "$lines" | awk '{ print $2 }')
[ -n "$progs" ] || { echo "build-selftests: no programs in tests/selftests/list"; exit 1; }
make -s -C "$TREE" O="$K" headers
# The programs of the profile's architecture, built by Debian's cross
# compiler for i386 and arm64 (scripts/lib.sh guest_cross).
# (an assignment: an architecture without guest programs stops here)
cross=$(guest_cross)
for d in $(for p in $progs; do dirname "$p"; done | LC_ALL=C sort -u); do
	goals=$(for p in $progs; do
		if [ "$(dirname "$p")" = "$d" ]; then echo "$K/kselftest/$p"; fi
	done)
	mkdir -p "$K/kselftest/$d"
	# shellcheck disable=SC2086
	env -u LLVM -u CC make -s -C "$TREE/tools/testing/selftests/$d" OUTPUT="$K/kselftest/$d" \
		CROSS_COMPILE="$cross" KHDR_INCLUDES="-isystem $K/usr/include" USERCFLAGS="-g0" \
		USERLDFLAGS="-static" $goals
done
n=0
for p in $progs; do
	[ -x "$K/kselftest/$p" ] || { echo "build-selftests: $p was not built"; exit 1; }
	n=$((n + 1))
done
# shellcheck disable=SC2086
(cd "$K/kselftest" && sha256sum $progs) >"$KSFT_SUMS"
echo "build-selftests: $SERIES: $n programs"

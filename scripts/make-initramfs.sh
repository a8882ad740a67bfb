#!/bin/sh
# make-initramfs.sh SERIES - static /init and every tests/guest/*.c program,
# built against the series' own kselftest_harness.h (and samples/bpf/bpf_insn.h
# for the BPF programs), packed as a gzip'd cpio.
# GUEST_TESTS (a list of .c files) narrows the set, for working on one test.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"
ROOT=$DIR/initramfs
OUT=$DIR/initramfs.cpio.gz
GUEST_CC=${GUEST_CC:-gcc}
CFLAGS="-static -O2 -g0 -Wall -Werror -Wno-format-overflow -I$TREE/tools/testing/selftests -I$TREE/samples/bpf"

rm -rf "$ROOT"
mkdir -p "$ROOT/tests" "$ROOT/dev" "$ROOT/proc" "$ROOT/sys" "$ROOT/tmp"
# shellcheck disable=SC2086
$GUEST_CC $CFLAGS -o "$ROOT/init" "$TOP/tests/init/init.c"
n=0
for src in ${GUEST_TESTS:-"$TOP"/tests/guest/*.c}; do
	# shellcheck disable=SC2086
	$GUEST_CC $CFLAGS -o "$ROOT/tests/$(basename "$src" .c)" "$src"
	n=$((n + 1))
done
# The functions /init profiles for scripts/coverage.py report (the list
# comes from the main tree and its built objects; COVERAGE=no for kernels
# without ftrace, such as the benchmark kernels).
rm -f "$DIR/coverage.funcs"
if [ "$SERIES" = main ] && [ "${COVERAGE:-yes}" = yes ] && [ -f "$OBJ/vmlinux" ]; then
	python3 "$TOP/scripts/coverage.py" funcs "$TREE" "$OBJ" >"$DIR/coverage.funcs"
	cp "$DIR/coverage.funcs" "$ROOT/coverage.funcs"
fi
(cd "$ROOT" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -9n >"$OUT"
echo "initramfs: $n guest test program(s), $(stat -c %s "$OUT") bytes"

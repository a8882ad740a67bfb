#!/bin/sh
# make-initramfs.sh SERIES [PROFILE] - static /init and the profile's guest
# programs (GUESTS=suite: every tests/guest/*.c program, built against
# 6.12's kselftest_harness.h (lib.sh guest_harness) and the series'
# samples/bpf/bpf_insn.h (for the BPF programs), and the kernel selftests of
# tests/selftests/list (built by build-selftests.sh; in /selftests, each run
# through /selftests/ksft_run, tests/init/ksft_run.c); else the .c files it names,
# such as the benchmark's), packed as a gzip'd cpio. The programs run in the
# order of tests/guest/order (/tests.order in the initramfs), or GUESTS'.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
guest_suite_only
ROOT=$DIR/initramfs
OUT=$DIR/initramfs.cpio.gz
HARNESS=$(guest_harness)
# -fno-strict-aliasing, as the kernel is built: the programs write a
# struct sockaddr_storage through the family's own struct (the socket API's
# type punning, which ISO C's aliasing rules do not allow), and 32-bit gcc -O2
# moved families_legacy.c's copy "c.to = c.srv" before the store of the
# callsign into c.srv: AX.25 and NET/ROM connected to an empty callsign.
CFLAGS="-static -O2 -fno-strict-aliasing -g0 -Wall -Werror -Wno-format-overflow -I$HARNESS -I$TREE/samples/bpf"
# The programs of the profile's architecture (ARCH): an i386 kernel runs
# 32-bit programs, an arm64 kernel arm64 programs, each built by Debian's
# cross compiler (scripts/lib.sh guest_cross).
# (an assignment: an architecture without guest programs stops here)
cross=$(guest_cross)
GUEST_CC=${GUEST_CC:-${cross}gcc}
# NAME_compat programs: the profile's 32-bit compat ABI (lib.sh
# guest_compat_cross), left out where it has none.
compat=$(guest_compat_cross)

rm -rf "$ROOT"
mkdir -p "$ROOT/tests" "$ROOT/dev" "$ROOT/proc" "$ROOT/sys" "$ROOT/tmp"
# /init writes the guest KTAP and the files to the ports the machine
# (config/machines/, the same file boot.sh reads) gives those roles.
machine_env
# (assignments: a machine without such a port stops the script here)
ktap_tty=/dev/$(serial_port ktap)
files_tty=/dev/$(serial_port files)
# shellcheck disable=SC2086
$GUEST_CC $CFLAGS -DKTAP_TTY="\"$ktap_tty\"" -DFILES_TTY="\"$files_tty\"" \
	-o "$ROOT/init" "$TOP/tests/init/init.c"
# The run order is tests/guest/order, which must name every program and
# every selftest once; a guest program's name may be followed by "netns"
# (/init runs it in a network namespace of its own), nothing else.
ORDER=$TOP/tests/guest/order
SELFTESTS=$TOP/tests/selftests/list
lines=$(grep -v -e '^#' -e '^[[:space:]]*$' "$ORDER")
bad=$(echo "$lines" | awk 'NF > 2 || (NF == 2 && $2 != "netns")')
if [ -n "$bad" ]; then
	echo "make-initramfs: $ORDER: a name may be followed by \"netns\", nothing else: $bad" >&2
	exit 1
fi
names=$(echo "$lines" | awk '{ print $1 }')
netns=$(echo "$lines" | awk '$2 == "netns" { print $1 }')
selftests=$(grep -v -e '^#' -e '^[[:space:]]*$' "$SELFTESTS" | awk '{ print $1 }')
listed=$(echo "$names" | LC_ALL=C sort)
have=$( (for src in "$TOP"/tests/guest/*.c; do basename "$src" .c; done
	[ -z "$selftests" ] || echo "$selftests") | LC_ALL=C sort)
if [ "$listed" != "$have" ]; then
	echo "make-initramfs: $ORDER must name each tests/guest/*.c and each test of $SELFTESTS once (-: listed, +: programs):" >&2
	echo "$listed" >"$ROOT/order.listed"
	echo "$have" >"$ROOT/order.have"
	diff "$ROOT/order.listed" "$ROOT/order.have" | sed -n 's/^< /-/p; s/^> /+/p' >&2
	exit 1
fi
# The selftests this tree has (scripts/lib.sh selftest_list: another kernel
# tree lacks some, each named with its reason); the others are left out.
# (assignments: a wrong absent line stops the script here)
kept=$(selftest_list)
kept_names=$(printf '%s\n' "$kept" | awk '{ print $1 }')
for t in $selftests; do
	if ! echo "$kept_names" | grep -Fqx "$t"; then
		echo "make-initramfs: $RUN: no $t in linux-source-$KERNEL (tests/selftests/absent-$KERNEL.txt)"
		names=$(echo "$names" | awk -v t="$t" '$0 != t')
	fi
done
printf '%s\n' "$kept" >"$DIR/selftests.list"
if [ -z "$compat" ]; then
	for name in $names; do
		case $name in *_compat)
			echo "make-initramfs: $RUN: no compat ABI for ARCH=$KARCH: $name left out"
			names=$(echo "$names" | awk -v t="$name" '$0 != t')
			;;
		esac
	done
fi
# A profile that names its programs (.c files under the workbench, or
# absolute paths) runs them alone, in the order given.
guests=
if [ "$GUESTS" != suite ]; then
	for src in $GUESTS; do
		case $src in /*) ;; *) src=$TOP/$src ;; esac
		[ -f "$src" ] || { echo "make-initramfs: $PROFILE_FILE: no $src" >&2; exit 1; }
		guests="$guests $src"
	done
	names=$(for src in $guests; do basename "$src" .c; done)
fi
n=0
k=0
: >"$ROOT/tests.order"
for name in $names; do
	# a guest program's source, or a selftest's program (tests/selftests/list)
	if [ -n "$guests" ]; then
		prog=
		src=$(for s in $guests; do
			if [ "$(basename "$s" .c)" = "$name" ]; then echo "$s"; fi
		done | head -n 1)
	else
		prog=$(awk -v n="$name" '$1 == n { print $2 }' "$DIR/selftests.list")
		src=$TOP/tests/guest/$name.c
	fi
	word=
	if [ -z "$prog" ]; then
		cc=$GUEST_CC
		case $name in *_compat)
			# (a profile's own GUESTS list may name one)
			[ -n "$compat" ] ||
				{ echo "make-initramfs: $RUN: no compat ABI for ARCH=$KARCH: cannot build $name" >&2; exit 1; }
			cc=${compat}gcc
			;;
		esac
		# shellcheck disable=SC2086
		$cc $CFLAGS -o "$ROOT/tests/$name" "$src"
		if [ -z "$guests" ] && echo "$netns" | grep -Fqx "$name"; then
			word=" netns"
		fi
	else
		if echo "$netns" | grep -Fqx "$name"; then
			echo "make-initramfs: $ORDER: $name is a selftest: its namespace is tests/selftests/list's business" >&2
			exit 1
		fi
		# A selftest: its program (build-selftests.sh), run by the launcher.
		[ -x "$KSFT/kselftest/$prog" ] ||
			{ echo "make-initramfs: $name: no $KSFT/kselftest/$prog (make selftests)" >&2; exit 1; }
		if [ ! -x "$ROOT/selftests/ksft_run" ]; then
			mkdir -p "$ROOT/selftests"
			# shellcheck disable=SC2086
			$GUEST_CC $CFLAGS -o "$ROOT/selftests/ksft_run" "$TOP/tests/init/ksft_run.c"
			cp "$DIR/selftests.list" "$ROOT/selftests/list"
		fi
		mkdir -p "$ROOT/selftests/$(dirname "$prog")"
		cp "$KSFT/kselftest/$prog" "$ROOT/selftests/$prog"
		ln -s /selftests/ksft_run "$ROOT/tests/$name"
		k=$((k + 1))
	fi
	echo "$name$word" >>"$ROOT/tests.order"
	n=$((n + 1))
done
# The functions /init profiles for scripts/coverage.py report (the list
# comes from the main tree and its built objects; a profile without ftrace,
# such as the benchmark's, says COVERAGE=no).
rm -f "$DIR/coverage.funcs" "$DIR/coverage.json"
if [ "$SERIES" = main ] && [ "$COVERAGE" = yes ] && [ -f "$OBJ/vmlinux" ]; then
	python3 "$TOP/scripts/coverage.py" funcs "$TREE" "$OBJ" --json "$DIR/coverage.json" \
		>"$DIR/coverage.funcs"
	cp "$DIR/coverage.funcs" "$ROOT/coverage.funcs"
fi
(cd "$ROOT" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -9n >"$OUT"
echo "initramfs: $n guest test program(s), $k of them kernel selftests, $(stat -c %s "$OUT") bytes"

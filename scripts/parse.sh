#!/bin/sh
# parse.sh SERIES [PROFILE] - judge one boot: the console must be free of sanitizer
# reports, WARNINGs, Oopses and panics, the guest must have finished, and the
# KUnit (console) and guest ("ktap" port) KTAP streams are parsed with the kernel's
# own tools/testing/kunit/kunit.py into one summary table.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
guest_suite_only

KUNIT="python3 $TREE/tools/testing/kunit/kunit.py parse"
rc=0

guest_console_clean || rc=1
guest_files || rc=1

# KUnit runs before /init: its KTAP ends where user space begins.
sed '/Run \/init as init process/q' "$DIR/console.log" >"$DIR/kunit.log"
# kunit.py exits non-zero when a case fails; which failures are expected is
# summary.py's business, and a stream it could not parse has no results there
# (no stale results either: the old JSON goes first).
rm -f "$DIR/kunit.json" "$DIR/guest.json" "$DIR/summary.json"
$KUNIT --json="$DIR/kunit.json" "$DIR/kunit.log" >"$DIR/kunit.txt" 2>&1 || true
$KUNIT --json="$DIR/guest.json" "$DIR/guest.ktap" >"$DIR/guest.txt" 2>&1 || true

# Cases this kernel is expected to fail (the baseline fails the bounds
# cases), by series; cases this kernel is expected to skip, by run (RUN:
# a gcc-12 kernel skips what a clang one runs). No file: no case may skip.
xfail=$TOP/tests/expect/$SERIES.xfail
skip=$TOP/tests/expect/$RUN.skip
set --
[ -f "$xfail" ] && set -- --xfail "$xfail"
[ -f "$skip" ] && set -- "$@" --skip "$skip"
# The verdict is summary.py's exit status, not a search of its text.
python3 "$TOP/scripts/summary.py" "$@" --json "$DIR/summary.json" --ktap guest="$DIR/guest.ktap" \
	kunit="$DIR/kunit.json" guest="$DIR/guest.json" \
	>"$DIR/summary.txt" || rc=1
cat "$DIR/summary.txt"
# Coverage: did every callback implementation and changed function run?
if [ -f "$DIR/coverage.json" ]; then
	python3 "$TOP/scripts/coverage.py" report "$DIR" \
		--reasons "$TOP/tests/expect/coverage.reasons" >"$DIR/coverage.txt" || rc=1
	cat "$DIR/coverage.txt"
fi
[ "$rc" = 0 ] || echo "parse: $RUN: FAILED (logs in $DIR)"
exit "$rc"

#!/bin/sh
# parse.sh SERIES - judge one boot: the console must be free of sanitizer
# reports, WARNINGs, Oopses and panics, the guest must have finished, and the
# KUnit (console) and guest (ttyS1) KTAP streams are parsed with the kernel's
# own tools/testing/kunit/kunit.py into one summary table.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"

KUNIT="python3 $DIR/linux/tools/testing/kunit/kunit.py parse"
BAD='BUG:|KASAN|UBSAN|WARNING:|field-spanning|detected buffer overflow|Oops|Kernel panic|kernel BUG|Call Trace:'
rc=0

if grep -E -n "$BAD" "$DIR/console.log" >"$DIR/console.bad"; then
	echo "parse: $SERIES: the console reports trouble:"
	sed 's/^/  /' "$DIR/console.bad" | head -40
	rc=1
fi
if ! grep -q "init: all tests done" "$DIR/console.log"; then
	echo "parse: $SERIES: the guest did not finish its tests"
	rc=1
fi

# The files the guest sent on ttyS2, one "### NAME" section each, go to
# $DIR/files/NAME; "### end" says that the guest sent all of them.
rm -rf "$DIR/files"
mkdir -p "$DIR/files"
awk -v d="$DIR/files" '
/^### / { f = d "/" substr($0, 5); sub(/\/[^\/]*$/, "", f)
	  system("mkdir -p \"" f "\""); f = d "/" substr($0, 5); printf "" > f; next }
f { print > f }' "$DIR/files.txt" 2>/dev/null || true
if [ ! -f "$DIR/files/end" ]; then
	echo "parse: $SERIES: the guest did not send its files (transcripts, coverage)"
	rc=1
fi

# KUnit runs before /init: its KTAP ends where user space begins.
sed '/Run \/init as init process/q' "$DIR/console.log" >"$DIR/kunit.log"
# kunit.py exits non-zero when a case fails; which failures are expected is
# summary.py's business, and a stream it could not parse has no results there
# (no stale results either: the old JSON goes first).
rm -f "$DIR/kunit.json" "$DIR/guest.json"
$KUNIT --json="$DIR/kunit.json" "$DIR/kunit.log" >"$DIR/kunit.txt" 2>&1 || true
$KUNIT --json="$DIR/guest.json" "$DIR/guest.ktap" >"$DIR/guest.txt" 2>&1 || true

# Cases this kernel is expected to fail (the baseline fails the bounds cases).
xfail=$TOP/tests/expect/$SERIES.xfail
set --
[ -f "$xfail" ] && set -- --xfail "$xfail"
python3 "$TOP/scripts/summary.py" "$@" kunit="$DIR/kunit.json" guest="$DIR/guest.json" |
	tee "$DIR/summary.txt"
grep -q ' 0 failed' "$DIR/summary.txt" || rc=1
grep -q 'no test results' "$DIR/summary.txt" && rc=1
# Coverage: did every callback implementation and changed function run?
if [ -f "$DIR/coverage.funcs" ]; then
	python3 "$TOP/scripts/coverage.py" report "$DIR" \
		--reasons "$TOP/tests/expect/coverage.reasons" >"$DIR/coverage.txt" || rc=1
	cat "$DIR/coverage.txt"
fi
[ "$rc" = 0 ] || echo "parse: $SERIES: FAILED (logs in $DIR)"
exit "$rc"

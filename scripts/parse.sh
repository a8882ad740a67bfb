#!/bin/sh
# parse.sh SERIES [PROFILE] - judge one boot of a test or benchmark kernel:
# the console must be free of sanitizer reports, WARNINGs, Oopses and
# panics, the guest must have finished, and the KUnit (console) and guest
# ("ktap" port) KTAP streams are parsed with the kernel's own
# tools/testing/kunit/kunit.py into one summary table, which summary.py
# judges against the run's pinned expectations.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
guest_suite_only

KUNIT="python3 $TREE/tools/testing/kunit/kunit.py parse"
rc=0

guest_console_clean || rc=1
guest_files || rc=1

# kunit.py exits non-zero when a case fails; which failures are expected is
# summary.py's business, and a stream it could not parse has no results there
# (no stale results either: the old JSON goes first).
rm -f "$DIR/kunit.log" "$DIR/kunit.txt" "$DIR/kunit.json" "$DIR/guest.json" "$DIR/summary.json"
set -- guest="$DIR/guest.json"
# KUnit runs before /init: its KTAP ends where user space begins. A kernel
# built without KUnit (the benchmark's) has no such stream; one built with
# it must have results there.
if grep -q '^CONFIG_KUNIT=y' "$OBJ/.config"; then
	sed '/Run \/init as init process/q' "$DIR/console.log" >"$DIR/kunit.log"
	$KUNIT --json="$DIR/kunit.json" "$DIR/kunit.log" >"$DIR/kunit.txt" 2>&1 || true
	set -- kunit="$DIR/kunit.json" "$@"
fi
$KUNIT --json="$DIR/guest.json" "$DIR/guest.ktap" >"$DIR/guest.txt" 2>&1 || true

# The cases this run is expected to fail or to skip (lib.sh expect_files).
expect_files
[ -z "$SKIP" ] || set -- --skip "$SKIP" "$@"
[ -z "$FLAKY" ] || set -- --flaky "$FLAKY" "$@"
[ -z "$XFAIL" ] || set -- --xfail "$XFAIL" "$@"
# The verdict is summary.py's exit status, not a search of its text.
python3 "$TOP/scripts/summary.py" --json "$DIR/summary.json" --ktap guest="$DIR/guest.ktap" \
	"$@" >"$DIR/summary.txt" || rc=1
cat "$DIR/summary.txt"
# Coverage: did every callback implementation and changed function run?
if [ -f "$DIR/coverage.json" ]; then
	python3 "$TOP/scripts/coverage.py" report "$DIR" \
		--reasons "$TOP/tests/expect/coverage.reasons" >"$DIR/coverage.txt" || rc=1
	cat "$DIR/coverage.txt"
fi
[ "$rc" = 0 ] || echo "parse: $RUN: FAILED (logs in $DIR)"
exit "$rc"

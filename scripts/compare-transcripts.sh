#!/bin/sh
# compare-transcripts.sh [BASE [SERIES [OUT]]] - the differential proof: the guest
# programs write a canonical transcript of everything user space saw
# (tests/guest/lib/transcript.h); the baseline (default: none) and the
# patched kernel (default: main) must agree line for line, apart from the
# behaviour the series changes on purpose, listed as "FILE:-line" (the
# baseline's) and "FILE:+line" (the series') entries: for a queue of
# patches/queues, in tests/expect/part-X.transcript.diff of each part X it
# takes (a part without that file changes nothing that user space sees);
# for a folder series or another profile's run, in
# tests/expect/RUN.transcript.diff (main-gcc12 for main/gcc12), and where a
# queue's run of another profile has none, against the same profile's
# baseline (none/arm64 and main/arm64, none/i386 and fixes/i386), the
# queue's part-X files as on the test profile, for a profile of 6.12's
# tree; EXPECT=FILE overrides them all.
#
# Fails on a difference that is not listed, on a listed difference that did
# not happen (a stale entry hides nothing), and on a transcript that only one
# kernel wrote. The diff is kept in $BUILD/OUT/transcript.diff, the counts in
# $BUILD/OUT/compare.json (for scripts/report.py); OUT is SERIES unless
# given (make arm64 compares main with main/arm64 into main/arm64/arch).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
build_env
# BASE and SERIES are run folders under $BUILD: a series (the test
# profile's run) or SERIES/PROFILE (make gcc12: main/gcc12)
BASE=${1:-none}
SERIES=${2:-main}
OUTDIR=$BUILD/${3:-$SERIES}
A=$BUILD/$BASE/files/transcript
B=$BUILD/$SERIES/files/transcript
mkdir -p "$OUTDIR"
OUT=$OUTDIR/transcript.diff
rc=0
rm -f "$OUTDIR/compare.json"
if [ -z "${EXPECT:-}" ]; then
	queues=$(/usr/bin/python3 "$TOP/scripts/queues.py" names)
	# a run's expectations are named by RUN (main/gcc12: main-gcc12)
	EXPECT=$TOP/tests/expect/$(echo "$SERIES" | tr / -).transcript.diff
	# the queue of SERIES: itself, or, for another profile's run
	# compared with the same profile's baseline, the folder's first part
	queue=
	if echo "$queues" | grep -qx -e "$SERIES"; then
		queue=$SERIES
	elif [ ! -f "$EXPECT" ] && [ "$BASE" = "none/${SERIES#*/}" ] &&
		echo "$queues" | grep -qx -e "${SERIES%%/*}" &&
		[ "$(profile_env "${SERIES#*/}" >/dev/null && echo "$KERNEL")" = 6.12 ]; then
		# (patches/ is 6.12's queue: another tree's run names its own file)
		queue=${SERIES%%/*}
	fi
	if [ -n "$queue" ]; then
		parts=$(/usr/bin/python3 "$TOP/scripts/queues.py" parts "$queue")
		EXPECT=$OUTDIR/transcript.intended
		: >"$EXPECT"
		for p in $(echo "$parts" | sed 's/./& /g'); do
			f=$TOP/tests/expect/part-$p.transcript.diff
			[ ! -f "$f" ] || cat "$f" >>"$EXPECT"
		done
	fi
fi

for d in "$A" "$B"; do
	if [ -z "$(ls "$d" 2>/dev/null)" ]; then
		echo "compare-transcripts: no transcripts in $d (run make run and make baseline first)"
		exit 1
	fi
done

# One line per difference, "FILE:-line" or "FILE:+line", in diff order.
: >"$OUT"
for f in $( (ls "$A"; ls "$B") | LC_ALL=C sort -u); do
	if [ ! -f "$A/$f" ] || [ ! -f "$B/$f" ]; then
		echo "compare-transcripts: $f: written by one kernel only"
		rc=1
		continue
	fi
	# -a: a transcript with a stray NUL byte is still compared line by
	# line (without it diff says only "Binary files differ", which has no
	# -/+ line). Status 1 is "they differ"; 2 and above is trouble.
	if diff -a -U0 "$A/$f" "$B/$f" >"$OUT.one"; then
		:
	else
		s=$?
		if [ "$s" -gt 1 ]; then
			echo "compare-transcripts: diff of $f failed (exit $s)"
			exit 2
		fi
	fi
	sed -n "/^[-+][-+][-+] /d; s/^\([-+]\)/$f:\1/p" "$OUT.one" >>"$OUT"
done
rm -f "$OUT.one"

lines=$(cat "$A"/* | wc -l)
: >"$OUT.expected"
if [ -f "$EXPECT" ]; then
	# grep exits 1 when it selects nothing (a file of comments only).
	grep -v -e '^#' -e '^[[:space:]]*$' "$EXPECT" >"$OUT.expected" || [ "$?" = 1 ]
	LC_ALL=C sort -o "$OUT.expected" "$OUT.expected"
fi
LC_ALL=C sort "$OUT" >"$OUT.sorted"
LC_ALL=C comm -13 "$OUT.expected" "$OUT.sorted" >"$OUT.unexpected"
LC_ALL=C comm -23 "$OUT.expected" "$OUT.sorted" >"$OUT.stale"
if [ -s "$OUT.unexpected" ]; then
	echo "compare-transcripts: $BASE and $SERIES differ where they must not:"
	sed 's/^/  /' "$OUT.unexpected" | head -60
	rc=1
fi
if [ -s "$OUT.stale" ]; then
	echo "compare-transcripts: intended differences that did not happen (stale $EXPECT?):"
	sed 's/^/  /' "$OUT.stale" | head -60
	rc=1
fi
files=$(ls "$A" | wc -l)
differ=$(wc -l <"$OUT")
intended=$(wc -l <"$OUT.expected")
unexpected=$(wc -l <"$OUT.unexpected")
stale=$(wc -l <"$OUT.stale")
echo "compare-transcripts: $files transcripts, $lines lines;" \
	"$differ lines differ, $intended of them intended;" \
	"unexpected $unexpected, stale $stale"
printf '{"base": "%s", "series": "%s", "transcripts": %d, "lines": %d, "differ": %d, "intended": %d, "unexpected": %d, "stale": %d, "ok": %s}\n' \
	"$BASE" "$SERIES" "$files" "$lines" "$differ" "$intended" "$unexpected" "$stale" \
	"$([ "$rc" = 0 ] && echo true || echo false)" \
	>"$OUTDIR/compare.json"
rm -f "$OUT.sorted" "$OUT.expected"
exit "$rc"

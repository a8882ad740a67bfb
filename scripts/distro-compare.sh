#!/bin/sh
# distro-compare.sh [BASE [SERIES]] - make distro's differential check: the
# system test's result lines of the two Debian boots (default none and
# main) must agree, apart from the entries of
# tests/expect/distro.transcript.diff (none today: the series changes no
# result). The results are made comparable first (the kernel release's
# -wb-SERIES suffix and the "# wb-time" measurement lines go), then compared by
# scripts/compare-transcripts.sh, the same rules as the guest transcripts.
# Then scripts/distro_report.py writes the figures of both kernels
# ($BUILD/SERIES/distro/) to $BUILD/distro/summary.md.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
BASE=${1:-none}
SERIES=${2:-main}
. "$TOP/scripts/lib.sh"
build_env
for s in "$BASE" "$SERIES"; do
	r=$BUILD/$s/distro/result.log
	[ -s "$r" ] || { echo "distro-compare: no $r (scripts/distro-boot.sh $s first)"; exit 1; }
	t=$BUILD/$s/distro/files/transcript
	rm -rf "$t"
	mkdir -p "$t"
	sed -e '/^# wb-time /d' -e "s/-wb-$s\\b/-wb-SERIES/g" "$r" >"$t/system-test.txt"
done
EXPECT=$TOP/tests/expect/distro.transcript.diff \
	"$TOP/scripts/compare-transcripts.sh" "$BASE/distro" "$SERIES/distro"
mkdir -p "$BUILD/distro"
python3 "$TOP/scripts/distro_report.py" "$BUILD" "$BASE/distro" "$SERIES/distro" >"$BUILD/distro/summary.md"
cat "$BUILD/distro/summary.md"

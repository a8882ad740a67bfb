#!/bin/sh
# report.sh SERIES - measure SERIES against the baseline (none) and write
# $BUILD/report/report.md (scripts/report.py). It expects both test kernels
# (make report builds and boots them first), and builds here what only the
# report needs:
#  - the allmodconfig objects of the files SERIES touches, in both trees
#    with the fixed RANDSTRUCT seed (config/randstruct.seed),
#  - two benchmark kernels, $BUILD/none/bench and $BUILD/SERIES/bench
#    (the same trees; config/profiles/bench.conf: no checkers, QEMU
#    -icount, tests/bench/sockaddr_bench.c as the only guest program),
#  - the ABI layout check and warning census (scripts/abi-layout.sh),
#  - fixes-alone and backport-build, which a cold make check has no time for.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
SERIES=${1:?usage: report.sh SERIES}
build_env
OUT=$BUILD/report
mkdir -p "$OUT"

echo "report: allmodconfig objects of the files $SERIES touches, in $SERIES and the baseline"
# The series' files must compile cleanly (as make compile-touched asks);
# the baseline's may warn under W=1 (binary_identity.py names any object
# that was not built).
if ! "$TOP/scripts/compile-touched.sh" "$SERIES" >"$OUT/allmod-$SERIES.log" 2>&1; then
	echo "report: $SERIES: the touched files do not compile cleanly ($OUT/allmod-$SERIES.log)" >&2
	exit 1
fi
"$TOP/scripts/compile-touched.sh" none "$SERIES" >"$OUT/allmod-none.log" 2>&1 ||
	echo "report: (some baseline files did not compile cleanly: $OUT/allmod-none.log)"
tail -n 1 "$OUT/allmod-$SERIES.log" "$OUT/allmod-none.log"

# The static stages that do not fit in a cold make check (section 10 of
# the report): each fix of part A alone on plain 6.12.118, and code that
# calls part B's interfaces as later upstream backports do.
echo "report: each fix alone on plain 6.12.118; later backports' callers on $SERIES"
if ! "$TOP/scripts/fixes-alone.sh" >"$OUT/fixes-alone.log" 2>&1; then
	tail -n 20 "$OUT/fixes-alone.log" >&2
	echo "report: a fix does not apply or compile alone ($OUT/fixes-alone.log)" >&2
	exit 1
fi
if ! "$TOP/scripts/backport-build.sh" "$SERIES" >"$OUT/backport-build.log" 2>&1; then
	tail -n 20 "$OUT/backport-build.log" >&2
	echo "report: $SERIES: the backport callers do not build ($OUT/backport-build.log)" >&2
	exit 1
fi
tail -n 1 "$OUT/fixes-alone.log"
grep '^backport-build: ' "$OUT/backport-build.log"

for s in none "$SERIES"; do
	"$TOP/scripts/configure.sh" "$s" bench
	"$TOP/scripts/build-kernel.sh" "$s" bench
	"$TOP/scripts/make-initramfs.sh" "$s" bench
	"$TOP/scripts/boot.sh" "$s" bench
	# The same judge as every test kernel's: a clean console, the files
	# sent, each loop's KTAP result passed (tests/expect/SERIES-bench.*
	# would pin an exception; there is none).
	"$TOP/scripts/parse.sh" "$s" bench
done

# The other designs (REPORT_OTHERS, default legacy) were booted by make
# report like SERIES; layout, census and transcripts of each against the
# baseline.
others=""
for s in "$SERIES" ${REPORT_OTHERS-legacy}; do
	"$TOP/scripts/abi-layout.sh" none "$s" >"$OUT/abi-layout-$s.txt"
	# SERIES must agree with the baseline (make check's compare); another
	# design may differ, and the report shows how much.
	if ! "$TOP/scripts/compare-transcripts.sh" none "$s" >"$OUT/compare-$s.txt"; then
		if [ "$s" = "$SERIES" ]; then
			cat "$OUT/compare-$s.txt" >&2
			echo "report: $SERIES and the baseline differ where they must not" >&2
			exit 1
		fi
		echo "report: $s differs from the baseline (section 5 of the report)"
	fi
	# The kernel's own selftests: the same results on SERIES as on the
	# baseline (make check's compare); section 8 shows every kernel's.
	if [ "$s" = "$SERIES" ] &&
		! python3 "$TOP/scripts/compare_selftests.py" none "$s" >"$OUT/compare-selftests-$s.txt"; then
		cat "$OUT/compare-selftests-$s.txt" >&2
		echo "report: the selftests of $SERIES and the baseline differ" >&2
		exit 1
	fi
	[ "$s" = "$SERIES" ] || others="$others $s"
done
# shellcheck disable=SC2086
python3 "$TOP/scripts/report.py" "$BUILD" "$SERIES" $others >"$OUT/report.md"
echo "report: $OUT/report.md ($(wc -l <"$OUT/report.md") lines)"

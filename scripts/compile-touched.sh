#!/bin/sh
# compile-touched.sh SERIES [OTHER] - compile every .c file the series touches as a
# single object under x86_64 allmodconfig with clang-19, CONFIG_WERROR=y and
# W=1. Files x86_64 cannot build are listed in config/compile-skip.txt with
# the reason; each of them must still be touched by the series (no stale rows).
# OTHER: compile, in this series' tree, the files that the series OTHER
# touches (make report: the baseline's objects of the main series' files).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1"
OBJ=$DIR/allmod

files=$(git -C "$BUILD/${2:-$SERIES}/linux" diff --name-only base HEAD -- '*.c' | sort)
if [ -z "$files" ]; then
	echo "compile-touched: $SERIES touches no .c file"
	exit 0
fi
allmod_prepare "$TREE" "$OBJ"

# shellcheck disable=SC2086
objs=$(touched_objs "$TREE" "$OBJ" $files 2>"$DIR/compile-touched.skipped")
sed 's/^/compile-touched: /' "$DIR/compile-touched.skipped"
skipped=$(wc -l <"$DIR/compile-touched.skipped")
n=$(echo $objs | wc -w)
log=$DIR/compile-touched.log
status=0
# Always compile (ccache makes it cheap): warnings show only when compiling
# (touched_objs removed the old objects).
# shellcheck disable=SC2086
make -s -C "$TREE" O="$OBJ" -j"$(nproc)" -k W=1 $objs >"$log" 2>&1 || status=1
cat "$log"
if grep -E -q 'warning:|error:' "$DIR/compile-touched.log"; then
	status=1
fi
echo "compile-touched: $SERIES: $n file(s) compiled with W=1 under allmodconfig, $skipped skipped for x86_64"
exit "$status"

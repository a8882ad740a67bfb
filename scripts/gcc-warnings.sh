#!/bin/sh
# gcc-warnings.sh SERIES - Debian builds its kernels with gcc-12: compile
# every .c file SERIES touches as a single object with gcc-12 under x86_64
# allmodconfig with W=1 (no -Werror), once in the baseline tree (none) and
# once in the series' tree, and fail on an error or on any warning a file
# has in the series that it does not have in the baseline (compared per
# file, without line numbers, which the series moves). make gcc12 runs it
# as the gcc12 profile's first stage.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1" gcc12
if [ -n "${LLVM:-}" ]; then
	echo "gcc-warnings: LLVM=$LLVM: the gcc12 profile is not gcc's" >&2
	exit 1
fi
mkdir -p "$DIR"
echo "gcc-warnings: $(gcc --version | head -1)"

files=$(git -C "$TREE" diff --name-only base HEAD -- '*.c' | sort)
for side in none "$SERIES"; do
	tree=$BUILD/$side/linux
	obj=$BUILD/$side/allmod-gcc
	allmod_prepare "$tree" "$obj" nowerror
	# shellcheck disable=SC2086
	objs=$(touched_objs "$tree" "$obj" $files 2>/dev/null)
	n=$(echo $objs | wc -w)
	log=$DIR/gcc-warnings.$side.log
	# -k: every file, even after an error (errors are judged below)
	# shellcheck disable=SC2086
	make -s -C "$tree" O="$obj" -j"$(nproc)" -k W=1 $objs >"$log" 2>&1 || :
	if grep -q 'error:' "$log"; then
		echo "gcc-warnings: $side: errors:"
		grep -B2 -A3 'error:' "$log" | head -40 | sed 's/^/  /'
		exit 1
	fi
	# "path: message [-Wflag]", one line per warning, sorted (a multiset)
	sed -n 's#^\(\.\./\)*linux/\([^:]*\):[0-9]*:[0-9]*: warning: #\2: #p' "$log" |
		LC_ALL=C sort >"$DIR/gcc-warnings.$side.txt"
	echo "gcc-warnings: $side: $n file(s), $(wc -l <"$DIR/gcc-warnings.$side.txt") warning(s)"
done
LC_ALL=C comm -13 "$DIR/gcc-warnings.none.txt" "$DIR/gcc-warnings.$SERIES.txt" >"$DIR/gcc-warnings.new.txt"
LC_ALL=C comm -23 "$DIR/gcc-warnings.none.txt" "$DIR/gcc-warnings.$SERIES.txt" >"$DIR/gcc-warnings.gone.txt"
echo "gcc-warnings: $SERIES adds $(wc -l <"$DIR/gcc-warnings.new.txt") and removes $(wc -l <"$DIR/gcc-warnings.gone.txt") warning(s) in the files it touches"
if [ -s "$DIR/gcc-warnings.new.txt" ]; then
	sed 's/^/  new: /' "$DIR/gcc-warnings.new.txt" | head -40
	exit 1
fi

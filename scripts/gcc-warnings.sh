#!/bin/sh
# gcc-warnings.sh SERIES [PROFILE] - Debian builds its kernels with gcc-12:
# compile every .c file SERIES touches as a single object with gcc-12
# under allmodconfig with W=1 (no -Werror), once in the baseline tree
# (none) and once in the series' tree, and fail on an error or on any
# warning a file has in the series that it does not have in the baseline
# (compared per file, without line numbers, which the series moves).
# PROFILE: gcc12 (the default; x86_64, make gcc12's first stage) or a
# cross profile (make cross: another of Debian's architectures, its gcc-12
# cross compiler, and the allmodconfig that config/cross/ARCH.config
# starts from). The objects go to $BUILD/{none,SERIES}/allmod-PROFILE.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1" "${2:-gcc12}"
if [ -n "${LLVM:-}" ]; then
	echo "gcc-warnings: LLVM=$LLVM: the $PROFILE profile is not gcc's" >&2
	exit 1
fi
allconfig=
if [ -n "$CROSS" ]; then
	allconfig=$(config_fragments)
	case $allconfig in
	*" "*)
		echo "gcc-warnings: $PROFILE_FILE: one FRAGMENTS file, the allconfig, not $FRAGMENTS" >&2
		exit 1
		;;
	esac
fi
mkdir -p "$DIR"
cc=${CROSS_COMPILE:-}gcc
if ! command -v "$cc" >/dev/null; then
	echo "gcc-warnings: no $cc (make deps PROFILE=$PROFILE)" >&2
	exit 1
fi
echo "gcc-warnings: $PROFILE: ARCH=$KARCH, $($cc --version | head -1)"
case $($cc -dumpversion) in
12 | 12.*) ;;
*)
	echo "gcc-warnings: $cc is gcc $($cc -dumpversion), not Debian 12's gcc-12" >&2
	exit 1
	;;
esac

files=$(git -C "$TREE" diff --name-only base HEAD -- '*.c' | sort)
for side in none "$SERIES"; do
	tree=$BUILD/$side/linux
	obj=$BUILD/$side/allmod-$PROFILE
	allmod_prepare "$tree" "$obj" nowerror "$allconfig"
	# shellcheck disable=SC2086
	objs=$(touched_objs "$tree" "$obj" $files 2>"$DIR/gcc-warnings.$side.skipped")
	printf '%s\n' $objs >"$DIR/gcc-warnings.$side.files"
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
	# make's own failures (no rule for an object, ...) print no "error:"
	for o in $objs; do
		if [ ! -f "$obj/$o" ]; then
			echo "gcc-warnings: $side: $o was not built:"
			grep -v ' warning: ' "$log" | grep -E '\*\*\*|No rule' | head -20 | sed 's/^/  /'
			exit 1
		fi
	done
	# "path: message [-Wflag]", one line per warning, sorted (a multiset)
	sed -n 's#^\(\.\./\)*linux/\([^:]*\):[0-9]*:[0-9]*: warning: #\2: #p' "$log" |
		LC_ALL=C sort >"$DIR/gcc-warnings.$side.txt"
	echo "gcc-warnings: $side: $n file(s), $(wc -l <"$DIR/gcc-warnings.$side.skipped") skipped, $(wc -l <"$DIR/gcc-warnings.$side.txt") warning(s)"
done
LC_ALL=C comm -13 "$DIR/gcc-warnings.none.txt" "$DIR/gcc-warnings.$SERIES.txt" >"$DIR/gcc-warnings.new.txt"
LC_ALL=C comm -23 "$DIR/gcc-warnings.none.txt" "$DIR/gcc-warnings.$SERIES.txt" >"$DIR/gcc-warnings.gone.txt"
echo "gcc-warnings: $SERIES adds $(wc -l <"$DIR/gcc-warnings.new.txt") and removes $(wc -l <"$DIR/gcc-warnings.gone.txt") warning(s) in the files it touches"
if [ -s "$DIR/gcc-warnings.new.txt" ]; then
	sed 's/^/  new: /' "$DIR/gcc-warnings.new.txt" | head -40
	exit 1
fi

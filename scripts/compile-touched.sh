#!/bin/sh
# compile-touched.sh SERIES - compile every .c file the series touches as a
# single object under x86_64 allmodconfig with clang-19, CONFIG_WERROR=y and
# W=1. Files x86_64 cannot build are listed in config/compile-skip.txt with
# the reason; each of them must still be touched by the series (no stale rows).
# TOUCHED_BY=OTHER compiles, in this series' tree, the files that the series
# OTHER touches (make report: the baseline's objects of the main series' files).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"
OBJ=$DIR/allmod
SKIP=$TOP/config/compile-skip.txt

files=$(git -C "$BUILD/${TOUCHED_BY:-$SERIES}/linux" diff --name-only base HEAD -- '*.c' | sort)
if [ -z "$files" ]; then
	echo "compile-touched: $SERIES touches no .c file"
	exit 0
fi
if [ ! -f "$OBJ/include/generated/autoconf.h" ]; then
	mkdir -p "$OBJ"
	make -s -C "$TREE" O="$OBJ" allmodconfig >/dev/null
	"$TREE/scripts/config" --file "$OBJ/.config" -e WERROR
	make -s -C "$TREE" O="$OBJ" olddefconfig >/dev/null
fi
# allmodconfig randomizes struct layouts (RANDSTRUCT_FULL) with a seed that
# kbuild draws from /dev/urandom per object folder, so the same file gave
# different code in two folders, and ccache (which does not read the seed
# file clang reads) could not reuse objects across clones. Every allmodconfig
# folder gets the same seed, config/randstruct.seed, as
# Documentation/kbuild/reproducible-builds.rst advises; its .cmd file holds
# kbuild's own command line, so that if_changed keeps the seed, and ccache
# hashes it (CCACHE_EXTRAFILES).
SEED=$TOP/config/randstruct.seed
seed_file=$OBJ/scripts/basic/randstruct.seed
if ! cmp -s "$SEED" "$seed_file"; then
	mkdir -p "$OBJ/scripts/basic" "$OBJ/include/generated"
	cp "$SEED" "$seed_file"
	printf '#define RANDSTRUCT_HASHED_SEED "%s"\n' \
		"$(tr -d '\n' <"$SEED" | sha256sum | cut -d' ' -f1)" \
		>"$OBJ/include/generated/randstruct_hash.h"
	srctree=$(cd "$TREE" && pwd -P)
	printf 'savedcmd_scripts/basic/randstruct.seed := sh %s/scripts/gen-randstruct-seed.sh scripts/basic/randstruct.seed ./include/generated/randstruct_hash.h\n' \
		"$srctree" >"$OBJ/scripts/basic/.randstruct.seed.cmd"
fi
export CCACHE_EXTRAFILES="$seed_file"
make -s -C "$TREE" O="$OBJ" -j"$(nproc)" prepare >/dev/null
if ! cmp -s "$SEED" "$seed_file"; then
	echo "compile-touched: kbuild replaced the fixed RANDSTRUCT seed in $seed_file" >&2
	exit 1
fi

objs="" skipped=0 n=0
for f in $files; do
	[ -f "$TREE/$f" ] || continue
	if grep -q "^${f}[[:space:]]" "$SKIP" 2>/dev/null; then
		echo "compile-touched: skip $(grep "^${f}[[:space:]]" "$SKIP")"
		skipped=$((skipped + 1))
		continue
	fi
	objs="$objs ${f%.c}.o"
	n=$((n + 1))
done
log=$DIR/compile-touched.log
status=0
# Always compile (ccache makes it cheap): warnings show only when compiling.
for o in $objs; do rm -f "$OBJ/$o"; done
# shellcheck disable=SC2086
make -s -C "$TREE" O="$OBJ" -j"$(nproc)" -k W=1 $objs >"$log" 2>&1 || status=1
cat "$log"
if grep -E -q 'warning:|error:' "$DIR/compile-touched.log"; then
	status=1
fi
echo "compile-touched: $SERIES: $n file(s) compiled with W=1 under allmodconfig, $skipped skipped for x86_64"
exit "$status"

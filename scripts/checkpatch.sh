#!/bin/sh
# checkpatch.sh SERIES [PROFILE] - scripts/checkpatch.pl --strict on every
# patch of the series (cover letter excluded); any error or warning fails,
# except the message types config/checkpatch-ignore.txt (another kernel
# tree's: config/KERNEL/checkpatch-ignore.txt) lists for a patch, with the
# reason (the cover letter repeats it).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
# (the children of xargs below: checkpatch.sh --one SERIES PROFILE PATCH)
if [ "$1" = --one ]; then
	run_env "$2" "$3"
else
	run_env "$1" "${2:-test}"
fi
# checkpatch runs scripts/spdxcheck.py with the python3 on PATH; it needs
# python-ply, which deps.sh installs for Debian's own python3.
export PATH="/usr/bin:$PATH"
# 6.12's queue is patches/, another tree's patches/KERNEL/ (queues.py), each
# with its own list of ignored message types and its own cover letter.
if [ "$KERNEL" = 6.12 ]; then
	IGNORE=$TOP/config/checkpatch-ignore.txt
	cover=$TOP/patches/0000-cover-letter.patch
else
	IGNORE=$TOP/config/$KERNEL/checkpatch-ignore.txt
	cover=$TOP/patches/$KERNEL/0000-cover-letter.patch
fi
OUT=$DIR/checkpatch

# One patch: its verdict into $OUT/NAME.rc, what checkpatch said into
# $OUT/NAME.out. Two at a time (a cold make check has no minute to spare);
# printed and counted in the series' order below.
one() {
	p=$1
	name=$(basename "$p")
	types=$(awk -v f="$name" '$1 == f { print $2 }' "$IGNORE" | paste -sd, -)
	if [ -n "$types" ]; then
		echo "checkpatch: $name: ignoring $types (see $(basename "$IGNORE"))" >"$OUT/$name.note"
	fi
	rc=0
	(cd "$TREE" && scripts/checkpatch.pl --strict -q ${types:+--ignore "$types"} "$p") \
		>"$OUT/$name.out" 2>&1 || rc=$?
	echo "$rc" >"$OUT/$name.rc"
}
if [ "$1" = --one ]; then
	one "$4"
	exit 0
fi
patches=$(series_patches "$SERIES")
rm -rf "$OUT"
mkdir -p "$OUT"
# A child that dies leaves no .rc: "not checked" below fails the run.
# (An empty queue would still be one empty line for xargs.)
if [ -n "$patches" ]; then
	printf '%s\n' "$patches" | xargs -r -d '\n' -P 2 -n 1 sh "$TOP/scripts/checkpatch.sh" --one "$SERIES" "$PROFILE" ||
		echo "checkpatch: a checkpatch.pl child failed (xargs exit $?)"
fi
n=0 bad=0
for p in $patches; do
	name=$(basename "$p")
	n=$((n + 1))
	[ ! -f "$OUT/$name.note" ] || cat "$OUT/$name.note"
	if [ ! -f "$OUT/$name.rc" ]; then
		echo "checkpatch: $name: not checked"
		bad=$((bad + 1))
	elif [ "$(cat "$OUT/$name.rc")" != 0 ]; then
		echo "checkpatch: $name:"
		sed 's/^/  /' "$OUT/$name.out"
		bad=$((bad + 1))
	fi
done
if [ "$n" = 0 ]; then
	echo "checkpatch: $SERIES: no patch to check"
	bad=1
fi
echo "checkpatch: $SERIES: $n patch(es), $bad with errors or warnings"
# The cover letter names the commit the queue applies to (base-commit:);
# it must be the one prepare-tree.sh makes of the tarball.
want=$(base_commit_id "$SRC")
got=$(sed -n 's/^base-commit: //p' "$cover")
if [ "$got" != "$want" ]; then
	echo "checkpatch: $(basename "$cover"): base-commit ${got:-missing}, the tarball's commit is $want"
	bad=$((bad + 1))
else
	echo "checkpatch: $(basename "$cover"): base-commit $want, as prepare-tree.sh makes it"
fi
[ "$bad" = 0 ]

#!/bin/sh
# abi-layout.sh [BASE [SERIES]] - the user ABI does not move by a byte, and
# the flexible-array warnings are gone.
#
# tests/abi/layout.c (every header that declares or embeds a sockaddr) is
# compiled in both trees with the exact command line kbuild used for
# net/socket.o (from the compile_commands.json of the kernel's own
# scripts/clang-tools/gen_compile_commands.py; scripts/workbench.py
# compile-like), plus -g and -fno-eliminate-unused-debug-types, so that
# the debug info has every type the headers declare.
#
# Layout: pahole prints every struct and union that mentions a sockaddr;
# sizes, member offsets and holes must be identical in both trees (a type
# that only the series adds, e.g. the kernel-internal sockaddr_unsized, is
# listed, not compared). Census: the unique sites of
# -Wgnu-variable-sized-type-not-at-end that involve struct sockaddr, per
# tree; the series must have none. Results in $BUILD/SERIES/abi/, the
# counts also as result.json (for scripts/report.py).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
BASE=${1:-none}
run_env "${2:-main}"
OUT=$DIR/abi
rm -rf "$OUT"
mkdir -p "$OUT"

# compile NAME: layout.o and the warning log of one tree into $OUT/NAME.*
compile() {
	(
		run_env "$1"
		[ -f "$OBJ/net/.socket.o.cmd" ] ||
			{ echo "abi-layout: $1: no net/socket.o (build the kernel first)"; exit 1; }
		python3 "$TREE/scripts/clang-tools/gen_compile_commands.py" -d "$OBJ" \
			-o "$OUT/$1.compile_commands.json" "$OBJ/net"
		# kbuild's -Wno-gnu hides the warning the census counts; the last
		# flag wins.
		python3 "$TOP/scripts/workbench.py" compile-like "$OUT/$1.compile_commands.json" \
			net/socket.o "$TOP/tests/abi/layout.c" "$OUT/$1.o" \
			-g -fno-eliminate-unused-debug-types -Wgnu-variable-sized-type-not-at-end \
			-Wno-missing-prototypes >"$OUT/$1.warnings" 2>&1 ||
			{ echo "abi-layout: $1: tests/abi/layout.c does not compile:"; head -20 "$OUT/$1.warnings"; exit 1; }
	)
}

# layouts NAME: per struct/union that mentions a sockaddr, pahole's text
# (NAME.types/, for people) and its layout (NAME.layout/, compared): the
# nesting depth, offset and size of every member, in order, and the total
# size (scripts/workbench.py pahole_layouts(), tested in tests/tools). Member
# types are not compared: the series changes kernel-internal prototypes
# (proto_ops), and sockaddr's sa_data from the 2022 union to a plain
# char[14] at the same offset and size (for struct sockaddr itself only the
# top-level members are compared, the union's insides are gone).
layouts() {
	pahole --suppress_aligned_attribute "$OUT/$1.o" >"$OUT/$1.pahole"
	python3 "$TOP/scripts/workbench.py" pahole-layouts "$OUT/$1.pahole" "$OUT/$1"
}

# census NAME: unique "file:line" sites whose warning names struct sockaddr,
# the file relative to the tree (the compiler names it by its absolute
# path, or relative to the object folder when ccache's CCACHE_BASEDIR has
# rewritten the command: ../linux/include/...)
census() {
	_tree=$(run_env "$1" && echo "$TREE")
	_rel=$(run_env "$1" && realpath -m --relative-to="$OBJ" "$TREE")
	grep -E 'warning: .*sockaddr.*-Wgnu-variable-sized-type-not-at-end' "$OUT/$1.warnings" |
		sed -e 's/: warning:.*//' -e "s#^$_tree/##" -e "s#^$_rel/##" | sort -u >"$OUT/$1.census"
}

for s in "$BASE" "$SERIES"; do
	compile "$s"
	layouts "$s"
	census "$s"
done

rc=0
n=0
same=0
for f in "$OUT/$BASE.layout"/*; do
	t=$(basename "$f")
	n=$((n + 1))
	if [ ! -f "$OUT/$SERIES.layout/$t" ]; then
		echo "abi-layout: $t: in $BASE, missing in $SERIES"
		rc=1
	elif cmp -s "$f" "$OUT/$SERIES.layout/$t"; then
		same=$((same + 1))
	else
		echo "abi-layout: $t differs:"
		diff -u "$OUT/$BASE.types/$t" "$OUT/$SERIES.types/$t" | sed 's/^/  /' | head -40
		rc=1
	fi
done
new=$(cd "$OUT/$SERIES.layout" && for t in *; do [ -f "$OUT/$BASE.layout/$t" ] || printf ' %s' "$t"; done)
[ "$n" -gt 20 ] || { echo "abi-layout: only $n types found: the check sees too little"; rc=1; }
echo "abi-layout: $same of $n structs and unions that hold a sockaddr identical in $BASE and $SERIES;" \
	"only in $SERIES:${new:- none}"

b=$(wc -l <"$OUT/$BASE.census")
p=$(wc -l <"$OUT/$SERIES.census")
echo "census: -Wgnu-variable-sized-type-not-at-end sites involving struct sockaddr: $BASE $b, $SERIES $p"
if [ "$p" -ne 0 ]; then
	sed 's/^/  /' "$OUT/$SERIES.census"
	rc=1
fi
printf '{"base": "%s", "series": "%s", "types": %d, "identical": %d, "census": {"%s": %d, "%s": %d}, "ok": %s}\n' \
	"$BASE" "$SERIES" "$n" "$same" "$BASE" "$b" "$SERIES" "$p" \
	"$([ "$rc" = 0 ] && echo true || echo false)" >"$OUT/result.json"
exit "$rc"

#!/bin/sh
# configure.sh SERIES [PROFILE] - tinyconfig + the profile's config
# fragments, merged with the kernel's merge_config.sh; fails if any
# requested option did not stick.
# A bisect build (PATCH_LIMIT set) builds trees that lack what later patches
# add: there an option whose symbol no Kconfig file of the tree declares is
# only noted. So is one that config/KERNEL/absent.txt names for another
# kernel tree (6.1 lacks some options of 6.12's fragments).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
guest_suite_only
FRAGMENTS=$(config_fragments)

absent=
if [ "$KERNEL" != 6.12 ] && [ -f "$TOP/config/$KERNEL/absent.txt" ]; then
	absent=$TOP/config/$KERNEL/absent.txt
fi
# shellcheck disable=SC2086
want=$(cat "$TREE_STAMP" $FRAGMENTS $absent | sha256sum | cut -d' ' -f1)
stamp=$OBJ/config.stamp
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$OBJ/.config" ]; then
	echo "configure: $RUN: unchanged"
	exit 0
fi
mkdir -p "$OBJ"
make -s -C "$TREE" O="$OBJ" tinyconfig >/dev/null
# shellcheck disable=SC2086
(cd "$TREE" && scripts/kconfig/merge_config.sh -m -O "$OBJ" "$OBJ/.config" $FRAGMENTS >/dev/null)
make -s -C "$TREE" O="$OBJ" olddefconfig >/dev/null

# Every option of the fragments must be in the final .config as the last
# fragment that sets it asks (scripts/lib.sh config_not_stuck).
# shellcheck disable=SC2086
bad=$(config_not_stuck "$OBJ/.config" $FRAGMENTS)
nbad=$(printf '%s' "$bad" | awk 'END { print NR }')
if [ -n "$bad" ] && [ -n "${PATCH_LIMIT:-}" ]; then
	for sym in $(echo "$bad" | sed -n 's/^CONFIG_\([A-Za-z0-9_]*\)=.*/\1/p'); do
		if ! kconfig_declares "$TREE" "$sym"; then
			echo "configure: $RUN: CONFIG_$sym is not in this tree (first $PATCH_LIMIT patches)"
			bad=$(echo "$bad" | grep -v "^CONFIG_$sym=" || true)
		fi
	done
fi
# Another kernel tree lacks some options of the fragments: config/KERNEL/
# absent.txt names each, with its reason (scripts/lib.sh config_absent).
if [ -n "$absent" ]; then
	bad=$(config_absent "$TREE" "$absent" "$bad")
fi
if [ -n "$bad" ]; then
	echo "configure: options that did not stick:" >&2
	echo "$bad" | sed 's/^/  /' >&2
	exit 1
fi
# shellcheck disable=SC2086
nreq=$(cat $FRAGMENTS | grep -c '^CONFIG_')
if [ "$nbad" = 0 ]; then
	echo "configure: $RUN: $(grep -c '=y' "$OBJ/.config") options =y, all $nreq requested stuck"
else
	echo "configure: $RUN: $(grep -c '=y' "$OBJ/.config") options =y, $((nreq - nbad)) of $nreq requested stuck, $nbad not in this tree (above)"
fi
echo "$want" >"$stamp"

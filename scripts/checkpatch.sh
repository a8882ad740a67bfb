#!/bin/sh
# checkpatch.sh SERIES - scripts/checkpatch.pl --strict on every patch of the
# series (cover letter excluded); any error or warning fails, except the
# message types config/checkpatch-ignore.txt lists for a patch, with the
# reason (the cover letter repeats it).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"
# checkpatch runs scripts/spdxcheck.py with the python3 on PATH; it needs
# python-ply, which deps.sh installs for Debian's own python3.
export PATH="/usr/bin:$PATH"
n=0 bad=0
IGNORE=$TOP/config/checkpatch-ignore.txt
patches=$(series_patches "$SERIES")
for p in $patches; do
	n=$((n + 1))
	types=$(awk -v f="$(basename "$p")" '$1 == f { print $2 }' "$IGNORE" | paste -sd, -)
	if [ -n "$types" ]; then
		echo "checkpatch: $(basename "$p"): ignoring $types (see $(basename "$IGNORE"))"
	fi
	if ! out=$(cd "$TREE" && scripts/checkpatch.pl --strict -q ${types:+--ignore "$types"} "$p" 2>&1); then
		echo "checkpatch: $(basename "$p"):"
		echo "$out" | sed 's/^/  /'
		bad=$((bad + 1))
	fi
done
echo "checkpatch: $SERIES: $n patch(es), $bad with errors or warnings"
# The cover letter names the commit the queue applies to (base-commit:);
# it must be the one prepare-tree.sh makes of the tarball.
cover=$TOP/patches/0000-cover-letter.patch
want=$(base_commit_id "$BUILD/src")
got=$(sed -n 's/^base-commit: //p' "$cover")
if [ "$got" != "$want" ]; then
	echo "checkpatch: $(basename "$cover"): base-commit ${got:-missing}, the tarball's commit is $want"
	bad=$((bad + 1))
else
	echo "checkpatch: $(basename "$cover"): base-commit $want, as prepare-tree.sh makes it"
fi
[ "$bad" = 0 ]

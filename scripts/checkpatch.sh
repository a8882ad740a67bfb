#!/bin/sh
# checkpatch.sh SERIES - scripts/checkpatch.pl --strict on every patch of the
# series (cover letter excluded); any error or warning fails.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"
n=0 bad=0
for p in $(series_patches "$SERIES"); do
	n=$((n + 1))
	if ! out=$(cd "$TREE" && scripts/checkpatch.pl --strict -q "$p" 2>&1); then
		echo "checkpatch: $(basename "$p"):"
		echo "$out" | sed 's/^/  /'
		bad=$((bad + 1))
	fi
done
echo "checkpatch: $SERIES: $n patch(es), $bad with errors or warnings"
[ "$bad" = 0 ]

# lib.sh - shared helpers for the workbench scripts (sourced, not run).
# series_env SERIES: the folders of one series' run: BUILD (all runs), DIR
# (this run: $BUILD/$NAME, NAME defaults to SERIES), TREE (its kernel
# source), OBJ (its test-config objects).
series_env() {
	SERIES=${1:?usage: $0 SERIES}
	BUILD=${BUILD:-$TOP/build}
	DIR=$BUILD/${NAME:-$SERIES}
	TREE=$DIR/linux
	OBJ=$DIR/obj
}

# stage NAME CMD...: run one stage, print a start and an end line with elapsed seconds.
stage() {
	_name=$1
	shift
	_t0=$(date +%s)
	echo "==> [$_name] start"
	if "$@"; then
		echo "==> [$_name] done in $(($(date +%s) - _t0))s"
	else
		_rc=$?
		echo "==> [$_name] FAILED after $(($(date +%s) - _t0))s (exit $_rc)"
		return "$_rc"
	fi
}

# Patch directory for a series name: main -> patches, legacy -> patches-legacy,
# none -> empty (the unpatched baseline).
series_dir() {
	case "$1" in
	none) echo "" ;;
	main) echo "$TOP/patches" ;;
	*) echo "$TOP/patches-$1" ;;
	esac
}

# The patch files of a series, in order, as absolute paths; only the first
# $PATCH_LIMIT of them when that is set (bisect builds).
series_patches() {
	_d=$(series_dir "$1")
	[ -n "$_d" ] || return 0
	[ -f "$_d/series" ] || return 0
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$_d/series" |
		head -n "${PATCH_LIMIT:-100000}" |
		while read -r _p; do echo "$_d/$_p"; done
}

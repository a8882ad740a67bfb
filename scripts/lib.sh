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

# The series file of a series name: main -> patches/series, none ->
# patches/series.none (the baseline: 6.12.118 with only the test patches,
# which change no kernel code), NAME -> patches-NAME/series. Patch names in
# a series file are relative to its folder.
series_file() {
	case "$1" in
	main) echo "$TOP/patches/series" ;;
	none) echo "$TOP/patches/series.none" ;;
	*) echo "$TOP/patches-$1/series" ;;
	esac
}

# The patch files of a series, in order, as absolute paths; only the first
# $PATCH_LIMIT of them when that is set (bisect builds).
series_patches() {
	_f=$(series_file "$1")
	[ -f "$_f" ] || return 0
	_d=$(cd "$(dirname "$_f")" && pwd)
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$_f" |
		head -n "${PATCH_LIMIT:-100000}" |
		while read -r _p; do echo "$_d/$_p"; done
}

# guest_console_clean: after a boot of $DIR, the console must be free of
# sanitizer reports, WARNINGs, Oopses and panics, and /init must have
# finished; the offending lines go to $DIR/console.bad.
guest_console_clean() {
	_bad='BUG:|KASAN|UBSAN|WARNING:|field-spanning|detected buffer overflow|Oops|Kernel panic|kernel BUG|Call Trace:'
	_ok=0
	if grep -E -n "$_bad" "$DIR/console.log" >"$DIR/console.bad"; then
		echo "parse: $SERIES: the console reports trouble:"
		sed 's/^/  /' "$DIR/console.bad" | head -40
		_ok=1
	fi
	if ! grep -q "init: all tests done" "$DIR/console.log"; then
		echo "parse: $SERIES: the guest did not finish its tests"
		_ok=1
	fi
	return "$_ok"
}

# guest_files: the files the guest sent on ttyS2, one "### NAME" section
# each, go to $DIR/files/NAME; "### end" says that the guest sent all.
guest_files() {
	rm -rf "$DIR/files"
	mkdir -p "$DIR/files"
	awk -v d="$DIR/files" '
	/^### / { f = d "/" substr($0, 5); sub(/\/[^\/]*$/, "", f)
		  system("mkdir -p \"" f "\""); f = d "/" substr($0, 5); printf "" > f; next }
	f { print > f }' "$DIR/files.txt" 2>/dev/null || true
	if [ ! -f "$DIR/files/end" ]; then
		echo "parse: $SERIES: the guest did not send its files (transcripts, coverage)"
		return 1
	fi
}

# lib.sh - shared helpers for the workbench scripts (sourced, not run).
# config_fragments: the config fragments a test kernel is made of, one
# path per word: $FRAGMENTS when set (a profile such as make kmsan's),
# else config/*.config, and config/clang/*.config (symbols only clang has;
# make gcc12 builds with gcc) when LLVM is set. configure.sh merges them;
# bisect-build.sh keys its prefixes by them.
config_fragments() {
	if [ -n "${FRAGMENTS:-}" ]; then
		echo "$FRAGMENTS"
		return
	fi
	_f=$(ls "$TOP"/config/*.config) || return 1
	if [ -n "${LLVM:-}" ]; then
		_f="$_f $(ls "$TOP"/config/clang/*.config)" || return 1
	fi
	echo $_f
}

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

# stage NAME CMD...: run one stage, print a start and an end line with elapsed
# seconds; the stage's exit status is CMD's. CMD runs in a subshell with
# set -e, so that a shell function given as CMD stops at its first failing
# command. The shell ignores set -e inside an "if" condition and the left
# operand of "&&" or "||" (and in all they call), so stage must not be
# called as one: ". lib.sh && stage ..." is fine, "if stage ..." is not
# (tests/tools/test_stage.py).
stage() {
	_name=$1
	shift
	_t0=$(date +%s)
	echo "==> [$_name] start"
	_errexit=
	case $- in *e*) _errexit=1 ;; esac
	set +e
	(
		set -e
		"$@"
	)
	_rc=$?
	[ -z "$_errexit" ] || set -e
	if [ "$_rc" = 0 ]; then
		echo "==> [$_name] done in $(($(date +%s) - _t0))s"
	else
		echo "==> [$_name] FAILED after $(($(date +%s) - _t0))s (exit $_rc)"
		return "$_rc"
	fi
}

# The patch files of a series, in order, as absolute paths (scripts/queues.py:
# a queue of patches/queues, made of parts of patches/series, or a folder
# patches-NAME/series); only the first $PATCH_LIMIT of them when that is
# set (bisect builds). Fails on a bad queue: call it in an assignment
# (p=$(series_patches S)), not in a for list, where the failure is lost.
series_patches() {
	_q=$(/usr/bin/python3 "$TOP/scripts/queues.py" patches "$1") || return 1
	printf '%s\n' "$_q" | head -n "${PATCH_LIMIT:-100000}"
}

# series_parts SERIES: the parts of patches/series the series takes, as one
# word ("ABCDE"), or "-" for a folder series: what boot.sh tells the guest.
series_parts() {
	/usr/bin/python3 "$TOP/scripts/queues.py" parts "$1"
}

# series_part PART: the patch files of one part of patches/series.
series_part() {
	/usr/bin/python3 "$TOP/scripts/queues.py" part "$1"
}

# The identity and date of the commit of the extracted tarball (tag "base"
# of $BUILD/src), fixed so that its id is the same on every machine: the
# cover letter's base-commit (checkpatch.sh checks that they agree).
BASE_GIT_ENV="GIT_AUTHOR_NAME=workbench GIT_AUTHOR_EMAIL=workbench@localhost
GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost
GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z"

# base_commit_id SRC: the id the base commit of the tree in SRC has when made
# with BASE_GIT_ENV (git commit-tree: the same tree, message, identity and
# date give the same id, whenever the folder was extracted).
base_commit_id() {
	# shellcheck disable=SC2086
	env $BASE_GIT_ENV git -C "$1" commit-tree "base^{tree}" \
		-m "$(git -C "$1" log -1 --format=%s base)"
}

# config_not_stuck CONFIG FRAGMENT...: every line of the fragments that the
# kernel config CONFIG does not have as written, one per line:
# "CONFIG_X=v (got: ...)" or "CONFIG_X should be unset (got: ...)".
config_not_stuck() {
	_cfg=$1
	shift
	for _f in "$_cfg" "$@"; do
		[ -r "$_f" ] || { echo "config_not_stuck: cannot read $_f" >&2; return 1; }
	done
	cat "$@" | awk -v cfg="$_cfg" '
	BEGIN { while ((getline l < cfg) > 0) {
		if (l ~ /^CONFIG_/) { split(l, kv, "="); have[kv[1]] = substr(l, length(kv[1]) + 2) }
	} }
	/^CONFIG_/ { split($0, kv, "="); v = substr($0, length(kv[1]) + 2)
		if (!(kv[1] in have)) print kv[1] "=" v " (got: not set)"
		else if (have[kv[1]] != v) print kv[1] "=" v " (got: " have[kv[1]] ")" }
	/^# CONFIG_.* is not set/ { if ($2 in have) print $2 " should be unset (got: " have[$2] ")" }'
}

# machine_env: the QEMU machine config/machines/$MACHINE_CONF.conf (default
# test): QEMU_MACHINE, QEMU_CPU, QEMU_SMP, QEMU_MEM, SERIAL (the roles of
# ttyS0, ttyS1, ...), QEMU_EXTRA, BOOT_TIMEOUT (the environment's wins).
machine_env() {
	MACHINE_FILE=$TOP/config/machines/${MACHINE_CONF:-test}.conf
	if [ ! -f "$MACHINE_FILE" ]; then
		echo "machine: no $MACHINE_FILE" >&2
		return 1
	fi
	_timeout=${BOOT_TIMEOUT:-}
	. "$MACHINE_FILE"
	BOOT_TIMEOUT=${_timeout:-$BOOT_TIMEOUT}
}

# serial_port ROLE: the guest's name of ROLE's serial port (ttyS0, ...),
# from the machine's SERIAL (machine_env first).
serial_port() {
	_i=0
	for _role in $SERIAL; do
		if [ "$_role" = "$1" ]; then
			echo "ttyS$_i"
			return 0
		fi
		_i=$((_i + 1))
	done
	echo "machine: $MACHINE_FILE has no serial port for $1" >&2
	return 1
}

# serial_args: QEMU's -serial arguments for the machine's ports, in order,
# each to its file in $DIR (removed first, so that a file is this boot's).
serial_args() {
	for _role in $SERIAL; do
		_f=$(serial_file "$_role")
		rm -f "$_f"
		printf ' -serial file:%s' "$_f"
	done
}

# serial_file ROLE: the file in $DIR that ROLE's port goes to.
serial_file() {
	case "$1" in
	console) echo "$DIR/console.log" ;;
	ktap) echo "$DIR/guest.ktap" ;;
	files) echo "$DIR/files.txt" ;;
	result) echo "$DIR/result.log" ;;
	*)
		echo "machine: unknown serial port role $1" >&2
		return 1
		;;
	esac
}

# guest_console_clean: after a boot of $DIR, the console must be free of
# sanitizer reports, WARNINGs, Oopses and panics other than the reports
# pinned by tests/expect/console.expected (every kernel that has the
# redzone's KUnit control) and tests/expect/${NAME:-$SERIES}.console, and /init
# must have finished (scripts/console.py); the offending lines go to
# $DIR/console.bad.
guest_console_clean() {
	set --
	if [ ! -f "$DIR/obj/.config" ]; then
		echo "parse: ${NAME:-$SERIES}: no $DIR/obj/.config: which kernel booted?"
		return 1
	fi
	if grep -q '^CONFIG_DEBUG_NET_SOCKADDR_REDZONE_KUNIT_TEST=y' "$DIR/obj/.config"; then
		set -- --expect "$TOP/tests/expect/console.expected"
	fi
	if [ -f "$TOP/tests/expect/${NAME:-$SERIES}.console" ]; then
		set -- "$@" --expect "$TOP/tests/expect/${NAME:-$SERIES}.console"
	fi
	python3 "$TOP/scripts/console.py" --name "${NAME:-$SERIES}" \
		--bad "$DIR/console.bad" "$@" "$DIR/console.log"
}

# guest_files: the files the guest sent on its "files" port, one "### NAME" section
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

# allmod_prepare TREE OBJ [nowerror]: an x86_64 allmodconfig object folder
# OBJ for the source tree TREE, with CONFIG_WERROR=y (unless "nowerror") and
# the fixed struct-layout seed, prepared for single-object builds
# (compile-touched, fixes-alone, gcc-warnings). Exports CCACHE_EXTRAFILES.
allmod_prepare() {
	_tree=$1
	_obj=$2
	# A new or changed Kconfig symbol (a patch that adds an option) gets
	# allmodconfig's value only from a new allmodconfig: kbuild's syncconfig
	# would give it its default. So the config is redone whenever the
	# tree's Kconfig files change, and when the compiler does (LLVM set or
	# not: kbuild would keep the folder and syncconfig it for the other one).
	_kconfig=$(cd "$_tree" && git ls-files -z -- '*Kconfig*' | xargs -0 cat | sha256sum |
		cut -d' ' -f1)" ${3:-werror} llvm${LLVM:-none}"
	if [ ! -f "$_obj/include/generated/autoconf.h" ] ||
		[ "$(cat "$_obj/.allmod.stamp" 2>/dev/null)" != "$_kconfig" ]; then
		mkdir -p "$_obj"
		make -s -C "$_tree" O="$_obj" allmodconfig >/dev/null
		if [ "${3:-}" = nowerror ]; then
			"$_tree/scripts/config" --file "$_obj/.config" -d WERROR
		else
			"$_tree/scripts/config" --file "$_obj/.config" -e WERROR
		fi
		make -s -C "$_tree" O="$_obj" olddefconfig >/dev/null
		echo "$_kconfig" >"$_obj/.allmod.stamp"
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
	seed_file=$_obj/scripts/basic/randstruct.seed
	if ! cmp -s "$SEED" "$seed_file"; then
		mkdir -p "$_obj/scripts/basic" "$_obj/include/generated"
		cp "$SEED" "$seed_file"
		printf '#define RANDSTRUCT_HASHED_SEED "%s"\n' \
			"$(tr -d '\n' <"$SEED" | sha256sum | cut -d' ' -f1)" \
			>"$_obj/include/generated/randstruct_hash.h"
		srctree=$(cd "$_tree" && pwd -P)
		printf 'savedcmd_scripts/basic/randstruct.seed := sh %s/scripts/gen-randstruct-seed.sh scripts/basic/randstruct.seed ./include/generated/randstruct_hash.h\n' \
			"$srctree" >"$_obj/scripts/basic/.randstruct.seed.cmd"
	fi
	export CCACHE_EXTRAFILES="$seed_file"
	make -s -C "$_tree" O="$_obj" -j"$(nproc)" prepare >/dev/null
	if ! cmp -s "$SEED" "$seed_file"; then
		echo "allmod_prepare: kbuild replaced the fixed RANDSTRUCT seed in $seed_file" >&2
		exit 1
	fi
}

# touched_objs TREE OBJ FILE...: the kbuild objects of the .c FILEs that
# TREE has and config/compile-skip.txt does not list (each skipped file goes
# to stderr, "skip FILE REASON"). Their old objects in OBJ are removed, so
# that make compiles them again and shows their warnings.
touched_objs() {
	_tree=$1
	_obj=$2
	shift 2
	for _f in "$@"; do
		[ -f "$_tree/$_f" ] || continue
		if _why=$(grep "^${_f}[[:space:]]" "$TOP/config/compile-skip.txt"); then
			echo "skip $_why" >&2
			continue
		fi
		rm -f "$_obj/${_f%.c}.o"
		echo "${_f%.c}.o"
	done
}

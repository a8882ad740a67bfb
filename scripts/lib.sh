# lib.sh - shared helpers for the workbench scripts (sourced, not run).

# build_env: BUILD, the folder of every run (git-ignored; the Makefile's,
# else build/ beside scripts/), for the scripts that span runs.
build_env() {
	BUILD=${BUILD:-$TOP/build}
}

# run_env SERIES [PROFILE]: what one run needs to know. A run is a series
# (a queue of patches/queues, or a folder patches-NAME) built and booted
# as a profile says: config/profiles/PROFILE.conf (default test), a
# shell file of data, read here and nowhere else:
#   COMPILER   clang (LLVM=-19, the Makefile's) or gcc (Debian's gcc-12)
#   FRAGMENTS  config fragments, names under config/ without .config, in
#              the order merge_config.sh merges them
#   MACHINE    the QEMU machine, config/machines/MACHINE.conf
#   GUESTS     suite (tests/guest/order and tests/selftests/list), the
#              guest programs' .c files (paths under the workbench), or
#              distro (tests/distro/ in a Debian 12 image)
#   COVERAGE   yes: /init profiles the functions the series changed
#   CMDLINE    kernel command line words the guest programs read
#   DEBIAN_FLAVOUR  the flavour of Debian's config (the distro profile)
#   KERNEL     the kernel tree: /usr/src/linux-source-KERNEL.tar.xz (Debian's
#              linux-source-KERNEL package); its queues are patches/ for
#              6.12, patches/KERNEL/ for another (scripts/queues.py)
#   PACKAGES   Debian packages the profile needs beyond scripts/deps.sh's
#   ARCH       x86_64 (the default), i386 or arm64: the kernel's
#              architecture and the guest programs' (guest_cross); read into
#              KARCH, and exported as kbuild's ARCH for another architecture
#              than x86_64. With CROSS also arm, powerpc, s390, mips or riscv
#   CROSS      the triplet of a Debian cross toolchain (aarch64-linux-gnu:
#              package gcc-aarch64-linux-gnu, gcc-12): exported as kbuild's
#              CROSS_COMPILE=TRIPLET-. Such a profile only compiles (make
#              cross): MACHINE=none, GUESTS=none, and FRAGMENTS the
#              KCONFIG_ALLCONFIG of its allmodconfig (allmod_prepare)
# and sets the paths (K is "" for 6.12, "-$KERNEL" for another tree):
#   BUILD   every run's folder (git-ignored)
#   SRC     the extracted tarball, a git repository with tag "base",
#           $BUILD/src$K
#   TREE    the series' worktree, $BUILD/$SERIES/linux$K: one per series
#           and kernel, shared by every profile (each builds with its own
#           O=); a bisect prefix (PATCH_LIMIT set) is another tree,
#           $DIR/linux; TREE_STAMP (beside it) says what it was made of
#   DIR     this run's folder: $BUILD/$SERIES for the test profile,
#           $BUILD/$SERIES/$PROFILE for the others, $BUILD/$SERIES/bisect$K
#           for a bisect prefix
#   OBJ     its kernel objects, $DIR/obj
#   KSFT    the kernel selftests built from TREE, $BUILD/$SERIES/ksft$K
#           (ksft$K-i386 for an i386 profile: 32-bit programs),
#           and KSFT_SUMS their programs' sha256 sums,
#           $BUILD/$SERIES/selftests$K.sha256
#   RUN     its name in messages and in tests/expect/: SERIES, or
#           SERIES-PROFILE
#   XRUN    the name the guest suite's expected failures go by (expect_files):
#           SERIES, or SERIES-vKERNEL for another tree; -ARCH added for
#           another architecture (none-i386)
# kernel_suffix: what another kernel tree's paths add (K above): "" for
# 6.12, "-KERNEL" else (profile_env first). run_env and scratch_env use it.
kernel_suffix() {
	if [ "$KERNEL" = 6.12 ]; then
		echo
	else
		echo "-$KERNEL"
	fi
}

run_env() {
	SERIES=${1:?usage: $0 SERIES [PROFILE]}
	profile_env "${2:-test}" || return 1
	_k=$(kernel_suffix)
	# another architecture: its own selftests (32-bit programs) and pins
	_a=
	[ "$KARCH" = x86_64 ] || _a=-$KARCH
	XRUN=$SERIES${_k:+-v$KERNEL}$_a
	SRC=$BUILD/src$_k
	if [ "$PROFILE" = test ]; then
		DIR=$BUILD/$SERIES
		RUN=$SERIES
	else
		DIR=$BUILD/$SERIES/$PROFILE
		RUN=$SERIES-$PROFILE
	fi
	if [ -n "${PATCH_LIMIT:-}" ]; then
		DIR=$BUILD/$SERIES/bisect$_k
		RUN=$SERIES-bisect
		TREE=$DIR/linux
	else
		TREE=$BUILD/$SERIES/linux$_k
	fi
	TREE_STAMP=$(dirname "$TREE")/tree$_k.stamp
	OBJ=$DIR/obj
	KSFT=$BUILD/$SERIES/ksft$_k$_a
	KSFT_SUMS=$BUILD/$SERIES/selftests$_k$_a.sha256
}

# profile_env PROFILE: read config/profiles/PROFILE.conf (its lines: run_env
# above), check it, export the compiler it names (LLVM), and BUILD.
profile_env() {
	PROFILE=$1
	build_env
	PROFILE_FILE=$TOP/config/profiles/$PROFILE.conf
	if [ ! -f "$PROFILE_FILE" ]; then
		echo "profile: no $PROFILE_FILE" >&2
		return 1
	fi
	KERNEL= COMPILER= FRAGMENTS= MACHINE= GUESTS= COVERAGE= CMDLINE=
	DEBIAN_FLAVOUR= PACKAGES= CROSS=
	unset ARCH CROSS_COMPILE
	. "$PROFILE_FILE"
	# kbuild's ARCH only for another architecture than the host's: the
	# x86_64 builds keep the environment they were cached with.
	KARCH=${ARCH:-x86_64}
	case $KARCH in
	x86_64) unset ARCH ;;
	i386 | arm64) export ARCH ;;
	arm | powerpc | s390 | mips | riscv)
		if [ -z "$CROSS" ]; then
			echo "profile: $PROFILE_FILE: ARCH=$KARCH needs CROSS (it is not booted here)" >&2
			return 1
		fi
		export ARCH
		;;
	*)
		echo "profile: $PROFILE_FILE: ARCH=$KARCH, not x86_64, i386, arm64, arm, powerpc, s390, mips or riscv" >&2
		return 1
		;;
	esac
	if [ -n "$CROSS" ]; then
		case $CROSS in
		*[!a-z0-9_-]* | -* | *-)
			echo "profile: $PROFILE_FILE: CROSS=$CROSS, not a toolchain triplet" >&2
			return 1
			;;
		esac
		if [ "$COMPILER" != gcc ] || [ "$MACHINE" != none ] || [ "$GUESTS" != none ]; then
			echo "profile: $PROFILE_FILE: CROSS wants COMPILER=gcc, MACHINE=none and GUESTS=none (compiled, not booted)" >&2
			return 1
		fi
		export CROSS_COMPILE="$CROSS-"
	fi
	for _v in KERNEL COMPILER FRAGMENTS MACHINE GUESTS COVERAGE; do
		eval "_val=\${$_v}"
		if [ -z "$_val" ]; then
			echo "profile: $PROFILE_FILE does not set $_v" >&2
			return 1
		fi
	done
	# clang builds for arm64 by itself; gcc needs the profile's CROSS.
	if [ "$KARCH" = arm64 ] && [ -z "$CROSS" ] && [ "$COMPILER" != clang ]; then
		echo "profile: $PROFILE_FILE: ARCH=arm64 without CROSS needs COMPILER=clang" >&2
		return 1
	fi
	case $COMPILER in
	clang) export LLVM=-19 ;;
	gcc) export LLVM= ;;
	*)
		echo "profile: $PROFILE_FILE: COMPILER=$COMPILER, not clang or gcc" >&2
		return 1
		;;
	esac
	# A version is numbers joined by single dots, at least two of them.
	case $KERNEL in
	*[!0-9.]* | .* | *. | *..*) _val= ;;
	*.*) _val=$KERNEL ;;
	*) _val= ;;
	esac
	if [ -z "$_val" ]; then
		echo "profile: $PROFILE_FILE: KERNEL=$KERNEL, not a version" >&2
		return 1
	fi
	case $COVERAGE in
	yes | no) ;;
	*)
		echo "profile: $PROFILE_FILE: COVERAGE=$COVERAGE, not yes or no" >&2
		return 1
		;;
	esac
}

# guest_cross: the prefix of the compiler that builds the guest programs and
# the kernel selftests for KARCH (profile_env first): Debian's cross
# compilers, i686-linux-gnu-gcc and aarch64-linux-gnu-gcc, for i386 and
# arm64 (gcc-multilib's gcc -m32 cannot be installed beside make cross's
# compilers); the host's gcc for x86_64.
guest_cross() {
	case $KARCH in
	x86_64) echo ;;
	i386) echo i686-linux-gnu- ;;
	arm64) echo aarch64-linux-gnu- ;;
	*)
		echo "profile: $PROFILE_FILE: no guest programs for ARCH=$KARCH" >&2
		return 1
		;;
	esac
}

# guest_compat_cross: the prefix of the compiler that builds the guest
# programs named NAME_compat (tests/guest/NAME_compat.c) for the 32-bit ABI
# a 64-bit kernel of KARCH runs as compat tasks (IA32_EMULATION on x86_64:
# Debian's i686 cross compiler); empty where the profile has no such ABI
# (i386 is itself 32-bit; the arm64 config has no COMPAT), and those
# programs are left out.
guest_compat_cross() {
	case $KARCH in
	x86_64) echo i686-linux-gnu- ;;
	*) echo ;;
	esac
}

# kernel_image: kbuild's target for the booted kernel of KARCH, and its
# path under the object folder (profile_env first): "bzImage
# arch/x86/boot/bzImage" on x86, "Image arch/arm64/boot/Image" on arm64.
kernel_image() {
	case $KARCH in
	x86_64 | i386) echo "bzImage arch/x86/boot/bzImage" ;;
	arm64) echo "Image arch/arm64/boot/Image" ;;
	*)
		echo "profile: $PROFILE_FILE: no booted kernel for ARCH=$KARCH" >&2
		return 1
		;;
	esac
}

# guest_suite_only: fail for a profile whose guest is not a test kernel's
# initramfs (distro: make distro boots a Debian image with scripts/distro-*.sh;
# a CROSS profile is compiled only, by make cross).
guest_suite_only() {
	if [ "$GUESTS" = distro ]; then
		echo "profile: $PROFILE_FILE is make distro's (scripts/distro-*.sh), not make run's" >&2
		return 1
	fi
	if [ -n "$CROSS" ]; then
		echo "profile: $PROFILE_FILE is make cross's (compiled, not booted), not make run's" >&2
		return 1
	fi
}

# scratch_env NAME [PROFILE]: BUILD, SRC, and a folder DIR=$BUILD/NAME
# ($BUILD/NAME-KERNEL for another tree) whose TREE ($DIR/linux) is a
# scratch worktree of no run (fixes-alone.sh: one fix at a time on the
# plain tree), compiled with the profile's compiler (the test profile's
# by default).
scratch_env() {
	profile_env "${2:-test}" || return 1
	_k=$(kernel_suffix)
	SRC=$BUILD/src$_k
	DIR=$BUILD/$1$_k
	TREE=$DIR/linux
}

# worktree_at TREE REV: TREE a clean git worktree of $SRC at REV, made when
# it is missing or half-removed (git would walk up from a folder that is
# not a worktree and act on an enclosing repository), else reset to REV and
# cleaned (an interrupted git am aborted first).
worktree_at() {
	if [ "$(git -C "$1" rev-parse --show-toplevel 2>/dev/null)" != "$1" ]; then
		rm -rf "$1"
		git -C "$SRC" worktree prune
		mkdir -p "$(dirname "$1")"
		git -C "$SRC" -c advice.detachedHead=false worktree add -q --detach "$1" "$2"
	fi
	git -C "$1" am --abort >/dev/null 2>&1 || true
	git -C "$1" reset -q --hard "$2"
	git -C "$1" clean -q -fdx
}

# config_fragments: the profile's config fragments (run_env first), one
# path per word. configure.sh merges them; bisect-build.sh keys its
# prefixes by their text.
config_fragments() {
	_f=
	for _n in $FRAGMENTS; do
		if [ ! -f "$TOP/config/$_n.config" ]; then
			echo "profile: $PROFILE_FILE: no config/$_n.config" >&2
			return 1
		fi
		_f="$_f $TOP/config/$_n.config"
	done
	echo $_f
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
	_q=$(/usr/bin/python3 "$TOP/scripts/queues.py" --kernel "${KERNEL:-6.12}" \
		patches "$1") || return 1
	printf '%s\n' "$_q" | head -n "${PATCH_LIMIT:-100000}"
}

# series_parts SERIES: the parts of patches/series the series takes, as one
# word ("ABCDE"), or "-" for a folder series: what boot.sh tells the guest.
series_parts() {
	/usr/bin/python3 "$TOP/scripts/queues.py" --kernel "${KERNEL:-6.12}" parts "$1"
}

# series_part PART: the patch files of one part of patches/series (of
# patches/KERNEL/series for another tree: run_env or scratch_env first).
series_part() {
	/usr/bin/python3 "$TOP/scripts/queues.py" --kernel "${KERNEL:-6.12}" part "$1"
}

# The identity and date of the commit of the extracted tarball (tag "base"
# of $BUILD/src), fixed so that its id is the same on every machine: the
# cover letter's base-commit (checkpatch.sh checks that they agree).
BASE_GIT_ENV="GIT_AUTHOR_NAME=workbench GIT_AUTHOR_EMAIL=workbench@localhost
GIT_COMMITTER_NAME=workbench GIT_COMMITTER_EMAIL=workbench@localhost
GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z"

# kernel_version TREE: the version the kernel tree TREE says it is
# ("make kernelversion"), and nothing else: a make that runs it from
# another make's recipe passes on -w in MAKEFLAGS, and its "Entering
# directory" lines once went into the base commit's subject, so its id
# named the folder. Fails unless the answer is a version.
kernel_version() {
	_kv=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s --no-print-directory -C "$1" kernelversion) || return 1
	case $_kv in
	[0-9]*.[0-9]*) ;;
	*)
		echo "kernel_version: $1 says \"$_kv\", not a version" >&2
		return 1
		;;
	esac
	case $_kv in
	*[!0-9a-z.-]*)
		echo "kernel_version: $1 says \"$_kv\", not a version" >&2
		return 1
		;;
	esac
	echo "$_kv"
}

# base_commit_id SRC: the id the base commit of the tree in SRC has when made
# with BASE_GIT_ENV (git commit-tree: the same tree, message, identity and
# date give the same id, whenever the folder was extracted).
base_commit_id() {
	# shellcheck disable=SC2086
	env $BASE_GIT_ENV git -C "$1" commit-tree "base^{tree}" \
		-m "$(git -C "$1" log -1 --format=%s base)"
}

# config_not_stuck CONFIG FRAGMENT...: every option of the fragments that the
# kernel config CONFIG does not have as requested, one per line:
# "CONFIG_X=v (got: ...)" or "CONFIG_X should be unset (got: ...)". An
# option that several fragments set is requested as the last one sets it,
# as merge_config.sh merges them (config/i386/i386.config turns off
# debug.config's KASAN for a kernel that has none).
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
	function want(sym, v) { if (!(sym in req)) order[n++] = sym; req[sym] = v }
	/^CONFIG_/ { split($0, kv, "="); want(kv[1], substr($0, length(kv[1]) + 2)) }
	/^# CONFIG_.* is not set/ { want($2, "\001unset") }
	END { for (i = 0; i < n; i++) { s = order[i]; v = req[s]
		if (v == "\001unset") { if (s in have) print s " should be unset (got: " have[s] ")" }
		else if (!(s in have)) print s "=" v " (got: not set)"
		else if (have[s] != v) print s "=" v " (got: " have[s] ")" } }'
}

# content_sums FILE...: "SUM NAME" per file, NAME relative to the workbench
# (TOP) when inside it: a stamp's inputs by content, which another clone of
# the workbench shares (sha256sum FILE names the clone's path). Fails on a
# file it cannot read, so that an assignment from it stops the script.
content_sums() {
	for _f in "$@"; do
		_s=$(sha256sum <"$_f") || return 1
		printf '%s %s\n' "${_s%% *}" "${_f#"$TOP"/}"
	done
}

# kconfig_declares TREE SYM: whether a Kconfig file of the git worktree TREE
# declares SYM (config or menuconfig, with or without trailing text).
kconfig_declares() {
	git -C "$1" grep -q -E "^(menu)?config $2[[:space:]]*(#.*)?\$" -- '*Kconfig*'
}

# config_absent TREE ABSENT BAD: BAD (config_not_stuck's lines) without the
# options that the file ABSENT names as absent from the kernel tree TREE
# (a git worktree), each noted on stderr. Fails if TREE's Kconfig files
# declare a symbol that ABSENT names: its line is wrong.
config_absent() {
	_bad=$3
	for _sym in $(sed -n 's/^\([A-Z0-9_][A-Za-z0-9_]*\)[[:space:]].*/\1/p' "$2"); do
		if kconfig_declares "$1" "$_sym"; then
			echo "config: CONFIG_$_sym is declared in $1, but $2 says it is absent" >&2
			return 1
		fi
		if printf '%s\n' "$_bad" | grep -q "^CONFIG_$_sym="; then
			echo "config: CONFIG_$_sym is not in this tree ($2)" >&2
			_bad=$(printf '%s\n' "$_bad" | grep -v "^CONFIG_$_sym=" || true)
		fi
	done
	printf '%s\n' "$_bad" | sed '/^$/d'
}

# selftest_list: the lines of tests/selftests/list that this run's tree
# has (NAME PROGRAM WORDS..., no comments). For another kernel tree, the
# tests that tests/selftests/absent-KERNEL.txt names (a name and its reason
# a line) are left out; each must be in the list, and its program's source
# must be missing from TREE, else the line is wrong and this fails.
selftest_list() {
	_list=$TOP/tests/selftests/list
	_absent=$TOP/tests/selftests/absent-$KERNEL.txt
	_lines=$(grep -v -e '^#' -e '^[[:space:]]*$' "$_list" || true)
	if [ "$KERNEL" != 6.12 ] && [ -f "$_absent" ]; then
		for _n in $(sed -n 's/^\([A-Za-z0-9_.-][A-Za-z0-9_.-]*\)[[:space:]].*/\1/p' "$_absent"); do
			_p=$(printf '%s\n' "$_lines" | awk -v n="$_n" '$1 == n { print $2 }')
			if [ -z "$_p" ]; then
				echo "selftests: $_absent: $_n is not a test of $_list" >&2
				return 1
			fi
			if [ -e "$TREE/tools/testing/selftests/$_p.c" ]; then
				echo "selftests: $_absent: $_n, but $TREE has $_p.c" >&2
				return 1
			fi
			_lines=$(printf '%s\n' "$_lines" | awk -v n="$_n" '$1 != n')
		done
	fi
	printf '%s\n' "$_lines" | sed '/^$/d'
}

# guest_harness: the folder whose kselftest_harness.h and kselftest.h the
# workbench's own guest programs (tests/guest/, tests/init/) build against.
# They are one program for every kernel tree, so they use one harness,
# 6.12's: the series' tree on 6.12, else the two headers from Debian's
# linux-source-6.12, extracted once into $BUILD/harness-6.12 (again when the
# tarball is newer). 6.1's harness writes a skipped case without its name
# ("ok 1 # SKIP reason"), which kunit.py parse cannot read. The kernel's
# own selftests build with their tree's harness (build-selftests.sh).
guest_harness() {
	if [ "$KERNEL" = 6.12 ]; then
		echo "$TREE/tools/testing/selftests"
		return
	fi
	_h=$BUILD/harness-6.12
	_t=/usr/src/linux-source-6.12.tar.xz
	if [ ! -f "$_h/.stamp" ] || [ "$_t" -nt "$_h/.stamp" ]; then
		# into a folder of its own, then moved into place, so that no
		# make compiling meanwhile sees half-extracted headers
		mkdir -p "$BUILD"
		_n=$(mktemp -d "$BUILD/harness.XXXXXX") || return 1
		tar -C "$_n" --strip-components=4 -xf "$_t" \
			linux-source-6.12/tools/testing/selftests/kselftest_harness.h \
			linux-source-6.12/tools/testing/selftests/kselftest.h >&2 || return 1
		: >"$_n/.stamp"
		rm -rf "$_h.old"
		[ ! -e "$_h" ] || mv "$_h" "$_h.old"
		mv "$_n" "$_h"
		rm -rf "$_h.old"
	fi
	echo "$_h"
}

# build_warnings LOG: the warnings and errors of a build log, without line
# and column numbers (a patch moves the lines after it), sorted, once each.
build_warnings() {
	{ grep -E 'warning:|error:' "$1" || :; } | sed -E 's/:[0-9]+:([0-9]+:)? /: /' | sort -u
}

# new_warnings NEW OLD: the lines of NEW (build_warnings) that OLD lacks.
new_warnings() {
	printf '%s\n' "$1" | grep -vxF -e "$2" | sed '/^$/d' || :
}

# machine_env: the QEMU machine config/machines/$MACHINE.conf (the
# profile's, run_env first): QEMU_SYSTEM (qemu-system-x86_64 unless it
# says otherwise), QEMU_MACHINE, QEMU_CPU, QEMU_SMP, QEMU_MEM, SERIAL (the
# roles of the ports), SERIAL_TTYS (each port's name in the guest, in the
# same order; ttyS0, ttyS1, ... unless it says otherwise), QEMU_EXTRA,
# BOOT_TIMEOUT (the environment's, when lib.sh was sourced, wins:
# ENV_BOOT_TIMEOUT).
ENV_BOOT_TIMEOUT=${BOOT_TIMEOUT:-}
machine_env() {
	MACHINE_FILE=$TOP/config/machines/${MACHINE:?machine_env: no MACHINE (run_env first)}.conf
	if [ ! -f "$MACHINE_FILE" ]; then
		echo "machine: no $MACHINE_FILE" >&2
		return 1
	fi
	QEMU_SYSTEM= QEMU_MACHINE= QEMU_CPU= QEMU_SMP= QEMU_MEM= SERIAL= SERIAL_TTYS=
	QEMU_EXTRA= BOOT_TIMEOUT=
	. "$MACHINE_FILE"
	QEMU_SYSTEM=${QEMU_SYSTEM:-qemu-system-x86_64}
	if [ -n "$SERIAL_TTYS" ] && [ "$(echo $SERIAL_TTYS | wc -w)" != "$(echo $SERIAL | wc -w)" ]; then
		echo "machine: $MACHINE_FILE: SERIAL_TTYS names $(echo $SERIAL_TTYS | wc -w) ports, SERIAL $(echo $SERIAL | wc -w)" >&2
		return 1
	fi
	BOOT_TIMEOUT=${ENV_BOOT_TIMEOUT:-$BOOT_TIMEOUT}
}

# qemu_boot KERNEL INITRD CMDLINE [DISK]: boot the machine (machine_env
# first) under TCG with its serial ports to their files in $DIR (DISK: a
# raw image, the guest's /dev/vda), wait for QEMU to exit; kill it after
# BOOT_TIMEOUT seconds. Every guest boots here. Returns QEMU's exit status
# (the guest powered off or panicked: panic=-1 and -no-reboot make both an
# exit 0, the caller's console check tells them apart), 124 after a
# timeout, 125 when the machine's serial ports cannot be set up (QEMU did
# not run); BOOT_SECONDS is the time it took.
qemu_boot() {
	_t0=$(date +%s)
	BOOT_SECONDS=0
	if ! _serial=$(serial_args); then
		echo "boot: $RUN: the serial ports of $MACHINE_FILE cannot be set up; QEMU not started" >&2
		return 125
	fi
	_rc=0
	# shellcheck disable=SC2086
	timeout --foreground -k 10 "$BOOT_TIMEOUT" \
		"$QEMU_SYSTEM" -machine "$QEMU_MACHINE" -accel tcg -cpu "$QEMU_CPU" \
		-smp "$QEMU_SMP" -m "$QEMU_MEM" -display none -monitor none -no-reboot \
		-kernel "$1" -initrd "$2" -append "$3" \
		${4:+-drive "file=$4,format=raw,if=virtio"} \
		$_serial $QEMU_EXTRA ${QEMU_ARGS:-} </dev/null || _rc=$?
	BOOT_SECONDS=$(($(date +%s) - _t0))
	case $_rc in
	124 | 137)
		echo "boot: $RUN: no exit after ${BOOT_TIMEOUT}s, killed" >&2
		return 124
		;;
	esac
	return "$_rc"
}

# serial_port ROLE: the guest's name of ROLE's port (ttyS0, ...; the
# machine's SERIAL_TTYS), from the machine's SERIAL (machine_env first).
serial_port() {
	_i=0
	for _role in $SERIAL; do
		if [ "$_role" = "$1" ]; then
			serial_tty "$_i"
			return 0
		fi
		_i=$((_i + 1))
	done
	echo "machine: $MACHINE_FILE has no serial port for $1" >&2
	return 1
}

# serial_tty N: the guest's name of the machine's port N (from 0).
serial_tty() {
	if [ -z "$SERIAL_TTYS" ]; then
		echo "ttyS$1"
		return 0
	fi
	# shellcheck disable=SC2086
	set -- "$1" $SERIAL_TTYS
	shift $(($1 + 1))
	echo "$1"
}

# serial_args: QEMU's arguments for the machine's ports, in order, each to
# its file in $DIR (removed first, so that a file is this boot's): a UART
# (ttyS*, ttyAMA*) is a -serial; a virtio console (hvc0, hvc1, ...: the
# guest numbers them in the order of the devices) a virtconsole on one
# virtio-serial device (virtio-mmio).
serial_args() {
	_i=0
	_virtio=
	_hvc=0
	for _role in $SERIAL; do
		_f=$(serial_file "$_role") || return 1
		rm -f "$_f"
		case $(serial_tty "$_i") in
		ttyS[0-9]* | ttyAMA[0-9]*) printf ' -serial file:%s' "$_f" ;;
		hvc[0-9]*)
			# the guest names them in the order of the devices
			if [ "$(serial_tty "$_i")" != "hvc$_hvc" ]; then
				echo "machine: $MACHINE_FILE: port $_i is the virtio console hvc$_hvc, not $(serial_tty "$_i")" >&2
				return 1
			fi
			_hvc=$((_hvc + 1))
			if [ -z "$_virtio" ]; then
				printf ' -device virtio-serial-device'
				_virtio=1
			fi
			printf ' -chardev file,id=port%s,path=%s -device virtconsole,chardev=port%s' \
				"$_i" "$_f" "$_i"
			;;
		*)
			echo "machine: $MACHINE_FILE: $(serial_tty "$_i") is neither a UART (ttyS*, ttyAMA*) nor a virtio console (hvc*)" >&2
			return 1
			;;
		esac
		_i=$((_i + 1))
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
# redzone's KUnit control) and tests/expect/$RUN.console, and /init
# must have finished (scripts/console.py); the offending lines go to
# $DIR/console.bad.
guest_console_clean() {
	set --
	if [ ! -f "$DIR/obj/.config" ]; then
		echo "parse: $RUN: no $DIR/obj/.config: which kernel booted?"
		return 1
	fi
	if grep -q '^CONFIG_DEBUG_NET_SOCKADDR_REDZONE_KUNIT_TEST=y' "$DIR/obj/.config"; then
		set -- --expect "$TOP/tests/expect/console.expected"
	fi
	if [ -f "$TOP/tests/expect/$RUN.console" ]; then
		set -- "$@" --expect "$TOP/tests/expect/$RUN.console"
	fi
	python3 "$TOP/scripts/console.py" --name "$RUN" \
		--bad "$DIR/console.bad" "$@" "$DIR/console.log"
}

# expect_files: XFAIL, SKIP and FLAKY, the run's pinned expectations for
# summary.py (tests/expect/; empty when there is no file, and then no case
# may fail or skip). The guest suite's expected failures go by series and
# kernel, XRUN (the baseline fails the bounds cases under every profile;
# another kernel tree has other bugs and features), its skips by run (a
# gcc-12 kernel skips what a clang one runs); another guest set (the
# benchmark, the Debian system test) has other cases, so both go by run.
expect_files() {
	if [ "$GUESTS" = suite ]; then
		XFAIL=$TOP/tests/expect/$XRUN.xfail
		FLAKY=$TOP/tests/expect/$XRUN.flaky
	else
		XFAIL=$TOP/tests/expect/$RUN.xfail
		FLAKY=$TOP/tests/expect/$RUN.flaky
	fi
	SKIP=$TOP/tests/expect/$RUN.skip
	[ -f "$XFAIL" ] || XFAIL=
	[ -f "$SKIP" ] || SKIP=
	[ -f "$FLAKY" ] || FLAKY=
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
		echo "parse: $RUN: the guest did not send its files (transcripts, coverage)"
		return 1
	fi
}

# allmod_prepare TREE OBJ [nowerror|werror [ALLCONFIG]]: an allmodconfig
# object folder OBJ for the source tree TREE (kbuild's ARCH and
# CROSS_COMPILE as exported: x86_64 unless a cross profile says otherwise),
# with CONFIG_WERROR=y (unless "nowerror") and the fixed struct-layout
# seed, prepared for single-object builds (compile-touched, fixes-alone,
# gcc-warnings). ALLCONFIG: a KCONFIG_ALLCONFIG file (a cross profile's
# config/cross/ARCH.config; config/allmod.config without one) whose every
# value must stick. Exports CCACHE_EXTRAFILES.
allmod_prepare() {
	_tree=$1
	_obj=$2
	# A new or changed Kconfig symbol (a patch that adds an option) gets
	# allmodconfig's value only from a new allmodconfig: kbuild's syncconfig
	# would give it its default. So the config is redone whenever the
	# tree's Kconfig files change, and when the compiler does (LLVM set or
	# not: kbuild would keep the folder and syncconfig it for the other one),
	# and when the architecture or the allconfig file (ALLCONFIG: the
	# values allmodconfig starts from, a cross profile's endianness and
	# word size) do.
	_allconfig=${4:-$TOP/config/allmod.config}
	_kconfig=$(cd "$_tree" && git ls-files -z -- '*Kconfig*' | xargs -0 cat | sha256sum |
		cut -d' ' -f1)" ${3:-werror} llvm${LLVM:-none}${ARCH:+ $ARCH}${CROSS_COMPILE:+ $CROSS_COMPILE}"
	if [ -n "$_allconfig" ]; then
		_kconfig="$_kconfig $(sha256sum <"$_allconfig" | cut -d' ' -f1)"
	fi
	if [ ! -f "$_obj/include/generated/autoconf.h" ] ||
		[ "$(cat "$_obj/.allmod.stamp" 2>/dev/null)" != "$_kconfig" ]; then
		# unstamped until configured: a run stopped halfway configures again
		rm -f "$_obj/.allmod.stamp"
		mkdir -p "$_obj"
		if [ -n "$_allconfig" ]; then
			make -s -C "$_tree" O="$_obj" KCONFIG_ALLCONFIG="$_allconfig" allmodconfig >/dev/null
		else
			make -s -C "$_tree" O="$_obj" allmodconfig >/dev/null
		fi
		if [ "${3:-}" = nowerror ]; then
			"$_tree/scripts/config" --file "$_obj/.config" -d WERROR
		else
			"$_tree/scripts/config" --file "$_obj/.config" -e WERROR
		fi
		make -s -C "$_tree" O="$_obj" olddefconfig >/dev/null
		if [ -n "$_allconfig" ]; then
			_lost=$(config_not_stuck "$_obj/.config" "$_allconfig")
			if [ -n "$_lost" ]; then
				echo "allmod_prepare: $_allconfig did not stick in $_obj/.config:" >&2
				echo "$_lost" | sed 's/^/  /' >&2
				return 1
			fi
		fi
		echo "$_kconfig" >"$_obj/.allmod.stamp"
	fi
	# allmodconfig randomizes struct layouts (RANDSTRUCT_FULL) with a seed that
	# kbuild draws from /dev/urandom per object folder, so the same file gave
	# different code in two folders, and ccache (which does not read the seed
	# file clang reads) could not reuse objects across clones. Every allmodconfig
	# folder gets the same seed, config/randstruct.seed, as
	# Documentation/kbuild/reproducible-builds.rst advises; its .cmd file holds
	# kbuild's own command line, so that if_changed keeps the seed, and ccache
	# hashes it (CCACHE_EXTRAFILES). The .cmd line is written under both names
	# kbuild has used for it: savedcmd_ (6.12) and cmd_ (6.1).
	SEED=$TOP/config/randstruct.seed
	seed_file=$_obj/scripts/basic/randstruct.seed
	if ! cmp -s "$SEED" "$seed_file"; then
		mkdir -p "$_obj/scripts/basic" "$_obj/include/generated"
		cp "$SEED" "$seed_file"
		printf '#define RANDSTRUCT_HASHED_SEED "%s"\n' \
			"$(tr -d '\n' <"$SEED" | sha256sum | cut -d' ' -f1)" \
			>"$_obj/include/generated/randstruct_hash.h"
		srctree=$(cd "$_tree" && pwd -P)
		for _v in savedcmd cmd; do
			printf '%s_scripts/basic/randstruct.seed := sh %s/scripts/gen-randstruct-seed.sh scripts/basic/randstruct.seed ./include/generated/randstruct_hash.h\n' \
				"$_v" "$srctree"
		done >"$_obj/scripts/basic/.randstruct.seed.cmd"
	fi
	export CCACHE_EXTRAFILES="$seed_file"
	make -s -C "$_tree" O="$_obj" -j"$(nproc)" prepare >/dev/null
	if ! cmp -s "$SEED" "$seed_file"; then
		echo "allmod_prepare: kbuild replaced the fixed RANDSTRUCT seed in $seed_file" >&2
		exit 1
	fi
}

# header_users TREE HEADER...: the .c files of the git tree TREE that
# include a HEADER: one under include/ as <its path below include/>, any
# other as "its name" from a .c file of its own folder (or below it).
header_users() {
	_tree=$1
	shift
	for _h in "$@"; do
		case $_h in
		include/*)
			_pat="#include <${_h#include/}>"
			_where='*.c'
			;;
		*)
			_pat="#include \"$(basename "$_h")\""
			_where="$(dirname "$_h")/*.c"
			;;
		esac
		# (exit 1: no file includes it)
		git -C "$_tree" grep -l -F "$_pat" -- "$_where" || [ $? = 1 ]
	done
}

# touched_objs TREE OBJ FILE...: the kbuild objects of the .c FILEs that
# TREE has and config/compile-skip.txt does not list for KARCH (each
# skipped file goes to stderr, "skip FILE REASON"; a row whose reason
# starts with "only=ARCH[,ARCH...] " skips the file on every other
# architecture). Their old objects in OBJ are removed, so that make
# compiles them again and shows their warnings.
touched_objs() {
	_tree=$1
	_obj=$2
	shift 2
	for _f in "$@"; do
		[ -f "$_tree/$_f" ] || continue
		if _why=$(grep "^${_f}[[:space:]]" "$TOP/config/compile-skip.txt"); then
			_only=$(printf '%s\n' "$_why" | awk -F'\t' '$2 ~ /^only=/ { sub(/^only=/, "", $2); sub(/ .*/, "", $2); print $2 }')
			if [ -z "$_only" ] || ! printf ',%s,' "$_only" | grep -q ",${KARCH:-x86_64},"; then
				echo "skip $_why" >&2
				continue
			fi
		fi
		rm -f "$_obj/${_f%.c}.o"
		echo "${_f%.c}.o"
	done
}

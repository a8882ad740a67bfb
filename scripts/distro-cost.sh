#!/bin/sh
# distro-cost.sh BASE SERIES... - what each queue costs a distribution, on
# make distro's kernels (Debian's config reduced to the QEMU guest's
# modules, gcc-12, CONFIG_MODVERSIONS; scripts/distro-kernel.sh, one per
# queue in $BUILD/QUEUE/distro/obj), against BASE's (none: 6.12.118 and
# the test patches, which Debian's config leaves off):
#   - the exported symbols whose CRC changes (scripts/symvers.py): each
#     one makes the modules built for BASE refuse to load, and Debian bumps
#     its kernel ABI name;
#   - Debian 12's DKMS packages (config/distro/dkms.list; their .debs are
#     downloaded by apt-get download, extracted, never installed) built with
#     Debian's dkms against each kernel's objects (dkms build
#     --kernelsourcedir, its own --dkmstree and --sourcetree under
#     $BUILD/distro/cost, no module signing: no module is installed or
#     loaded on this machine).
# The results, "crc QUEUE CHANGED ADDED REMOVED" and "dkms PACKAGE=VERSION
# QUEUE ok|error|excluded" lines in $BUILD/distro/cost/results, must be those
# pinned in tests/expect/distro-cost.expected (each with its reason); the
# changed symbols are listed in symvers.list, each failed build's first
# compiler error in dkms-errors.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
build_env
[ "$#" -ge 2 ] || { echo "usage: $0 BASE SERIES..." >&2; exit 2; }
D=$BUILD/distro/cost
LIST=$TOP/config/distro/dkms.list
EXPECTED=$TOP/tests/expect/distro-cost.expected
mkdir -p "$D"
: >"$D/results.new"

for s in "$@"; do
	f=$BUILD/$s/distro/obj/Module.symvers
	[ -f "$f" ] || { echo "distro-cost: no $f (scripts/distro-kernel.sh $s first)" >&2; exit 1; }
done

# The CRCs of each queue's exported symbols against the base's.
base=$1
shift
queues=$*
files=
for s in $queues; do files="$files $BUILD/$s/distro/obj/Module.symvers"; done
# shellcheck disable=SC2086
/usr/bin/python3 "$TOP/scripts/symvers.py" "$BUILD/$base/distro/obj/Module.symvers" $files \
	--list "$D/symvers.list" >"$D/symvers.txt"
cat "$D/symvers.txt"
sed -n 's/^symvers: \([^:]*\): [0-9]* exported, \([0-9]*\) CRCs changed, \([0-9]*\) added, \([0-9]*\) removed$/crc \1 \2 \3 \4/p' \
	"$D/symvers.txt" >>"$D/results.new"

# The DKMS packages: downloaded once (apt-get download keeps Debian's
# name, PACKAGE_VERSION_ARCH.deb), extracted into src/PACKAGE.
pkgs=$(grep -v -e '^#' -e '^[[:space:]]*$' "$LIST" || [ $? = 1 ])
[ -n "$pkgs" ] || { echo "distro-cost: no packages in $LIST" >&2; exit 1; }
mkdir -p "$D/debs"
for p in $pkgs; do
	if ! ls "$D/debs/${p}_"*.deb >/dev/null 2>&1; then
		(cd "$D/debs" && apt-get download "$p" >/dev/null)
	fi
	deb=$(ls "$D/debs/${p}_"*.deb)
	if [ ! -d "$D/src/$p" ]; then
		rm -rf "$D/src/$p.tmp"
		mkdir -p "$D/src/$p.tmp"
		dpkg-deb -x "$deb" "$D/src/$p.tmp"
		mv "$D/src/$p.tmp" "$D/src/$p"
	fi
done

# dkms_field CONF NAME: a variable of a dkms.conf (a shell file that
# dkms sources; the two fields used here are plain assignments).
dkms_field() {
	sed -n "s/^[[:space:]]*$2=\"\{0,1\}\([^\"]*\)\"\{0,1\}[[:space:]]*$/\1/p" "$1" | head -n 1
}

: >"$D/dkms-errors"
for s in $base $queues; do
	obj=$BUILD/$s/distro/obj
	krel=$(cat "$obj/include/config/kernel.release")
	for p in $pkgs; do
		conf=$(ls "$D/src/$p"/usr/src/*/dkms.conf)
		name=$(dkms_field "$conf" PACKAGE_NAME)
		ver=$(dkms_field "$conf" PACKAGE_VERSION)
		[ -n "$name" ] && [ -n "$ver" ] ||
			{ echo "distro-cost: $conf: no PACKAGE_NAME or PACKAGE_VERSION" >&2; exit 1; }
		# dkms wants the source in NAME-VERSION; a value made of
		# variables is not read here
		[ "$name-$ver" = "$(basename "$(dirname "$conf")")" ] ||
			{ echo "distro-cost: $conf: $name-$ver is not its folder's name" >&2; exit 1; }
		debver=$(dpkg-deb -f "$(ls "$D/debs/${p}_"*.deb)" Version)
		tree=$D/tree/$s/$p
		log=$D/logs/$s/$p.log
		rm -rf "$tree"
		mkdir -p "$tree" "$(dirname "$log")"
		src=$(dirname "$(dirname "$conf")")
		# sign_file: no module signing, which would make a key in
		# /var/lib/dkms (dkms keeps a value from the environment)
		export sign_file=/nonexistent
		dkms add -m "$name" -v "$ver" -k "$krel" --kernelsourcedir "$obj" \
			--sourcetree "$src" --dkmstree "$tree" >"$log" 2>&1 || {
			cat "$log" >&2
			echo "distro-cost: dkms add of $p failed" >&2
			exit 1
		}
		# Exit 77: the package's BUILD_EXCLUSIVE_* rules leave this
		# kernel out (a config option it needs, an architecture).
		rc=0
		dkms build -m "$name" -v "$ver" -k "$krel" --kernelsourcedir "$obj" \
			--no-depmod --sourcetree "$src" --dkmstree "$tree" >>"$log" 2>&1 || rc=$?
		case $rc in
		0) r=ok ;;
		77) r=excluded ;;
		*)
			r=error
			make_log=$tree/$name/$ver/build/make.log
			[ ! -f "$make_log" ] || cat "$make_log" >>"$log"
			err=$(grep -m 1 -E 'error:|Error [0-9]|ERROR:' "$log" || echo "dkms exit $rc")
			echo "$p $s: $err" >>"$D/dkms-errors"
			;;
		esac
		echo "dkms $p=$debver $s $r" >>"$D/results.new"
		echo "distro-cost: $p $debver on $s: $r"
	done
done
mv "$D/results.new" "$D/results"

# The verdict: the results are the pinned ones, line for line.
if [ ! -f "$EXPECTED" ]; then
	echo "distro-cost: no $EXPECTED: nothing is pinned; the results are in $D/results" >&2
	exit 1
fi
want=$(grep -v -e '^#' -e '^[[:space:]]*$' "$EXPECTED" | sed 's/[[:space:]]*#.*//' | LC_ALL=C sort)
got=$(LC_ALL=C sort "$D/results")
if [ "$want" != "$got" ]; then
	echo "distro-cost: the results differ from $EXPECTED (-: pinned, +: measured):"
	printf '%s\n' "$want" >"$D/results.want"
	printf '%s\n' "$got" >"$D/results.got"
	diff "$D/results.want" "$D/results.got" | sed -n 's/^< /  -/p; s/^> /  +/p'
	exit 1
fi
n=$(grep -c '^dkms .* error$' "$D/results" || [ $? = 1 ])
echo "distro-cost: results as pinned ($(wc -l <"$D/results") lines, $n failed builds: $D/dkms-errors)"

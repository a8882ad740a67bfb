#!/bin/sh
# distro-boot.sh SERIES - boot make distro's Debian 12 image of SERIES
# ($BUILD/SERIES/distro: image.ext4 and the vmlinuz and initrd.img its
# kernel package installed) in QEMU on config/machines/distro.conf, from a
# copy of the disk, so the image stays as it was made. The system test
# (tests/distro/workbench-test) runs when systemd has reached multi-user,
# writes its result (KTAP) to the second serial port and powers off. Fails
# when the boot does not end within BOOT_TIMEOUT, when the console has a
# sanitizer report, WARNING, Oops or panic (scripts/console.py) or lacks
# the kernel's power-down line, or when the result is not a pass by the
# judge of every guest: kunit.py parse and summary.py, against the run's
# pinned expectations (tests/expect/SERIES-distro.*; none today).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$1" distro
machine_env
for f in image.ext4 vmlinuz initrd.img; do
	[ -f "$DIR/$f" ] || { echo "distro-boot: no $DIR/$f: scripts/distro-image.sh $SERIES first"; exit 1; }
done
cp --sparse=always "$DIR/image.ext4" "$DIR/run.ext4"
cmdline="root=/dev/vda rw console=$(serial_port console) panic=-1 $CMDLINE ${KERNEL_ARGS:-}"
rc=0
qemu_boot "$DIR/vmlinuz" "$DIR/initrd.img" "$cmdline" "$DIR/run.ext4" || rc=$?
# For a post-mortem: the journal and the test's own copy of its result,
# read from the disk without mounting it (what is not there is not there).
rm -rf "$DIR/journal" "$DIR/workbench"
debugfs -R "rdump /var/log/journal /var/lib/workbench $DIR" "$DIR/run.ext4" >/dev/null 2>&1 || true
case $rc in 124 | 125) exit 1 ;; esac
echo "distro-boot: $SERIES: qemu exit $rc after $BOOT_SECONDS s, console $(wc -l <"$DIR/console.log") lines"
# The console first: a panic (panic=-1 -no-reboot: QEMU exits 0) leaves no
# result, and the console says why.
console=0
python3 "$TOP/scripts/console.py" --name "distro $SERIES" --done "reboot: Power down" \
	--bad "$DIR/console.bad" "$DIR/console.log" || console=$?
[ "$rc" = 0 ] || { echo "distro-boot: $SERIES: qemu exit $rc" >&2; exit 1; }
result=$(serial_file result)
[ -s "$result" ] || { echo "distro-boot: $SERIES: no result on the result port ($result)" >&2; exit 1; }
# The serial line turned each newline into CR LF.
tr -d '\r' <"$result" >"$result.tmp"
mv "$result.tmp" "$result"
{
	echo "boot_seconds $BOOT_SECONDS"
	sed -n 's/^# wb-time /guest /p' "$result"
} >"$DIR/boot.txt"
echo "distro-boot: $SERIES: $(grep -E '^# [0-9]+ tests, ' "$result" || echo 'no count line')"
# kunit.py exits non-zero when a check fails: the verdict is summary.py's
# (a check missing from the plan is an error case there, so a failure).
rm -f "$DIR/distro.json" "$DIR/summary.json"
python3 "$TREE/tools/testing/kunit/kunit.py" parse --json="$DIR/distro.json" "$result" \
	>"$DIR/distro.txt" 2>&1 || true
expect_files
set --
[ -z "$XFAIL" ] || set -- --xfail "$XFAIL"
[ -z "$SKIP" ] || set -- "$@" --skip "$SKIP"
[ -z "$FLAKY" ] || set -- "$@" --flaky "$FLAKY"
verdict=0
python3 "$TOP/scripts/summary.py" "$@" --json "$DIR/summary.json" --ktap distro="$result" \
	distro="$DIR/distro.json" >"$DIR/summary.txt" || verdict=1
cat "$DIR/summary.txt"
[ "$console" = 0 ] || exit "$console"
[ "$verdict" = 0 ] || { echo "distro-boot: $SERIES: the system test failed" >&2; exit 1; }

#!/bin/sh
# boot.sh SERIES - boot the series' bzImage + initramfs in QEMU (TCG) and keep
# the kernel console (ttyS0), the guest KTAP stream (ttyS1) and the files the
# guest sends back (ttyS2: transcripts, coverage profile) in the build folder. A boot that does not end by itself within BOOT_TIMEOUT seconds is
# killed and fails.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"

BOOT_TIMEOUT=${BOOT_TIMEOUT:-900}

KERNEL=$DIR/obj/arch/x86/boot/bzImage
INITRD=$DIR/initramfs.cpio.gz
CMDLINE="console=ttyS0 panic=-1 workbench.series=$SERIES ${KERNEL_ARGS:-}"
QEMU_ARGS=${QEMU_ARGS:-}

rm -f "$DIR/console.log" "$DIR/guest.ktap" "$DIR/files.txt"
set +e
# shellcheck disable=SC2086
timeout --foreground -k 10 "$BOOT_TIMEOUT" \
	qemu-system-x86_64 -machine q35 -cpu max -smp 1 -m 1024 \
	-display none -monitor none -no-reboot \
	-kernel "$KERNEL" -initrd "$INITRD" -append "$CMDLINE" \
	-serial "file:$DIR/console.log" -serial "file:$DIR/guest.ktap" \
	-serial "file:$DIR/files.txt" \
	$QEMU_ARGS </dev/null
rc=$?
set -e
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "boot: $SERIES: no exit after ${BOOT_TIMEOUT}s, killed" >&2
	exit 1
fi
echo "boot: $SERIES: qemu exit $rc, console $(wc -l <"$DIR/console.log") lines, guest $(wc -l <"$DIR/guest.ktap") lines"
[ "$rc" = 0 ]

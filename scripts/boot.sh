#!/bin/sh
# boot.sh SERIES - boot the series' bzImage + initramfs in QEMU (TCG) on the
# machine config/machines/$MACHINE_CONF.conf (default test: which serial
# port carries the kernel console, the guest KTAP stream and the files the
# guest sends back) and keep each port's output in the build folder. A boot
# that does not end by itself within BOOT_TIMEOUT seconds is killed and fails.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
series_env "$@"
machine_env

KERNEL=$DIR/obj/arch/x86/boot/bzImage
INITRD=$DIR/initramfs.cpio.gz
# kasan_multi_shot: KASAN prints every report, not only the first of the
# boot (the redzone option's KUnit control reports on purpose, early).
# workbench.parts: the parts of patches/series this kernel carries, for the
# guest tests whose expectations depend on them (lib/rtnl.h kernel_has_part()).
parts=$(series_parts "$SERIES")
CMDLINE="console=$(serial_port console) panic=-1 kasan_multi_shot workbench.series=$SERIES workbench.parts=$parts ${KERNEL_ARGS:-}"

serial=$(serial_args)
set +e
# shellcheck disable=SC2086
timeout --foreground -k 10 "$BOOT_TIMEOUT" \
	qemu-system-x86_64 -machine "$QEMU_MACHINE" -cpu "$QEMU_CPU" \
	-smp "$QEMU_SMP" -m "$QEMU_MEM" \
	-display none -monitor none -no-reboot \
	-kernel "$KERNEL" -initrd "$INITRD" -append "$CMDLINE" \
	$serial $QEMU_EXTRA ${QEMU_ARGS:-} </dev/null
rc=$?
set -e
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "boot: $SERIES: no exit after ${BOOT_TIMEOUT}s, killed" >&2
	exit 1
fi
echo "boot: $SERIES: qemu exit $rc, console $(wc -l <"$(serial_file console)") lines, guest $(wc -l <"$(serial_file ktap)") lines"
[ "$rc" = 0 ]

#!/bin/sh
# boot.sh SERIES [PROFILE] - boot the run's kernel image + initramfs in QEMU
# (TCG) on the profile's machine (config/machines/: which serial port
# carries the kernel console, the guest KTAP stream and the files the guest
# sends back), each port's output in the run's folder. A boot that does not
# end by itself within the machine's BOOT_TIMEOUT is killed and fails.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/lib.sh"
run_env "$@"
guest_suite_only
machine_env
# (an assignment: an architecture without a booted kernel stops here)
image=$(kernel_image)
# The machine's QEMU must run the profile's architecture.
case $KARCH:$QEMU_SYSTEM in
x86_64:qemu-system-x86_64 | i386:qemu-system-x86_64 | arm64:qemu-system-aarch64) ;;
*)
	echo "boot: $RUN: $MACHINE_FILE runs $QEMU_SYSTEM, not a machine for ARCH=$KARCH" >&2
	exit 1
	;;
esac

# kasan_multi_shot: KASAN prints every report, not only the first of the
# boot (the redzone option's KUnit control reports on purpose, early).
# workbench.parts: the parts of patches/series this kernel carries, for the
# guest tests whose expectations depend on them (lib/rtnl.h kernel_has_part()).
# CMDLINE: the profile's words (the benchmark's runs and scale); KERNEL_ARGS:
# a person's, for one run (workbench.demo=ROW runs one row of a test).
parts=$(series_parts "$SERIES")
cmdline="console=$(serial_port console) panic=-1 kasan_multi_shot workbench.parts=$parts $CMDLINE ${KERNEL_ARGS:-}"

rc=0
qemu_boot "$OBJ/${image#* }" "$DIR/initramfs.cpio.gz" "$cmdline" || rc=$?
case $rc in 124 | 125) exit 1 ;; esac
echo "boot: $RUN: qemu exit $rc after $BOOT_SECONDS s, console $(wc -l <"$(serial_file console)") lines, guest $(wc -l <"$(serial_file ktap)") lines"
[ "$rc" = 0 ]

# SPDX-License-Identifier: GPL-2.0
"""config/machines/*.conf is the one description of a QEMU machine, which
a profile names: boot.sh builds the QEMU command line from it (a stand-in
qemu-system-x86_64 records the arguments) and make-initramfs.sh builds
/init with the same ports. Before, the ports were written in boot.sh and
again in init.c. scripts/lib.sh qemu_boot, the one launcher, owns the
timeout and QEMU's exit status."""
import os

import pytest

from conftest import guest_programs, profile, run

QEMU_STUB = """#!/bin/sh
printf '%s\\n' "$(basename "$0")" "$@" >"$QEMU_ARGS_OUT"
[ -z "${QEMU_SLEEP:-}" ] || sleep "$QEMU_SLEEP"
exit "${QEMU_EXIT:-0}"
"""


@pytest.fixture
def machine(top):
    """One trivial guest program, and a qemu-system-x86_64 on PATH that
    writes its arguments to top/qemu.args."""
    guest_programs(top, "a")
    (top / "tests" / "guest" / "order").write_text("a\n")
    stub = top.parent / "bin"
    stub.mkdir()
    for qemu in ("qemu-system-x86_64", "qemu-system-aarch64"):
        (stub / qemu).write_text(QEMU_STUB)
        (stub / qemu).chmod(0o755)
    return top


def boot(top, machine=None, arch=None, **env):
    """boot.sh of the run tooltest, on the test profile or on a profile
    whose machine is MACHINE (and architecture ARCH)."""
    e = dict(os.environ, BUILD=str(top / "build"),
             PATH=f"{top.parent / 'bin'}:{os.environ['PATH']}",
             QEMU_ARGS_OUT=str(top / "qemu.args"), **env)
    d = top / "build" / "tooltest"
    argv = ["sh", str(top / "scripts" / "boot.sh"), "tooltest"]
    if machine:
        profile(top, "m", MACHINE=machine, **({"ARCH": arch} if arch else {}))
        d = d / "m"
        argv.append("m")
    d.mkdir(parents=True, exist_ok=True)
    (d / "console.log").write_text("")
    (top / "qemu.args").unlink(missing_ok=True)
    rc, out = run(argv, env=e)
    args = (top / "qemu.args").read_text().splitlines() if rc == 0 else []
    return rc, out, args


def opt(args, name):
    return [args[i + 1] for i, a in enumerate(args) if a == name]


def test_test_machine(machine):
    top = machine
    rc, out, args = boot(top)
    assert rc == 0, out
    d = top / "build" / "tooltest"
    assert opt(args, "-serial") == [f"file:{d}/console.log", f"file:{d}/guest.ktap",
                                    f"file:{d}/files.txt"]
    assert opt(args, "-m") == ["1024"] and opt(args, "-machine") == ["q35"]
    assert "console=ttyS0 " in opt(args, "-append")[0]
    assert "-icount" not in args


def test_arm64_machine(machine):
    """The arm64 machine: qemu-system-aarch64's virt board, the console on
    its one UART (ttyAMA0), the KTAP stream and the files on two virtio
    consoles (hvc0, hvc1), and the arm64 kernel's Image."""
    top = machine
    rc, out, args = boot(top, "arm64", "arm64")
    assert rc == 0, out
    d = top / "build" / "tooltest" / "m"
    assert args[0] == "qemu-system-aarch64" and opt(args, "-machine") == ["virt"], args
    assert opt(args, "-kernel") == [f"{d}/obj/arch/arm64/boot/Image"], args
    assert opt(args, "-serial") == [f"file:{d}/console.log"], args
    assert opt(args, "-chardev") == [f"file,id=port1,path={d}/guest.ktap",
                                     f"file,id=port2,path={d}/files.txt"], args
    assert opt(args, "-device") == ["virtio-serial-device", "virtconsole,chardev=port1",
                                    "virtconsole,chardev=port2"], args
    assert "console=ttyAMA0 " in opt(args, "-append")[0]
    rc, out, args = boot(top)
    assert rc == 0 and args[0] == "qemu-system-x86_64" and "-device" not in args, args


def test_init_gets_the_machines_tty_names(machine):
    """/init opens the ports by the names the machine gives them
    (SERIAL_TTYS): on the arm64 machine the virtio consoles."""
    top = machine
    profile(top, "m", MACHINE="arm64")
    rc, out = run(["sh", str(top / "scripts" / "make-initramfs.sh"), "tooltest", "m"],
                  env=dict(os.environ, BUILD=str(top / "build")))
    assert rc == 0, out
    init = (top / "build" / "tooltest" / "m" / "initramfs" / "init").read_bytes()
    assert b"/dev/hvc0\0" in init and b"/dev/hvc1\0" in init and b"/dev/ttyS" not in init


@pytest.mark.parametrize("ttys, msg", [
    ("ttyAMA0 hvc0", "SERIAL_TTYS names 2 ports, SERIAL 3"),
    ("ttyAMA0 hvc0 lp0", "lp0 is neither a UART"),
    ("ttyAMA0 hvc1 hvc0", "port 1 is the virtio console hvc0, not hvc1"),
])
def test_bad_tty_names(machine, ttys, msg):
    """A machine whose port names do not match its roles, or name a port
    QEMU cannot make, fails the boot before QEMU runs."""
    top = machine
    conf = top / "config" / "machines" / "bad.conf"
    conf.write_text(f'. "$(dirname "$MACHINE_FILE")/arm64.conf"\nSERIAL_TTYS="{ttys}"\n')
    rc, out, _ = boot(top, "bad", "arm64")
    assert rc == 1 and msg in out, out
    assert not (top / "qemu.args").exists()


def test_machine_of_another_arch_fails(machine):
    """An arm64 profile on an x86 machine (or the reverse) fails the boot
    before QEMU runs."""
    top = machine
    rc, out, _ = boot(top, "test", "arm64")
    assert rc == 1 and "runs qemu-system-x86_64, not a machine for ARCH=arm64" in out, out
    rc, out, _ = boot(top, "arm64", "i386")
    assert rc == 1 and "not a machine for ARCH=i386" in out, out
    assert not (top / "qemu.args").exists()


def test_bench_machine(machine):
    top = machine
    rc, out, args = boot(top, "bench")
    assert rc == 0, out
    assert opt(args, "-icount") == ["shift=0,align=off,sleep=off"]
    assert opt(args, "-m") == ["1024"]


def test_ports_follow_the_machine(machine, tmp_path):
    top = machine
    conf = top / "config" / "machines" / "swapped.conf"
    conf.write_text('. "$(dirname "$MACHINE_FILE")/test.conf"\nSERIAL="ktap files console"\n')
    rc, out, args = boot(top, "swapped")
    assert rc == 0, out
    assert "console=ttyS2 " in opt(args, "-append")[0]
    assert opt(args, "-serial")[0].endswith("/guest.ktap")
    env = dict(os.environ, BUILD=str(top / "build"))
    rc, out = run(["sh", str(top / "scripts" / "make-initramfs.sh"), "tooltest", "m"], env=env)
    assert rc == 0, out
    init = (top / "build" / "tooltest" / "m" / "initramfs" / "init").read_bytes()
    assert b"/dev/ttyS0\0" in init and b"/dev/ttyS1\0" in init and b"/dev/ttyS2\0" not in init


def test_unknown_machine(machine):
    top = machine
    rc, out, _ = boot(top, "nosuch")
    assert rc == 1 and "no " in out and "nosuch.conf" in out, out


def test_boot_timeout_from_environment(machine):
    top = machine
    conf = top / "config" / "machines" / "test.conf"
    assert "BOOT_TIMEOUT=900" in conf.read_text()
    # the environment's BOOT_TIMEOUT wins over the machine's
    rc, out, _ = boot(top, BOOT_TIMEOUT="7")
    assert rc == 0, out
    script = f". {top}/scripts/lib.sh; TOP={top}; MACHINE=test; machine_env; echo $BOOT_TIMEOUT"
    rc, out = run(["sh", "-c", script], env=dict(os.environ, BOOT_TIMEOUT="7"))
    assert out.strip() == "7", out
    env = {k: v for k, v in os.environ.items() if k != "BOOT_TIMEOUT"}
    rc, out = run(["sh", "-c", script], env=env)
    assert out.strip() == "900", out


def test_second_machine_is_its_own(machine):
    """A shell that boots two machines gets each one's values: the first
    machine's BOOT_TIMEOUT is not taken for the environment's."""
    top = machine
    env = {k: v for k, v in os.environ.items() if k != "BOOT_TIMEOUT"}
    script = (f". {top}/scripts/lib.sh; TOP={top}; MACHINE=test; machine_env; "
              "echo $BOOT_TIMEOUT $QEMU_EXTRA; MACHINE=bench; machine_env; "
              "echo $BOOT_TIMEOUT $QEMU_EXTRA; MACHINE=test; machine_env; echo $BOOT_TIMEOUT $QEMU_EXTRA")
    rc, out = run(["sh", "-c", script], env=env)
    assert out.split("\n")[:3] == ["900", "1800 -icount shift=0,align=off,sleep=off", "900"], out


def test_qemu_exit_status_fails_the_boot(machine):
    """A QEMU that exits non-zero (it could not start, or the guest's
    triple fault) fails the boot and says so."""
    rc, out, _ = boot(machine, QEMU_EXIT="3")
    assert rc == 1 and "boot: tooltest: qemu exit 3 after " in out, out


def test_timeout_kills_and_fails(machine):
    """A guest that never powers off is killed after the machine's
    BOOT_TIMEOUT (here the environment's 1 s), and the boot fails."""
    rc, out, _ = boot(machine, QEMU_SLEEP="30", BOOT_TIMEOUT="1")
    assert rc == 1 and "boot: tooltest: no exit after 1s, killed" in out, out
    assert "qemu exit" not in out, out


def test_disk_is_the_guests_vda(machine):
    """qemu_boot's fourth argument is a raw virtio disk (make distro)."""
    top = machine
    script = (f". {top}/scripts/lib.sh; TOP={top}; MACHINE=distro; RUN=t; DIR={top}; "
              f"machine_env; qemu_boot K I 'root=/dev/vda' {top}/disk.img; echo rc=$?")
    e = dict(os.environ, PATH=f"{top.parent / 'bin'}:{os.environ['PATH']}",
             QEMU_ARGS_OUT=str(top / "qemu.args"))
    rc, out = run(["sh", "-c", script], env=e)
    assert "rc=0" in out, out
    args = (top / "qemu.args").read_text().splitlines()
    assert opt(args, "-drive") == [f"file={top}/disk.img,format=raw,if=virtio"], args
    assert opt(args, "-kernel") == ["K"] and opt(args, "-append") == ["root=/dev/vda"], args
    assert opt(args, "-accel") == ["tcg"], args


def test_serial_ports_that_cannot_be_set_up(machine):
    """A machine whose serial ports cannot be set up fails the boot before
    QEMU runs, and says so (before: a failure on an unset variable, then a
    summary line of a boot that never happened)."""
    top = machine
    conf = top / "config" / "machines" / "bogus.conf"
    conf.write_text('. "$(dirname "$MACHINE_FILE")/test.conf"\nSERIAL="console bogus ktap files"\n')
    rc, out, _ = boot(top, "bogus")
    assert rc == 1 and "cannot be set up; QEMU not started" in out, out
    assert "unknown serial port role bogus" in out and "qemu exit" not in out, out
    assert not (top / "qemu.args").exists()


def test_init_needs_the_machines_ports(machine):
    """/init is built with the machine's ktap and files ports; a machine
    without one stops make-initramfs.sh (before: /init was built with
    "/dev/" and nothing failed)."""
    top = machine
    conf = top / "config" / "machines" / "noktap.conf"
    conf.write_text('. "$(dirname "$MACHINE_FILE")/test.conf"\nSERIAL="console files"\n')
    profile(top, "m", MACHINE="noktap")
    rc, out = run(["sh", str(top / "scripts" / "make-initramfs.sh"), "tooltest", "m"],
                  env=dict(os.environ, BUILD=str(top / "build")))
    assert rc == 1 and "has no serial port for ktap" in out, out
    assert not (top / "build" / "tooltest" / "m" / "initramfs" / "init").exists()

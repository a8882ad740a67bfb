# SPDX-License-Identifier: GPL-2.0
"""config/machines/*.conf is the one description of a QEMU machine: boot.sh
builds the QEMU command line from it (a stand-in qemu-system-x86_64 records
the arguments) and make-initramfs.sh builds /init with the same ports.
Before, the ports were written in boot.sh and again in init.c."""
import os

import pytest

from conftest import guest_programs, run

QEMU_STUB = """#!/bin/sh
printf '%s\\n' "$@" >"$QEMU_ARGS_OUT"
"""


@pytest.fixture
def machine(top):
    """One trivial guest program, and a qemu-system-x86_64 on PATH that
    writes its arguments to top/qemu.args."""
    guest_programs(top, "a")
    (top / "tests" / "guest" / "order").write_text("a\n")
    stub = top.parent / "bin"
    stub.mkdir()
    (stub / "qemu-system-x86_64").write_text(QEMU_STUB)
    (stub / "qemu-system-x86_64").chmod(0o755)
    return top


def boot(top, **env):
    e = dict(os.environ, BUILD=str(top / "build"),
             PATH=f"{top.parent / 'bin'}:{os.environ['PATH']}",
             QEMU_ARGS_OUT=str(top / "qemu.args"), **env)
    d = top / "build" / "tooltest"
    (d / "console.log").write_text("")
    rc, out = run(["sh", str(top / "scripts" / "boot.sh"), "tooltest"], env=e)
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


def test_bench_machine(machine):
    top = machine
    rc, out, args = boot(top, MACHINE_CONF="bench")
    assert rc == 0, out
    assert opt(args, "-icount") == ["shift=0,align=off,sleep=off"]
    assert opt(args, "-m") == ["1024"]


def test_ports_follow_the_machine(machine, tmp_path):
    top = machine
    conf = top / "config" / "machines" / "swapped.conf"
    conf.write_text('. "$(dirname "$MACHINE_FILE")/test.conf"\nSERIAL="ktap files console"\n')
    rc, out, args = boot(top, MACHINE_CONF="swapped")
    assert rc == 0, out
    assert "console=ttyS2 " in opt(args, "-append")[0]
    assert opt(args, "-serial")[0].endswith("/guest.ktap")
    env = dict(os.environ, BUILD=str(top / "build"), COVERAGE="no", MACHINE_CONF="swapped")
    rc, out = run(["sh", str(top / "scripts" / "make-initramfs.sh"), "tooltest"], env=env)
    assert rc == 0, out
    init = (top / "build" / "tooltest" / "initramfs" / "init").read_bytes()
    assert b"/dev/ttyS0\0" in init and b"/dev/ttyS1\0" in init and b"/dev/ttyS2\0" not in init


def test_unknown_machine(machine):
    top = machine
    rc, out, _ = boot(top, MACHINE_CONF="nosuch")
    assert rc == 1 and "no " in out and "nosuch.conf" in out, out


def test_boot_timeout_from_environment(machine):
    top = machine
    conf = top / "config" / "machines" / "test.conf"
    assert "BOOT_TIMEOUT=900" in conf.read_text()
    # the environment's BOOT_TIMEOUT wins over the machine's
    rc, out, _ = boot(top, BOOT_TIMEOUT="7")
    assert rc == 0, out
    script = f". {top}/scripts/lib.sh; TOP={top}; BOOT_TIMEOUT=7; machine_env; echo $BOOT_TIMEOUT"
    rc, out = run(["sh", "-c", script])
    assert out.strip() == "7", out
    rc, out = run(["sh", "-c", f". {top}/scripts/lib.sh; TOP={top}; machine_env; echo $BOOT_TIMEOUT"])
    assert out.strip() == "900", out

# SPDX-License-Identifier: GPL-2.0
"""scripts/build-kernel.sh: after the build (make stands in), the flag
that bounds trailing arrays is shown on a real compile command where the
tree asks for it (6.12, clang-19), and shown absent where the tree does
not (6.1, older than the flag) or the compiler lacks it (gcc-12)."""
import os

import pytest

from conftest import profile, run


def build(top, tmp_path, prof, tree, asks, cmdline, cmdfile=True):
    bin_ = tmp_path / "bin"
    bin_.mkdir(exist_ok=True)
    (bin_ / "make").write_text("#!/bin/sh\nexit 0\n")
    os.chmod(bin_ / "make", 0o755)
    t = top / "build" / "tooltest" / tree
    t.mkdir(parents=True, exist_ok=True)
    (t / "Makefile").write_text(
        "KBUILD_CFLAGS += $(call cc-option, -fstrict-flex-arrays=3)\n" if asks else "all:\n")
    obj = top / "build" / "tooltest" / ("obj" if prof == "test" else f"{prof}/obj")
    (obj / "net").mkdir(parents=True, exist_ok=True)
    if cmdfile:
        (obj / "net" / ".socket.o.cmd").write_text(f"cmd_net/socket.o := clang {cmdline} -c\n")
    (obj / "arch" / "x86" / "boot").mkdir(parents=True, exist_ok=True)
    (obj / "arch" / "x86" / "boot" / "bzImage").write_text("x")
    env = dict(os.environ, BUILD=str(top / "build"), PATH=f"{bin_}:{os.environ['PATH']}")
    return run(["sh", str(top / "scripts" / "build-kernel.sh"), "tooltest", prof], env=env)


@pytest.mark.parametrize("prof, tree, asks, cmdline, rc, msg", [
    ("test", "linux", True, "-O2 -fstrict-flex-arrays=3", 0, "-fstrict-flex-arrays=3 is in"),
    ("test", "linux", True, "-O2", 1, "-fstrict-flex-arrays=3 missing"),
    ("old", "linux-6.1", False, "-O2", 0, "linux-source-6.1 does not ask for"),
    ("old", "linux-6.1", False, "-O2 -fstrict-flex-arrays=3", 1, "does not ask for"),
    ("gcc", "linux", True, "-O2", 0, "gcc, no -fstrict-flex-arrays"),
    ("gcc", "linux", True, "-O2 -fstrict-flex-arrays=3", 1, "after all"),
])
def test_flag_shown(top, tmp_path, prof, tree, asks, cmdline, rc, msg):
    profile(top, "old", KERNEL="6.1")
    profile(top, "gcc", COMPILER="gcc")
    got, out = build(top, tmp_path, prof, tree, asks, cmdline)
    assert got == rc and msg in out, out


@pytest.mark.parametrize("prof, tree, asks", [
    ("test", "linux", True), ("old", "linux-6.1", False), ("gcc", "linux", True),
])
def test_missing_command_file_fails(top, tmp_path, prof, tree, asks):
    """Without net/.socket.o.cmd there is nothing to show: every branch
    fails rather than take a grep's missing file for an absent flag."""
    profile(top, "old", KERNEL="6.1")
    profile(top, "gcc", COMPILER="gcc")
    got, out = build(top, tmp_path, prof, tree, asks, "", cmdfile=False)
    assert got == 1 and "no " in out and ".socket.o.cmd" in out, out


def test_arm64_builds_image(top, tmp_path):
    """The arm64 profile builds and shows arch/arm64/boot/Image, not the
    x86 bzImage (scripts/lib.sh kernel_image)."""
    obj = top / "build" / "tooltest" / "arm64" / "obj"
    (obj / "arch" / "arm64" / "boot").mkdir(parents=True)
    (obj / "arch" / "arm64" / "boot" / "Image").write_text("xyz")
    got, out = build(top, tmp_path, "arm64", "linux", True, "-O2 -fstrict-flex-arrays=3")
    assert got == 0 and "build: Image 3 bytes" in out, out
    assert "bzImage" not in out, out

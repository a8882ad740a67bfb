# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh content_sums: the inputs of make distro's stamps (base,
image, kernel) by content and by their name inside the workbench, so that
another clone of the workbench finds the same stamp. Before, the stamps
hashed sha256sum FILE's output, which names the clone's path, and a fresh
clone built Debian's kernels and image again."""
import shutil

from conftest import SCRIPTS, run


def sums(top, *files, outside=None):
    names = " ".join(f"{top}/{f}" for f in files) + (f" {outside}" if outside else "")
    return run(["sh", "-c", f"TOP={top}; . {SCRIPTS}/lib.sh; content_sums {names}"])


def test_two_clones_share_the_sums(tmp_path):
    a = tmp_path / "a"
    (a / "tests" / "distro").mkdir(parents=True)
    (a / "tests" / "distro" / "packages").write_text("iproute2\n")
    (a / "tests" / "distro" / "hook.sh").write_text("#!/bin/sh\n")
    b = tmp_path / "elsewhere" / "b"
    shutil.copytree(a, b)
    outside = tmp_path / "stamp"
    outside.write_text("x\n")
    files = ("tests/distro/packages", "tests/distro/hook.sh")
    rc1, one = sums(a, *files, outside=outside)
    rc2, two = sums(b, *files, outside=outside)
    assert rc1 == 0 and rc2 == 0 and one == two, (one, two)
    assert one.splitlines()[0].endswith(" tests/distro/packages"), one
    assert one.splitlines()[2].endswith(f" {outside}"), one
    (b / "tests" / "distro" / "packages").write_text("iproute2\nstrace\n")
    assert sums(b, *files, outside=outside)[1] != one


def test_missing_input_fails(tmp_path):
    (tmp_path / "f").write_text("x\n")
    rc, out = sums(tmp_path, "f", "nosuch")
    assert rc != 0, out
    rc, out = run(["sh", "-c", f"set -e; TOP={tmp_path}; . {SCRIPTS}/lib.sh; "
                   f"x=$(content_sums {tmp_path}/nosuch); echo reached"])
    assert rc != 0 and "reached" not in out, out

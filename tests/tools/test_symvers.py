# SPDX-License-Identifier: GPL-2.0
"""scripts/symvers.py: the exported symbols whose CRC a queue changes,
adds or removes against the baseline (make distro-cost), from two
Module.symvers files; a file that is not one, or has no CRC to compare,
fails."""
import pytest

from conftest import SCRIPTS, run


def symvers(tmp_path, series, rows):
    d = tmp_path / "build" / series / "distro" / "obj"
    d.mkdir(parents=True)
    (d / "Module.symvers").write_text(
        "".join(f"{crc}\t{sym}\t{mod}\tEXPORT_SYMBOL\t\n" for crc, sym, mod in rows))
    return str(d / "Module.symvers")


BASE = [("0x11111111", "kernel_bind", "vmlinux"), ("0x22222222", "sock_create", "vmlinux"),
        ("0x33333333", "tun_get_socket", "drivers/net/tun")]


def test_changed_added_removed(tmp_path):
    base = symvers(tmp_path, "none", BASE)
    same = symvers(tmp_path, "fixes", BASE)
    new = symvers(tmp_path, "main", [("0x44444444", "kernel_bind", "vmlinux"),
                                     ("0x22222222", "sock_create", "vmlinux"),
                                     ("0x55555555", "new_sym", "vmlinux")])
    lst = tmp_path / "list"
    rc, out = run(["python3", str(SCRIPTS / "symvers.py"), base, same, new, "--list", str(lst)])
    assert rc == 0, out
    assert "symvers: none: 3 exported (the base)" in out, out
    assert "symvers: fixes: 3 exported, 0 CRCs changed, 0 added, 0 removed" in out, out
    assert "symvers: main: 3 exported, 1 CRCs changed, 1 added, 1 removed" in out, out
    assert lst.read_text().splitlines() == [
        "main changed kernel_bind vmlinux", "main added new_sym vmlinux",
        "main removed tun_get_socket drivers/net/tun"]


@pytest.mark.parametrize("text, msg", [
    ("", "no exported symbols"),
    ("0x11111111 kernel_bind vmlinux EXPORT_SYMBOL\n", "not a Module.symvers line"),
    ("0x1111\tkernel_bind\tvmlinux\tEXPORT_SYMBOL\t\n", "not a Module.symvers line"),
    ("0x00000000\tkernel_bind\tvmlinux\tEXPORT_SYMBOL\t\n", "without CONFIG_MODVERSIONS"),
])
def test_not_a_symvers_fails(tmp_path, text, msg):
    base = symvers(tmp_path, "none", BASE)
    bad = tmp_path / "bad"
    bad.write_text(text)
    rc, out = run(["python3", str(SCRIPTS / "symvers.py"), base, str(bad)])
    assert rc == 1 and msg in out, out


def test_missing_file_fails(tmp_path):
    base = symvers(tmp_path, "none", BASE)
    rc, out = run(["python3", str(SCRIPTS / "symvers.py"), base, str(tmp_path / "nosuch")])
    assert rc == 1 and "nosuch" in out, out

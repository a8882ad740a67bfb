# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh build_warnings and new_warnings: fixes-alone.sh fails a
patch for a warning only when the plain tree's build of the same objects
does not give it too (6.1's dev_ioctl.c has a kernel-doc warning of its
own), and a patch that moves the lines moves no warning into "new"."""
from conftest import SCRIPTS, run

LOG_BASE = """  CC      net/core/dev_ioctl.o
net/core/dev_ioctl.c:472: warning: Function parameter or member 'data' not described in 'dev_ioctl'
"""
LOG_PATCH = """  CC      net/core/dev_ioctl.o
net/core/dev_ioctl.c:478: warning: Function parameter or member 'data' not described in 'dev_ioctl'
net/core/dev_ioctl.c:301:9: warning: unused variable 'x' [-Wunused-variable]
net/core/dev_ioctl.c:301:9: warning: unused variable 'x' [-Wunused-variable]
"""


def lib(tmp_path, script):
    (tmp_path / "base.log").write_text(LOG_BASE)
    (tmp_path / "patch.log").write_text(LOG_PATCH)
    (tmp_path / "clean.log").write_text("  CC      net/core/dev_ioctl.o\n")
    return run(["sh", "-c", f"TOP={SCRIPTS.parent}; . {SCRIPTS}/lib.sh; cd {tmp_path}; {script}"])


def test_warnings_without_line_numbers(tmp_path):
    rc, out = lib(tmp_path, 'build_warnings patch.log')
    assert rc == 0, out
    assert out.splitlines() == [
        "net/core/dev_ioctl.c: warning: Function parameter or member 'data' not described "
        "in 'dev_ioctl'",
        "net/core/dev_ioctl.c: warning: unused variable 'x' [-Wunused-variable]"], out


def test_clean_log_has_none(tmp_path):
    rc, out = lib(tmp_path, 'build_warnings clean.log; echo "[$(build_warnings clean.log)]"')
    assert rc == 0 and out.strip() == "[]", out


def test_only_the_patchs_own_warning_is_new(tmp_path):
    rc, out = lib(tmp_path, 'new_warnings "$(build_warnings patch.log)" "$(build_warnings base.log)"')
    assert rc == 0, out
    assert out.splitlines() == [
        "net/core/dev_ioctl.c: warning: unused variable 'x' [-Wunused-variable]"], out


def test_nothing_new_when_the_base_has_them_all(tmp_path):
    rc, out = lib(tmp_path, 'echo "[$(new_warnings "$(build_warnings base.log)" '
                            '"$(build_warnings patch.log)")]"')
    assert rc == 0 and out.strip() == "[]", out


def test_every_warning_is_new_on_a_clean_base(tmp_path):
    rc, out = lib(tmp_path, 'new_warnings "$(build_warnings patch.log)" ""')
    assert rc == 0 and len(out.splitlines()) == 2, out

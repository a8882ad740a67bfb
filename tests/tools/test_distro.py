# SPDX-License-Identifier: GPL-2.0
"""make distro's host side: scripts/distro-compare.sh (the two Debian boots'
results compared by compare-transcripts.sh after the kernel release and the
time lines are made comparable), scripts/distro_report.py (the figures), and
console.py's --done line (a Debian guest ends with "reboot: Power down")."""
import json

import pytest

from conftest import SCRIPTS, run

RESULT = """KTAP version 1
1..3
# kernel 6.12.118-wb-{s}
ok 1 system-running
# running
# wb-time Startup finished in 5.1s (kernel) + 40.2s (userspace) = {t}s
ok 2 lsm
# lockdown,capability,landlock,yama,apparmor
{third} 3 uname
# 6.12.118-wb-{s}
# 3 tests, {passed} passed, {failed} failed
"""

KERNEL = """series {s}
flavour amd64
compiler gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0
build_seconds 900
config_y 1793
config_m 91
modules 95
bzImage_bytes 9000000
vmlinux_text_data_bss 20000000 8000000 4000000
deb linux-image-6.12.118-wb-{s}_6.12.118-1_amd64.deb 20000000
deb linux-libc-dev_6.12.118-1_amd64.deb 1500000
"""


class Runs:
    """The BUILD folder of a make distro: runs / "main" is main's run
    folder, BUILD/main/distro (config/profiles/distro.conf)."""

    def __init__(self, build):
        self.build = build

    def __truediv__(self, series):
        return self.build / series / "distro"


def distro(tmp_path, third=("ok", "ok"), times=("45.3", "47.0")):
    d = Runs(tmp_path / "build")
    for s, th, t in zip(("none", "main"), third, times):
        k = d / s
        k.mkdir(parents=True)
        passed = 2 + (th == "ok")
        (k / "result.log").write_text(RESULT.format(s=s, t=t, third=th, passed=passed,
                                                    failed=3 - passed))
        (k / "kernel.txt").write_text(KERNEL.format(s=s))
        (k / "boot.txt").write_text(f"boot_seconds 120\nguest Startup finished in = {t}s\n")
    return d


def compare(tmp_path, d, expect=None):
    # distro-compare.sh sets EXPECT itself: a top folder of its own, with
    # scripts/ and the expectation where the script looks for it.
    top = tmp_path / "top"
    (top / "tests" / "expect").mkdir(parents=True)
    (top / "scripts").symlink_to(SCRIPTS)
    if expect is not None:
        (top / "tests" / "expect" / "distro.transcript.diff").write_text(expect)
    return run(["sh", str(top / "scripts" / "distro-compare.sh"), "none", "main"],
               env={"BUILD": str(d.build), "PATH": "/usr/bin:/bin"})


def test_compare_same(tmp_path):
    """Different kernel releases and boot times, the same checks: no difference."""
    d = distro(tmp_path)
    rc, out = compare(tmp_path, d)
    assert rc == 0, out
    assert "10 lines; 0 lines differ" in out, out
    text = (d / "main" / "files" / "transcript" / "system-test.txt").read_text()
    assert "-wb-SERIES" in text and "wb-time" not in text and "KTAP version 1\n1..3\n" in text
    assert "| system test | 3/3 passed, 0 failed | 3/3 passed, 0 failed |" in out, out
    assert json.loads((d / "main" / "compare.json").read_text())["ok"] is True


def test_compare_differs(tmp_path):
    """A check that fails on one kernel only is an unexpected difference."""
    d = distro(tmp_path, third=("ok", "not ok"))
    rc, out = compare(tmp_path, d)
    assert rc == 1, out
    assert "system-test.txt:-ok 3 uname" in out and "system-test.txt:+not ok 3 uname" in out


def test_compare_intended(tmp_path):
    d = distro(tmp_path, third=("ok", "not ok"))
    rc, out = compare(tmp_path, d, "system-test.txt:-ok 3 uname\n"
                      "system-test.txt:+not ok 3 uname\n"
                      "system-test.txt:-# 3 tests, 3 passed, 0 failed\n"
                      "system-test.txt:+# 3 tests, 2 passed, 1 failed\n")
    assert rc == 0, out


def test_compare_missing_result(tmp_path):
    d = distro(tmp_path)
    (d / "none" / "result.log").unlink()
    rc, out = compare(tmp_path, d)
    assert rc == 1 and "no " in out and "result.log" in out, out


def report(d):
    return run(["python3", str(SCRIPTS / "distro_report.py"), str(d.build),
                "none/distro", "main/distro"])


def test_report(tmp_path):
    d = distro(tmp_path)
    (d / "main" / "compare.json").write_text(json.dumps(
        {"lines": 10, "differ": 0, "intended": 0, "unexpected": 0, "stale": 0}))
    rc, out = report(d)
    assert rc == 0, out
    assert out.startswith("| | none | main |\n"), out
    assert "| linux-image .deb (bytes) | 20000000 | 20000000 |" in out
    assert "| vmlinux text / data / bss (bytes) | 20000000 / 8000000 / 4000000 |" in out, out
    assert "| build + bindeb-pkg, full build in an empty obj/ (s) | not measured | not measured |" in out
    assert "| systemd: boot to multi-user (guest clock) | 45.3s | 47.0s |" in out
    assert "Checks: system-running, lsm, uname." in out


@pytest.mark.parametrize("damage", ["no_plan", "short", "two_plans", "no_kernel", "two_images"])
def test_report_bad_input(tmp_path, damage):
    """A table with holes says nothing: missing or inconsistent input is exit 2."""
    d = distro(tmp_path)
    (d / "main" / "compare.json").write_text(json.dumps(
        {"lines": 10, "differ": 0, "intended": 0, "unexpected": 0, "stale": 0}))
    r = d / "main" / "result.log"
    if damage == "no_plan":
        r.write_text(r.read_text().replace("1..3\n", ""))
    elif damage == "short":
        r.write_text(r.read_text().replace("ok 3 uname\n", ""))
    elif damage == "two_plans":
        r.write_text(r.read_text().replace("ok 2 lsm\n", "1..3\nok 2 lsm\n"))
    elif damage == "no_kernel":
        (d / "none" / "kernel.txt").unlink()
    else:
        with open(d / "main" / "kernel.txt", "a") as f:
            f.write("deb linux-image-other_1_amd64.deb 5\n")
    rc, out = report(d)
    want = {"no_plan": "no plan (1..N)", "short": "the plan says 3 checks, 2 reported",
            "two_plans": "a second plan or one after a result",
            "no_kernel": "kernel.txt", "two_images": "2 linux-image packages"}[damage]
    assert rc == 2 and "distro-report:" in out and want in out, out


def test_console_done_line(tmp_path):
    """--done: the Debian guest's end is the kernel's power-down line."""
    c = tmp_path / "console.log"
    c.write_text("[  1.0] Run /init as init process\n[ 90.0] reboot: Power down\n")
    rc, out = run(["python3", str(SCRIPTS / "console.py"), "--done", "reboot: Power down", str(c)])
    assert rc == 0, out
    rc, out = run(["python3", str(SCRIPTS / "console.py"), str(c)])
    assert rc == 1 and "no 'init: all tests done'" in out, out
    c.write_text("[  1.0] Run /init as init process\n")
    rc, out = run(["python3", str(SCRIPTS / "console.py"), "--done", "reboot: Power down", str(c)])
    assert rc == 1 and "did not finish" in out, out


# Stands in for QEMU: what the guest would write to its serial ports
# (-serial file:PATH, in the machine's order: console, result), from the
# files QEMU_PORTS names.
QEMU_PORTS = """#!/bin/sh
set -- $(printf '%s\\n' "$@" | sed -n 's/^file://p')
for text in $QEMU_PORTS; do cp "$text" "$1"; shift; done
"""

# Stands in for tools/testing/kunit/kunit.py parse: writes the JSON that
# the test saved for this result.
KUNIT_STUB = """import os, shutil, sys
out = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--json=")][0]
shutil.copy(os.environ["STUB_JSON"], out)
"""

CONSOLE = "[  1.0] Run /init as init process\n[ 90.0] reboot: Power down\n"


@pytest.fixture
def debian(top):
    """make distro's run of series tooltest, made up to its boot: the
    image and the kernel files, a QEMU and a kunit.py that stand in."""
    d = top / "build" / "tooltest" / "distro"
    d.mkdir(parents=True)
    for f in ("image.ext4", "vmlinuz", "initrd.img"):
        (d / f).write_text("")
    (top / "bin").mkdir()
    (top / "bin" / "qemu-system-x86_64").write_text(QEMU_PORTS)
    (top / "bin" / "qemu-system-x86_64").chmod(0o755)
    kunit = top / "build" / "tooltest" / "linux" / "tools" / "testing" / "kunit"
    kunit.mkdir(parents=True)
    (kunit / "kunit.py").write_text(KUNIT_STUB)
    return top


def distro_boot(top, result, cases, console=CONSOLE):
    (top / "console.txt").write_text(console)
    (top / "result.txt").write_text(result.replace("\n", "\r\n"))
    (top / "kunit.json").write_text(json.dumps(
        {"name": "main", "status": "PASS", "sub_groups": [],
         "test_cases": [{"name": n, "status": s} for n, s in cases]}))
    env = {"BUILD": str(top / "build"), "PATH": f"{top / 'bin'}:/usr/bin:/bin",
           "QEMU_PORTS": f"{top / 'console.txt'} {top / 'result.txt'}",
           "STUB_JSON": str(top / "kunit.json")}
    return run(["sh", str(top / "scripts" / "distro-boot.sh"), "tooltest"], env=env)


def test_distro_boot_pass(debian):
    """Every check passed: the verdict is summary.py's, and the host keeps
    the result (without the serial line's CR) and the measurements."""
    text = RESULT.format(s="tooltest", t="45.3", third="ok", passed=3, failed=0)
    rc, out = distro_boot(debian, text, [("system-running", "PASS"), ("lsm", "PASS"),
                                         ("uname", "PASS")])
    assert rc == 0, out
    assert "distro-boot: tooltest: # 3 tests, 3 passed, 0 failed" in out, out
    assert "summary: 3 passed, 0 failed, 0 skipped" in out, out
    d = debian / "build" / "tooltest" / "distro"
    assert (d / "result.log").read_text() == text
    assert (d / "boot.txt").read_text().splitlines()[1] == \
        "guest Startup finished in 5.1s (kernel) + 40.2s (userspace) = 45.3s"
    assert json.loads((d / "summary.json").read_text())["passed"] == 3


def test_distro_boot_failed_check(debian):
    text = RESULT.format(s="tooltest", t="45.3", third="not ok", passed=2, failed=1)
    rc, out = distro_boot(debian, text, [("system-running", "PASS"), ("lsm", "PASS"),
                                         ("uname", "FAIL")])
    assert rc == 1 and "distro-boot: tooltest: the system test failed" in out, out
    assert "summary: 2 passed, 1 failed, 0 skipped" in out, out


def test_distro_boot_missing_check(debian):
    """The plan has three checks, the result two, every one of them ok:
    kunit.py's error case for the missing one fails the boot."""
    text = RESULT.format(s="tooltest", t="45.3", third="ok", passed=3, failed=0)
    text = text.replace("ok 3 uname\n", "")
    rc, out = distro_boot(debian, text, [("system-running", "PASS"), ("lsm", "PASS"),
                                         ("", "ERROR")])
    assert rc == 1 and "distro-boot: tooltest: the system test failed" in out, out
    assert "summary: 2 passed, 1 failed, 0 skipped" in out, out


def test_distro_boot_no_check(debian):
    """A plan and not one result line: kunit.py gives an error case for
    each of the three, and the boot fails."""
    rc, out = distro_boot(debian, "KTAP version 1\n1..3\n# kernel x\n", [("", "ERROR")] * 3)
    assert rc == 1 and "distro-boot: tooltest: the system test failed" in out, out
    assert "summary: 0 passed, 3 failed, 0 skipped" in out, out
    assert "distro-boot: tooltest: no count line" in out, out


def test_distro_boot_empty_stream(debian):
    """A parse with no case at all (kunit.py could not read the result) fails."""
    rc, out = distro_boot(debian, "KTAP version 1\n1..3\n# kernel x\n", [])
    assert rc == 1 and "summary: distro: no test results" in out, out


def test_distro_boot_console_first(debian):
    """A console with an Oops fails the boot even when every check passed."""
    text = RESULT.format(s="tooltest", t="45.3", third="ok", passed=3, failed=0)
    rc, out = distro_boot(debian, text, [("system-running", "PASS")],
                          console=CONSOLE.replace("[ 90.0]", "[ 80.0] Oops: 0000 [#1]\n[ 90.0]"))
    assert rc != 0 and "the console reports trouble" in out, out

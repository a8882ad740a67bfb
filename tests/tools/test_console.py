# SPDX-License-Identifier: GPL-2.0
"""scripts/console.py: a console is clean when the only sanitizer reports on
it are the KASAN reports an expectation file pins, each exactly as often as
pinned (issue 18: the redzone's negative control reports on purpose)."""
import pytest

from conftest import SCRIPTS, TOP, run

RULE = "=" * 66


def report(func, stamp="12.345678"):
    """A KASAN report block as the kernel prints it."""
    body = [RULE,
            f"BUG: KASAN: slab-out-of-bounds in {func}+0x5d/0x90",
            "Read of size 1 at addr ffff888004a3c1a8 by task sockaddr_redzone/93",
            "",
            "Call Trace:",
            " <TASK>",
            f" {func}+0x5d/0x90",
            " </TASK>",
            "",
            "The buggy address is located 0 bytes to the right of",
            " allocated 16-byte region [ffff888004a3c198, ffff888004a3c1a8)",
            RULE]
    return "".join(f"[{stamp}] {l}\n" for l in body)


DONE = "[   30.000000] init: all tests done\n"


def check(tmp_path, console, expect=None):
    (tmp_path / "console.log").write_text(console)
    args = [str(SCRIPTS / "console.py"), "--bad", str(tmp_path / "bad")]
    if expect is not None:
        (tmp_path / "expect").write_text(expect)
        args += ["--expect", str(tmp_path / "expect")]
    return run(["python3"] + args + [str(tmp_path / "console.log")])


def test_clean(tmp_path):
    rc, out = check(tmp_path, "[0.1] Linux version 6.12.118\n" + DONE)
    assert rc == 0 and "console clean (0 pinned" in out, out


def test_unpinned_report(tmp_path):
    rc, out = check(tmp_path, report("isotp_bind") + DONE)
    assert rc == 1 and "the console reports trouble" in out, out
    assert "BUG: KASAN: slab-out-of-bounds in isotp_bind" in (tmp_path / "bad").read_text()


def test_pinned_reports_exactly(tmp_path):
    rc, out = check(tmp_path, report("redzone_read") * 2 + DONE,
                    "# control\n2 BUG: KASAN: slab-out-of-bounds in redzone_read\n")
    assert rc == 0 and "console clean (2 pinned" in out, out
    assert (tmp_path / "bad").read_text() == ""


@pytest.mark.parametrize("found", [0, 1, 3])
def test_pinned_count_differs(tmp_path, found):
    rc, out = check(tmp_path, report("redzone_read") * found + DONE,
                    "2 BUG: KASAN: slab-out-of-bounds in redzone_read\n")
    assert rc == 1 and f"expected 2 report(s) 'BUG: KASAN: slab-out-of-bounds in " \
        f"redzone_read', found {found}" in out, out


def test_pin_claims_only_its_own_report(tmp_path):
    console = report("redzone_read") + report("tipc_bind") + DONE
    rc, out = check(tmp_path, console, "1 BUG: KASAN: slab-out-of-bounds in redzone_read\n")
    assert rc == 1, out
    bad = (tmp_path / "bad").read_text()
    assert "tipc_bind" in bad and "redzone_read" not in bad


def test_trouble_outside_a_report(tmp_path):
    console = report("redzone_read") + "[1.0] WARNING: CPU: 0 PID: 1 at net/x.c:1\n" + DONE
    rc, out = check(tmp_path, console, "1 BUG: KASAN: slab-out-of-bounds in redzone_read\n")
    assert rc == 1 and "WARNING: CPU" in out, out


def test_report_cut_off(tmp_path):
    """A report whose closing rule never came (the guest died) is claimed up
    to the end, and the guest did not finish."""
    console = report("redzone_read").rsplit("[", 1)[0]
    rc, out = check(tmp_path, console, "1 BUG: KASAN: slab-out-of-bounds in redzone_read\n")
    assert rc == 1 and "did not finish" in out, out


def test_guest_did_not_finish(tmp_path):
    rc, out = check(tmp_path, "[0.1] Run /init as init process\n")
    assert rc == 1 and "did not finish" in out, out


@pytest.mark.parametrize("line", ["redzone_read", "0 BUG: KASAN: x", "2 KASAN: x"])
def test_bad_expectation_file(tmp_path, line):
    rc, out = check(tmp_path, DONE, line + "\n")
    assert rc == 2 and "not 'COUNT BUG: KASAN|KMSAN" in out, out


def test_repository_pins_parse():
    """tests/expect/console.expected and every SERIES.console are valid."""
    import console
    files = [TOP / "tests" / "expect" / "console.expected"] + \
        sorted((TOP / "tests" / "expect").glob("*.console"))
    pins = [p for f in files for p in console.read_expect(f)]
    assert pins, "no pinned reports: the redzone's control is not checked"


def test_pinned_kmsan_report(tmp_path):
    console = report("x").replace("BUG: KASAN: slab-out-of-bounds in x",
                                  "BUG: KMSAN: kernel-infoleak in x") + DONE
    rc, out = check(tmp_path, console, "1 BUG: KMSAN: kernel-infoleak in x\n")
    assert rc == 0, out
    rc, out = check(tmp_path, console)
    assert rc == 1 and "BUG: KMSAN: kernel-infoleak" in out, out


def test_fuzzer_and_console_agree():
    """tests/guest/fuzz.c judges the kernel log of its own calls with
    kmsg_bad; console.py judges the whole console with TROUBLE_WORDS. The
    two lists are the same words (before, the fuzzer lacked "kernel BUG")."""
    import re
    import console
    src = (SCRIPTS.parent / "tests" / "guest" / "fuzz.c").read_text()
    body = re.search(r"kmsg_bad\[\] = \{(.*?)\};", src, re.S).group(1)
    words = re.findall(r'"((?:[^"\\]|\\.)*)"', body)
    assert words and words == console.TROUBLE_WORDS, (words, console.TROUBLE_WORDS)


@pytest.mark.parametrize("found, rc", [(1, 1), (2, 0), (3, 0), (4, 1)])
def test_pinned_range(tmp_path, found, rc):
    """A bug whose report count depends on unwritten memory is pinned as
    MIN-MAX; a count outside the range fails."""
    rc_, out = check(tmp_path, report("iso_sock_bind_bc") * found + DONE,
                     "2-3 BUG: KASAN: slab-out-of-bounds in iso_sock_bind_bc\n")
    assert rc_ == rc, out
    if rc:
        assert f"expected 2 to 3 report(s) 'BUG: KASAN: slab-out-of-bounds in " \
            f"iso_sock_bind_bc', found {found}" in out, out
    else:
        assert f"console clean ({found} pinned" in out, out


@pytest.mark.parametrize("line", ["3-2 BUG: KASAN: x", "2-2 BUG: KASAN: x", "0-2 BUG: KASAN: x",
                                  "2- BUG: KASAN: x"])
def test_bad_range(tmp_path, line):
    rc, out = check(tmp_path, DONE, line + "\n")
    assert rc == 2 and "not 'COUNT BUG: KASAN|KMSAN" in out, out

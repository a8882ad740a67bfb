# SPDX-License-Identifier: GPL-2.0
"""scripts/queues.py: the queues are made from the part comments of
patches/series, never from lists copied by hand, and a malformed series or
queue file fails instead of giving a smaller queue."""
import pathlib

import pytest

from conftest import SCRIPTS, TOP, run

import queues


def make(tmp_path, series, qfile):
    (tmp_path / "patches").mkdir()
    (tmp_path / "patches" / "series").write_text(series)
    (tmp_path / "patches" / "queues").write_text(qfile)
    for line in series.splitlines():
        if line and not line.startswith("#"):
            (tmp_path / "patches" / line).write_text("")
    return tmp_path


SERIES = """# Part A, fixes
a1.patch
a2.patch

# Part B: conversions
b1.patch
# Part C
c1.patch
"""


def names(paths):
    return [pathlib.Path(p).name for p in paths]


def test_queue_takes_its_parts_in_series_order(tmp_path):
    top = make(tmp_path, SERIES, "all A B C\nnoc C A\nfix A\n")
    assert names(queues.resolve("all", top)[0]) == ["a1.patch", "a2.patch", "b1.patch", "c1.patch"]
    # the order of the series file, whatever the order in the queue line
    assert queues.resolve("noc", top) == ([str(top / "patches" / n) for n in
                                           ("a1.patch", "a2.patch", "c1.patch")], "AC")
    assert queues.resolve("fix", top)[1] == "A"


def test_folder_series(tmp_path):
    top = make(tmp_path, SERIES, "all A B C\n")
    (top / "patches-other").mkdir()
    (top / "patches-other" / "series").write_text("# comment\nx.patch\n\ny.patch\n")
    for n in ("x.patch", "y.patch"):
        (top / "patches-other" / n).write_text("")
    assert queues.resolve("other", top) == ([str(top / "patches-other" / "x.patch"),
                                             str(top / "patches-other" / "y.patch")], "")


@pytest.mark.parametrize("series,qfile,message", [
    (SERIES, "all A B D\n", "has no part D"),
    (SERIES, "all\n", "bad line"),
    (SERIES, "all A\nall B\n", "bad line"),
    ("x.patch\n# Part A\na.patch\n", "all A\n", "before any part"),
    ("# Part A\na.patch\n# Part B\na.patch\n", "all A B\n", "listed twice"),
    ("# Part A\na.patch\n# Part A\nb.patch\n", "all A\n", "part A twice"),
    ("# Part A\n# Part B\nb.patch\n", "all A B\n", "part A has no patch"),
])
def test_malformed_fails(tmp_path, series, qfile, message):
    top = make(tmp_path, series, qfile)
    with pytest.raises(queues.QueueError, match=message):
        queues.resolve("all", top)


def test_unknown_series(tmp_path):
    top = make(tmp_path, SERIES, "all A\n")
    with pytest.raises(queues.QueueError, match="no queue nope"):
        queues.resolve("nope", top)


def test_cli_exit_status():
    rc, out = run(["/usr/bin/python3", str(SCRIPTS / "queues.py"), "patches", "no-such-queue"])
    assert rc == 1 and "no queue no-such-queue" in out, out
    rc, out = run(["/usr/bin/python3", str(SCRIPTS / "queues.py"), "parts", "fixes"])
    assert rc == 0 and out.strip() == "AD", out


def test_the_real_queues():
    """Every patch file of patches/ is in the series once; fixes is part A
    and the test patches, none the test patches only, main everything."""
    found, order = queues.parts(TOP / "patches" / "series")
    listed = [n for p in order for n in found[p]]
    files = sorted(p.name for p in (TOP / "patches").glob("*.patch") if not p.name.startswith("0000-"))
    assert sorted(listed) == files
    assert queues.resolve("main", TOP)[1] == "".join(order)
    assert queues.resolve("fixes", TOP)[1] == "AD"
    assert queues.resolve("none", TOP)[1] == "D"
    assert "C" not in queues.resolve("without-c", TOP)[1]


def test_folder_series_takes_a_part(tmp_path):
    top = make(tmp_path, SERIES, "all A B C\n")
    (top / "patches-other").mkdir()
    (top / "patches-other" / "series").write_text("x.patch\n%part B\n")
    (top / "patches-other" / "x.patch").write_text("")
    assert names(queues.resolve("other", top)[0]) == ["x.patch", "b1.patch"]
    (top / "patches-other" / "series").write_text("%part Z\n")
    with pytest.raises(queues.QueueError, match="no part Z"):
        queues.resolve("other", top)


def test_missing_patch_file(tmp_path):
    top = make(tmp_path, SERIES, "all A B C\n")
    (top / "patches" / "b1.patch").unlink()
    with pytest.raises(queues.QueueError, match="no patch file .*b1.patch"):
        queues.resolve("all", top)


def make_kernel(top, kernel, series, qfile):
    d = top / "patches" / kernel
    d.mkdir()
    (d / "series").write_text(series)
    (d / "queues").write_text(qfile)
    for line in series.splitlines():
        if line and not line.startswith("#"):
            (d / line).write_text("")
    return d


def test_another_kernel_has_its_own_queues(tmp_path):
    """patches/KERNEL/ is a series of its own: its queues take its parts,
    the same names mean other patches, and 6.12 keeps patches/."""
    top = make(tmp_path, SERIES, "fix A\n")
    d = make_kernel(top, "6.1", "# Part A\nold-a1.patch\n# Part D\nold-d1.patch\n",
                    "fix A D\nnone D\n")
    assert queues.resolve("fix", top, "6.1") == ([str(d / "old-a1.patch"),
                                                 str(d / "old-d1.patch")], "AD")
    assert queues.resolve("none", top, "6.1")[1] == "D"
    assert names(queues.resolve("fix", top)[0]) == ["a1.patch", "a2.patch"]
    assert queues.resolve("fix", top, "6.12") == queues.resolve("fix", top)


def test_another_kernel_has_no_folder_series(tmp_path):
    """A name that is not a queue of patches/KERNEL/queues fails there,
    even when patches-NAME exists (the folder series are 6.12's)."""
    top = make(tmp_path, SERIES, "fix A\n")
    make_kernel(top, "6.1", "# Part A\nold-a1.patch\n", "fix A\n")
    (top / "patches-other").mkdir()
    (top / "patches-other" / "series").write_text("x.patch\n")
    (top / "patches-other" / "x.patch").write_text("")
    with pytest.raises(queues.QueueError, match="no queue other in .*6.1/queues"):
        queues.resolve("other", top, "6.1")


@pytest.mark.parametrize("kernel", ["5.10", "", "../patches", ".", "6"])
def test_unknown_kernel_fails(tmp_path, kernel):
    top = make(tmp_path, SERIES, "fix A\n")
    with pytest.raises(queues.QueueError, match="no queue for kernel"):
        queues.resolve("fix", top, kernel)


def test_cli_kernel_option(tmp_path):
    rc, out = run(["/usr/bin/python3", str(SCRIPTS / "queues.py"), "--kernel", "5.10",
                   "patches", "fixes"])
    assert rc == 1 and "no queue for kernel '5.10'" in out, out
    rc, out = run(["/usr/bin/python3", str(SCRIPTS / "queues.py"), "--kernel", "6.12",
                   "parts", "fixes"])
    assert rc == 0 and out.strip() == "AD", out


def diff_lines(path):
    """The +/- lines of a patch file's diff (no headers, no line numbers)."""
    text = path.read_text()
    body = text[text.index("\ndiff --git "):]
    return [line for line in body.splitlines()
            if line[:1] in ("+", "-") and not line.startswith(("+++ ", "--- "))
            and line != "-- "]


def test_the_real_6_1_queues():
    """patches/6.1: every patch in its series once; fixes is its part A
    with the test patches, none the test patches only; its part A is
    patches/ part A, patch for patch (same subjects, in order), then the
    fixes 6.12 does not need (the ISO one), and a backport without a
    "[ 6.1: ... ]" note changes what the patch of patches/ changes (whose
    tun patch is not in it)."""
    d = TOP / "patches" / "6.1"
    found, order = queues.parts(d / "series")
    listed = [n for p in order for n in found[p]]
    assert sorted(listed) == sorted(p.name for p in d.glob("*.patch")
                                    if not p.name.startswith("0000-"))
    assert queues.resolve("fixes", TOP, "6.1")[1] == "AD"
    assert queues.resolve("none", TOP, "6.1")[1] == "D"
    top, _ = queues.parts(TOP / "patches" / "series")

    def subject(path):
        s = path.read_text().split("\nSubject: ", 1)[1].split("\n\n", 1)[0]
        return " ".join(s.split("] ", 1)[1].split())

    # the tun patch and the TCP-AO patch of patches/ are left out on 6.1
    # (patches/6.1/series says why)
    left_out = ("tun: ", "net/tcp: Refuse a TCP_AO_GET_KEYS ")
    old = [d / n for n in found["A"]]
    new = [TOP / "patches" / n for n in top["A"]
           if not subject(TOP / "patches" / n).startswith(left_out)]
    assert len(new) == len(top["A"]) - len(left_out)
    # after the backports, the fixes that only the older tree needs
    only_61 = old[len(new):]
    old = old[:len(new)]
    assert [subject(p) for p in old] == [subject(p) for p in new]
    assert [subject(p) for p in only_61] == [
        "Bluetooth: ISO: do not read a broadcast address past addr_len"]
    unchanged = 0
    for o, n in zip(old, new):
        if "\n[ 6.1: " not in o.read_text():
            assert diff_lines(o) == diff_lines(n), o.name
            unchanged += 1
    assert unchanged > 0

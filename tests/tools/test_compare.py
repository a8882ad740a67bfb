# SPDX-License-Identifier: GPL-2.0
"""scripts/compare-transcripts.sh: the baseline's and the series'
transcripts agree line for line apart from the listed differences. Before
the fix, two transcripts with a NUL byte that differed compared equal
(diff printed only "Binary files ... differ", which has no -/+ line)."""
import json
import os

import pytest

from conftest import SCRIPTS, run


@pytest.fixture
def kernels(tmp_path):
    for k in ("none", "tooltest"):
        d = tmp_path / "build" / k / "files" / "transcript"
        d.mkdir(parents=True)
        (d / "a.txt").write_text("bind len=16 -> 0\nbind len=15 -> EINVAL\n")
    return tmp_path


def compare(tmp, expect_lines=None):
    env = dict(os.environ, BUILD=str(tmp / "build"), EXPECT=str(tmp / "expect"))
    if expect_lines is not None:
        (tmp / "expect").write_text("# intended\n" + "".join(x + "\n" for x in expect_lines))
    return run(["sh", str(SCRIPTS / "compare-transcripts.sh"), "none", "tooltest"], env=env)


def series_file(tmp, text):
    (tmp / "build" / "tooltest" / "files" / "transcript" / "a.txt").write_bytes(text)


def result(tmp):
    return json.loads((tmp / "build" / "tooltest" / "compare.json").read_text())


def test_same(kernels):
    rc, out = compare(kernels)
    assert rc == 0 and "0 lines differ, 0 of them intended" in out, out
    assert result(kernels) == {"base": "none", "series": "tooltest", "transcripts": 1,
                               "lines": 2, "differ": 0, "intended": 0, "unexpected": 0,
                               "stale": 0, "ok": True}


# An unlisted difference fails, also in a transcript with a NUL byte (which
# diff would call binary without -a).
@pytest.mark.parametrize("line", [b"bind len=15 -> 0", b"bind len=15 \x00-> 0"],
                         ids=["text", "nul_byte"])
def test_unlisted_difference(kernels, line):
    series_file(kernels, b"bind len=16 -> 0\n" + line + b"\n")
    rc, out = compare(kernels)
    assert rc == 1 and "differ where they must not" in out and "a.txt:+bind len=15 " in out, out


def test_listed_difference(kernels):
    series_file(kernels, b"bind len=16 -> 0\nbind len=15 -> 0\n")
    rc, out = compare(kernels, ["a.txt:-bind len=15 -> EINVAL", "a.txt:+bind len=15 -> 0"])
    assert rc == 0 and "2 lines differ, 2 of them intended" in out, out
    assert (result(kernels)["differ"], result(kernels)["intended"]) == (2, 2)


def test_stale_entry(kernels):
    rc, out = compare(kernels, ["a.txt:+bind len=15 -> 0"])
    assert rc == 1 and "did not happen" in out, out
    assert (result(kernels)["stale"], result(kernels)["ok"]) == (1, False)


def test_one_kernel_only(kernels):
    (kernels / "build" / "tooltest" / "files" / "transcript" / "b.txt").write_text("x\n")
    rc, out = compare(kernels)
    assert rc == 1 and "b.txt: written by one kernel only" in out, out


def test_profile_run_uses_its_run_name(tmp_path, top):
    """A run of another profile, SERIES/PROFILE (make gcc12 compares main
    and main/gcc12), has its intended differences in RUN.transcript.diff
    (main-gcc12), like its other expectations; before, the name had a
    slash (tests/expect/main/gcc12.transcript.diff)."""
    for k, line in (("main", "x -> 0"), ("main/gcc12", "x -> EINVAL")):
        d = top / "build" / k / "files" / "transcript"
        d.mkdir(parents=True)
        (d / "a.txt").write_text(line + "\n")
    env = dict(os.environ, BUILD=str(top / "build"))
    argv = ["sh", str(top / "scripts" / "compare-transcripts.sh"), "main", "main/gcc12"]
    rc, out = run(argv, env=env)
    assert rc == 1 and "differ where they must not" in out, out
    (top / "tests" / "expect" / "main-gcc12.transcript.diff").write_text(
        "a.txt:-x -> 0\na.txt:+x -> EINVAL\n")
    rc, out = run(argv, env=env)
    assert rc == 0 and "2 lines differ, 2 of them intended" in out, out


def test_profile_baseline_takes_the_queues_parts(tmp_path, top):
    """A queue's run of another profile compared with that profile's
    baseline (make arm64: none/arm64 and tooltest/arm64) expects the
    queue's parts' differences, as on the test profile; compared with
    another baseline (the x86_64 run), none of them; and OUT keeps the
    second comparison beside the first."""
    (top / "tests" / "expect" / "part-P.transcript.diff").write_text(
        "a.txt:-x -> 0\na.txt:+x -> EINVAL\n")
    for k, line in (("none/arm64", "x -> 0"), ("tooltest/arm64", "x -> EINVAL"),
                    ("none", "x -> 0"), ("tooltest", "x -> EINVAL")):
        d = top / "build" / k / "files" / "transcript"
        d.mkdir(parents=True)
        (d / "a.txt").write_text(line + "\n")
    env = dict(os.environ, BUILD=str(top / "build"))
    cmp = ["sh", str(top / "scripts" / "compare-transcripts.sh")]
    rc, out = run(cmp + ["none/arm64", "tooltest/arm64"], env=env)
    assert rc == 0 and "2 lines differ, 2 of them intended" in out, out
    # the baseline of another profile is not the run's own: nothing intended
    rc, out = run(cmp + ["none", "tooltest/arm64"], env=env)
    assert rc == 1 and "2 lines differ, 0 of them intended" in out, out
    rc, out = run(cmp + ["none/arm64", "tooltest/arm64"], env=env)
    assert rc == 0, out
    rc, out = run(cmp + ["tooltest", "tooltest/arm64", "tooltest/arm64/arch"], env=env)
    assert rc == 0 and "0 lines differ" in out, out
    arch = json.loads((top / "build" / "tooltest/arm64/arch/compare.json").read_text())
    own = json.loads((top / "build" / "tooltest/arm64/compare.json").read_text())
    assert (arch["base"], arch["differ"]) == ("tooltest", 0), arch
    assert (own["base"], own["differ"], own["intended"]) == ("none/arm64", 2, 2), own

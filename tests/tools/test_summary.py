# SPDX-License-Identifier: GPL-2.0
"""scripts/summary.py: every case is PASS, an expected failure that did
fail or an expected skip that did skip; anything else, and a stream without
cases, fails. Before the fix any SKIP passed: a broken fixture that skipped
its rows left the run green."""
import json

import pytest

from conftest import SCRIPTS, run


def stream(tmp_path, name, cases):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"name": "main", "test_cases": [],
                                "sub_groups": [{"name": "s", "sub_groups": [], "test_cases":
                                                [{"name": n, "status": st}
                                                 for n, st in cases]}]}))
    return f"{name}={path}"


def summary(*args):
    return run(["python3", str(SCRIPTS / "summary.py"), *args])


# (id, --xfail lines, --skip lines, cases "name status", exit status, text)
CASES = [
    ("pass", None, None, "a PASS, b PASS", 0, "summary: 2 passed, 0 failed, 0 skipped"),
    ("fail", None, None, "a PASS, b FAIL", 1, "summary: 1 passed, 1 failed"),
    ("error", None, None, "a PASS, b ERROR", 1, "summary: 1 passed, 1 failed"),
    ("crashed", None, None, "a PASS, b CRASHED", 1, "summary: 1 passed, 1 failed"),
    ("no_tests", None, None, "a PASS, b NO_TESTS", 1, "summary: 1 passed, 1 failed"),
    ("unlisted_skip", None, None, "a PASS, b SKIP", 1, "skip not listed as expected: s.b"),
    ("listed_skip", None, "# b needs what this kernel lacks\nkunit s.b", "a PASS, b SKIP", 0,
     "summary: 1 passed, 0 failed, 1 skipped"),
    ("listed_skip_ran", None, "kunit s.b", "b PASS", 1, "expected skip did not skip: s.b"),
    ("listed_skip_missing", None, "kunit s.gone", "a PASS", 1,
     "expected skip did not run: s.gone"),
    ("xfail", "# the baseline fails b\nkunit s.b", None, "a PASS, b FAIL", 0,
     "0 failed, 0 skipped, 1 failed as expected"),
    ("xpass", "kunit s.b", None, "b PASS", 1, "XPASS"),
    ("xfail_missing", "kunit s.gone", None, "a PASS", 1, "expected failure did not run: s.gone"),
    ("xfail_and_skip", "kunit s.b", "kunit s.c", "a PASS, b FAIL, c SKIP", 0,
     "1 passed, 0 failed, 1 skipped, 1 failed as expected"),
]


@pytest.mark.parametrize("xfail, skip, cases, rc, text", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_verdict(tmp_path, xfail, skip, cases, rc, text):
    args = []
    for opt, lines in (("--xfail", xfail), ("--skip", skip)):
        if lines is not None:
            f = tmp_path / opt[2:]
            f.write_text(lines + "\n")
            args += [opt, str(f)]
    pairs = [tuple(c.split()) for c in cases.split(", ")]
    got, out = summary(*args, stream(tmp_path, "kunit", pairs))
    assert got == rc and text in out, out


def test_empty_and_missing_streams_fail(tmp_path):
    rc, out = summary(stream(tmp_path, "kunit", []))
    assert rc == 1 and "kunit: no test results" in out, out
    rc, out = summary(f"guest={tmp_path / 'absent.json'}")
    assert rc == 1 and "guest: no test results" in out, out


# --json: the report reads the counts and each case's result from it, not
# from the printed table.
def test_json(tmp_path):
    out_json = tmp_path / "summary.json"
    (tmp_path / "xfail").write_text("kunit s.b\n")
    rc, out = summary("--xfail", str(tmp_path / "xfail"), "--json", str(out_json),
                      stream(tmp_path, "kunit", [("a", "PASS"), ("b", "FAIL"), ("c", "FAIL")]))
    got = json.loads(out_json.read_text())
    assert rc == 1, out
    assert (got["passed"], got["failed"], got["skipped"], got["xfail"]) == (1, 1, 0, 1), got
    assert got["line"] == "1 passed, 1 failed, 0 skipped, 1 failed as expected", got
    assert {c["name"]: c["result"] for c in got["cases"]} == \
        {"s.a": "PASS", "s.b": "XFAIL", "s.c": "FAIL"}, got


# --ktap: a program that failed although none of its cases did (a crash or
# a timeout after its last case) is a failure; kunit.py's JSON keeps only
# the cases. A failed program with a failed case, or a skipped one, is not
# counted twice.
@pytest.mark.parametrize("top, cases, rc, text", [
    ("ok 1 s\n", "a PASS", 0, "1 passed, 0 failed"),
    ("not ok 1 s\n", "a PASS", 1, "s failed, but none of its cases did"),
    ("not ok 1 s\n", "a FAIL", 1, "1 failed"),
    ("not ok 1 s # SKIP\n", "a SKIP", 1, "skip not listed"),
], ids=["ok", "program_failed", "case_failed", "skipped"])
def test_program_status(tmp_path, top, cases, rc, text):
    ktap = tmp_path / "guest.ktap"
    ktap.write_text("KTAP version 1\n1..1\n    ok 1 s.a\n" + top)
    pairs = [tuple(c.split()) for c in cases.split(", ")]
    got, out = summary("--ktap", f"kunit={ktap}", stream(tmp_path, "kunit", pairs))
    assert got == rc and text in out, out
    if "program_failed" in text:
        assert "1 failed" in out, out


# --flaky: a case whose result on this kernel varies between runs passes or
# fails without deciding the verdict, and is counted apart; one that skips
# or does not run fails the run. Its failure still explains its program's
# "not ok".
@pytest.mark.parametrize("cases, rc, text", [
    ("a PASS, b PASS", 0, "1 passed, 0 failed, 0 skipped, 1 flaky"),
    ("a PASS, b FAIL", 0, "1 passed, 0 failed, 0 skipped, 1 flaky"),
    ("a PASS, b SKIP", 1, "1 passed, 1 failed"),
    ("a PASS", 1, "flaky case did not run: s.b"),
], ids=["passed", "failed", "skipped", "missing"])
def test_flaky(tmp_path, cases, rc, text):
    (tmp_path / "flaky").write_text("# b's result varies\nkunit s.b\n")
    ktap = tmp_path / "k.ktap"
    ktap.write_text("KTAP version 1\n1..1\n" + ("not ok" if "FAIL" in cases else "ok") + " 1 s\n")
    pairs = [tuple(c.split()) for c in cases.split(", ")]
    out_json = tmp_path / "summary.json"
    got, out = summary("--flaky", str(tmp_path / "flaky"), "--json", str(out_json),
                       "--ktap", f"kunit={ktap}", stream(tmp_path, "kunit", pairs))
    assert got == rc and text in out, out
    if rc == 0:
        result = json.loads(out_json.read_text())
        assert result["flaky"] == 1 and result["cases"][1]["result"].startswith("FLAKY ("), result


# One expectation per case: a case in two of the lists is an error, not a
# verdict one list would hide.
@pytest.mark.parametrize("a, b", [("--xfail", "--flaky"), ("--skip", "--flaky"),
                                  ("--xfail", "--skip")])
def test_listed_twice(tmp_path, a, b):
    (tmp_path / "a").write_text("kunit s.b\n")
    (tmp_path / "b").write_text("kunit s.b\n")
    rc, out = summary(a, str(tmp_path / "a"), b, str(tmp_path / "b"),
                      stream(tmp_path, "kunit", [("a", "PASS"), ("b", "FAIL")]))
    assert rc == 1 and f"s.b is listed by both {a} and {b}" in out, out


# A flaky case that crashed fails the run once (not as well as its
# program's "not ok"), and one whose failure alone explains its program's
# "not ok" leaves the run green.
def test_flaky_crash_and_program(tmp_path):
    (tmp_path / "flaky").write_text("kunit s.b\n")
    ktap = tmp_path / "k.ktap"
    ktap.write_text("KTAP version 1\n1..1\nnot ok 1 s\n")
    rc, out = summary("--flaky", str(tmp_path / "flaky"), "--ktap", f"kunit={ktap}",
                      stream(tmp_path, "kunit", [("a", "PASS"), ("b", "CRASHED")]))
    assert rc == 1 and "neither passed nor failed: s.b" in out, out
    assert "1 failed" in out, out
    rc, out = summary("--flaky", str(tmp_path / "flaky"), "--ktap", f"kunit={ktap}",
                      stream(tmp_path, "kunit", [("a", "PASS"), ("b", "FAIL")]))
    assert rc == 0 and "none of its cases did" not in out, out

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


def test_pass(tmp_path):
    rc, out = summary(stream(tmp_path, "kunit", [("a", "PASS"), ("b", "PASS")]))
    assert rc == 0 and "summary: 2 passed, 0 failed, 0 skipped" in out, out


def test_unlisted_skip_fails(tmp_path):
    rc, out = summary(stream(tmp_path, "kunit", [("a", "PASS"), ("b", "SKIP")]))
    assert rc == 1 and "skip not listed as expected: s.b" in out, out
    assert "summary: 1 passed, 1 failed, 0 skipped" in out


def test_listed_skip(tmp_path):
    sk = tmp_path / "skip"
    sk.write_text("# b needs what this kernel lacks\nkunit s.b\n")
    rc, out = summary("--skip", str(sk), stream(tmp_path, "kunit", [("a", "PASS"), ("b", "SKIP")]))
    assert rc == 0 and "summary: 1 passed, 0 failed, 1 skipped" in out, out


def test_listed_skip_that_ran_fails(tmp_path):
    sk = tmp_path / "skip"
    sk.write_text("kunit s.b\n")
    rc, out = summary("--skip", str(sk), stream(tmp_path, "kunit", [("b", "PASS")]))
    assert rc == 1 and "expected skip did not skip: s.b" in out, out


def test_listed_skip_that_is_missing_fails(tmp_path):
    sk = tmp_path / "skip"
    sk.write_text("kunit s.gone\n")
    rc, out = summary("--skip", str(sk), stream(tmp_path, "kunit", [("a", "PASS")]))
    assert rc == 1 and "expected skip did not run: s.gone" in out, out


def test_xfail_and_skip_together(tmp_path):
    xf, sk = tmp_path / "xfail", tmp_path / "skip"
    xf.write_text("kunit s.b\n")
    sk.write_text("kunit s.c\n")
    rc, out = summary("--xfail", str(xf), "--skip", str(sk),
                      stream(tmp_path, "kunit", [("a", "PASS"), ("b", "FAIL"), ("c", "SKIP")]))
    assert rc == 0 and "1 passed, 0 failed, 1 skipped, 1 failed as expected" in out, out


@pytest.mark.parametrize("status", ["FAIL", "ERROR", "CRASHED", "NO_TESTS"])
def test_other_status_fails(tmp_path, status):
    rc, out = summary(stream(tmp_path, "kunit", [("a", "PASS"), ("b", status)]))
    assert rc == 1 and "1 failed" in out, out


def test_xfail(tmp_path):
    xf = tmp_path / "xfail"
    xf.write_text("# the baseline fails b\nkunit s.b\n")
    rc, out = summary("--xfail", str(xf), stream(tmp_path, "kunit", [("a", "PASS"), ("b", "FAIL")]))
    assert rc == 0 and "0 failed, 0 skipped, 1 failed as expected" in out, out


def test_xpass_fails(tmp_path):
    xf = tmp_path / "xfail"
    xf.write_text("kunit s.b\n")
    rc, out = summary("--xfail", str(xf), stream(tmp_path, "kunit", [("b", "PASS")]))
    assert rc == 1 and "XPASS" in out, out


def test_listed_xfail_that_did_not_run_fails(tmp_path):
    xf = tmp_path / "xfail"
    xf.write_text("kunit s.gone\n")
    rc, out = summary("--xfail", str(xf), stream(tmp_path, "kunit", [("a", "PASS")]))
    assert rc == 1 and "expected failure did not run: s.gone" in out, out


def test_empty_and_missing_streams_fail(tmp_path):
    rc, out = summary(stream(tmp_path, "kunit", []))
    assert rc == 1 and "kunit: no test results" in out, out
    rc, out = summary(f"guest={tmp_path / 'absent.json'}")
    assert rc == 1 and "guest: no test results" in out, out

# SPDX-License-Identifier: GPL-2.0
"""scripts/summary.py: every case is PASS, SKIP or an expected failure that
did fail; anything else, and a stream without cases, fails."""
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


def test_pass_and_skip(tmp_path):
    rc, out = summary(stream(tmp_path, "kunit", [("a", "PASS"), ("b", "SKIP")]))
    assert rc == 0 and "summary: 1 passed, 0 failed, 1 skipped" in out, out


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

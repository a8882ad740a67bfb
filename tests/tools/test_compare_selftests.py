# SPDX-License-Identifier: GPL-2.0
"""scripts/compare_selftests.py: the kernel's selftests give the same result
case by case on both kernels, from byte-identical programs; a case that
only one kernel ran, a result that differs without being listed, a listed
difference that did not happen, and finding no selftest case all fail."""
import json
import os

import pytest

from conftest import SCRIPTS, run

LIST = "# name program options\nnet-a  net/a  netns\naf_unix-b  net/af_unix/b\n"


def guest(cases):
    """A guest.json of one selftest (net-a), one other selftest (af_unix-b)
    and a guest program that is no selftest (families)."""
    groups = {}
    for name, status in cases.items():
        prog, rest = name.split(".", 1)
        groups.setdefault(prog, []).append({"name": rest, "status": status})
    return json.dumps({"name": "guest", "test_cases": [], "sub_groups": [
        {"name": p, "sub_groups": [], "test_cases": c} for p, c in groups.items()]})


BOTH = {"net-a.f.v.t1": "PASS", "net-a.f.v.t2": "SKIP", "af_unix-b.x": "PASS",
        "families.row": "PASS"}


@pytest.fixture
def build(tmp_path):
    (tmp_path / "list").write_text(LIST)
    for k in ("none", "tooltest"):
        (tmp_path / k).mkdir()
        (tmp_path / k / "guest.json").write_text(guest(BOTH))
        (tmp_path / k / "selftests.sha256").write_text("abc  net/a\ndef  net/af_unix/b\n")
    return tmp_path


def compare(tmp, expect=None):
    env = dict(os.environ, BUILD=str(tmp), SELFTESTS=str(tmp / "list"),
               EXPECT=str(tmp / "expect"))
    if expect is not None:
        (tmp / "expect").write_text("# why\n" + expect)
    return run(["python3", str(SCRIPTS / "compare_selftests.py"), "none", "tooltest"], env=env)


def result(tmp):
    return json.loads((tmp / "tooltest" / "compare-selftests.json").read_text())


def test_same(build):
    rc, out = compare(build)
    assert rc == 0 and "2 programs, 3 cases (PASS 2, SKIP 1)" in out, out
    assert result(build)["ok"] is True and result(build)["differ"] == 0


def series(build, cases):
    (build / "tooltest" / "guest.json").write_text(guest(cases))


def test_result_differs(build):
    series(build, dict(BOTH, **{"net-a.f.v.t2": "FAIL", "families.row": "FAIL"}))
    rc, out = compare(build)
    assert rc == 1 and "net-a.f.v.t2: none SKIP, tooltest FAIL" in out, out
    assert "families" not in out, out      # not a selftest: not compared here


def test_case_of_one_kernel(build):
    series(build, dict(BOTH, **{"net-a.f.v.t3": "PASS"}))
    rc, out = compare(build)
    assert rc == 1 and "net-a.f.v.t3: none (not run), tooltest PASS" in out, out


def test_listed_and_stale(build):
    series(build, dict(BOTH, **{"net-a.f.v.t2": "PASS"}))
    rc, out = compare(build, "net-a.f.v.t2 SKIP PASS\n")
    assert rc == 0 and "1 results differ from none, 1 of them intended" in out, out
    series(build, BOTH)
    rc, out = compare(build, "net-a.f.v.t2 SKIP PASS\n")
    assert rc == 1 and "listed difference that did not happen" in out, out


def test_no_selftest_ran(build):
    series(build, {"families.row": "PASS"})
    rc, out = compare(build)
    assert rc == 1 and "no selftest case ran" in out, out


def test_programs_differ(build):
    (build / "tooltest" / "selftests.sha256").write_text("abd  net/a\ndef  net/af_unix/b\n")
    rc, out = compare(build)
    assert rc == 1 and "programs of none and tooltest differ" in out, out


# Every selftest of the list must have run on both kernels: one missing
# from both used to pass (the results "agreed").
def test_selftest_missing_on_both(build):
    (build / "list").write_text(LIST + "net-c  net/c\n")
    rc, out = compare(build)
    assert rc == 1 and "net-c: no case on none" in out and "net-c: no case on tooltest" in out, out


def test_stale_result_removed(build):
    (build / "tooltest" / "compare-selftests.json").write_text('{"ok": true}')
    (build / "none" / "guest.json").write_text("not json")
    rc, out = compare(build)
    assert rc == 2 and not (build / "tooltest" / "compare-selftests.json").exists(), out


def test_another_kernel_trees_runs(tmp_path):
    """The 6.1 runs (SERIES/v6.1): their guest results in the profile's
    folder, their programs' sums beside the series' 6.1 selftests
    (scripts/lib.sh run_env), the comparison's counts in the profile's
    folder; programs that differ still fail."""
    (tmp_path / "list").write_text(LIST)
    for k in ("none", "tooltest"):
        (tmp_path / k / "v6.1").mkdir(parents=True)
        (tmp_path / k / "v6.1" / "guest.json").write_text(guest(BOTH))
        (tmp_path / k / "selftests-6.1.sha256").write_text("abc  net/a\ndef  net/af_unix/b\n")
    env = dict(os.environ, BUILD=str(tmp_path), SELFTESTS=str(tmp_path / "list"),
               EXPECT=str(tmp_path / "none.diff"))
    cmd = ["python3", str(SCRIPTS / "compare_selftests.py"), "none/v6.1", "tooltest/v6.1"]
    rc, out = run(cmd, env=env)
    assert rc == 0 and "2 programs, 3 cases" in out, out
    assert json.loads((tmp_path / "tooltest" / "v6.1" / "compare-selftests.json").read_text())["ok"]
    (tmp_path / "tooltest" / "selftests-6.1.sha256").write_text("xyz  net/a\ndef  net/af_unix/b\n")
    rc, out = run(cmd, env=env)
    assert rc == 1 and "differ (selftests-6.1.sha256, selftests-6.1.sha256)" in out, out


def test_runs_of_trees_with_other_selftests_refused(tmp_path):
    """A 6.12 run and a 6.1 run have other selftest lists (the repository's
    tests/selftests/list less absent-6.1.txt): compared, they would pass on
    the cases they share; the comparison refuses them."""
    env = dict(os.environ, BUILD=str(tmp_path), EXPECT=str(tmp_path / "none.diff"))
    env.pop("SELFTESTS", None)
    cmd = ["python3", str(SCRIPTS / "compare_selftests.py"), "none", "tooltest/v6.1"]
    rc, out = run(cmd, env=env)
    assert rc == 2 and "none and tooltest/v6.1 are of kernel trees with other selftests" in out, out

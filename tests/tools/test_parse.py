# SPDX-License-Identifier: GPL-2.0
"""scripts/parse.sh judges a boot by summary.py's exit status. Before the
fix it searched summary.py's printed table for " 0 failed", which a failing
case whose name contains those words satisfies."""
import json
import os

import pytest

from conftest import SCRIPTS, TOP, run

# Stands in for tools/testing/kunit/kunit.py parse: writes the JSON saved
# for the stream (kunit.log -> kunit.json, guest.ktap -> guest.json).
KUNIT_STUB = """import os, shutil, sys
out = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--json=")][0]
name = "kunit.json" if sys.argv[-1].endswith("kunit.log") else "guest.json"
shutil.copy(os.path.join(os.environ["STUB_JSON"], name), out)
"""


def suite(name, cases):
    return {"name": "main", "status": "PASS", "test_cases": [],
            "sub_groups": [{"name": name, "test_cases":
                            [{"name": n, "status": s} for n, s in cases],
                            "sub_groups": []}]}


def pinned_reports():
    """The KASAN reports every kernel prints on purpose
    (tests/expect/console.expected), as blocks."""
    import console
    rule = "=" * 66
    return "".join(f"{rule}\n{prefix}+0x10/0x20\n{rule}\n" * lo
                   for (lo, _), prefix in console.read_expect(
                       TOP / "tests" / "expect" / "console.expected"))


@pytest.fixture
def boot(tmp_path):
    """A finished boot of series "tooltest" in tmp_path/build."""
    d = tmp_path / "build" / "tooltest"
    kunit = d / "linux" / "tools" / "testing" / "kunit"
    kunit.mkdir(parents=True)
    (kunit / "kunit.py").write_text(KUNIT_STUB)
    (d / "console.log").write_text("Linux version 6.12.118\n" + pinned_reports() +
                                   "Run /init as init process\ninit: all tests done\n")
    (d / "obj").mkdir()
    (d / "obj" / ".config").write_text("CONFIG_KUNIT=y\n"
                                       "CONFIG_DEBUG_NET_SOCKADDR_REDZONE_KUNIT_TEST=y\n")
    (d / "files.txt").write_text("### transcript/a\nline\n### end\n")
    (d / "guest.ktap").write_text("KTAP version 1\n")
    stub = tmp_path / "json"
    stub.mkdir()
    (stub / "kunit.json").write_text(json.dumps(suite("sockaddr", [("size", "PASS")])))
    (stub / "guest.json").write_text(json.dumps(suite("families", [("inet", "PASS")])))
    return d


def parse(boot, *profile, top=SCRIPTS.parent):
    env = dict(os.environ, BUILD=str(boot.parent), STUB_JSON=str(boot.parent.parent / "json"))
    return run(["sh", str(top / "scripts" / "parse.sh"), "tooltest", *profile], env=env)


@pytest.fixture
def bench(boot):
    """The same series' benchmark boot (config/profiles/bench.conf): its
    own folder, a kernel without KUnit, the tree's kunit.py."""
    d = boot / "bench"
    d.mkdir()
    for f in ("console.log", "files.txt", "guest.ktap"):
        (d / f).write_text((boot / f).read_text())
    (d / "obj").mkdir()
    (d / "obj" / ".config").write_text("CONFIG_FORTIFY_SOURCE=y\n")
    # no KUnit control, so no pinned KASAN reports either
    (d / "console.log").write_text("Run /init as init process\ninit: all tests done\n")
    return d


def top_with_expect(tmp_path, files):
    """A workbench top whose tests/expect/ holds only @files."""
    top = tmp_path / "top"
    (top / "tests" / "expect").mkdir(parents=True)
    (top / "scripts").symlink_to(SCRIPTS)
    (top / "config").symlink_to(TOP / "config")
    (top / "tests" / "expect" / "console.expected").symlink_to(
        TOP / "tests" / "expect" / "console.expected")
    for name, text in files.items():
        (top / "tests" / "expect" / name).write_text(text)
    return top


def test_all_pass(boot):
    rc, out = parse(boot)
    assert rc == 0, out
    assert "summary: 2 passed, 0 failed, 0 skipped" in out


def test_failing_case_named_like_the_verdict(boot):
    guest = suite("families", [("inet", "PASS"), ("unix 0 failed", "FAIL")])
    (boot.parent.parent / "json" / "guest.json").write_text(json.dumps(guest))
    rc, out = parse(boot)
    assert rc == 1, out
    assert "summary: 2 passed, 1 failed, 0 skipped" in out


def test_stream_without_cases(boot):
    (boot.parent.parent / "json" / "guest.json").write_text(json.dumps(suite("families", [])))
    rc, out = parse(boot)
    assert rc == 1 and "guest: no test results" in out, out


def test_console_report(boot):
    with open(boot / "console.log", "a") as f:
        f.write("BUG: KASAN: slab-out-of-bounds in x_bind+0x10/0x20\n")
    rc, out = parse(boot)
    assert rc == 1 and "the console reports trouble" in out, out


def test_guest_did_not_finish(boot):
    (boot / "console.log").write_text("Run /init as init process\n")
    rc, out = parse(boot)
    assert rc == 1 and "did not finish" in out, out


def test_control_pins_only_with_the_control(boot):
    """A kernel without the redzone's KUnit control (the KMSAN kernel)
    must not print its reports: the pins of console.expected do not apply."""
    (boot / "obj" / ".config").write_text("CONFIG_KMSAN=y\n")
    rc, out = parse(boot)
    assert rc == 1 and "the console reports trouble" in out, out
    (boot / "console.log").write_text("Run /init as init process\ninit: all tests done\n")
    rc, out = parse(boot)
    assert rc == 0 and "console clean (0 pinned" in out, out


def test_no_config(boot):
    (boot / "obj" / ".config").unlink()
    rc, out = parse(boot)
    assert rc == 1 and "obj/.config: which kernel booted?" in out, out


def test_kunit_stream_needs_kunit(boot):
    """A kernel built with KUnit must have KUnit results on its console."""
    (boot.parent.parent / "json" / "kunit.json").write_text(json.dumps(suite("sockaddr", [])))
    rc, out = parse(boot)
    assert rc == 1 and "kunit: no test results" in out, out


def test_bench_without_kunit(bench):
    """The benchmark kernel has no KUnit: its guest stream alone is judged."""
    rc, out = parse(bench.parent, "bench")
    assert rc == 0, out
    assert "summary: 1 passed, 0 failed, 0 skipped" in out, out
    assert not (bench / "kunit.json").exists()
    assert (bench / "summary.json").exists()


def test_bench_failed_loop(bench):
    guest = suite("sockaddr_bench", [("bind_inet", "PASS"), ("getname_unix", "FAIL")])
    (bench.parent.parent.parent / "json" / "guest.json").write_text(json.dumps(guest))
    rc, out = parse(bench.parent, "bench")
    assert rc == 1 and "summary: 1 passed, 1 failed, 0 skipped" in out, out


def test_expectations_by_series_and_by_run(tmp_path, boot, bench):
    """The suite's expected failures go by series, so they do not apply to
    the benchmark of the same series (whose cases are others): there, its
    run's own file does."""
    guest = suite("families", [("inet", "FAIL")])
    (boot.parent.parent / "json" / "guest.json").write_text(json.dumps(guest))
    top = top_with_expect(tmp_path, {"tooltest.xfail": "guest families.inet\n"})
    rc, out = parse(boot, top=top)
    assert rc == 0 and "1 failed as expected" in out, out
    rc, out = parse(bench.parent, "bench", top=top)
    assert rc == 1 and "summary: 0 passed, 1 failed, 0 skipped" in out, out
    top = top_with_expect(tmp_path / "b", {"tooltest.xfail": "guest families.inet\n",
                                           "tooltest-bench.xfail": "guest families.inet\n"})
    rc, out = parse(bench.parent, "bench", top=top)
    assert rc == 0 and "1 failed as expected" in out, out

# SPDX-License-Identifier: GPL-2.0
"""scripts/report.sh stops when the series' own checks fail. Before, it
dropped compare-transcripts' exit status (|| true) and went on after the
series' touched files failed to compile. The kernel steps are stand-ins
here (each a script that succeeds or fails on demand)."""
import json
import os

import pytest

from conftest import TOP, run

# Every step report.sh runs, as a stand-in; FAIL_<NAME>=1 makes it fail.
STEPS = ["compile-touched", "fixes-alone", "backport-build", "configure", "build-kernel",
         "make-initramfs", "boot", "parse", "abi-layout", "compare-transcripts"]
STUB = """#!/bin/sh
name=$(basename "$0" .sh)
var=FAIL_$(echo "$name" | tr a-z- A-Z_)
eval "fail=\\${$var:-}"
if [ "$name" = compare-transcripts ] && [ "${FAIL_COMPARE_OF:-}" = "$2" ]; then
	fail=1
fi
if [ "$name" = parse ] && [ "${FAIL_PARSE_OF:-}" = "$1" ]; then
	fail=1
fi
echo "$name: stand-in $*${fail:+ failing}"
[ -z "$fail" ]
"""


@pytest.fixture
def report_top(top):
    for step in STEPS:
        f = top / "scripts" / f"{step}.sh"
        f.write_text(STUB)
        f.chmod(0o755)
    (top / "scripts" / "report.py").write_text("print('# report')\n")
    (top / "scripts" / "compare_selftests.py").write_text(
        "import os, sys\nprint('compare-selftests: stand-in')\n"
        "sys.exit(1 if os.environ.get('FAIL_COMPARE_SELFTESTS') else 0)\n")
    for s in ("none", "tooltest"):
        (top / "build" / s).mkdir(exist_ok=True)
    return top


def report(top, **fail):
    env = dict(os.environ, BUILD=str(top / "build"), REPORT_OTHERS="legacy", LLVM="-19",
               **{f"FAIL_{k}": "1" for k in fail})
    return run(["sh", str(top / "scripts" / "report.sh"), "tooltest"], env=env)


def test_all_pass(report_top):
    rc, out = report(report_top)
    assert rc == 0 and "report.md" in out, out


def test_series_compare_fails(report_top):
    rc, out = report(report_top, COMPARE_TRANSCRIPTS=1)
    assert rc == 1 and "differ where they must not" in out, out


def test_series_selftests_differ(report_top):
    rc, out = report(report_top, COMPARE_SELFTESTS=1)
    assert rc == 1 and "the selftests of tooltest and the baseline differ" in out, out


def test_series_compile_fails(report_top):
    rc, out = report(report_top, COMPILE_TOUCHED=1)
    assert rc == 1 and "do not compile cleanly" in out, out


def test_fixes_alone_fails(report_top):
    """The static stages that left make check still decide the report."""
    rc, out = report(report_top, FIXES_ALONE=1)
    assert rc == 1 and "a fix does not apply or compile alone" in out, out
    assert "build-kernel: stand-in" not in out, out


def test_benchmark_judged_by_parse(report_top):
    """The benchmark boots are judged by parse.sh SERIES bench (before, a
    grep of guest.ktap in report.sh), and a failed one stops the report."""
    rc, out = report(report_top)
    assert "parse: stand-in none bench\n" in out and "parse: stand-in tooltest bench\n" in out, out
    e = dict(os.environ, BUILD=str(report_top / "build"), REPORT_OTHERS="legacy", LLVM="-19",
             FAIL_PARSE_OF="tooltest")
    rc, out = run(["sh", str(report_top / "scripts" / "report.sh"), "tooltest"], env=e)
    assert rc == 1 and "parse: stand-in tooltest bench failing" in out, out
    assert "abi-layout: stand-in" not in out, out


def test_backport_build_fails(report_top):
    rc, out = report(report_top, BACKPORT_BUILD=1)
    assert rc == 1 and "the backport callers do not build" in out, out


def test_other_design_may_differ(report_top):
    env = {"FAIL_COMPARE_OF": "legacy"}
    e = dict(os.environ, BUILD=str(report_top / "build"), REPORT_OTHERS="legacy", LLVM="-19", **env)
    rc, out = run(["sh", str(report_top / "scripts" / "report.sh"), "tooltest"], env=e)
    assert rc == 0 and "legacy differs from the baseline" in out, out


def printed(section, *args):
    """What report.py's function SECTION prints for ARGS (a fresh import:
    report.py reads TOP's files when it is loaded)."""
    import importlib
    import io
    import contextlib
    import report as report_py
    importlib.reload(report_py)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        getattr(report_py, section)(*args)
    return out.getvalue()


# report.py's KMSAN section reads what make kmsan left (BUILD/SERIES/kmsan):
# its summary.json and every KMSAN report block of the console (found by
# scripts/workbench.py, the parser console.py uses) counted by kind; no run
# is an error, not an empty section.
def kmsan_section(tmp_path, console):
    d = tmp_path / "main" / "kmsan"
    d.mkdir(parents=True)
    (d / "summary.json").write_text('{"line": "3 passed, 0 failed, 0 skipped"}\n')
    if console is not None:
        (d / "console.log").write_text(console)
    return printed("kmsan", str(tmp_path), "main")


def test_kmsan_reports_counted(tmp_path):
    rule = "[ 0.9] " + "=" * 66 + "\n"
    out = kmsan_section(tmp_path, rule + "[ 1.0] BUG: KMSAN: kernel-infoleak in _copy_to_user+0x44/0x80\n"
                                  + rule + rule +
                                  "[ 2.0] BUG: KMSAN: kernel-infoleak in _copy_to_user+0x44/0x80\n"
                                  + rule + rule + "[ 3.0] BUG: KMSAN: uninit-value in foo+0x1/0x2\n"
                                  "[ 3.1] CPU: 0 UID: 0\n" + rule +
                                  "[ 4.0] a line that quotes BUG: KMSAN: outside a report\n")
    assert "3 passed" in out and "KMSAN reports: 3" in out, out
    assert "2 x `kernel-infoleak in _copy_to_user+0x44/0x80`" in out, out
    assert "1 x `uninit-value in foo+0x1/0x2`" in out, out


def test_kmsan_clean(tmp_path):
    out = kmsan_section(tmp_path, "[ 1.0] init: all tests done\n")
    assert "KMSAN reports: 0" in out, out


def test_kmsan_not_run(tmp_path):
    with pytest.raises(SystemExit) as e:
        kmsan_section(tmp_path, None)
    assert "no KMSAN run" in str(e.value)


def test_compile_time_section(capsys):
    import report as report_py
    report_py.compile_time()
    out = capsys.readouterr().out
    assert out.startswith("## 7.") and "Short answer (the measurements" in out and "## 1." not in out, out
    assert "| bloat-o-meter |" in out, out


# report.py's side-by-side rows from a KUnit log: sa_data's object sizes, the
# embedded sockaddrs one by one, and how many over-long copies FORTIFY
# caught, counted from the cases (it used to assume "5" and to look for a
# single embedded line the suite no longer prints).
KUNIT_LOG = """\
    # sockaddr_sa_data_object_size: __builtin_object_size(sa->sa_data, 1) = -1
    # sockaddr_sa_data_object_size: __builtin_dynamic_object_size(sa->sa_data, 1) = -1
    # sockaddr_embedded_object_size: __builtin_dynamic_object_size(ifr_hwaddr.sa_data, 1) = -1
    # sockaddr_embedded_object_size: __builtin_dynamic_object_size(arp_ha.sa_data, 1) = 14
        # Subtest: sockaddr_sa_data_memcpy_checked
        ok 1 14 bytes
        not ok 2 15 bytes
        ok 3 32 bytes
    ok 4 sockaddr_sa_data_memcpy_checked
"""


KUNIT_JSON = """{"name": "KUnit Test Group", "test_cases": [], "sub_groups": [
 {"name": "sockaddr_bounds", "test_cases": [], "sub_groups": [
  {"name": "sockaddr_sa_data_memcpy_checked", "sub_groups": [], "test_cases": [
   {"name": "14 bytes", "status": "PASS"}, {"name": "15 bytes", "status": "FAIL"},
   {"name": "32 bytes", "status": "PASS"}]},
  {"name": "sockaddr_storage_memcpy_unchecked", "sub_groups": [], "test_cases": [
   {"name": "32 bytes", "status": "FAIL"}]}]}]}
"""


def test_kunit_sizes(tmp_path):
    import report as report_py
    (tmp_path / "k").mkdir()
    (tmp_path / "k" / "kunit.log").write_text(KUNIT_LOG)
    (tmp_path / "k" / "kunit.json").write_text(KUNIT_JSON)
    assert report_py.kunit_sizes(str(tmp_path), "k") == ("-1", "-1", "ifr_hwaddr -1, arp_ha 14",
                                                          "1 of 2")


def test_kunit_sizes_missing_is_unknown(tmp_path):
    import report as report_py
    (tmp_path / "k").mkdir()
    (tmp_path / "k" / "kunit.log").write_text("nothing\n")
    (tmp_path / "k" / "kunit.json").write_text('{"name": "x", "test_cases": [], "sub_groups": []}')
    assert report_py.kunit_sizes(str(tmp_path), "k") == ("?", "?", "?", "?")


# Section 8: the selftests' results per kernel from each guest.json, and
# make compare's verdict from compare-selftests.json.
def test_selftests_section(tmp_path, capsys):
    import json
    import report as report_py
    names = report_py.wb.selftest_names(TOP / "tests" / "selftests" / "list")
    for k, status in (("none", "PASS"), ("main", "SKIP")):
        (tmp_path / k).mkdir()
        (tmp_path / k / "guest.json").write_text(json.dumps({
            "name": "guest", "test_cases": [], "sub_groups": [
                {"name": names[0], "sub_groups": [], "test_cases": [
                    {"name": "f.a", "status": "PASS"}, {"name": "f.b", "status": status}]},
                {"name": "families", "sub_groups": [], "test_cases": [
                    {"name": "x", "status": "PASS"}]}]}))
    (tmp_path / "main" / "compare-selftests.json").write_text(json.dumps(
        {"cases": 2, "differ": 1, "intended": 0, "ok": False}))
    report_py.selftests(str(tmp_path), "main")
    out = capsys.readouterr().out
    assert f"| {names[0]} | 2 PASS | 1 PASS, 1 SKIP |" in out, out
    assert f"| {names[1]} | not run | not run |" in out and "families" not in out, out
    assert "1 results differ from the baseline (0 intended); verdict: FAIL" in out, out


# Section 9: make distro's summary, when it ran.
def test_distro_section(tmp_path, capsys):
    import report as report_py
    report_py.distro(str(tmp_path))
    assert "make distro has not run" in capsys.readouterr().out
    (tmp_path / "distro").mkdir()
    (tmp_path / "distro" / "summary.md").write_text("| | none | main |\n|---|---|---|\n")
    report_py.distro(str(tmp_path))
    out = capsys.readouterr().out
    assert "From the last `make distro` (" in out and "| | none | main |" in out, out


# Section 10: the static stages' summary lines, from the logs report.sh
# left in BUILD/report; a missing log or one without its line is an error.
def test_static_checks_section(tmp_path, capsys):
    import report as report_py
    out = tmp_path / "report"
    out.mkdir()
    (out / "allmod-main.log").write_text(
        "noise\ncompile-touched: main: 9 file(s) compiled with W=1 under allmodconfig, 1 skipped for x86_64\n")
    (out / "fixes-alone.log").write_text(
        "fixes-alone: 0001-a.patch: applies alone, compiles: a.o\n"
        "fixes-alone: 13 fix(es) of part A, 0 failed\n")
    (out / "backport-build.log").write_text(
        "backport-build: main: clang-19: 2 file(s) built, W=1, WERROR, no warning: a.o b.o\n"
        "backport-build: main: gcc-12: 2 file(s) built, W=1, WERROR, no warning: a.o b.o\n")
    report_py.static_checks(str(tmp_path), "main")
    text = capsys.readouterr().out
    assert "## 10. Static compile checks" in text, text
    assert "`compile-touched: main: 9 file(s) compiled" in text, text
    assert "`fixes-alone: 13 fix(es) of part A, 0 failed`" in text and "0001-a" not in text, text
    assert text.count("file(s) built, W=1") == 2, text
    (out / "fixes-alone.log").write_text("make: *** [Makefile:224: __sub-make] Error 2\n")
    with pytest.raises(SystemExit, match="has no summary line"):
        report_py.static_checks(str(tmp_path), "main")
    (out / "fixes-alone.log").unlink()
    with pytest.raises(SystemExit, match="fixes-alone.log is missing"):
        report_py.static_checks(str(tmp_path), "main")


# Section 11 is docs/times.md, the dated figures measured by hand, below
# its own title; a file without its title or without a section stops the
# report instead of printing half of it.
def times_section(tmp_path, text):
    import contextlib
    import io
    import report as report_py
    f = tmp_path / "times.md"
    f.write_text(text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        report_py.times(str(f))
    return out.getvalue()


def test_times_section(tmp_path):
    out = times_section(tmp_path, "# How long\n\nIntro.\n\n## Cold\n\n56 minutes.\n")
    assert out.startswith("## 11. How long the targets take (measured by hand)\n\nIntro.\n"), out
    assert "\n### Cold\n\n56 minutes.\n" in out and "# How long" not in out, out


@pytest.mark.parametrize("text", ["no title\n\n## Cold\n", "# Title\n\nno section\n"])
def test_times_section_malformed(tmp_path, text):
    with pytest.raises(SystemExit):
        times_section(tmp_path, text)


def test_times_of_the_workbench():
    """The repository's docs/times.md is well formed."""
    import contextlib
    import io
    import report as report_py
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        report_py.times()
    assert "### Cold and warm `make check`" in out.getvalue()


# Section 4 checks the benchmark's goal: every loop's median at least 0.99
# of the baseline's speed (before, the report called it a goal and never
# looked); missing transcripts or different loops stop the report.
def bench_section(tmp_path, base, series):
    import contextlib
    import io
    import report as report_py
    for s, loops in (("none", base), ("main", series)):
        if loops is None:
            continue
        t = tmp_path / s / "bench" / "files" / "transcript"
        t.mkdir(parents=True)
        t.joinpath("sockaddr_bench.json").write_text(json.dumps(
            {"runs": 3, "scale": 100, "loops": [
                {"name": name, "n": 1000, "ns": [ns * 1000 for ns in runs]}
                for name, runs in loops.items()]}))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            report_py.bench(str(tmp_path), "main")
        except SystemExit as e:
            return out.getvalue(), str(e)
    return out.getvalue(), None


def test_bench_goal_met(tmp_path):
    out, err = bench_section(tmp_path, {"a": [100, 100, 101]}, {"a": [100, 101, 100]})
    assert err is None, err
    assert "| a | 3/3 | 100 [100, 101] | 100 [100, 101] | 1.000 | met |" in out, out


def test_bench_goal_missed(tmp_path):
    out, err = bench_section(tmp_path, {"a": [100] * 3, "b": [100] * 3},
                             {"a": [100] * 3, "b": [102] * 3})
    assert err and "slower than 0.99 of the baseline in b" in err, err
    assert "| b | 3/3 | 100 [100, 100] | 102 [102, 102] | 0.980 | MISSED |" in out, out


@pytest.mark.parametrize("base, series", [({"a": [1]}, None), ({"a": [1]}, {"b": [1]}), ({}, {})])
def test_bench_nothing_to_compare(tmp_path, base, series):
    _, err = bench_section(tmp_path, base, series)
    assert err and err.startswith("report: "), err


@pytest.mark.parametrize("text", [
    # the benchmark failed after its first loop: the document is not whole
    '{"runs": 3, "scale": 100, "loops": [\n {"name": "a", "n": 1000, "ns": [1, 2, 3]}',
    '{"runs": 3, "scale": 100, "loops": [{"name": "a", "ns": [1, 2, 3]}]}',
    '{"runs": 1, "scale": 100, "loops": [{"name": "a", "n": 0, "ns": [1]}]}',
    '{"runs": 3, "scale": 100, "loops": [{"name": "a", "n": 1000, "ns": [1, 2]}]}',
    '{"runs": 0, "scale": 100, "loops": [{"name": "a", "n": 1000, "ns": []}]}'])
def test_bench_json_not_whole(tmp_path, text):
    bench_section(tmp_path, {"a": [100] * 3}, {"a": [100] * 3})
    (tmp_path / "main" / "bench" / "files" / "transcript" / "sockaddr_bench.json").write_text(text)
    import report as report_py
    with pytest.raises(SystemExit) as e:
        report_py.bench(str(tmp_path), "main")
    assert "not the benchmark's JSON" in str(e.value), e.value


# report.py's i386 section reads what make i386 left (BUILD/{none,fixes,main}/i386):
# the three summaries, and the baseline's logged address bytes with their case;
# a missing run is an error.
def i386_section(tmp_path, runs):
    for k in runs:
        d = tmp_path / k / "i386"
        d.mkdir(parents=True)
        (d / "summary.json").write_text('{"line": "%s: 9 passed"}\n' % k)
        (d / "guest.ktap").write_text(
            "    # /x/hwaddr.c:205:ioctl_set_takes_only_the_ifreq:address byte 14: 0xc3, from past"
            " the ifreq (the caller had 0xa0 there)\n    # a line about an address byte\n")
    return printed("i386", str(tmp_path), "main")


def test_i386_section(tmp_path):
    out = i386_section(tmp_path, ("none", "fixes", "main"))
    assert "`none`: none: 9 passed" in out and "`fixes`: fixes: 9 passed" in out, out
    assert "`main`: main: 9 passed" in out, out
    assert "not the caller's: 1\n" in out, out
    assert "  - `ioctl_set_takes_only_the_ifreq`: address byte 14: 0xc3, from past" in out, out


def test_i386_not_run(tmp_path):
    with pytest.raises(SystemExit) as e:
        i386_section(tmp_path, ("none", "fixes"))
    assert "no i386 run" in str(e.value)


# report.py's cross section reads what make cross left per profile
# (BUILD/SERIES/cross-*/gcc-warnings.*): files, skipped, warnings, new ones.
def cross_section(tmp_path, profiles, new=""):
    for p in profiles:
        d = tmp_path / "main" / p
        d.mkdir(parents=True)
        (d / "gcc-warnings.main.files").write_text("net/a.o\nnet/b.o\n")
        (d / "gcc-warnings.main.skipped").write_text("skip net/iucv/af_iucv.c only=s390 why\n")
        (d / "gcc-warnings.none.txt").write_text("net/a.c: w1 [-Wx]\n")
        (d / "gcc-warnings.main.txt").write_text("net/a.c: w1 [-Wx]\n" + new)
        (d / "gcc-warnings.new.txt").write_text(new)
    return printed("cross", str(tmp_path), "main")


def test_cross_section(tmp_path):
    profiles = sorted(p.stem for p in (TOP / "config" / "profiles").glob("cross-*.conf"))
    assert len(profiles) == 7, profiles
    out = cross_section(tmp_path, profiles)
    assert "| arm64 | 2 | 1 | 1 | 1 | 0 |" in out and "| s390x | 2 | 1 | 1 | 1 | 0 |" in out, out
    assert "- new:" not in out, out


def test_cross_section_lists_new_warnings(tmp_path):
    profiles = sorted(p.stem for p in (TOP / "config" / "profiles").glob("cross-*.conf"))
    out = cross_section(tmp_path, profiles, new="net/b.c: w2 [-Wy]\n")
    assert "| riscv64 | 2 | 1 | 1 | 2 | 1 |" in out, out
    assert "- new: cross-riscv64: net/b.c: w2 [-Wy]" in out, out


def test_cross_not_run(tmp_path):
    with pytest.raises(SystemExit) as e:
        cross_section(tmp_path, ["cross-arm64"])
    assert "make cross" in str(e.value)

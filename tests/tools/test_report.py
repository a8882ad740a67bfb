# SPDX-License-Identifier: GPL-2.0
"""scripts/report.sh stops when the series' own checks fail. Before, it
dropped compare-transcripts' exit status (|| true) and went on after the
series' touched files failed to compile. The kernel steps are stand-ins
here (each a script that succeeds or fails on demand)."""
import os

import pytest

from conftest import run

# Every step report.sh runs, as a stand-in; FAIL_<NAME>=1 makes it fail.
STEPS = ["compile-touched", "configure", "build-kernel", "make-initramfs", "boot",
         "abi-layout", "compare-transcripts"]
STUB = """#!/bin/sh
name=$(basename "$0" .sh)
var=FAIL_$(echo "$name" | tr a-z- A-Z_)
eval "fail=\\${$var:-}"
if [ "$name" = compare-transcripts ] && [ "${FAIL_COMPARE_OF:-}" = "$2" ]; then
	fail=1
fi
if [ "$name" = configure ]; then
	mkdir -p "$BUILD/$NAME/obj"
	echo "CONFIG_NET=y" >"$BUILD/$NAME/obj/.config"
fi
if [ "$name" = boot ]; then
	d=$BUILD/$NAME
	echo "init: all tests done" >"$d/console.log"
	printf 'KTAP version 1\\n1..1\\nok 1 bench\\n' >"$d/guest.ktap"
	echo "### end" >"$d/files.txt"
fi
echo "$name: stand-in${fail:+ failing}"
[ -z "$fail" ]
"""


@pytest.fixture
def report_top(top):
    for step in STEPS:
        f = top / "scripts" / f"{step}.sh"
        f.write_text(STUB)
        f.chmod(0o755)
    (top / "scripts" / "report.py").write_text("print('# report')\n")
    for s in ("none", "tooltest"):
        (top / "build" / s).mkdir(exist_ok=True)
    return top


def report(top, **fail):
    env = dict(os.environ, BUILD=str(top / "build"), REPORT_OTHERS="legacy",
               **{f"FAIL_{k}": "1" for k in fail})
    return run(["sh", str(top / "scripts" / "report.sh"), "tooltest"], env=env)


def test_all_pass(report_top):
    rc, out = report(report_top)
    assert rc == 0 and "report.md" in out, out


def test_series_compare_fails(report_top):
    rc, out = report(report_top, COMPARE_TRANSCRIPTS=1)
    assert rc == 1 and "differ where they must not" in out, out


def test_series_compile_fails(report_top):
    rc, out = report(report_top, COMPILE_TOUCHED=1)
    assert rc == 1 and "do not compile cleanly" in out, out


def test_other_design_may_differ(report_top):
    env = {"FAIL_COMPARE_OF": "legacy"}
    e = dict(os.environ, BUILD=str(report_top / "build"), REPORT_OTHERS="legacy", **env)
    rc, out = run(["sh", str(report_top / "scripts" / "report.sh"), "tooltest"], env=e)
    assert rc == 0 and "legacy differs from the baseline" in out, out

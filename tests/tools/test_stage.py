# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh stage: a shell function run as a stage stops at its first
failing command, and the stage fails with that command's status. Before the
fix, stage ran its command as an "if" condition, where the shell ignores
set -e: the function went on after the failure and the stage passed."""
import pytest

from conftest import SCRIPTS, run

FUNC = "f() { echo one; false; echo after >\"$MARK\"; }; "


# How the workbench calls stage: as prepare-tree.sh does (a set -eu script,
# stage as a statement) and as the Makefile does (". lib.sh && stage ...").
STYLES = {
    "script": f"set -eu; . {SCRIPTS}/lib.sh; {FUNC} stage s f; echo next",
    "make": f". {SCRIPTS}/lib.sh && {FUNC} stage s f",
}


@pytest.mark.parametrize("style", STYLES)
def test_failing_function_stops(tmp_path, style):
    mark = tmp_path / "after"
    rc, out = run(["sh", "-c", STYLES[style]], env={"MARK": str(mark), "PATH": "/usr/bin:/bin"})
    assert rc == 1, out
    assert not mark.exists(), "the function went on after its failing command"
    assert "==> [s] FAILED" in out and "next" not in out


def test_status_of_a_command_is_kept(tmp_path):
    rc, out = run(["sh", "-c", f". {SCRIPTS}/lib.sh && stage s sh -c 'exit 3'"])
    assert rc == 3 and "==> [s] FAILED after" in out and "(exit 3)" in out


def test_passing_stage_and_errexit_restored(tmp_path):
    rc, out = run(["sh", "-c", f"set -e; . {SCRIPTS}/lib.sh; stage s true; "
                   "case $- in *e*) echo errexit-on ;; esac; false; echo not-reached"])
    assert rc == 1 and "==> [s] done in" in out and "errexit-on" in out
    assert "not-reached" not in out

# SPDX-License-Identifier: GPL-2.0
"""tests/init/ksft_run.c, the launcher of the kernel selftests in the guest,
compiled with gcc and run here on recipes that need no namespace and no
sysctl (those are the guest's business): the recipe is found by the name it
is called as, the test's exit status passes through (0, 4 = skip, 1), the
test runs in a fresh directory, a timeout kills it and fails, and a recipe
it cannot follow (no recipe, an unknown option, no program) fails before
anything runs."""
import os
import pathlib
import subprocess

import pytest

from conftest import TOP, run


@pytest.fixture(scope="module")
def launcher(tmp_path_factory):
    d = tmp_path_factory.mktemp("ksft")
    exe = d / "ksft_run"
    subprocess.run(["gcc", "-O2", "-Wall", "-Werror", "-o", str(exe),
                    str(TOP / "tests" / "init" / "ksft_run.c")], check=True)
    return exe


def ksft(launcher, tmp_path, recipes, name, programs):
    """Run @name through the launcher with the list @recipes and the shell
    scripts @programs ({path: body}) under a root of their own."""
    root = tmp_path / "root"
    for path, body in programs.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("#!/bin/sh\n" + body)
        (root / path).chmod(0o755)
    (tmp_path / "list").write_text(recipes)
    link = tmp_path / name
    if not link.exists():
        link.symlink_to(launcher)
    env = dict(os.environ, KSFT_LIST=str(tmp_path / "list"), KSFT_ROOT=str(root))
    return run([str(link)], env=env, timeout=30)


@pytest.mark.parametrize("status", [0, 4, 1])
def test_status_passes_through(launcher, tmp_path, status):
    rc, out = ksft(launcher, tmp_path, "# comment\nnet-t  net/t  timeout=10\n", "net-t",
                   {"net/t": f"echo ran in $PWD\nexit {status}\n"})
    assert rc == status and "ran in /tmp/ksft." in out, out


def test_name_is_a_whole_word(launcher, tmp_path):
    rc, out = ksft(launcher, tmp_path, "net-tt  net/tt\nnet-t  net/t\n", "net-t",
                   {"net/t": "echo t\n", "net/tt": "echo tt\n"})
    assert rc == 0 and out.strip() == "t", out


def test_timeout(launcher, tmp_path):
    rc, out = ksft(launcher, tmp_path, "net-t  net/t  timeout=1\n", "net-t",
                   {"net/t": "sleep 20\n"})
    assert rc == 1 and "# ksft_run: net-t: TIMEOUT after 1 s" in out, out


# kselftest_harness.h runs each case in a process group of its own: a
# timeout must kill those too (it used to kill only the test's group, and
# a hung case kept /init's pipe open).
def test_timeout_kills_other_groups(launcher, tmp_path):
    pidfile = tmp_path / "case.pid"
    rc, out = ksft(launcher, tmp_path, "net-t  net/t  timeout=1\n", "net-t",
                   {"net/t": f"set -m\nsleep 30 &\necho $! >{pidfile}\nwait\n"})
    assert rc == 1 and "TIMEOUT" in out, out
    pid = int(pidfile.read_text())
    stat = pathlib.Path(f"/proc/{pid}/stat")
    assert not stat.exists() or stat.read_text().split(")")[-1].split()[0] == "Z", \
        f"case {pid} survived the timeout"


@pytest.mark.parametrize("recipes, want", [
    ("net-x  net/t\n", "no recipe for net-t"),
    ("net-t  net/t  sysctl\n", "unknown option sysctl"),
    ("net-t  net/t  timeout=0\n", "unknown option timeout=0"),
    ("net-t  net/missing\n", "exec "),
    ("net-t\n", "net-t: no program"),
])
def test_bad_recipe(launcher, tmp_path, recipes, want):
    rc, out = ksft(launcher, tmp_path, recipes, "net-t", {"net/t": "echo ran\n"})
    assert rc == 1 and want in out and "ran" not in out.replace("ksft_run", ""), out

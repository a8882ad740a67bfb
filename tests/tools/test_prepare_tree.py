# SPDX-License-Identifier: GPL-2.0
"""scripts/prepare-tree.sh: a tarball that does not extract stops the run
before anything is committed as "base". Before the fix (stage ran its
function with set -e ignored), a truncated tarball was committed as the base
of every tree, and the stage passed."""
import os
import subprocess
import tarfile

import pytest

from conftest import SCRIPTS, run


@pytest.fixture
def tarball(tmp_path):
    """A kernel-like tarball (top folder, Debian's .gitignore, a Makefile that
    knows "kernelversion") with 1 MiB of incompressible data."""
    src = tmp_path / "linux-source-6.12"
    src.mkdir()
    (src / ".gitignore").write_text("*.o\n/*\n!/debian/\n")
    (src / "Makefile").write_text("kernelversion:\n\t@echo 6.12.118\n")
    (src / "data.bin").write_bytes(os.urandom(1 << 20))
    path = tmp_path / "linux-source-6.12.tar.xz"
    with tarfile.open(path, "w:xz") as t:
        t.add(src, arcname="linux-source-6.12")
    return path


def prepare(tmp_path, tar):
    env = dict(os.environ, BUILD=str(tmp_path / "build"), TARBALL=str(tar))
    return run(["sh", str(SCRIPTS / "prepare-tree.sh"), "tooltest-empty"], env=env)


def test_good_tarball_becomes_base(tmp_path, tarball):
    rc, out = prepare(tmp_path, tarball)
    assert rc == 0, out
    src = tmp_path / "build" / "src"
    tags = subprocess.run(["git", "-C", str(src), "tag"], capture_output=True, text=True)
    assert tags.stdout.split() == ["base"]
    assert (src / "data.bin").stat().st_size == 1 << 20
    assert "0 patch(es) applied" in out


def test_truncated_tarball_stops_before_commit(tmp_path, tarball):
    cut = tmp_path / "cut.tar.xz"
    cut.write_bytes(tarball.read_bytes()[: tarball.stat().st_size // 2])
    rc, out = prepare(tmp_path, cut)
    assert rc != 0, out
    assert "==> [extract] FAILED" in out
    assert not (tmp_path / "build" / "src").exists(), "a broken tree became the base"
    assert not (tmp_path / "build" / "src.tmp" / ".git").exists(), "a broken tree was committed"

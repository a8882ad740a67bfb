# SPDX-License-Identifier: GPL-2.0
"""scripts/prepare-tree.sh: a tarball that does not extract stops the run
before anything is committed as "base". Before the fix (stage ran its
function with set -e ignored), a truncated tarball was committed as the base
of every tree, and the stage passed."""
import os
import subprocess
import tarfile

import pytest

from conftest import run


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


def prepare(top, tar):
    """prepare-tree.sh of the copy TOP for its queue "tooltest", whose
    patch is never reached: these tarballs are no kernels."""
    env = dict(os.environ, BUILD=str(top / "build"), TARBALL=str(tar))
    return run(["sh", str(top / "scripts" / "prepare-tree.sh"), "tooltest"], env=env)


def test_good_tarball_becomes_base(top, tarball):
    rc, out = prepare(top, tarball)
    # the extract is done; the queue's placeholder patch does not exist
    assert "==> [extract] done" in out, out
    assert rc != 0 and "never-applied.patch" in out, out
    src = top / "build" / "src"
    tags = subprocess.run(["git", "-C", str(src), "tag"], capture_output=True, text=True)
    assert tags.stdout.split() == ["base"]
    assert (src / "data.bin").stat().st_size == 1 << 20
    # the base commit has the fixed identity and date: the same id everywhere
    rc, out = run(["sh", "-c", f". {top}/scripts/lib.sh && base_commit_id {src}"])
    base = subprocess.run(["git", "-C", str(src), "rev-parse", "base"], capture_output=True, text=True)
    assert rc == 0 and out.strip() == base.stdout.strip(), out


def test_truncated_tarball_stops_before_commit(top, tmp_path, tarball):
    cut = tmp_path / "cut.tar.xz"
    cut.write_bytes(tarball.read_bytes()[: tarball.stat().st_size // 2])
    rc, out = prepare(top, cut)
    assert rc != 0, out
    assert "==> [extract] FAILED" in out
    assert not (top / "build" / "src").exists(), "a broken tree became the base"
    assert not (top / "build" / "src.tmp" / ".git").exists(), "a broken tree was committed"


def base_subject(top):
    return subprocess.run(["git", "-C", str(top / "build" / "src"), "log", "-1",
                           "--format=%s", "base"], capture_output=True, text=True).stdout.strip()


def test_base_is_the_same_from_a_recipe(top, tarball):
    """make check runs "$(MAKE) tree" from its recipe: the make that asks the
    tree for its version then sees -w in MAKEFLAGS. Before the fix its
    "Entering directory '.../build/src.tmp'" lines went into the base
    commit's subject, so the id depended on the folder, and CI's clone
    disagreed with the cover letter's base-commit."""
    env = dict(os.environ, BUILD=str(top / "build"), TARBALL=str(tarball),
               MAKEFLAGS="w", MAKELEVEL="1")
    rc, out = run(["sh", str(top / "scripts" / "prepare-tree.sh"), "tooltest"], env=env)
    assert "==> [extract] done" in out, out
    assert base_subject(top) == "linux-source-6.12 6.12.118", base_subject(top)


def test_not_a_version_stops_the_extract(top, tmp_path):
    src = tmp_path / "linux-source-6.12"
    src.mkdir()
    (src / ".gitignore").write_text("/*\n")
    (src / "Makefile").write_text("kernelversion:\n\t@echo 'make[2]: Entering directory x'\n")
    tar = tmp_path / "bad.tar.xz"
    with tarfile.open(tar, "w:xz") as t:
        t.add(src, arcname="linux-source-6.12")
    rc, out = prepare(top, tar)
    assert rc != 0 and "==> [extract] FAILED" in out, out
    assert "not a version" in out, out
    assert not (top / "build" / "src").exists()

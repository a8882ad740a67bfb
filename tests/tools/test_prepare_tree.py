# SPDX-License-Identifier: GPL-2.0
"""scripts/prepare-tree.sh: a tarball that does not extract stops the run
before anything is committed as "base". Before the fix (stage ran its
function with set -e ignored), a truncated tarball was committed as the base
of every tree, and the stage passed."""
import os
import shutil
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


PATCH = """From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Work Bench <workbench@example.invalid>
Date: Thu, 1 Jan 2026 00:00:00 +0000
Subject: [PATCH] add a file

---
 new.txt | 1 +
 1 file changed, 1 insertion(+)
 create mode 100644 new.txt

diff --git a/new.txt b/new.txt
new file mode 100644
index 0000000..ce01362
--- /dev/null
+++ b/new.txt
@@ -0,0 +1 @@
+hello
--
2.39.5
"""


def test_tree_is_kept_for_the_same_patches_elsewhere(top, tmp_path, tarball):
    """The tree's fingerprint is what its patches say, not where the
    workbench holds them: a second clone of the workbench (make report
    from a fresh clone) finds the tree of the same patches unchanged.
    Before, the fingerprint hashed each patch's path too, and every clone
    applied every tree again."""
    (top / "patches" / "series").write_text("# Part P, one patch\n0001-add.patch\n")
    (top / "patches" / "0001-add.patch").write_text(PATCH)
    rc, out = prepare(top, tarball)
    assert rc == 0 and "1 patch(es) applied" in out, out
    assert (top / "build" / "tooltest" / "linux" / "new.txt").read_text() == "hello\n"
    other = tmp_path / "clone"
    shutil.copytree(top / "scripts", other / "scripts")
    shutil.copytree(top / "config", other / "config")
    shutil.copytree(top / "patches", other / "patches")
    env = dict(os.environ, BUILD=str(top / "build"), TARBALL=str(tarball))
    rc, out = run(["sh", str(other / "scripts" / "prepare-tree.sh"), "tooltest"], env=env)
    assert rc == 0 and "unchanged, nothing to do" in out, out
    (other / "patches" / "0001-add.patch").write_text(PATCH.replace("+hello", "+hullo")
                                                      .replace("ce01362", "0c7f7c6"))
    rc, out = run(["sh", str(other / "scripts" / "prepare-tree.sh"), "tooltest"], env=env)
    assert rc == 0 and "1 patch(es) applied" in out, out

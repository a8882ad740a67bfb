# SPDX-License-Identifier: GPL-2.0
"""scripts/checkpatch.sh: every patch of the queue is checked (two at a
time), a warning fails the run unless config/checkpatch-ignore.txt lists
its type for that patch, a patch whose check never finished fails, an
empty queue fails, and the cover letter's base-commit must be the
tarball's. checkpatch.pl here is a stand-in that says what it was asked
and fails on a patch that contains "BAD"."""
import os
import stat

import pytest

from conftest import git, run

STUB = """#!/bin/sh
# stand-in for scripts/checkpatch.pl: --strict -q [--ignore TYPES] PATCH
args="$*"
for p; do :; done
echo "$(basename "$p") $args" >>"$STUB_LOG"
if grep -q DIE "$p"; then
	# the "sh checkpatch.sh --one SERIES PROFILE PATCH" that runs us dies
	# (the child of xargs; its subshells have the same command line)
	a=$PPID
	while :; do
		up=$(ps -o ppid= -p "$a" | tr -d ' ')
		[ "$up" -gt 1 ] || exit 2
		[ "$(ps -o comm= -p "$up")" != xargs ] || break
		a=$up
	done
	kill -9 "$a"
	exit 1
fi
if grep -q BAD "$p"; then
	case "$args" in *--ignore*BAD_THING*) exit 0 ;; esac
	echo "WARNING:BAD_THING: this patch is bad"
	exit 1
fi
exit 0
"""


def base_tree(top, name, message):
    """A one-commit tree build/NAME tagged "base", as prepare-tree.sh makes
    of a tarball; returns the base-commit id lib.sh computes for it."""
    src = top / "build" / name
    src.mkdir(parents=True)
    (src / "README").write_text(message + "\n")
    git(src, "init", "-q")
    git(src, "add", "-A")
    git(src, "commit", "-q", "-m", message)
    git(src, "tag", "base")
    rc, base = run(["sh", "-c", f"TOP={top}; . {top}/scripts/lib.sh && base_commit_id {src}"])
    assert rc == 0, base
    return base.strip()


@pytest.fixture
def queue(top, tmp_path):
    """The copy TOP with a queue "tooltest" of four patches, a stand-in
    checkpatch.pl in its tree, a base tree build/src and a cover letter
    that names its commit. Returns a function that writes the patches'
    texts and runs checkpatch.sh."""
    base = base_tree(top, "src", "Linux 6.12.118")
    tree = top / "build" / "tooltest" / "linux"
    pl = tree / "scripts" / "checkpatch.pl"
    pl.parent.mkdir(parents=True)
    pl.write_text(STUB)
    pl.chmod(pl.stat().st_mode | stat.S_IXUSR)
    names = [f"000{i}-p{i}.patch" for i in range(1, 5)]
    (top / "patches" / "series").write_text("# Part P, placeholder\n" + "\n".join(names) + "\n")
    (top / "patches" / "0000-cover-letter.patch").write_text(
        f"Subject: [PATCH 0/4] x\n\nbase-commit: {base}\n")
    (top / "config").mkdir(exist_ok=True)
    (top / "config" / "checkpatch-ignore.txt").write_text("# PATCH-FILE TYPE REASON\n")
    log = tmp_path / "stub.log"

    def check(texts=None, ignore="", **env):
        for n, name in enumerate(names):
            text = (texts or {}).get(n + 1, "fine\n")
            (top / "patches" / name).write_text(text)
        if ignore:
            with open(top / "config" / "checkpatch-ignore.txt", "a") as f:
                f.write(ignore)
        log.write_text("")
        e = dict(os.environ, BUILD=str(top / "build"), STUB_LOG=str(log), **env)
        rc, out = run(["sh", str(top / "scripts" / "checkpatch.sh"), "tooltest"], env=e)
        return rc, out, log.read_text().splitlines()
    return check


def test_clean_queue_passes(queue):
    rc, out, calls = queue()
    assert rc == 0, out
    assert "checkpatch: tooltest: 4 patch(es), 0 with errors or warnings" in out, out
    assert "base-commit" in out and "as prepare-tree.sh makes it" in out, out
    # every patch checked once, with --strict
    assert sorted(c.split()[0] for c in calls) == [f"000{i}-p{i}.patch" for i in range(1, 5)]
    assert all("--strict" in c.split() for c in calls), calls


def test_warning_fails_and_is_shown_in_order(queue):
    rc, out, _ = queue({2: "BAD\n", 4: "BAD\n"})
    assert rc != 0, out
    assert "4 patch(es), 2 with errors or warnings" in out, out
    assert "  WARNING:BAD_THING: this patch is bad" in out, out
    # printed in the series' order, whatever order the two workers took
    assert out.index("0002-p2.patch:") < out.index("0004-p4.patch:"), out


def test_ignored_type_passes_for_that_patch_only(queue):
    rc, out, calls = queue({2: "BAD\n", 3: "BAD\n"},
                           ignore="0002-p2.patch BAD_THING the reason\n")
    assert rc != 0, out
    assert "checkpatch: 0002-p2.patch: ignoring BAD_THING" in out, out
    assert "4 patch(es), 1 with errors or warnings" in out, out
    assert "0003-p3.patch:" in out and "0002-p2.patch:\n" not in out, out
    assert [c for c in calls if c.startswith("0002")][0].split()[1:4] == \
        ["--strict", "-q", "--ignore"], calls


def test_check_that_never_finished_fails(queue):
    rc, out, _ = queue({3: "DIE\n"})
    assert rc != 0, out
    assert "checkpatch: 0003-p3.patch: not checked" in out, out
    assert "a checkpatch.pl child failed" in out, out


def test_empty_queue_fails(queue):
    rc, out, calls = queue(PATCH_LIMIT="0")
    assert rc != 0, out
    assert "checkpatch: tooltest: no patch to check" in out, out
    assert calls == []


def test_wrong_base_commit_fails(queue, top):
    cover = top / "patches" / "0000-cover-letter.patch"
    rc, out, _ = queue()
    assert rc == 0, out
    cover.write_text("Subject: [PATCH 0/4] x\n\nbase-commit: " + "0" * 40 + "\n")
    rc, out, _ = queue()
    assert rc != 0, out
    assert "base-commit " + "0" * 40 + ", the tarball's commit is" in out, out
    cover.write_text("Subject: [PATCH 0/4] x\n")
    rc, out, _ = queue()
    assert rc != 0 and "base-commit missing" in out, out


def test_another_tree_has_its_own_queue_ignores_and_cover(queue, top):
    """PROFILE with KERNEL=6.1: the patches of patches/6.1/, the ignore
    list config/6.1/checkpatch-ignore.txt, the cover letter
    patches/6.1/0000-cover-letter.patch and build/src-6.1's base; the
    6.12 files play no part."""
    from conftest import profile
    profile(top, "old", KERNEL="6.1")
    base = base_tree(top, "src-6.1", "Linux 6.1.192")
    tree = top / "build" / "tooltest" / "linux-6.1" / "scripts"
    tree.mkdir(parents=True)
    (top / "build" / "tooltest" / "linux" / "scripts" / "checkpatch.pl").rename(
        tree / "checkpatch.pl")
    q = top / "patches" / "6.1"
    q.mkdir()
    (q / "series").write_text("# Part P, placeholder\n0001-old.patch\n")
    (q / "queues").write_text("tooltest  P\n")
    (q / "0001-old.patch").write_text("BAD\n")
    (q / "0000-cover-letter.patch").write_text(f"Subject: x\n\nbase-commit: {base}\n")
    (top / "config" / "6.1").mkdir(parents=True, exist_ok=True)
    (top / "config" / "6.1" / "checkpatch-ignore.txt").write_text(
        "0001-old.patch BAD_THING the reason\n")
    (top / "patches" / "0000-cover-letter.patch").write_text("Subject: x\n")
    e = dict(os.environ, BUILD=str(top / "build"), STUB_LOG=str(top / "stub.log"))
    rc, out = run(["sh", str(top / "scripts" / "checkpatch.sh"), "tooltest", "old"], env=e)
    assert rc == 0, out
    assert "checkpatch: 0001-old.patch: ignoring BAD_THING" in out, out
    assert "tooltest: 1 patch(es), 0 with errors" in out, out
    assert f"base-commit {base}, as prepare-tree.sh makes it" in out, out

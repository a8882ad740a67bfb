# SPDX-License-Identifier: GPL-2.0
"""Shared fixtures of the workbench's own tests (make tool-tests): small
saved inputs instead of kernel builds, so that they run in seconds."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

TOP = pathlib.Path(__file__).resolve().parents[2]
# TOOLTEST_SCRIPTS=DIR runs the tests against another copy of scripts/ (for
# example the scripts of an older commit, to see a test fail on the old
# behaviour).
SCRIPTS = pathlib.Path(os.environ.get("TOOLTEST_SCRIPTS", TOP / "scripts")).resolve()
sys.path.insert(0, str(SCRIPTS))

NET_H = """struct proto_ops {
	int	(*bind)	     (struct socket *sock,
				      struct sockaddr_unsized *myaddr,
				      int sockaddr_len);
	int	(*connect)   (struct socket *sock,
				      struct sockaddr_unsized *vaddr,
				      int sockaddr_len, int flags);
	int	(*getname)   (struct socket *sock,
				      struct sockaddr_storage *addr,
				      int peer);
};
"""

SOCK_H = """struct proto {
	int	(*pre_connect)(struct sock *sk, struct sockaddr_unsized *uaddr,
				int addr_len);
	int	(*connect)(struct sock *sk, struct sockaddr_unsized *uaddr,
			   int addr_len);
	int	(*bind)(struct sock *sk, struct sockaddr_unsized *addr, int addr_len);
};
"""

AF_X_C = """static int x_bind(struct socket *sock, struct sockaddr_unsized *a, int l)
{
	return 0;
}

static int x_connect(struct socket *sock, struct sockaddr_unsized *a, int l,
		     int flags)
{
	return 0;
}

static int x_getname(struct socket *sock, struct sockaddr_storage *a, int peer)
{
	return 0;
}

static int x_pbind(struct sock *sk, struct sockaddr_unsized *a, int l)
{
	return 0;
}

static int x_pconnect(struct sock *sk, struct sockaddr_unsized *a, int l)
{
	return 0;
}

static int x_ppre(struct sock *sk, struct sockaddr_unsized *a, int l)
{
	return 0;
}

static const struct proto_ops x_ops = {
	.bind		= x_bind,
	.connect	= x_connect,
	.getname	= x_getname,
};

static struct proto x_proto = {
	.bind		= x_pbind,
	.connect	= x_pconnect,
	.pre_connect	= x_ppre,
};
"""


def git(tree, *args):
    subprocess.run(["git", "-C", str(tree), "-c", "user.name=t", "-c", "user.email=t@t",
                    *args], check=True, capture_output=True)


@pytest.fixture
def mini_tree(tmp_path):
    """A git tree with the two headers and one protocol family, every
    callback of the converted type."""
    tree = tmp_path / "linux"
    for rel, text in (("include/linux/net.h", NET_H), ("include/net/sock.h", SOCK_H),
                      ("net/x/af_x.c", AF_X_C)):
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_text(text)
    git(tree, "init", "-q")
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "mini tree")
    return tree


def run(cmd, **kw):
    """Run a command, return (exit status, stdout + stderr)."""
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return out.returncode, out.stdout + out.stderr


@pytest.fixture
def top(tmp_path):
    """A copy of the workbench's scripts, machines, /init (and the selftest
    launcher) and guest library, an empty list of kernel selftests,
    with an empty tests/guest and a run folder build/tooltest, for the
    scripts that work on the repository they are in (TOP)."""
    t = tmp_path / "top"
    shutil.copytree(SCRIPTS, t / "scripts")
    shutil.copytree(TOP / "config" / "machines", t / "config" / "machines")
    shutil.copytree(TOP / "config" / "profiles", t / "config" / "profiles")
    (t / "tests" / "init").mkdir(parents=True)
    shutil.copy(TOP / "tests" / "init" / "init.c", t / "tests" / "init")
    shutil.copy(TOP / "tests" / "init" / "ksft_run.c", t / "tests" / "init")
    # No kernel selftest in this copy unless a test lists one.
    (t / "tests" / "selftests").mkdir()
    (t / "tests" / "selftests" / "list").write_text("# name program options\n")
    shutil.copytree(TOP / "tests" / "guest" / "lib", t / "tests" / "guest" / "lib")
    # No KASAN report is pinned in this copy (scripts/console.py).
    (t / "tests" / "expect").mkdir()
    (t / "tests" / "expect" / "console.expected").write_text("# none\n")
    (t / "build" / "tooltest" / "linux").mkdir(parents=True)
    (t / "build" / "tooltest" / "obj").mkdir()
    # The run "tooltest" is a queue of one empty part (scripts/queues.py).
    empty_queue(t, "tooltest")
    return t


def empty_queue(top, name):
    """patches/series and patches/queues in TOP with a queue NAME of one
    part, P, whose only patch (not a patch) is never applied by the tests
    that use it."""
    (top / "patches").mkdir(exist_ok=True)
    (top / "patches" / "series").write_text("# Part P, placeholder\nnever-applied.patch\n")
    (top / "patches" / "queues").write_text(f"{name} P\n")
    (top / "patches" / "never-applied.patch").write_text("not a patch\n")


def profile(top, name, **fields):
    """A profile config/profiles/NAME.conf in the copy TOP: the test
    profile's lines, FIELDS (MACHINE="bench", ...) replacing them."""
    lines = []
    for line in (top / "config" / "profiles" / "test.conf").read_text().splitlines():
        key = line.split("=", 1)[0]
        if key in fields:
            line = f'{key}="{fields.pop(key)}"'
        lines.append(line)
    lines += [f'{k}="{v}"' for k, v in fields.items()]
    (top / "config" / "profiles" / f"{name}.conf").write_text("\n".join(lines) + "\n")


def guest_programs(top, *names):
    """Trivial guest programs tests/guest/NAME.c in the copy TOP."""
    for name in names:
        (top / "tests" / "guest" / f"{name}.c").write_text("int main(void) { return 0; }\n")

# SPDX-License-Identifier: GPL-2.0
"""scripts/check_getname_buffers.py: a getname buffer smaller than struct
sockaddr_storage fails unless it has a reason; a reason that matches no
buffer is stale; with EXPECTED (plain 6.12.118's usnic overrun, the
regression check of a fix no guest can run) the unexplained buffers must be
exactly those listed; a tree without a call to check fails."""
from conftest import SCRIPTS, git, run

SRC = """int a(struct socket *sock)
{
	struct sockaddr_storage ss;
	struct sockaddr_in sin;
	struct sockaddr_in6 six;

	sock->ops->getname(sock, (struct sockaddr *)&ss, 0);
	kernel_getsockname(sock, (struct sockaddr *)&sin);
	return kernel_getpeername(sock, (struct sockaddr *)&six);
}
"""


def tree(tmp_path, text=SRC):
    t = tmp_path / "tree"
    (t / "net").mkdir(parents=True)
    (t / "net" / "a.c").write_text(text)
    git(t, "init", "-q")
    git(t, "add", "-A")
    git(t, "commit", "-q", "-m", "tree")
    return t


def check(tmp_path, t, reasons=None, expected=None):
    args = ["python3", str(SCRIPTS / "check_getname_buffers.py"), str(t)]
    if reasons is not None:
        (tmp_path / "reasons").write_text(reasons)
        args.append(str(tmp_path / "reasons"))
    if expected is not None:
        (tmp_path / "expected").write_text(expected)
        args.append(str(tmp_path / "expected"))
    return run(args)


def test_smaller_buffers_fail(tmp_path):
    rc, out = check(tmp_path, tree(tmp_path))
    assert rc == 1, out
    assert "net/a.c:8: (struct sockaddr *)&sin: sin is struct sockaddr_in" in out, out
    assert "net/a.c:9: (struct sockaddr *)&six: six is struct sockaddr_in6" in out, out
    assert "3 calls, 3 with a cast" in out and "2 smaller" in out, out


def test_reasons_pass_and_stale_fails(tmp_path):
    t = tree(tmp_path)
    rc, out = check(tmp_path, t, "net/a.c sin own AF_INET socket\nnet/a.c six own AF_INET6 socket\n")
    assert rc == 0 and "2 with a reason, 0 without" in out, out
    rc, out = check(tmp_path, t, "net/a.c sin x\nnet/a.c six y\nnet/b.c gone z\n")
    assert rc == 1 and "stale reason: net/b.c gone" in out, out


def test_expected_overruns_exactly(tmp_path):
    t = tree(tmp_path)
    reasons = "net/a.c sin own AF_INET socket\n"
    rc, out = check(tmp_path, t, reasons, "# plain tree\nnet/a.c six\n")
    assert rc == 0 and "the 1 expected overrun buffer(s), no other" in out, out
    # one fewer (the fix already applied) and one more both fail
    rc, out = check(tmp_path, t, reasons, "net/a.c six\nnet/a.c other\n")
    assert rc == 1 and "expected exactly" in out, out
    rc, out = check(tmp_path, t, reasons, "")
    assert rc == 1 and "expected exactly [], found [('net/a.c', 'six')]" in out, out


def test_nothing_to_check_fails(tmp_path):
    rc, out = check(tmp_path, tree(tmp_path, "int a(void) { return 0; }\n"))
    assert rc == 1 and "found no call to check" in out, out


def test_not_a_git_tree_fails(tmp_path):
    rc, out = check(tmp_path, tmp_path)
    assert rc == 1 and "git grep failed" in out, out


def test_expected_file_malformed_fails(tmp_path):
    t = tree(tmp_path)
    rc, out = check(tmp_path, t, "net/a.c sin x\n", "net/a.c six  # a comment\nnet/a.c six extra\n")
    assert rc == 1 and "expected:2: not 'FILE VARIABLE': net/a.c six extra" in out, out

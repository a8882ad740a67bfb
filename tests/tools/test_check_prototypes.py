# SPDX-License-Identifier: GPL-2.0
"""scripts/check_prototypes.py: passes a tree whose callbacks all take the
converted types, and fails one that has another type, one whose git grep
fails and one where a callback has no implementation at all. Before the
fix, a failing git grep (not a git tree) read as "no files" and passed,
and so did a tree with nothing to check."""
from conftest import SCRIPTS, git, run


def check(tree):
    return run(["python3", str(SCRIPTS / "check_prototypes.py"), str(tree)])


def test_converted_tree_passes(mini_tree):
    rc, out = check(mini_tree)
    assert rc == 0, out
    assert "proto_ops::getname: 1 implementations, 1 take struct sockaddr_storage *" in out
    assert "proto::pre_connect: 1 implementations, 1 take struct sockaddr_unsized *" in out


def test_old_type_fails(mini_tree):
    c = mini_tree / "net/x/af_x.c"
    c.write_text(c.read_text().replace(
        "x_bind(struct socket *sock, struct sockaddr_unsized *a",
        "x_bind(struct socket *sock, struct sockaddr *a"))
    git(mini_tree, "commit", "-q", "-am", "old type")
    rc, out = check(mini_tree)
    assert rc == 1 and "net/x/af_x.c: x_bind() takes struct sockaddr *" in out, out


def test_not_a_git_tree_fails(mini_tree):
    import shutil
    shutil.rmtree(mini_tree / ".git")
    rc, out = check(mini_tree)
    assert rc != 0 and "git grep" in out and "failed" in out, out


def test_no_implementation_fails(mini_tree):
    c = mini_tree / "net/x/af_x.c"
    c.write_text(c.read_text().replace("\t.pre_connect\t= x_ppre,\n", ""))
    git(mini_tree, "commit", "-q", "-am", "no pre_connect")
    rc, out = check(mini_tree)
    assert rc == 1 and "proto::pre_connect: no implementation found" in out, out


def test_test_doubles_are_not_implementations(mini_tree):
    """A KUnit file's proto_ops (the redzone's control defines its
    callbacks in both forms and picks one with __builtin_choose_expr) is
    not an implementation; before the fix it failed the tree."""
    k = mini_tree / "net/core/x_kunit.c"
    k.parent.mkdir(parents=True, exist_ok=True)
    k.write_text("static int t_bind(struct socket *sock, struct sockaddr *a, int l)\n"
                 "{\n\treturn 0;\n}\n\n"
                 "static const struct proto_ops t_ops = {\n"
                 "\t.bind\t= __builtin_choose_expr(1, t_bind, t_bind),\n"
                 "\t.getname\t= t_bind,\n};\n")
    git(mini_tree, "add", "-A")
    git(mini_tree, "commit", "-q", "-m", "kunit")
    rc, out = check(mini_tree)
    assert rc == 0, out
    assert "proto_ops::bind: 1 implementations, 1 take struct sockaddr_unsized *" in out

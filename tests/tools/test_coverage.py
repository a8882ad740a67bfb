# SPDX-License-Identifier: GPL-2.0
"""scripts/coverage.py report: a list with nothing of a kind to check
fails. Before the fix an empty list printed "0 of 0 functions ran" and
passed."""
from conftest import SCRIPTS, run


def queues(patches):
    """patches/series and patches/queues in PATCHES: the main queue has one
    patch more than the baseline (none), an empty one: no changed function."""
    patches.mkdir()
    (patches / "series").write_text("# Part A\na.patch\n# Part D\nd.patch\n")
    (patches / "queues").write_text("main A D\nnone D\n")
    (patches / "a.patch").write_text("")
    (patches / "d.patch").write_text("")


def report(tmp_path, tree, names):
    d = tmp_path / "run"
    (d / "files" / "coverage").mkdir(parents=True)
    (d / "files" / "coverage" / "function0").write_text(
        "  Function   Hit    Time\n  --------   ---    ----\n  x_bind     3    1.0 us\n")
    (d / "coverage.funcs").write_text("".join(n + "\n" for n in names))
    obj = tmp_path / "obj"
    (obj / "net" / "x").mkdir(parents=True)
    (obj / "net" / "x" / "af_x.o").write_text("")
    queues(tmp_path / "patches")
    patches = tmp_path / "patches"
    return run(["python3", str(SCRIPTS / "coverage.py"), "report", str(d), "--tree", str(tree),
                "--obj", str(obj), "--patches", str(patches), "--reasons", "/dev/null"])


def test_empty_list_fails(tmp_path, mini_tree):
    rc, out = report(tmp_path, mini_tree, [])
    assert rc == 1 and "nothing to check" in out, out


def test_no_changed_function_fails(tmp_path, mini_tree):
    rc, out = report(tmp_path, mini_tree, ["x_bind"])
    assert rc == 1 and "lists no function of the kind changed" in out, out

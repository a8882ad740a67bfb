# SPDX-License-Identifier: GPL-2.0
"""scripts/binary_identity.py: how two versions of a function are classed
(data, line, kcfi, code), which source lines moved, and its verdict: a
code difference without a reason fails, and so does a reason that no
difference used (stale). The objects are compiled here with clang-19 (a
dependency of the workbench, scripts/deps.sh), so the test also reads real
llvm-objdump-19 output."""
import subprocess

import pytest

from conftest import SCRIPTS, git, run

import binary_identity as bi


@pytest.mark.parametrize("a, b, moves, func, want", [
    (["movl\t$0x10, %eax", "retq"], ["movl\t$0x10, %eax", "retq"], set(), "f", "data"),
    # a relocation into data with another addend: the same code
    (["R_X86_64_32S\t.rodata.str1.1+0x10"], ["R_X86_64_32S\t.rodata.str1.1+0x20"], set(), "f",
     "data"),
    # __LINE__ 100 became 102, and line 100 moved to 102
    (["movl\t$0x64, %esi"], ["movl\t$0x66, %esi"], {(100, 102)}, "f", "line"),
    (["movl\t$0x64, %esi"], ["movl\t$0x66, %esi"], set(), "f", "code"),
    # a kCFI type hash before an indirect call, and in a __cfi_ preamble
    (["movl\t$0x12345678, %r10d"], ["movl\t$0x1234567, %r10d"], set(), "f", "kcfi"),
    (["movl\t$0x12345678, %eax"], ["movl\t$0x1234567, %eax"], set(), "__cfi_f", "kcfi"),
    (["movl\t$0x12345678, %eax"], ["movl\t$0x1234567, %eax"], set(), "f", "code"),
    (["retq"], ["nop", "retq"], set(), "f", "code"),
    (["addq\t%rax, %rbx"], ["addq\t%rcx, %rbx"], set(), "f", "code"),
])
def test_classify(a, b, moves, func, want):
    assert bi.classify(a, b, moves, func) == want


def test_line_moves(tmp_path):
    for name, lines in (("a", ["l%d" % i for i in range(1, 11)]),
                        ("b", ["l1", "l2", "new", "new", "l3"] + ["l%d" % i for i in range(4, 11)])):
        (tmp_path / name / "f.c").parent.mkdir()
        (tmp_path / name / "f.c").write_text("\n".join(lines) + "\n")
    moves = bi.line_moves(str(tmp_path / "a"), str(tmp_path / "b"), ["f.c"])
    assert (3, 5) in moves and (10, 12) in moves
    assert (1, 1) not in moves and (2, 2) not in moves and (2, 4) not in moves


SRC = """int g;
int same(int x) { return x + 1; }
int moved(void) { return __LINE__; }
int changed(int x) { return x * %d; }
"""


@pytest.fixture
def trees(tmp_path):
    """Two git trees of one file and their objects: the baseline is its base
    (its own patches change nothing here), the series inserts a line
    (moved() then returns another __LINE__) and changes changed()."""
    out = {}
    for name, extra, mul in (("none", "", 3), ("series", "/* one more line */\n", 5)):
        tree = tmp_path / name
        tree.mkdir()
        (tree / "f.c").write_text(SRC % 3)
        git(tree, "init", "-q")
        git(tree, "add", "-A")
        git(tree, "commit", "-q", "-m", "base")
        git(tree, "tag", "base")
        if extra:
            (tree / "f.c").write_text(extra + SRC % mul)
            git(tree, "commit", "-q", "-a", "-m", "change")
        obj = tmp_path / f"{name}-obj"
        obj.mkdir()
        subprocess.run(["clang-19", "-O2", "-c", "-o", str(obj / "f.o"), str(tree / "f.c")],
                       check=True)
        out[name] = (tree, obj)
    return out


def identity(trees, reasons=None):
    (none, none_obj), (series, series_obj) = trees["none"], trees["series"]
    args = ["python3", str(SCRIPTS / "binary_identity.py")]
    if reasons:
        args += ["--reasons", str(reasons)]
    return run(args + [str(none), str(series), "test", str(none_obj), str(series_obj)])


def test_functions_of_an_object(trees):
    funcs = bi.functions(str(trees["none"][1] / "f.o"))
    assert {n.split(" ", 1)[1] for n in funcs} >= {"same", "moved", "changed"}, funcs


def test_unexplained_code_fails(trees):
    rc, out = identity(trees)
    assert rc == 1, out
    assert "`changed`: code" in out and "`moved`: line" in out and "`same`" not in out, out
    assert "without a reason in (no reasons file): 1; stale reasons: 0" in out, out


def test_reason_explains_and_stale_fails(trees, tmp_path):
    reasons = tmp_path / "reasons"
    reasons.write_text("# why\nf.o changed the multiplier changed on purpose\n")
    rc, out = identity(trees, reasons)
    assert rc == 0 and "`changed`: code, the multiplier changed on purpose" in out, out
    reasons.write_text(reasons.read_text() + "f.o gone this function no longer differs\n")
    rc, out = identity(trees, reasons)
    assert rc == 1 and "- stale: f.o gone" in out, out


def test_nothing_built_fails(trees, tmp_path):
    (trees["series"][1] / "f.o").unlink()
    rc, out = identity(trees)
    assert rc == 1 and "no touched object was built in both folders" in out, out


def test_line_moves_whatever_the_git_config(tmp_path, monkeypatch):
    """The diff is read in a fixed form: colour, an external diff, hunks
    merged by diff.interHunkContext or GIT_DIFF_OPTS found no moves, or
    lost some, before."""
    lines_a = ["l%d" % i for i in range(1, 21)]
    lines_b = ["l1", "X", "l2", "l3", "Y"] + lines_a[3:]
    for name, lines in (("a", lines_a), ("b", lines_b)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "f.c").write_text("\n".join(lines) + "\n")
    args = (str(tmp_path / "a"), str(tmp_path / "b"), ["f.c"])
    clean = bi.line_moves(*args)
    assert (2, 3) in clean and (4, 6) in clean and (20, 22) in clean, clean
    cfg = tmp_path / "gitconfig"
    cfg.write_text("[color]\n\tdiff = always\n[diff]\n\tinterHunkContext = 5\n"
                   "\texternal = false\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(cfg))
    monkeypatch.setenv("GIT_DIFF_OPTS", "--unified=3")
    assert bi.line_moves(*args) == clean

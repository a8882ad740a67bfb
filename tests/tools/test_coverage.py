# SPDX-License-Identifier: GPL-2.0
"""scripts/coverage.py: the functions to profile come from the commits
prepare-tree.sh made of the main queue (git walks them; before, the
script replayed the patch files itself), are computed once (funcs writes
them with their kinds as JSON, report reads it), and a list with nothing
of a kind to check fails (before that fix an empty list printed "0 of 0
functions ran" and passed)."""
import json

import pytest

from conftest import SCRIPTS, git, run

import coverage


def queues(patches, series="# Part A\na.patch\n# Part D\nd.patch\n"):
    """patches/series and patches/queues in PATCHES: main takes A and D,
    the baseline (none) D."""
    patches.mkdir()
    (patches / "series").write_text(series)
    (patches / "queues").write_text("main A D\nnone D\n")
    for line in series.splitlines():
        if line and not line.startswith("#"):
            (patches / line).write_text("")


def report(tmp_path, funcs, tests=None, reasons="/dev/null"):
    """coverage.py report of a run whose profile says x_bind ran 3 times,
    with the list FUNCS ({name: kinds}) and the surface map's TEST of
    each name in TESTS."""
    d = tmp_path / "run"
    (d / "files" / "coverage").mkdir(parents=True)
    (d / "files" / "coverage" / "function0").write_text(
        "  Function   Hit    Time\n  --------   ---    ----\n  x_bind     3    1.0 us\n")
    (d / "coverage.json").write_text(json.dumps(
        {n: {"kinds": k, "files": ["net/x/af_x.c"],
             **({"test": tests[n]} if tests and n in tests else {})}
         for n, k in funcs.items()}))
    return run(["python3", str(SCRIPTS / "coverage.py"), "report", str(d),
                "--reasons", str(reasons)])


def test_empty_list_fails(tmp_path):
    rc, out = report(tmp_path, {})
    assert rc == 1 and "nothing to check" in out, out


def test_no_changed_function_fails(tmp_path):
    rc, out = report(tmp_path, {"x_bind": ["proto_ops::bind"]})
    assert rc == 1 and "lists no function of the kind changed" in out, out


def test_ran_and_not_ran(tmp_path):
    rc, out = report(tmp_path, {"x_bind": ["proto_ops::bind", "surface"],
                                "x_helper": ["changed"]}, {"x_bind": "guest x"})
    assert rc == 1, out
    assert "coverage: 1 of 1 functions ran: implementations" in out, out
    assert "coverage: 0 of 1 functions ran: other functions" in out, out
    assert "coverage: 1 of 1 functions ran: the entry points of tests/expect/surface.map" in out
    assert "x_helper (net/x/af_x.c): NO REASON" in out, out


def test_no_surface_function_fails(tmp_path):
    rc, out = report(tmp_path, {"x_bind": ["proto_ops::bind"], "x_helper": ["changed"]})
    assert rc == 1 and "lists no function of the kind surface" in out, out


def test_surface_row_whose_test_did_not_run_it(tmp_path):
    """The map names a test for x_ioctl, and it did not run: the map is
    wrong (or the test), whatever else ran."""
    why = tmp_path / "reasons"
    why.write_text("x_helper not built here\n")
    rc, out = report(tmp_path, {"x_bind": ["proto_ops::bind"], "x_helper": ["changed"],
                                "x_ioctl": ["surface"]}, {"x_ioctl": "guest x.ioctl"}, why)
    assert rc == 1, out
    assert "coverage: 0 of 1 functions ran: the entry points" in out, out
    assert 'x_ioctl (net/x/af_x.c): NO REASON: surface.map says "guest x.ioctl" runs it' in out


def test_surface_row_without_a_test_gives_its_reason(tmp_path):
    why = tmp_path / "reasons"
    why.write_text("x_helper not built here\n")
    rc, out = report(tmp_path, {"x_bind": ["proto_ops::bind"], "x_helper": ["changed"],
                                "x_ioctl": ["surface"]},
                     {"x_ioctl": "none: not swept yet; no program"}, why)
    assert rc == 0, out
    assert "x_ioctl (net/x/af_x.c): surface.map: none: not swept yet; no program" in out, out
    assert "(0 refused by ftrace, 1 with a reason, 0 without)" in out, out


def test_no_list(tmp_path):
    (tmp_path / "run").mkdir()
    rc, out = run(["python3", str(SCRIPTS / "coverage.py"), "report", str(tmp_path / "run")])
    assert rc == 1 and "no list" in out, out


BASE_C = """static int one(int x)
{
	return x;
}

static int two(int x)
{
	return x + 2;
}

static int three(int x)
{
	return x + 3;
}
"""


def commit(tree, rel, text, subject):
    (tree / rel).parent.mkdir(parents=True, exist_ok=True)
    (tree / rel).write_text(text)
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", subject)


@pytest.fixture
def series_tree(tmp_path):
    """A tree like prepare-tree.sh's: tag "base", then one commit per patch
    of the main queue (a1, a2 of part A; d1 of part D, the baseline's):
    a1 changes two()'s body, a2 adds four() and removes one(), d1 (a test
    patch) changes three(); a1 also touches a KUnit file."""
    tree = tmp_path / "linux"
    tree.mkdir()
    git(tree, "init", "-q")
    commit(tree, "net/x/af_x.c", BASE_C, "base")
    git(tree, "tag", "base")
    commit(tree, "net/x/af_x.c", BASE_C.replace("x + 2", "x + 22"), "a1")
    (tree / "net/x/x_kunit.c").write_text("static void t(void)\n{\n}\n")
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "--amend", "--no-edit")
    text = BASE_C.replace("x + 2", "x + 22").split("\n\n", 1)[1]
    commit(tree, "net/x/af_x.c", text + "\nstatic int four(int x)\n{\n\treturn 4;\n}\n", "a2")
    commit(tree, "net/x/af_x.c", (tree / "net/x/af_x.c").read_text().replace("x + 3", "x + 33"),
           "d1")
    queues(tmp_path / "patches", "# Part A\na1.patch\na2.patch\n# Part D\nd1.patch\n")
    return tree


def test_changed_functions_walk_the_commits(series_tree, tmp_path):
    commits = coverage.series_commits(series_tree, tmp_path / "patches")
    assert len(commits) == 2
    changed = coverage.changed_functions(series_tree, commits)
    # one() removed, two() changed, four() added; three() only by the test
    # patch; the KUnit file is not the series' code
    assert dict(changed) == {"net/x/af_x.c": {"one", "two", "four"}}, changed


def test_tree_that_is_not_the_queue_fails(series_tree, tmp_path):
    git(series_tree, "commit", "-q", "--allow-empty", "-m", "extra")
    with pytest.raises(SystemExit, match="has 4 commits on base, the main queue 3 patches"):
        coverage.series_commits(series_tree, tmp_path / "patches")


def test_funcs_writes_the_list_once(series_tree, tmp_path):
    obj = tmp_path / "obj"
    (obj / "net" / "x").mkdir(parents=True)
    (obj / "net" / "x" / "af_x.o").write_text("")
    out_json = tmp_path / "coverage.json"
    rc, out = run(["python3", str(SCRIPTS / "coverage.py"), "funcs", str(series_tree), str(obj),
                   "--json", str(out_json), "--patches", str(tmp_path / "patches")])
    assert rc == 0, out
    # only what the file still defines: one() is gone
    assert out.split() == ["four", "two"], out
    assert json.loads(out_json.read_text()) == {
        "four": {"kinds": ["changed"], "files": ["net/x/af_x.c"]},
        "two": {"kinds": ["changed"], "files": ["net/x/af_x.c"]}}


def test_funcs_adds_the_surface_rows_compiled_in(series_tree, tmp_path):
    """A surface map row is listed, with its TEST, when its file is built;
    a function the series changes keeps that kind too."""
    obj = tmp_path / "obj"
    (obj / "net" / "x").mkdir(parents=True)
    (obj / "net" / "x" / "af_x.o").write_text("")
    smap = tmp_path / "surface.map"
    smap.write_text("# a comment\n"
                    "net/x/af_x.c two | ioctl X | fixed: 16 | guest x.two\n"
                    "net/x/af_x.c three | ioctl Y | fixed: 16 | none: not swept yet; later\n"
                    "net/z/z.c zed | ioctl Z | fixed: 16 | none: config off; Z\n")
    out_json = tmp_path / "coverage.json"
    rc, out = run(["python3", str(SCRIPTS / "coverage.py"), "funcs", str(series_tree), str(obj),
                   "--json", str(out_json), "--patches", str(tmp_path / "patches"),
                   "--surface", str(smap)])
    assert rc == 0, out
    assert out.split() == ["four", "three", "two"], out
    got = json.loads(out_json.read_text())
    assert got["two"] == {"kinds": ["changed", "surface"], "files": ["net/x/af_x.c"],
                          "test": "guest x.two"}, got
    assert got["three"] == {"kinds": ["surface"], "files": ["net/x/af_x.c"],
                            "test": "none: not swept yet; later"}, got


def test_user_git_config_does_not_change_the_list(series_tree, tmp_path, monkeypatch):
    """The diff is read with fixed prefixes, no external diff and no context
    lines: a user's diff.noprefix (paths without a/ b/) once cut
    net/x/af_x.c to t/x/af_x.c, and GIT_DIFF_OPTS=--unified=3 would add
    the functions next to a change."""
    monkeypatch.setenv("GIT_DIFF_OPTS", "--unified=3")
    git(series_tree, "config", "diff.noprefix", "true")
    git(series_tree, "config", "diff.external", "false")
    git(series_tree, "config", "color.diff", "always")
    commits = coverage.series_commits(series_tree, tmp_path / "patches")
    assert dict(coverage.changed_functions(series_tree, commits)) == {
        "net/x/af_x.c": {"one", "two", "four"}}


def test_rename_without_a_change(tmp_path):
    """A commit that only renames a file has no hunk and changes no function."""
    tree = tmp_path / "linux"
    tree.mkdir()
    git(tree, "init", "-q")
    commit(tree, "net/x/af_x.c", BASE_C, "base")
    git(tree, "tag", "base")
    git(tree, "mv", "net/x/af_x.c", "net/x/af_y.c")
    git(tree, "commit", "-q", "-m", "a1")
    queues(tmp_path / "patches", "# Part A\na1.patch\n# Part D\nd1.patch\n")
    git(tree, "commit", "-q", "--allow-empty", "-m", "d1")
    commits = coverage.series_commits(tree, tmp_path / "patches")
    assert dict(coverage.changed_functions(tree, commits)) == {}

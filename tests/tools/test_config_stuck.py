# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh config_not_stuck: what configure.sh and distro-kernel.sh
check after merging their fragments; every requested line that the final
config lacks is named, and a config that has them all yields nothing."""
from conftest import SCRIPTS, run

CONFIG = """CONFIG_A=y
CONFIG_B=m
CONFIG_S="x y"
# CONFIG_C is not set
CONFIG_D=y
"""


def not_stuck(tmp_path, *fragments):
    (tmp_path / ".config").write_text(CONFIG)
    paths = []
    for i, text in enumerate(fragments):
        p = tmp_path / f"f{i}.config"
        p.write_text(text)
        paths.append(str(p))
    return run(["sh", "-c", f'. "{SCRIPTS}/lib.sh" && config_not_stuck "$@"', "sh",
                str(tmp_path / ".config"), *paths])


def test_all_stuck(tmp_path):
    rc, out = not_stuck(tmp_path, "# a comment\nCONFIG_A=y\n", 'CONFIG_S="x y"\n# CONFIG_C is not set\n')
    assert rc == 0 and out == "", out


def test_each_kind_named(tmp_path):
    rc, out = not_stuck(tmp_path, "CONFIG_A=m\nCONFIG_E=y\n", "# CONFIG_D is not set\n")
    assert rc == 0, out
    assert out.splitlines() == ["CONFIG_A=m (got: y)", "CONFIG_E=y (got: not set)",
                                "CONFIG_D should be unset (got: y)"], out


def test_last_fragment_wins(tmp_path):
    """As merge_config.sh merges: a later fragment's value replaces an
    earlier one's, and only the last is requested (either way round)."""
    rc, out = not_stuck(tmp_path, "CONFIG_A=m\n# CONFIG_D is not set\nCONFIG_C=y\n",
                        "CONFIG_A=y\nCONFIG_D=y\n# CONFIG_C is not set\n")
    assert rc == 0 and out == "", out
    rc, out = not_stuck(tmp_path, "CONFIG_A=y\nCONFIG_D=y\n", "# CONFIG_A is not set\nCONFIG_D=m\n")
    assert rc == 0
    assert out.splitlines() == ["CONFIG_A should be unset (got: y)", "CONFIG_D=m (got: y)"], out


def test_empty_value_is_not_unset(tmp_path):
    """CONFIG_X= asks for an empty value, not for X to be unset."""
    rc, out = not_stuck(tmp_path, "CONFIG_E=\n")
    assert rc == 0 and out.splitlines() == ["CONFIG_E= (got: not set)"], out


def test_missing_fragment_fails(tmp_path):
    """A fragment that is not there is an error, not an empty list."""
    not_stuck(tmp_path)
    rc2, out2 = run(["sh", "-ec", f'. "{SCRIPTS}/lib.sh"; bad=$(config_not_stuck "$1" /nonexistent)',
                     "sh", str(tmp_path / ".config")])
    assert rc2 != 0 and "cannot read /nonexistent" in out2, out2


def absent(tmp_path, listed, bad):
    """config_absent on a git tree whose Kconfig declares PRESENT."""
    tree = tmp_path / "tree"
    tree.mkdir(exist_ok=True)
    (tree / "Kconfig").write_text("config PRESENT \n\tbool\nmenuconfig MENU # a menu\n\tbool\n")
    run(["git", "-C", str(tree), "init", "-q"])
    run(["git", "-C", str(tree), "add", "Kconfig"])
    (tmp_path / "absent.txt").write_text("# comment\n" + listed)
    return run(["sh", "-c", f'. "{SCRIPTS}/lib.sh" && config_absent "$@"', "sh",
                str(tree), str(tmp_path / "absent.txt"), bad])


def test_absent_options_are_noted_not_failed(tmp_path):
    rc, out = absent(tmp_path, "GONE  came later\nUNUSED  not requested\n",
                     "CONFIG_GONE=y (got: not set)\nCONFIG_OTHER=y (got: not set)")
    assert rc == 0, out
    # run() gives stdout (what is left), then stderr (the notes)
    assert out.splitlines() == ["CONFIG_OTHER=y (got: not set)",
                                "config: CONFIG_GONE is not in this tree "
                                f"({tmp_path}/absent.txt)"], out


def test_absent_option_that_the_tree_declares_fails(tmp_path):
    """A line for a symbol the tree has would hide an option that did not
    stick for another reason."""
    for sym in ("PRESENT", "MENU"):
        rc, out = absent(tmp_path, f"{sym}  wrong\n", f"CONFIG_{sym}=y (got: not set)")
        assert rc != 0 and f"CONFIG_{sym} is declared in" in out, out


def test_nothing_absent_nothing_left(tmp_path):
    rc, out = absent(tmp_path, "GONE  came later\n", "CONFIG_GONE=y (got: not set)")
    assert rc == 0 and out.splitlines() == [
        f"config: CONFIG_GONE is not in this tree ({tmp_path}/absent.txt)"], out

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


def test_missing_fragment_fails(tmp_path):
    """A fragment that is not there is an error, not an empty list."""
    not_stuck(tmp_path)
    rc2, out2 = run(["sh", "-ec", f'. "{SCRIPTS}/lib.sh"; bad=$(config_not_stuck "$1" /nonexistent)',
                     "sh", str(tmp_path / ".config")])
    assert rc2 != 0 and "cannot read /nonexistent" in out2, out2

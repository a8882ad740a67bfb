# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh allmod_prepare: the allmodconfig folder is configured
again when the tree's Kconfig files change (a patch that adds an option
must get allmodconfig's value, not syncconfig's default), and only then.
Before, a folder configured once kept its config for every later tree.
The kernel's make and scripts/config are stand-ins that log their calls."""
import subprocess

from conftest import SCRIPTS, run

# make -C TREE O=OBJ TARGET: "allmodconfig" writes a .config, "prepare"
# writes autoconf.h; every call is logged.
MAKE = """#!/bin/sh
obj=; target=
for a; do
	case $a in
	O=*) obj=${a#O=} ;;
	allmodconfig|olddefconfig|prepare) target=$a ;;
	esac
done
echo "$target" >>"$LOG"
case $target in
allmodconfig) mkdir -p "$obj"; echo CONFIG_WERROR=n >"$obj/.config" ;;
prepare) mkdir -p "$obj/include/generated"; : >"$obj/include/generated/autoconf.h" ;;
esac
"""


def make_tree(tmp_path):
    tree = tmp_path / "tree"
    (tree / "scripts").mkdir(parents=True)
    (tree / "Kconfig").write_text("config A\n\tbool\n")
    (tree / "scripts" / "config").write_text("#!/bin/sh\necho \"config $*\" >>\"$LOG\"\n")
    (tree / "scripts" / "config").chmod(0o755)
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    subprocess.run(["git", "-C", str(tree), "add", "-A"], check=True)
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "make").write_text(MAKE)
    (bin_ / "make").chmod(0o755)
    top = tmp_path / "top"
    (top / "config").mkdir(parents=True)
    (top / "config" / "randstruct.seed").write_text("0123456789abcdef\n")
    return tree, bin_, top


def prepare(tmp_path, tree, bin_, top, *extra):
    log = tmp_path / "log"
    log.write_text("")
    env = {"PATH": f"{bin_}:/usr/bin:/bin", "LOG": str(log)}
    rc, out = run(["sh", "-c", f'TOP={top}; . {SCRIPTS}/lib.sh; '
                   f'allmod_prepare {tree} {tmp_path / "obj"} {" ".join(extra)}'], env=env)
    assert rc == 0, out
    return log.read_text().split("\n")


def test_configured_once_then_reused(tmp_path):
    tree, bin_, top = make_tree(tmp_path)
    first = prepare(tmp_path, tree, bin_, top)
    assert "allmodconfig" in first and "config --file %s -e WERROR" % (tmp_path / "obj/.config") \
        in first, first
    again = prepare(tmp_path, tree, bin_, top)
    assert "allmodconfig" not in again and "prepare" in again, again


def test_kconfig_change_reconfigures(tmp_path):
    tree, bin_, top = make_tree(tmp_path)
    prepare(tmp_path, tree, bin_, top)
    (tree / "Kconfig").write_text("config A\n\tbool\nconfig B\n\tbool\n")
    assert "allmodconfig" in prepare(tmp_path, tree, bin_, top)


def test_werror_choice_reconfigures(tmp_path):
    tree, bin_, top = make_tree(tmp_path)
    prepare(tmp_path, tree, bin_, top)
    log = prepare(tmp_path, tree, bin_, top, "nowerror")
    assert "allmodconfig" in log and any("-d WERROR" in line for line in log), log


def test_fixed_seed_installed(tmp_path):
    tree, bin_, top = make_tree(tmp_path)
    prepare(tmp_path, tree, bin_, top)
    seed = tmp_path / "obj" / "scripts" / "basic" / "randstruct.seed"
    assert seed.read_text() == (top / "config" / "randstruct.seed").read_text()


def test_compiler_change_reconfigures(tmp_path):
    tree, bin_, top = make_tree(tmp_path)
    prepare(tmp_path, tree, bin_, top)
    log = tmp_path / "log"
    log.write_text("")
    env = {"PATH": f"{bin_}:/usr/bin:/bin", "LOG": str(log), "LLVM": "-19"}
    rc, out = run(["sh", "-c", f'TOP={top}; . {SCRIPTS}/lib.sh; '
                   f'allmod_prepare {tree} {tmp_path / "obj"}'], env=env)
    assert rc == 0, out
    assert "allmodconfig" in log.read_text().split("\n"), log.read_text()


def test_seed_command_under_both_kbuild_names(tmp_path):
    """kbuild keeps the seed only if the .cmd file holds its command under
    the name it reads: savedcmd_ on 6.12, cmd_ on 6.1 (where a .cmd file
    with only savedcmd_ made kbuild draw a new seed)."""
    tree, bin_, top = make_tree(tmp_path)
    prepare(tmp_path, tree, bin_, top)
    lines = (tmp_path / "obj" / "scripts" / "basic" / ".randstruct.seed.cmd").read_text() \
        .splitlines()
    src = tree.resolve()
    for var in ("savedcmd", "cmd"):
        assert f"{var}_scripts/basic/randstruct.seed := sh {src}/scripts/gen-randstruct-seed.sh " \
            "scripts/basic/randstruct.seed ./include/generated/randstruct_hash.h" in lines, lines

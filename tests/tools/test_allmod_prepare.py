# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh allmod_prepare: the allmodconfig folder is configured
again when the tree's Kconfig files change (a patch that adds an option
must get allmodconfig's value, not syncconfig's default), and only then.
Before, a folder configured once kept its config for every later tree.
The kernel's make and scripts/config are stand-ins that log their calls."""
import subprocess

import pytest

from conftest import SCRIPTS, TOP, run

# make -C TREE O=OBJ TARGET: "allmodconfig" writes a .config, "prepare"
# writes autoconf.h; every call is logged.
MAKE = """#!/bin/sh
obj=; target=
for a; do
	case $a in
	O=*) obj=${a#O=} ;;
	KCONFIG_ALLCONFIG=*) echo "allconfig ${a#KCONFIG_ALLCONFIG=}" >>"$LOG" ;;
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


def prepare(tmp_path, tree, bin_, top, *extra, env_extra=None, fails=False):
    log = tmp_path / "log"
    log.write_text("")
    env = {"PATH": f"{bin_}:/usr/bin:/bin", "LOG": str(log), **(env_extra or {})}
    rc, out = run(["sh", "-c", f'TOP={top}; . {SCRIPTS}/lib.sh; '
                   f'allmod_prepare {tree} {tmp_path / "obj"} {" ".join(extra)}'], env=env)
    if fails:
        assert rc != 0, out
        return out
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


def test_allconfig_is_given_to_allmodconfig_and_must_stick(tmp_path):
    """A cross profile's allconfig (make cross: Debian's endianness and
    word size) goes to allmodconfig as KCONFIG_ALLCONFIG; a value that
    the resulting .config does not have stops the run, and the folder is
    not stamped (the next call configures it again)."""
    tree, bin_, top = make_tree(tmp_path)
    good = tmp_path / "good.config"
    good.write_text("CONFIG_WERROR=n\n")
    log = prepare(tmp_path, tree, bin_, top, "nowerror", str(good))
    assert f"allconfig {good}" in log and "allmodconfig" in log, log
    bad = tmp_path / "bad.config"
    bad.write_text("# CONFIG_CPU_BIG_ENDIAN is not set\nCONFIG_64BIT=y\n")
    out = prepare(tmp_path, tree, bin_, top, "nowerror", str(bad), fails=True)
    assert "did not stick" in out and "CONFIG_64BIT=y (got: not set)" in out, out
    assert "allmodconfig" in prepare(tmp_path, tree, bin_, top, "nowerror", str(good))


def test_allconfig_or_arch_change_reconfigures(tmp_path):
    tree, bin_, top = make_tree(tmp_path)
    allconfig = tmp_path / "a.config"
    allconfig.write_text("CONFIG_WERROR=n\n")
    prepare(tmp_path, tree, bin_, top, "nowerror", str(allconfig))
    assert "allmodconfig" not in prepare(tmp_path, tree, bin_, top, "nowerror", str(allconfig))
    allconfig.write_text("CONFIG_WERROR=n\n# CONFIG_X is not set\n")
    assert "allmodconfig" in prepare(tmp_path, tree, bin_, top, "nowerror", str(allconfig))
    assert "allmodconfig" in prepare(tmp_path, tree, bin_, top, "nowerror", str(allconfig),
                                     env_extra={"ARCH": "arm64",
                                                "CROSS_COMPILE": "aarch64-linux-gnu-"})
    assert "allmodconfig" not in prepare(tmp_path, tree, bin_, top, "nowerror", str(allconfig),
                                         env_extra={"ARCH": "arm64",
                                                    "CROSS_COMPILE": "aarch64-linux-gnu-"})


@pytest.mark.parametrize("karch, objs", [
    ("", ["a/z.o"]),
    ("x86_64", ["a/z.o"]),
    ("s390", ["a/x.o", "a/z.o"]),
    ("mips", ["a/w.o", "a/z.o"]),
    ("arm64", ["a/z.o"]),
])
def test_touched_objs_skips_by_architecture(tmp_path, karch, objs):
    """config/compile-skip.txt: a row skips its file everywhere, or, with
    "only=ARCH,...", on every architecture but those (af_iucv: s390)."""
    tree = tmp_path / "tree"
    (tree / "a").mkdir(parents=True)
    for f in "wxyz":
        (tree / "a" / f"{f}.c").write_text("")
    top = tmp_path / "top"
    (top / "config").mkdir(parents=True)
    (top / "config" / "compile-skip.txt").write_text(
        "# comment\na/x.c\tonly=s390 s390 only\na/y.c\tnot kbuild's\n"
        "a/w.c\tonly=powerpc,mips two of them\n")
    rc, out = run(["sh", "-c", f'TOP={top}; KARCH={karch}; . {SCRIPTS}/lib.sh; '
                   f'touched_objs {tree} {tmp_path / "obj"} a/w.c a/x.c a/y.c a/z.c a/gone.c '
                   '2>/dev/null'])
    assert rc == 0 and out.split() == objs, out


def test_the_workbench_skip_list_parses():
    """config/compile-skip.txt itself: every row is a path of the series'
    kind, a tab, a reason; an only= names kbuild architectures that a
    profile of the workbench builds (a row with spaces instead of the tab
    would lose its only= and be skipped everywhere)."""
    arches = {"x86_64", "i386"}
    for conf in (TOP / "config" / "profiles").glob("*.conf"):
        for line in conf.read_text().splitlines():
            if line.startswith("ARCH="):
                arches.add(line.split("=", 1)[1].strip('"'))
    rows = [l for l in (TOP / "config" / "compile-skip.txt").read_text().splitlines()
            if l and not l.startswith("#")]
    assert rows
    only = 0
    for row in rows:
        path, sep, reason = row.partition("\t")
        assert sep and path.endswith(".c") and " " not in path and reason, row
        if reason.startswith("only="):
            only += 1
            names = reason.split(" ", 1)[0][len("only="):].split(",")
            assert set(names) <= arches, (row, arches)
    assert only >= 1

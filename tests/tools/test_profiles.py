# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh run_env: a kind of run is a profile, config/profiles/*.conf
(data), and one function derives every path of a run from (series,
profile). Before, each variant was a set of environment overrides (NAME,
MACHINE_CONF, FRAGMENTS, COVERAGE, LLVM=, GUEST_TESTS, ...) and found its
tree its own way."""
import os
import shutil

import pytest

from conftest import TOP, profile, run

VARS = ("DIR TREE TREE_STAMP OBJ KSFT KSFT_SUMS RUN XRUN SRC KERNEL PACKAGES PROFILE_FILE LLVM "
        "MACHINE GUESTS COVERAGE CMDLINE KARCH")


def env_of(top, *args, pre=""):
    """The variables run_env ARGS sets, as a dict (or the error)."""
    script = (f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; {pre} "
              f"run_env {' '.join(args)} || exit 1; "
              + "; ".join(f'echo "{v}=${v}"' for v in VARS.split())
              + '; f=$(config_fragments) || exit 1; echo "FRAGS=$f"')
    rc, out = run(["sh", "-c", script], env={k: v for k, v in os.environ.items()
                                              if k not in ("LLVM", "PATCH_LIMIT", "ARCH")})
    if rc != 0:
        return rc, out
    return rc, dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


@pytest.fixture
def fragments(top):
    """The copy TOP with the workbench's config fragments."""
    shutil.copytree(TOP / "config", top / "config", dirs_exist_ok=True)
    return top


def test_test_profile_is_the_series_folder(fragments):
    top = fragments
    rc, e = env_of(top, "main")
    assert rc == 0, e
    b = f"{top}/build"
    assert e["DIR"] == f"{b}/main" and e["TREE"] == f"{b}/main/linux", e
    assert e["OBJ"] == f"{b}/main/obj" and e["KSFT"] == f"{b}/main/ksft", e
    assert e["TREE_STAMP"] == f"{b}/main/tree.stamp" and e["RUN"] == "main", e
    assert e["SRC"] == f"{b}/src" and e["KSFT_SUMS"] == f"{b}/main/selftests.sha256", e
    assert e["KERNEL"] == "6.12" and e["XRUN"] == "main", e
    assert e["LLVM"] == "-19" and e["MACHINE"] == "test" and e["GUESTS"] == "suite", e
    assert e["FRAGS"].split() == [f"{top}/config/{n}.config" for n in
                                  ("boot", "bpf", "debug", "net", "selftests", "clang/clang")]


def test_other_profile_shares_the_tree(fragments):
    top = fragments
    rc, e = env_of(top, "main", "kmsan")
    assert rc == 0, e
    b = f"{top}/build"
    assert e["DIR"] == f"{b}/main/kmsan" and e["OBJ"] == f"{b}/main/kmsan/obj", e
    assert e["TREE"] == f"{b}/main/linux" and e["KSFT"] == f"{b}/main/ksft", e
    assert e["RUN"] == "main-kmsan" and e["MACHINE"] == "kmsan" and e["COVERAGE"] == "no", e
    assert f"{top}/config/kmsan/debug.config" in e["FRAGS"].split(), e
    assert f"{top}/config/debug.config" not in e["FRAGS"].split(), e


def test_gcc_profile_unsets_llvm(fragments):
    top = fragments
    rc, e = env_of(top, "main", "gcc12", pre="LLVM=-19;")
    assert rc == 0, e
    assert e["LLVM"] == "" and "clang" not in e["FRAGS"], e


def test_bisect_prefix_has_a_tree_of_its_own(fragments):
    top = fragments
    rc, e = env_of(top, "main", pre="PATCH_LIMIT=3;")
    assert rc == 0, e
    b = f"{top}/build"
    assert e["DIR"] == f"{b}/main/bisect" and e["TREE"] == f"{b}/main/bisect/linux", e
    assert e["TREE_STAMP"] == f"{b}/main/bisect/tree.stamp" and e["RUN"] == "main-bisect", e


def test_a_profile_does_not_inherit_the_last_ones_words(fragments):
    top = fragments
    rc, e = env_of(top, "main", pre="run_env main bench;")
    assert rc == 0, e
    assert e["CMDLINE"] == "" and e["MACHINE"] == "test", e


def test_another_kernel_has_its_own_source_and_trees(fragments):
    """A profile of another kernel tree: its own extracted source, its own
    worktree and selftests per series (beside 6.12's, which keep their
    paths), and expected failures of its own."""
    top = fragments
    profile(top, "old", KERNEL="6.1", PACKAGES="linux-source-6.1")
    rc, e = env_of(top, "fixes", "old")
    assert rc == 0, e
    b = f"{top}/build"
    assert e["SRC"] == f"{b}/src-6.1" and e["TREE"] == f"{b}/fixes/linux-6.1", e
    assert e["TREE_STAMP"] == f"{b}/fixes/tree-6.1.stamp", e
    assert e["KSFT"] == f"{b}/fixes/ksft-6.1", e
    assert e["KSFT_SUMS"] == f"{b}/fixes/selftests-6.1.sha256", e
    assert e["DIR"] == f"{b}/fixes/old" and e["RUN"] == "fixes-old", e
    assert e["XRUN"] == "fixes-v6.1" and e["PACKAGES"] == "linux-source-6.1", e
    rc, e = env_of(top, "fixes", "old", pre="PATCH_LIMIT=2;")
    assert rc == 0, e
    assert e["TREE"] == f"{b}/fixes/bisect-6.1/linux" and e["SRC"] == f"{b}/src-6.1", e


def arch_of(top, *args, pre=""):
    """KARCH and the ARCH that kbuild would see after run_env ARGS."""
    rc, out = run(["sh", "-c", f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; {pre} "
                   f"run_env {' '.join(args)} || exit 1; "
                   'echo "$KARCH ${ARCH-unset} $(sh -c \'echo ${ARCH-unset}\')"'],
                  env={k: v for k, v in os.environ.items() if k != "ARCH"})
    assert rc == 0, out
    return out.split()


def test_arch_is_exported_for_another_arch_only(fragments):
    """kbuild's ARCH: exported for an i386 or arm64 profile, unset for
    x86_64 ones (the default), also after such a run in the same shell or
    an ARCH in the caller's environment: the x86_64 builds keep their
    environment."""
    top = fragments
    profile(top, "i32", ARCH="i386")
    assert arch_of(top, "main", "i32") == ["i386", "i386", "i386"]
    assert arch_of(top, "main", "arm64") == ["arm64", "arm64", "arm64"]
    assert arch_of(top, "main", pre="run_env main arm64;") == ["x86_64", "unset", "unset"]
    assert arch_of(top, "main") == ["x86_64", "unset", "unset"]
    assert arch_of(top, "main", pre="run_env main i32;") == ["x86_64", "unset", "unset"]
    assert arch_of(top, "main", pre="export ARCH=arm;") == ["x86_64", "unset", "unset"]


def test_another_arch_has_its_own_selftests_and_pins(fragments):
    """An i386 profile shares the series' tree, but its selftests are
    32-bit programs of their own and its pinned failures go by
    SERIES-i386."""
    top = fragments
    profile(top, "i32", ARCH="i386")
    rc, e = env_of(top, "none", "i32")
    assert rc == 0, e
    b = f"{top}/build"
    assert e["TREE"] == f"{b}/none/linux" and e["DIR"] == f"{b}/none/i32", e
    assert e["KSFT"] == f"{b}/none/ksft-i386", e
    assert e["KSFT_SUMS"] == f"{b}/none/selftests-i386.sha256", e
    assert e["XRUN"] == "none-i386" and e["RUN"] == "none-i32" and e["KARCH"] == "i386", e


def test_arm64_profile_is_booted_with_clang(fragments):
    """The arm64 profile (make arm64) is built by clang-19 for arm64
    without a cross binutils, booted on its own machine, and has selftests,
    pins, a guest compiler and a kernel image of its own."""
    top = fragments
    rc, e = env_of(top, "fixes", "arm64")
    assert rc == 0, e
    b = f"{top}/build"
    assert e["LLVM"] == "-19" and e["MACHINE"] == "arm64" and e["GUESTS"] == "suite", e
    assert e["KSFT"] == f"{b}/fixes/ksft-arm64" and e["XRUN"] == "fixes-arm64", e
    assert e["DIR"] == f"{b}/fixes/arm64" and e["TREE"] == f"{b}/fixes/linux", e
    assert e["FRAGS"].split()[-1] == f"{top}/config/arm64/arm64.config", e
    show = "run_env main arm64 || exit 1; guest_cross; kernel_image; run_env main; guest_cross; kernel_image"
    rc, out = run(["sh", "-c", f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; {show}"])
    assert rc == 0 and out.splitlines() == [
        "aarch64-linux-gnu-", "Image arch/arm64/boot/Image",
        "", "bzImage arch/x86/boot/bzImage"], out


def cross_profile(top, name="arm", **extra):
    fields = dict(ARCH="arm64", CROSS="aarch64-linux-gnu", COMPILER="gcc", MACHINE="none",
                  GUESTS="none", FRAGMENTS="cross/arm64")
    fields.update(extra)
    profile(top, name, **fields)


def test_cross_profile_exports_arch_and_cross_compile(fragments):
    """A cross profile (make cross): kbuild's ARCH and CROSS_COMPILE are
    exported for it, and neither is left behind for the x86_64 profile
    that a later run_env in the same shell loads."""
    top = fragments
    cross_profile(top)
    show = 'echo "$KARCH ${ARCH-unset} ${CROSS_COMPILE-unset} $(sh -c \'echo ${CROSS_COMPILE-unset}\')"'
    rc, out = run(["sh", "-c", f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; "
                   f"run_env main arm || exit 1; {show}; run_env main || exit 1; {show}"],
                  env={k: v for k, v in os.environ.items() if k not in ("ARCH", "CROSS_COMPILE")})
    assert rc == 0, out
    assert out.splitlines() == ["arm64 arm64 aarch64-linux-gnu- aarch64-linux-gnu-",
                                "x86_64 unset unset unset"], out
    # after a cross profile, an i386 one keeps its ARCH and loses CROSS_COMPILE
    profile(top, "i32", ARCH="i386")
    rc, out = run(["sh", "-c", f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; "
                   f"run_env main arm || exit 1; run_env main i32 || exit 1; {show}"],
                  env={k: v for k, v in os.environ.items() if k not in ("ARCH", "CROSS_COMPILE")})
    assert rc == 0 and out.split() == ["i386", "i386", "unset", "unset"], out


@pytest.mark.parametrize("script", ["configure.sh", "make-initramfs.sh", "boot.sh", "parse.sh"])
def test_cross_profile_is_not_make_runs(fragments, script):
    """A cross profile is compiled, not booted: make run's stages refuse it."""
    top = fragments
    cross_profile(top)
    rc, out = run(["sh", str(top / "scripts" / script), "main", "arm"],
                  env=dict(os.environ, BUILD=str(top / "build")))
    assert rc == 1 and "is make cross's" in out, out


@pytest.mark.parametrize("bad, msg", [
    ({}, "no "),
    ({"MACHINE": ""}, "does not set MACHINE"),
    ({"KERNEL": ""}, "does not set KERNEL"),
    ({"KERNEL": "../6.1"}, "KERNEL=../6.1, not a version"),
    ({"KERNEL": "6.1."}, "KERNEL=6.1., not a version"),
    ({"KERNEL": "6..1"}, "KERNEL=6..1, not a version"),
    ({"KERNEL": "6"}, "KERNEL=6, not a version"),
    ({"KERNEL": "123"}, "KERNEL=123, not a version"),
    ({"COMPILER": "icc"}, "COMPILER=icc, not clang or gcc"),
    ({"COVERAGE": "maybe"}, "COVERAGE=maybe, not yes or no"),
    ({"ARCH": "arm"}, "ARCH=arm needs CROSS"),
    ({"ARCH": "arm64", "COMPILER": "gcc"}, "ARCH=arm64 without CROSS needs COMPILER=clang"),
    ({"ARCH": "sparc"}, "ARCH=sparc, not x86_64, i386, arm64"),
    ({"ARCH": "arm64", "CROSS": "aarch64-linux-gnu"}, "CROSS wants COMPILER=gcc, MACHINE=none"),
    ({"ARCH": "arm64", "CROSS": "aarch64-linux-gnu", "COMPILER": "gcc", "MACHINE": "none",
      "GUESTS": "suite"}, "CROSS wants COMPILER=gcc, MACHINE=none and GUESTS=none"),
    ({"ARCH": "arm64", "CROSS": "aarch64-linux-gnu-", "COMPILER": "gcc", "MACHINE": "none",
      "GUESTS": "none"}, "not a toolchain triplet"),
    ({"ARCH": "arm64", "CROSS": "a b", "COMPILER": "gcc", "MACHINE": "none",
      "GUESTS": "none"}, "not a toolchain triplet"),
    ({"FRAGMENTS": "boot nosuch"}, "no config/nosuch.config"),
])
def test_bad_profile_fails(top, bad, msg):
    if bad:
        profile(top, "bad", **bad)
        (top / "config" / "boot.config").write_text("CONFIG_X=y\n")
    rc, out = env_of(top, "main", "bad")
    assert rc != 0 and msg in out, out


def test_value_like_an_option_is_a_value(fragments):
    """A profile line is checked for being set by its value, not by what
    echo makes of it ("-n" printed nothing, and looked unset)."""
    top = fragments
    profile(top, "dash", GUESTS="-n")
    rc, e = env_of(top, "main", "dash")
    assert rc == 0 and e["GUESTS"] == "-n", e


def test_scratch_tree_compiles_with_the_test_profiles_compiler(fragments):
    """fixes-alone's scratch tree: clang-19, as the test profile says,
    also when the caller's environment has no LLVM (before, it followed
    the caller: gcc by hand)."""
    top = fragments
    script = f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; scratch_env fixes-alone; " \
             'echo "$LLVM $DIR $TREE"'
    rc, out = run(["sh", "-c", script], env={k: v for k, v in os.environ.items() if k != "LLVM"})
    assert rc == 0 and out.split() == ["-19", f"{top}/build/fixes-alone",
                                       f"{top}/build/fixes-alone/linux"], out


@pytest.mark.parametrize("script", ["configure.sh", "make-initramfs.sh", "boot.sh", "parse.sh"])
def test_distro_profile_is_not_make_runs(fragments, script):
    """The distro profile boots a Debian image (make distro); make run's
    stages refuse it instead of building a tinyconfig with its fragment."""
    top = fragments
    rc, out = run(["sh", str(top / "scripts" / script), "main", "distro"],
                  env=dict(os.environ, BUILD=str(top / "build")))
    assert rc == 1 and "is make distro's" in out, out


def test_no_series_fails(top):
    rc, out = env_of(top, "''")
    assert rc != 0 and "usage" in out, out


@pytest.mark.parametrize("name", sorted(p.stem for p in (TOP / "config" / "profiles").glob("*.conf")))
def test_every_profile_of_the_workbench_loads(name):
    """The repository's own profiles: each loads, and each fragment and
    machine it names exists."""
    rc, e = env_of(TOP, "main", name)
    assert rc == 0, e
    assert e["FRAGS"].split() and all(os.path.isfile(f) for f in e["FRAGS"].split()), e
    if name.startswith("cross-"):
        # compiled, not booted: one allconfig file, no machine
        assert e["MACHINE"] == "none" and len(e["FRAGS"].split()) == 1, e
    else:
        assert (TOP / "config" / "machines" / f"{e['MACHINE']}.conf").is_file(), e


TARBALL = "/usr/src/linux-source-6.12.tar.xz"


def harness_of(top, profile_name):
    script = (f"TOP={top}; BUILD={top}/build; . {top}/scripts/lib.sh; "
              f"run_env tooltest {profile_name} || exit 1; guest_harness")
    return run(["sh", "-c", script], env={k: v for k, v in os.environ.items() if k != "LLVM"})


def test_guest_harness_of_another_tree(top):
    """On another tree the guest programs build against 6.12's two harness
    headers, extracted from Debian's linux-source-6.12 (make deps installs
    it) into BUILD/harness-6.12, once: a second call, with the stamp newer
    than the tarball, extracts nothing; a stamp older than the tarball
    extracts again. On 6.12 it is the series' own tree."""
    assert os.path.exists(TARBALL), f"{TARBALL}: make deps installs linux-source-6.12"
    profile(top, "old", KERNEL="6.1")
    rc, out = harness_of(top, "test")
    assert rc == 0 and out.strip() == f"{top}/build/tooltest/linux/tools/testing/selftests", out
    rc, out = harness_of(top, "old")
    h = top / "build" / "harness-6.12"
    assert rc == 0 and out.strip() == str(h), out
    assert sorted(p.name for p in h.iterdir()) == [".stamp", "kselftest.h", "kselftest_harness.h"]
    assert "TEST_HARNESS_MAIN" in (h / "kselftest_harness.h").read_text()
    assert not [p for p in (top / "build").iterdir() if p.name.startswith("harness.")]
    (h / "kselftest.h").write_text("mine\n")
    rc, out = harness_of(top, "old")
    assert rc == 0 and (h / "kselftest.h").read_text() == "mine\n", out
    os.utime(h / ".stamp", (0, 0))
    rc, out = harness_of(top, "old")
    assert rc == 0 and (h / "kselftest.h").read_text() != "mine\n", out
    assert not (top / "build" / "harness-6.12.old").exists()

# SPDX-License-Identifier: GPL-2.0
"""scripts/make-initramfs.sh: the guest programs run in the order of
tests/guest/order, which must name every program once. Before, /init ran
/tests in name order, so a "zz_" prefix decided that the fuzzer ran last."""
import gzip
import os
import subprocess

import pytest

from conftest import guest_programs, profile, run


@pytest.fixture
def programs(top):
    """Three trivial guest programs."""
    guest_programs(top, "alpha", "beta", "zeta")
    return top


def make_initramfs(top, *profile_name):
    """make-initramfs.sh for the run tooltest (of PROFILE_NAME)."""
    env = dict(os.environ, BUILD=str(top / "build"))
    return run(["sh", str(top / "scripts" / "make-initramfs.sh"), "tooltest", *profile_name],
               env=env)


def initramfs(top, order):
    (top / "tests" / "guest" / "order").write_text(order)
    return make_initramfs(top)


def cpio_file(top, name, run_dir="tooltest"):
    data = gzip.decompress((top / "build" / run_dir / "initramfs.cpio.gz").read_bytes())
    out = subprocess.run(["cpio", "-i", "--quiet", "--to-stdout", name], input=data,
                         capture_output=True, check=True)
    return out.stdout.decode()


def test_order_is_the_files(programs):
    top = programs
    rc, out = initramfs(top, "# comment\nzeta\nalpha\n\nbeta\n")
    assert rc == 0, out
    assert cpio_file(top, "tests.order") == "zeta\nalpha\nbeta\n"


def test_program_missing_from_order(programs):
    top = programs
    rc, out = initramfs(top, "zeta\nalpha\n")
    assert rc == 1 and "+beta" in out, out


def test_listed_twice(programs):
    top = programs
    rc, out = initramfs(top, "zeta\nalpha\nbeta\nalpha\n")
    assert rc == 1 and "-alpha" in out, out


def test_no_such_program(programs):
    top = programs
    rc, out = initramfs(top, "zeta\nalpha\nbeta\ngamma\n")
    assert rc == 1 and "-gamma" in out, out


# A kernel selftest (tests/selftests/list) is named in the order like a
# guest program; /tests/NAME is the launcher, and its program and the list
# go to /selftests. A selftest whose program was not built stops the run.
def selftest(top, built=True):
    (top / "tests" / "selftests" / "list").write_text(
        "# name program options\nnet-x  net/x  netns timeout=5\n")
    prog = top / "build" / "tooltest" / "ksft" / "kselftest" / "net" / "x"
    if built:
        prog.parent.mkdir(parents=True)
        prog.write_text("#!/bin/false\n")
        prog.chmod(0o755)


def cpio_list(top):
    data = gzip.decompress((top / "build" / "tooltest" / "initramfs.cpio.gz").read_bytes())
    out = subprocess.run(["cpio", "-t", "-v", "--quiet"], input=data, capture_output=True,
                         check=True)
    return out.stdout.decode()


def test_selftest_in_order(programs):
    top = programs
    selftest(top)
    rc, out = initramfs(top, "zeta\nalpha\nnet-x\nbeta\n")
    assert rc == 0 and "4 guest test program(s), 1 of them kernel selftests" in out, out
    assert cpio_file(top, "tests.order") == "zeta\nalpha\nnet-x\nbeta\n"
    assert cpio_file(top, "selftests/list") == "net-x  net/x  netns timeout=5\n"
    listing = cpio_list(top)
    assert "tests/net-x -> /selftests/ksft_run" in listing, listing
    assert "selftests/net/x" in listing and "selftests/ksft_run" in listing, listing


def test_selftest_missing_from_order(programs):
    top = programs
    selftest(top)
    rc, out = initramfs(top, "zeta\nalpha\nbeta\n")
    assert rc == 1 and "+net-x" in out, out


def test_selftest_not_built(programs):
    top = programs
    selftest(top, built=False)
    rc, out = initramfs(top, "zeta\nalpha\nnet-x\nbeta\n")
    assert rc == 1 and "net-x: no " in out and "make selftests" in out, out


# A profile that names its guest programs (the benchmark's one program)
# replaces the set, in its order, and ignores the selftests; a program it
# names that does not exist fails.
def test_profile_guests_replace_the_set(programs, tmp_path):
    top = programs
    selftest(top, built=False)
    for name in ("one", "two"):
        (top / "tests" / f"{name}.c").write_text("int main(void) { return 0; }\n")
    (top / "tests" / "guest" / "order").write_text("zeta\nalpha\nnet-x\nbeta\n")
    profile(top, "two", GUESTS="tests/two.c tests/one.c", COVERAGE="no")
    rc, out = make_initramfs(top, "two")
    assert rc == 0 and "2 guest test program(s), 0 of them kernel selftests" in out, out
    assert cpio_file(top, "tests.order", "tooltest/two") == "two\none\n"
    profile(top, "three", GUESTS="tests/two.c tests/three.c")
    rc, out = make_initramfs(top, "three")
    assert rc == 1 and "three.conf: no " in out and "tests/three.c" in out, out


# "netns" after a guest program's name: /init runs it in a network
# namespace of its own (tests/init/init.c read_order() reads the word).
def test_netns_word(programs):
    top = programs
    rc, out = initramfs(top, "zeta netns\nalpha\nbeta netns\n")
    assert rc == 0, out
    assert cpio_file(top, "tests.order") == "zeta netns\nalpha\nbeta netns\n"


@pytest.mark.parametrize("order", ["zeta netns\nalpha own\nbeta\n", "zeta netns x\nalpha\nbeta\n"])
def test_other_words_refused(programs, order):
    rc, out = initramfs(programs, order)
    assert rc == 1 and 'may be followed by "netns", nothing else' in out, out


def test_selftest_netns_refused(programs):
    top = programs
    selftest(top)
    rc, out = initramfs(top, "zeta\nalpha\nnet-x netns\nbeta\n")
    assert rc == 1 and "net-x is a selftest" in out, out


# Another kernel tree lacks some selftests: tests/selftests/absent-KERNEL.txt
# names them, and the guest neither gets nor runs them there; a line for a
# test the tree has, or for no test of the list, fails.
def old_kernel(top, absent, have_y_source=False):
    profile(top, "old", KERNEL="6.1")
    (top / "tests" / "selftests" / "list").write_text(
        "net-x  net/x  timeout=5\nnet-y  net/y  timeout=5\n")
    (top / "tests" / "selftests" / "absent-6.1.txt").write_text("# comment\n" + absent)
    src = top / "build" / "tooltest" / "linux-6.1" / "tools" / "testing" / "selftests" / "net"
    src.mkdir(parents=True)
    (src / "x.c").write_text("")
    if have_y_source:
        (src / "y.c").write_text("")
    prog = top / "build" / "tooltest" / "ksft-6.1" / "kselftest" / "net" / "x"
    prog.parent.mkdir(parents=True)
    prog.write_text("#!/bin/false\n")
    prog.chmod(0o755)
    (top / "tests" / "guest" / "order").write_text("zeta\nnet-y\nalpha\nnet-x\nbeta\n")
    # 6.12's harness, as if extracted before (lib.sh guest_harness).
    ours = top / "build" / "harness-6.12"
    if not ours.exists():
        harness(ours, "#define HARNESS 0\n")
        (ours / ".stamp").write_text("")
    return make_initramfs(top, "old")


def test_selftest_list_is_copied_as_written(programs):
    """The guest's list has the options as tests/selftests/list writes
    them: a sysctl value's "\\t" stays two characters for ksft_run (the
    shell's echo once made it a tab, and ksft_run took the rest for an
    option of its own)."""
    top = programs
    selftest(top)
    line = "net-x  net/x  netns sysctl=net/ipv4/ip_local_port_range=40000\\t49999 timeout=5\n"
    (top / "tests" / "selftests" / "list").write_text("# comment\n" + line)
    rc, out = initramfs(top, "zeta\nalpha\nnet-x\nbeta\n")
    assert rc == 0, out
    assert cpio_file(top, "selftests/list") == line


def test_selftest_absent_from_another_tree(programs):
    top = programs
    rc, out = old_kernel(top, "net-y  came later\n")
    assert rc == 0 and "no net-y in linux-source-6.1" in out, out
    assert cpio_file(top, "tests.order", "tooltest/old") == "zeta\nalpha\nnet-x\nbeta\n"
    assert cpio_file(top, "selftests/list", "tooltest/old") == "net-x  net/x  timeout=5\n"


@pytest.mark.parametrize("absent, have_y, msg", [
    ("net-y  wrong\n", True, "net-y, but "),
    ("net-z  no such test\n", False, "net-z is not a test of"),
])
def test_wrong_absent_line_fails(programs, absent, have_y, msg):
    top = programs
    rc, out = old_kernel(top, absent, have_y)
    assert rc != 0 and msg in out, out


def test_absent_list_is_another_trees_business(programs):
    """On 6.12 the absent list of 6.1 leaves every selftest in."""
    top = programs
    selftest(top)
    (top / "tests" / "selftests" / "absent-6.1.txt").write_text("net-x  not on 6.1\n")
    rc, out = initramfs(top, "zeta\nalpha\nnet-x\nbeta\n")
    assert rc == 0 and cpio_file(top, "tests.order") == "zeta\nalpha\nnet-x\nbeta\n", out


# The workbench's guest programs build against one kselftest harness,
# 6.12's, whatever the kernel tree: 6.1's writes a skipped case as
# "ok 1 # SKIP reason", without its name, which kunit.py parse cannot read.
def harness(path, text):
    path.mkdir(parents=True, exist_ok=True)
    (path / "kselftest_harness.h").write_text(text)
    (path / "kselftest.h").write_text("")


def harness_user(top):
    (top / "tests" / "guest" / "alpha.c").write_text(
        '#include "kselftest_harness.h"\nint main(void) { return HARNESS; }\n')


@pytest.mark.parametrize("kernel", ["6.1", "6.12"])
def test_guest_harness(programs, kernel):
    """On 6.12 the guest programs see the series' tree's harness (and no
    copy of 6.12's is made); on another tree 6.12's, not the tree's."""
    top = programs
    harness_user(top)
    sub = "linux-6.1" if kernel == "6.1" else "linux"
    tree = top / "build" / "tooltest" / sub / "tools" / "testing" / "selftests"
    if kernel == "6.1":
        harness(tree, "#error the tree's harness\n")
        rc, out = old_kernel(top, "net-y  came later\n")
    else:
        harness(tree, "#define HARNESS 0\n")
        rc, out = initramfs(top, "zeta\nalpha\nbeta\n")
        assert not (top / "build" / "harness-6.12").exists()
    assert rc == 0, out


# A program named NAME_compat is built for the profile's 32-bit compat ABI
# (lib.sh guest_compat_cross: i686 on x86_64), the others for the kernel's
# own; a profile without such an ABI (i386, itself 32-bit) leaves it out
# and says so.
def elf_class(top, name, run_dir="tooltest"):
    data = gzip.decompress((top / "build" / run_dir / "initramfs.cpio.gz").read_bytes())
    out = subprocess.run(["cpio", "-i", "--quiet", "--to-stdout", f"tests/{name}"], input=data,
                         capture_output=True, check=True)
    return {1: 32, 2: 64}[out.stdout[4]]


def test_compat_program_is_32_bit(programs):
    top = programs
    guest_programs(top, "alpha_compat")
    rc, out = initramfs(top, "zeta\nalpha\nalpha_compat netns\nbeta\n")
    assert rc == 0, out
    assert cpio_file(top, "tests.order") == "zeta\nalpha\nalpha_compat netns\nbeta\n"
    assert elf_class(top, "alpha") == 64 and elf_class(top, "alpha_compat") == 32


def test_compat_program_left_out_without_compat_abi(programs):
    top = programs
    guest_programs(top, "alpha_compat")
    (top / "tests" / "guest" / "order").write_text("zeta\nalpha\nalpha_compat netns\nbeta\n")
    profile(top, "i386", ARCH="i386", COVERAGE="no")
    rc, out = make_initramfs(top, "i386")
    assert rc == 0 and "no compat ABI for ARCH=i386: alpha_compat left out" in out, out
    assert cpio_file(top, "tests.order", "tooltest/i386") == "zeta\nalpha\nbeta\n"
    assert elf_class(top, "alpha", "tooltest/i386") == 32


def test_compat_program_named_by_a_profile_without_compat_abi(programs, tmp_path):
    top = programs
    (top / "tests" / "one_compat.c").write_text("int main(void) { return 0; }\n")
    (top / "tests" / "guest" / "order").write_text("zeta\nalpha\nbeta\n")
    profile(top, "i386g", ARCH="i386", COVERAGE="no", GUESTS="tests/one_compat.c")
    rc, out = make_initramfs(top, "i386g")
    assert rc == 1 and "no compat ABI for ARCH=i386: cannot build one_compat" in out, out

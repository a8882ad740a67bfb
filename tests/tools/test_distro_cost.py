# SPDX-License-Identifier: GPL-2.0
"""scripts/distro-cost.sh: each queue's CRC changes and each DKMS
package's build against each kernel, compared with the pinned results
(tests/expect/distro-cost.expected). apt-get and dkms stand in (a .deb
made here with dpkg-deb; a dkms that fails against one kernel), so that
the verdict is seen to pass, and to fail on a result that differs from
the pin, on a missing pin file and on a missing kernel."""
import os
import shutil

import pytest

from conftest import run

APT = """#!/bin/sh
# apt-get download PACKAGE: the test's .deb of it, into the current folder
[ "$1" = download ] || exit 2
cp "$DEBS/$2_1.0_all.deb" .
"""

DKMS = """#!/bin/sh
# dkms add|build ...: build fails against a kernel whose objects are in a
# folder named as $DKMS_FAIL says, with a compiler error in make.log
action=$1; shift
tree= obj= name= ver=
while [ $# -gt 0 ]; do
	case $1 in
	--dkmstree) tree=$2; shift ;;
	--kernelsourcedir) obj=$2; shift ;;
	-m) name=$2; shift ;;
	-v) ver=$2; shift ;;
	esac
	shift
done
[ "$action" = build ] || exit 0
case $obj in
*/"$DKMS_EXCLUDE"/*) exit 77 ;;
*/"$DKMS_FAIL"/*)
	mkdir -p "$tree/$name/$ver/build"
	echo "foo.c:1:1: error: incompatible pointer type" >"$tree/$name/$ver/build/make.log"
	exit 10 ;;
esac
exit 0
"""


def symvers(top, series, crc):
    obj = top / "build" / series / "distro" / "obj"
    (obj / "include" / "config").mkdir(parents=True)
    (obj / "include" / "config" / "kernel.release").write_text(f"6.12.118-wb-{series}\n")
    (obj / "Module.symvers").write_text(
        f"{crc}\tkernel_bind\tvmlinux\tEXPORT_SYMBOL\t\n0x22222222\tsock_create\tvmlinux\tEXPORT_SYMBOL\t\n")


@pytest.fixture
def cost(top, tmp_path):
    if not shutil.which("dpkg-deb"):
        pytest.skip("no dpkg-deb")
    pkg = tmp_path / "pkg"
    (pkg / "DEBIAN").mkdir(parents=True)
    (pkg / "DEBIAN" / "control").write_text(
        "Package: foo-dkms\nVersion: 1.0\nArchitecture: all\nMaintainer: t <t@t>\n"
        "Description: test\n")
    (pkg / "usr" / "src" / "foo-1.0").mkdir(parents=True)
    (pkg / "usr" / "src" / "foo-1.0" / "dkms.conf").write_text(
        'PACKAGE_NAME="foo"\nPACKAGE_VERSION="1.0"\n')
    debs = tmp_path / "debs"
    debs.mkdir()
    rc, out = run(["dpkg-deb", "-b", "--root-owner-group", str(pkg),
                   str(debs / "foo-dkms_1.0_all.deb")])
    assert rc == 0, out
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for name, text in (("apt-get", APT), ("dkms", DKMS)):
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(0o755)
    (top / "config" / "distro").mkdir()
    (top / "config" / "distro" / "dkms.list").write_text("# test\nfoo-dkms\n")
    symvers(top, "none", "0x11111111")
    symvers(top, "fixes", "0x11111111")
    symvers(top, "main", "0x33333333")
    env = dict(os.environ, BUILD=str(top / "build"), DEBS=str(debs), DKMS_FAIL="main",
               DKMS_EXCLUDE="nosuch",
               PATH=f"{bin_}:{os.environ['PATH']}")
    return top, env


def cost_run(top, env, *queues):
    return run(["sh", str(top / "scripts" / "distro-cost.sh"), *(queues or ("none", "fixes", "main"))],
               env=env)


PINS = ("# pins\ncrc fixes 0 0 0\ncrc main 1 0 0  # kernel_bind\n"
        "dkms foo-dkms=1.0 none ok\ndkms foo-dkms=1.0 fixes ok\ndkms foo-dkms=1.0 main error\n")


def test_results_as_pinned(cost):
    top, env = cost
    (top / "tests" / "expect" / "distro-cost.expected").write_text(PINS)
    rc, out = cost_run(top, env)
    assert rc == 0, out
    assert "distro-cost: results as pinned (5 lines, 1 failed builds" in out, out
    d = top / "build" / "distro" / "cost"
    assert (d / "symvers.list").read_text() == "main changed kernel_bind vmlinux\n"
    assert "foo-dkms main: foo.c:1:1: error: incompatible pointer type" in (d / "dkms-errors").read_text()


def test_result_that_differs_fails(cost):
    top, env = cost
    (top / "tests" / "expect" / "distro-cost.expected").write_text(
        PINS.replace("dkms foo-dkms=1.0 main error", "dkms foo-dkms=1.0 main ok"))
    rc, out = cost_run(top, env)
    assert rc == 1 and "differ from" in out, out
    assert "  -dkms foo-dkms=1.0 main ok" in out and "  +dkms foo-dkms=1.0 main error" in out, out


def test_excluded_build(cost):
    """dkms's exit 77 (BUILD_EXCLUSIVE rules) is "excluded", not an error."""
    top, env = cost
    env["DKMS_EXCLUDE"] = "fixes"
    (top / "tests" / "expect" / "distro-cost.expected").write_text(
        PINS.replace("dkms foo-dkms=1.0 fixes ok", "dkms foo-dkms=1.0 fixes excluded"))
    rc, out = cost_run(top, env)
    assert rc == 0 and "results as pinned" in out, out


def test_source_folder_not_name_version_fails(cost, tmp_path):
    """A dkms.conf whose NAME-VERSION is not its folder's name (a value
    made of variables) stops the script with its reason."""
    top, env = cost
    (top / "tests" / "expect" / "distro-cost.expected").write_text(PINS)
    src = top / "build" / "distro" / "cost" / "src" / "foo-dkms" / "usr" / "src" / "foo-1.0"
    src.mkdir(parents=True)
    (src / "dkms.conf").write_text('PACKAGE_NAME="${N}"\nPACKAGE_VERSION="1.0"\n')
    rc, out = cost_run(top, env)
    assert rc == 1 and "is not its folder's name" in out, out


def test_list_of_comments_fails(cost):
    top, env = cost
    (top / "config" / "distro" / "dkms.list").write_text("# nothing\n")
    (top / "tests" / "expect" / "distro-cost.expected").write_text(PINS)
    rc, out = cost_run(top, env)
    assert rc == 1 and "no packages in" in out, out


def test_no_pins_fails(cost):
    top, env = cost
    rc, out = cost_run(top, env)
    assert rc == 1 and "nothing is pinned" in out, out


def test_missing_kernel_fails(cost):
    top, env = cost
    (top / "tests" / "expect" / "distro-cost.expected").write_text(PINS)
    rc, out = cost_run(top, env, "none", "fixes", "without-c")
    assert rc == 1 and "no " in out and "without-c/distro/obj/Module.symvers" in out, out

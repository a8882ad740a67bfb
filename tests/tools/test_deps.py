# SPDX-License-Identifier: GPL-2.0
"""scripts/deps.sh PROFILE: the packages of every run and the profile's
PACKAGES line, installed when missing (dpkg-query and apt-get stand in)."""
import os

from conftest import profile, run


def deps(top, tmp_path, name, installed):
    """Run deps.sh NAME with stand-ins: dpkg-query says the packages of
    INSTALLED are installed, apt-get logs what it is asked for."""
    bin_ = tmp_path / "bin"
    bin_.mkdir(exist_ok=True)
    (bin_ / "dpkg-query").write_text(
        "#!/bin/sh\neval last=\\${$#}\n"
        f"case \" {' '.join(installed)} \" in *\" $last \"*) echo 'install ok installed' ;; esac\n")
    log = tmp_path / "apt.log"
    (bin_ / "apt-get").write_text(f'#!/bin/sh\necho "$*" >>{log}\n')
    for f in ("dpkg-query", "apt-get"):
        os.chmod(bin_ / f, 0o755)
    rc, out = run(["sh", str(top / "scripts" / "deps.sh"), name],
                  env=dict(os.environ, PATH=f"{bin_}:{os.environ['PATH']}"))
    return rc, out, log.read_text() if log.exists() else ""


BASE = ("linux-source-6.12 clang-19 lld-19 llvm-19 qemu-system-x86 flex bison bc libelf-dev "
        "libssl-dev dwarves cpio ccache make gcc libc6-dev python3 git xz-utils kmod rsync "
        "perl python3-ply python3-git python3-pytest gcc-i686-linux-gnu "
        "libc6-dev-i386-cross").split()


def test_profile_packages_are_installed(top, tmp_path):
    profile(top, "old", KERNEL="6.1", PACKAGES="linux-source-6.1 linux-config-6.1")
    rc, out, apt = deps(top, tmp_path, "old", BASE)
    assert rc == 0 and "deps: installing: linux-source-6.1 linux-config-6.1" in out, out
    assert "install -y -qq --no-install-recommends linux-source-6.1 linux-config-6.1" in apt, apt


def test_nothing_missing_installs_nothing(top, tmp_path):
    profile(top, "old", KERNEL="6.1", PACKAGES="linux-source-6.1")
    rc, out, apt = deps(top, tmp_path, "old", BASE + ["linux-source-6.1"])
    assert rc == 0 and "deps: all present" in out and apt == "", (out, apt)


def test_test_profile_needs_no_more(top, tmp_path):
    rc, out, apt = deps(top, tmp_path, "test", BASE)
    assert rc == 0 and "deps: all present" in out and apt == "", (out, apt)


def test_unknown_profile_fails(top, tmp_path):
    rc, out, apt = deps(top, tmp_path, "nosuch", BASE)
    assert rc != 0 and "profile: no " in out and apt == "", (out, apt)

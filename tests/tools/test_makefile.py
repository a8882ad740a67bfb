# SPDX-License-Identifier: GPL-2.0
"""The Makefile parses and its verbs do what the map says (make -n: nothing
runs). A bad edit once replaced distclean's rule and made every target,
make check included, fail to parse."""
from conftest import TOP, run


def dry(*targets):
    return run(["make", "-n", "-C", str(TOP), "BUILD=/nonexistent/build", *targets])


def test_clean_and_distclean():
    rc, out = dry("clean", "distclean")
    assert rc == 0, out
    assert "rm -rf /nonexistent/build/*/obj" in out, out
    assert "\nrm -rf /nonexistent/build\n" in out, out


def test_distro_stages_in_order():
    """Both kernels through every stage, the baseline first, then the
    comparison; the distro dependencies before anything."""
    rc, out = dry("distro", "SERIES=main")
    assert rc == 0, out
    stages = [l.split("stage ", 1)[1].split()[0:3] for l in out.splitlines()
              if "stage distro" in l or "stage deps-distro" in l]
    assert [s[0] for s in stages] == ["deps-distro", "distro-base", "distro-kernel", "distro-kernel",
                                      "distro-image", "distro-image", "distro-boot", "distro-boot",
                                      "distro-compare"], stages
    kernels = [s[2] for s in stages if s[0] in ("distro-kernel", "distro-image", "distro-boot")]
    assert kernels == ["none", "main"] * 3, stages


def test_check_order():
    """The stages of make check in order: main's kernel is built in the
    background beside the tool tests and checkpatch, the baseline's beside
    main's run; the baseline boots alone (its ETF rows need fast sends),
    then the fixes queue."""
    rc, out = dry("check")
    assert rc == 0, out
    steps = []
    for l in out.splitlines():
        if "background.sh" in l:
            words = [w for w in l.split("background.sh ", 1)[1].split() if w != "$PPID"]
            steps.append(" ".join(words[:2]).replace("/nonexistent/build/", ""))
        elif l.startswith("make ") and "-C" not in l:
            steps.append(l)
    assert steps == [
        "make tree", "start main/background", "make tool-tests", "make tree SERIES=none",
        "make tree SERIES=fixes", "make checkpatch check-prototypes surface",
        "wait main/background", "start none/background", "make run", "wait none/background",
        "make config kernel selftests SERIES=fixes", "make baseline",
        "make run SERIES=none", "make compare abi-layout", "make run SERIES=fixes",
        "make compare SERIES=fixes"], out
    starts = [l.split("background.sh start $PPID ", 1)[1] for l in out.splitlines()
              if "background.sh start $PPID " in l]
    # each background job ends with the make that started it
    assert starts == [
        "/nonexistent/build/main/background make config kernel selftests",
        "/nonexistent/build/none/background make config kernel selftests SERIES=none"], out


def test_check_has_the_usnic_regression_check():
    """The allmodconfig stages left make check for make report; the usnic
    fix's regression check (plain 6.12.118 has its overrun) stayed."""
    rc, out = dry("check")
    assert rc == 0, out
    assert "check-getname-buffers-base" in out and "getname-buffers.base" in out, out


def test_check_runs_the_fixes_queue():
    """make check builds, boots and compares the fixes queue after main and
    after the baseline's run, in the foreground (make -n runs the
    sub-makes' recipes as a dry run too)."""
    rc, out = dry("check")
    assert rc == 0, out
    lines = out.splitlines()
    run_fixes = [i for i, l in enumerate(lines) if "run SERIES=fixes" in l]
    compare_fixes = [i for i, l in enumerate(lines) if "compare SERIES=fixes" in l]
    baseline = [i for i, l in enumerate(lines) if "run SERIES=none" in l]
    assert run_fixes and compare_fixes and baseline, out
    assert not any("background.sh" in l and "fixes" in l for l in lines), out
    assert baseline[0] < run_fixes[0] < compare_fixes[0], out


def test_scripts_the_makefile_runs_are_executable():
    """Every scripts/X the Makefile runs as a command (not sourced) has its
    executable bit: surface.py once came without it, and make check
    stopped at that stage with 'Permission denied'."""
    import os
    import re
    text = (TOP / "Makefile").read_text()
    run_as = set(re.findall(r"(?<![.] )\$\(S\)/([\w.-]+)", text)) - {"lib.sh"}
    assert run_as, text
    not_exec = sorted(n for n in run_as if not os.access(TOP / "scripts" / n, os.X_OK))
    assert not not_exec, not_exec

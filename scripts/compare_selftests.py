#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compare_selftests.py [BASE [SERIES]] - the kernel's own selftests
(tests/selftests/list) must give the same result, case by case, on the
baseline (default: none) and on the series (default: main), and both
kernels must have run byte-identical programs (KSFT_SUMS of
scripts/build-selftests.sh: the series changes no UAPI header). BASE and
SERIES are run folders under BUILD: SERIES, or SERIES/PROFILE for
another profile (none/v6.1 and fixes/v6.1 on the 6.1 tree, whose list
lacks the selftests of tests/selftests/absent-6.1.txt); scripts/lib.sh
run_env and selftest_list say where their sums are and which selftests
their tree has.

A case is a KTAP case of guest.json whose program is a selftest. Fails on
a case that only one kernel ran, on a result that differs (unless
tests/expect/SERIES.selftests.diff lists it: "CASE BASE_RESULT
SERIES_RESULT", the line above saying why; a listed difference that did not
happen fails too), on programs that differ, on a selftest of the list
without a case on either kernel, and when no selftest case ran at all.
The counts go to BUILD/SERIES/compare-selftests.json.
"""
import collections
import json
import os
import subprocess
import sys

import workbench as wb

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_selftests(build, run):
    """(sums file, selftest names) of the run folder RUN (SERIES or
    SERIES/PROFILE), as scripts/lib.sh derives them; the names from
    $SELFTESTS instead when that is set."""
    series, _, profile = run.partition("/")
    out = subprocess.run(
        ["sh", "-c", '. "$0/scripts/lib.sh" && run_env "$1" "$2" && echo "$KSFT_SUMS" && '
         'if [ -z "${SELFTESTS:-}" ]; then selftest_list; fi',
         TOP, series, profile or "test"],
        capture_output=True, text=True, env=dict(os.environ, BUILD=build, TOP=TOP))
    if out.returncode != 0:
        raise ValueError(f"{run}: {out.stdout}{out.stderr}".strip())
    lines = out.stdout.splitlines()
    if os.environ.get("SELFTESTS"):
        return lines[0], wb.selftest_names(os.environ["SELFTESTS"])
    return lines[0], [line.split()[0] for line in lines[1:] if line.strip()]


def main(argv):
    base = argv[0] if argv else "none"
    series = argv[1] if len(argv) > 1 else "main"
    build = os.environ.get("BUILD", f"{TOP}/build")
    out = f"{build}/{series}/compare-selftests.json"
    if os.path.exists(out):
        os.remove(out)
    expect_path = os.environ.get(
        "EXPECT", f"{TOP}/tests/expect/{series.replace('/', '-')}.selftests.diff")
    expected = {}
    if os.path.exists(expect_path):
        for n, line in wb.expect_lines(expect_path):
            f = line.split()
            if len(f) != 3:
                print(f"compare-selftests: {expect_path}:{n}: not 'CASE BASE SERIES': {line}")
                return 2
            expected[f[0]] = (f[1], f[2])
    msgs = []
    try:
        (sums_a, names), (sums_b, names_b) = (run_selftests(build, k) for k in (base, series))
        if names != names_b:
            raise ValueError(f"{base} and {series} are of kernel trees with other selftests")
        a = wb.selftest_cases(f"{build}/{base}/guest.json", names)
        b = wb.selftest_cases(f"{build}/{series}/guest.json", names)
        sums = [open(f).read() for f in (sums_a, sums_b)]
    except (OSError, ValueError) as e:
        print(f"compare-selftests: {e}")
        return 2
    if not a or not b:
        msgs.append(f"no selftest case ran ({base}: {len(a)}, {series}: {len(b)})")
    for kernel, got in ((base, a), (series, b)):
        ran = {c.split(".", 1)[0] for c in got}
        for n in names:
            if got and n not in ran:
                msgs.append(f"{n}: no case on {kernel}")
    if sums[0] != sums[1]:
        msgs.append(f"the selftest programs of {base} and {series} differ "
                    f"({os.path.basename(sums_a)}, {os.path.basename(sums_b)})")
    differ, seen = [], set()
    for c in sorted(set(a) | set(b)):
        x, y = a.get(c, "(not run)"), b.get(c, "(not run)")
        if x == y:
            continue
        differ.append(c)
        if expected.get(c) == (x, y):
            seen.add(c)
        else:
            msgs.append(f"{c}: {base} {x}, {series} {y}")
    for c in sorted(set(expected) - seen):
        msgs.append(f"listed difference that did not happen: {c} {' '.join(expected[c])}")
    programs = len({c.split(".", 1)[0] for c in b})
    count = collections.Counter(b.values())
    result = {"base": base, "series": series, "programs": programs, "cases": len(b),
              "results": dict(count), "differ": len(differ), "intended": len(seen),
              "ok": not msgs}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f)
        f.write("\n")
    for m in msgs:
        print(f"compare-selftests: {m}")
    print(f"compare-selftests: {programs} programs, {len(b)} cases "
          f"({', '.join(f'{k} {v}' for k, v in sorted(count.items()))}) on {series}; "
          f"{len(differ)} results differ from {base}, {len(seen)} of them intended; "
          f"programs {'identical' if sums[0] == sums[1] else 'DIFFER'}")
    return 1 if msgs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

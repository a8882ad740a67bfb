#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py [--xfail FILE] LABEL=FILE.json ... - one table of every test
case that tools/testing/kunit/kunit.py parse --json found, and a closing
count line. Exit status 1 if any case is not PASS or SKIP, or a stream has
no cases.

FILE lists the cases this kernel is expected to fail, one "LABEL NAME" per
line ('#' starts a comment): the baseline kernel fails the bounds cases
that the series makes pass. Such a case that fails is XFAIL; one that
passes (XPASS) or does not run at all is a failure."""
import json
import sys


def leaves(group, path):
    for case in group.get("test_cases", []):
        yield path + [case["name"]], case["status"]
    for sub in group.get("sub_groups", []):
        yield from leaves(sub, path + [sub["name"]])


def read_xfail(path):
    want = set()
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                label, _, name = line.partition(" ")
                want.add((label, name.strip()))
    return want


def main(args):
    xfail = set()
    if args[:1] == ["--xfail"]:
        xfail = read_xfail(args[1])
        args = args[2:]
    rows, empty = [], []
    for arg in args:
        label, _, path = arg.partition("=")
        try:
            with open(path) as f:
                top = json.load(f)
        except (OSError, ValueError) as e:
            print(f"summary: {label}: {e}")
            empty.append(label)
            continue
        found = [(label, ".".join(p), s) for p, s in leaves(top, [])]
        if not found:
            empty.append(label)
        rows += found
    seen = set()
    for i, (label, name, status) in enumerate(rows):
        if (label, name) in xfail:
            seen.add((label, name))
            rows[i] = (label, name, "XFAIL" if status == "FAIL" else "XPASS")
    width = max([len(r[1]) for r in rows] + [10])
    print(f"{'stream':<7} {'test':<{width}} result")
    for label, name, status in rows:
        print(f"{label:<7} {name:<{width}} {status}")
    count = {s: sum(1 for r in rows if r[2] == s) for s in ("PASS", "SKIP", "XFAIL")}
    missing = sorted(xfail - seen)
    failed = len(rows) - count["PASS"] - count["SKIP"] - count["XFAIL"] + len(missing)
    for label in empty:
        print(f"summary: {label}: no test results")
    for label, name in missing:
        print(f"summary: {label}: expected failure did not run: {name}")
    line = f"summary: {count['PASS']} passed, {failed} failed, {count['SKIP']} skipped"
    if xfail:
        line += f", {count['XFAIL']} failed as expected"
    print(line)
    return 1 if failed or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

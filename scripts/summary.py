#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py [--xfail FILE] [--skip FILE] LABEL=FILE.json ... - one table
of every test case that tools/testing/kunit/kunit.py parse --json found,
and a closing count line. Exit status 1 if any case is not PASS, an
expected failure or an expected skip, or a stream has no cases.

Both FILEs list cases, one "LABEL NAME" per line ('#' starts a comment;
the line above a case says why). --xfail: the cases this kernel is
expected to fail (the baseline fails the bounds cases that the series
makes pass); such a case that fails is XFAIL, one that passes (XPASS) or
does not run at all is a failure. --skip: the cases this kernel is
expected to skip; a SKIP that is not listed is a failure (SKIP!), and so
is a listed case that ran or did not run at all. Without --skip, no case
may skip."""
import json
import sys


def leaves(group, path):
    for case in group.get("test_cases", []):
        yield path + [case["name"]], case["status"]
    for sub in group.get("sub_groups", []):
        yield from leaves(sub, path + [sub["name"]])


def read_cases(path):
    want = set()
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                label, _, name = line.partition(" ")
                want.add((label, name.strip()))
    return want


def main(args):
    xfail, skip = set(), set()
    while args[:1] in (["--xfail"], ["--skip"]):
        if args[0] == "--xfail":
            xfail = read_cases(args[1])
        else:
            skip = read_cases(args[1])
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
    seen, seen_skip = set(), set()
    for i, (label, name, status) in enumerate(rows):
        if (label, name) in xfail:
            seen.add((label, name))
            rows[i] = (label, name, "XFAIL" if status == "FAIL" else "XPASS")
        elif (label, name) in skip:
            seen_skip.add((label, name))
            if status != "SKIP":
                rows[i] = (label, name, status + " (expected SKIP)")
        elif status == "SKIP":
            rows[i] = (label, name, "SKIP!")
    width = max([len(r[1]) for r in rows] + [10])
    print(f"{'stream':<7} {'test':<{width}} result")
    for label, name, status in rows:
        print(f"{label:<7} {name:<{width}} {status}")
    count = {s: sum(1 for r in rows if r[2] == s) for s in ("PASS", "SKIP", "XFAIL")}
    missing = sorted(xfail - seen)
    missing_skip = sorted(skip - seen_skip)
    failed = (len(rows) - count["PASS"] - count["SKIP"] - count["XFAIL"] + len(missing) +
              len(missing_skip))
    for label in empty:
        print(f"summary: {label}: no test results")
    for label, name in missing:
        print(f"summary: {label}: expected failure did not run: {name}")
    for label, name in missing_skip:
        print(f"summary: {label}: expected skip did not run: {name}")
    for label, name, status in rows:
        if status == "SKIP!":
            print(f"summary: {label}: skip not listed as expected: {name}")
        elif status.endswith("(expected SKIP)"):
            print(f"summary: {label}: expected skip did not skip: {name}")
    line = f"summary: {count['PASS']} passed, {failed} failed, {count['SKIP']} skipped"
    if xfail:
        line += f", {count['XFAIL']} failed as expected"
    print(line)
    return 1 if failed or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py LABEL=FILE.json ... - one table of every test case that
tools/testing/kunit/kunit.py parse --json found, and a closing count line.
Exit status 1 if any case is not PASS or SKIP, or a stream has no cases."""
import json
import sys


def leaves(group, path):
    for case in group.get("test_cases", []):
        yield path + [case["name"]], case["status"]
    for sub in group.get("sub_groups", []):
        yield from leaves(sub, path + [sub["name"]])


def main(args):
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
    width = max([len(r[1]) for r in rows] + [10])
    print(f"{'stream':<7} {'test':<{width}} result")
    for label, name, status in rows:
        print(f"{label:<7} {name:<{width}} {status}")
    count = {s: sum(1 for r in rows if r[2] == s) for s in ("PASS", "SKIP")}
    failed = len(rows) - count["PASS"] - count["SKIP"]
    for label in empty:
        print(f"summary: {label}: no test results")
    print(f"summary: {count['PASS']} passed, {failed} failed, {count['SKIP']} skipped")
    return 1 if failed or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py [--xfail FILE] [--skip FILE] [--flaky FILE] [--json OUT] [--ktap LABEL=KTAP]
LABEL=FILE.json ... - one table of every test case that
tools/testing/kunit/kunit.py parse --json found, and a closing count line
(with --json OUT, the same as JSON for the report: the counts and every
case's result). --ktap: the KTAP the LABEL stream was parsed from, whose
top level says how each program ended: a program that failed ("not ok")
although none of its cases failed (a crash or a timeout after its last
case, which kunit.py's JSON does not keep) is a failure. Exit status 1 if
any case is not PASS, an expected failure or an expected skip, if such a
program failed, or if a stream has no cases.

Both FILEs list cases, one "LABEL NAME" per line ('#' starts a comment;
the line above a case says why). --xfail: the cases this kernel is
expected to fail (the baseline fails the bounds cases that the series
makes pass); such a case that fails is XFAIL, one that passes (XPASS) or
does not run at all is a failure. --skip: the cases this kernel is
expected to skip; a SKIP that is not listed is a failure (SKIP!), and so
is a listed case that ran or did not run at all. Without --skip, no case
may skip. --flaky: the cases whose result on this kernel varies from run
to run (each with its reason): such a case that passes or fails is
"FLAKY (PASS)" or "FLAKY (FAIL)" and counted as flaky, not as a verdict;
one that skips or does not run at all is a failure."""
import json
import sys

import workbench as wb


def read_cases(path):
    return {(label, name.strip()) for label, _, name in
            (line.partition(" ") for _, line in wb.expect_lines(path, inline=True))}


def main(args):
    xfail, skip, flaky, out, ktap = set(), set(), set(), None, {}
    while args[:1] in (["--xfail"], ["--skip"], ["--flaky"], ["--json"], ["--ktap"]):
        if args[0] == "--xfail":
            xfail = read_cases(args[1])
        elif args[0] == "--skip":
            skip = read_cases(args[1])
        elif args[0] == "--flaky":
            flaky = read_cases(args[1])
        elif args[0] == "--ktap":
            label, _, path = args[1].partition("=")
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    ktap[label] = wb.ktap_programs(f.read())
            except OSError as e:
                print(f"summary: {label}: {e}")
                return 1
        else:
            out = args[1]
        args = args[2:]
    # a case has one expectation: listed twice, the verdict would hide one
    for a, b, both in (("--xfail", "--skip", xfail & skip), ("--xfail", "--flaky", xfail & flaky),
                       ("--skip", "--flaky", skip & flaky)):
        for label, name in sorted(both):
            print(f"summary: {label}: {name} is listed by both {a} and {b}")
        if both:
            return 1
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
        found = [(label, ".".join(p), s) for p, s in wb.kunit_cases(top)]
        if not found:
            empty.append(label)
        rows += found
    seen, seen_skip, seen_flaky = set(), set(), set()
    for i, (label, name, status) in enumerate(rows):
        if (label, name) in flaky:
            seen_flaky.add((label, name))
            rows[i] = (label, name, f"FLAKY ({status})" if status in ("PASS", "FAIL")
                       else f"{status} (flaky case)")
        elif (label, name) in xfail:
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
    count["FLAKY"] = sum(1 for r in rows if r[2].startswith("FLAKY ("))
    missing = sorted(xfail - seen)
    missing_skip = sorted(skip - seen_skip)
    missing_flaky = sorted(flaky - seen_flaky)
    failed = (len(rows) - count["PASS"] - count["SKIP"] - count["XFAIL"] - count["FLAKY"] +
              len(missing) + len(missing_skip) + len(missing_flaky))
    for label in empty:
        print(f"summary: {label}: no test results")
    for label, name in missing:
        print(f"summary: {label}: expected failure did not run: {name}")
    for label, name in missing_skip:
        print(f"summary: {label}: expected skip did not run: {name}")
    for label, name in missing_flaky:
        print(f"summary: {label}: flaky case did not run: {name}")
    for label, name, status in rows:
        if status == "SKIP!":
            print(f"summary: {label}: skip not listed as expected: {name}")
        elif status.endswith("(expected SKIP)"):
            print(f"summary: {label}: expected skip did not skip: {name}")
        elif status.endswith("(flaky case)"):
            print(f"summary: {label}: flaky case neither passed nor failed: {name}")
    for label, programs in ktap.items():
        for prog, status, directive in programs:
            if status != "not ok" or directive == "SKIP":
                continue
            mine = [r for r in rows if r[0] == label and
                    (r[1] == prog or r[1].startswith(prog + "."))]
            # a case that failed or crashed (listed or not) already counts
            if not any(r[2] in ("XFAIL", "FLAKY (FAIL)") or
                       r[2].startswith(("FAIL", "CRASHED", "ERROR")) for r in mine):
                print(f"summary: {label}: {prog} failed, but none of its cases did")
                failed += 1
    line = f"summary: {count['PASS']} passed, {failed} failed, {count['SKIP']} skipped"
    if xfail:
        line += f", {count['XFAIL']} failed as expected"
    if flaky:
        line += f", {count['FLAKY']} flaky"
    print(line)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump({"passed": count["PASS"], "failed": failed, "skipped": count["SKIP"],
                       "xfail": count["XFAIL"] if xfail else None,
                       "flaky": count["FLAKY"] if flaky else None, "empty": empty,
                       "line": line[len("summary: "):],
                       "cases": [{"stream": label, "name": name, "result": status}
                                 for label, name, status in rows]}, f, indent=1)
            f.write("\n")
    return 1 if failed or empty else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

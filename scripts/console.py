#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""console.py CONSOLE [--expect FILE]... [--done LINE] - judge a guest's kernel console.

The console must be free of sanitizer reports, WARNINGs, Oopses and panics,
except the KASAN or KMSAN reports an expectation file pins: lines
"COUNT PREFIX", where PREFIX is the start of a report's "BUG: KASAN: ..."
or "BUG: KMSAN: ..." line after the timestamp (for example the negative
control of the redzone after socket addresses, which reports on purpose). A
pinned report is one block from the sanitizer's "=====" line to the next;
each PREFIX must match exactly COUNT blocks, and a block that no PREFIX
claims is trouble like any other line. COUNT may be a range "MIN-MAX", for
a bug whose number of reports depends on memory it reads that nobody wrote
(the file says why, above the line).
The guest must also have finished: the console has the line --done
(default "init: all tests done", what the test kernels' /init prints; make
distro's Debian guest ends with the kernel's "reboot: Power down").

Prints the verdict; the offending lines go to --bad FILE. Exit status 0
when the console is clean, 1 otherwise, 2 on bad input.
"""
import argparse
import re
import sys

from workbench import expect_lines, sanitizer_blocks, strip_stamp

# What makes a console line trouble. The fuzzer judges the kernel log of its
# own calls with the same words (kmsg_bad in tests/guest/fuzz.c;
# tests/tools/test_console.py checks that the two lists agree).
TROUBLE_WORDS = ["BUG:", "KASAN", "UBSAN", "WARNING:", "field-spanning",
                 "detected buffer overflow", "Oops", "Kernel panic", "kernel BUG",
                 "Call Trace:"]
TROUBLE = re.compile("|".join(re.escape(w) for w in TROUBLE_WORDS))
DONE = "init: all tests done"


def read_expect(path):
    """The pinned reports of one file: [((min, max), prefix)]."""
    pins = []
    for n, line in expect_lines(path):
        m = re.match(r"^(\d+)(?:-(\d+))?\s+(BUG: K[AM]SAN: \S.*)$", line)
        lo = int(m.group(1)) if m else 0
        hi = int(m.group(2) or lo) if m else 0
        if not m or lo < 1 or hi <= lo and m.group(2):
            raise ValueError(f"{path}:{n}: not 'COUNT BUG: KASAN|KMSAN: ...' "
                             f"(COUNT: N or MIN-MAX, 0 < MIN < MAX): {line}")
        pins.append(((lo, hi), m.group(3)))
    return pins


def judge(text, pins, done=DONE):
    """(clean, messages, bad lines, pinned reports found) for a console's text."""
    lines = [strip_stamp(l) for l in text.splitlines()]
    seen = {prefix: 0 for _, prefix in pins}
    claimed = set()
    for first, last in sanitizer_blocks(lines):
        bug = lines[first + 1]
        for _, prefix in pins:
            if bug.startswith(prefix):
                seen[prefix] += 1
                claimed.update(range(first, last + 1))
                break
    msgs = []
    bad = [f"{i + 1}:{l}" for i, l in enumerate(lines)
           if i not in claimed and TROUBLE.search(l)]
    if bad:
        msgs.append("the console reports trouble:")
        msgs += ["  " + b for b in bad[:40]]
    for (lo, hi), prefix in pins:
        if not lo <= seen[prefix] <= hi:
            count = lo if lo == hi else f"{lo} to {hi}"
            msgs.append(f"expected {count} report(s) '{prefix}', found {seen[prefix]}")
    if done not in text:
        msgs.append(f"the guest did not finish its tests (no '{done}')")
    return not msgs, msgs, bad, sum(seen.values())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("console")
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--bad")
    ap.add_argument("--name", default="console")
    ap.add_argument("--done", default=DONE)
    a = ap.parse_args(argv)
    try:
        pins = [p for path in a.expect for p in read_expect(path)]
        with open(a.console, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except (OSError, ValueError) as e:
        print(f"console: {e}", file=sys.stderr)
        return 2
    clean, msgs, bad, pinned = judge(text, pins, a.done)
    if a.bad:
        with open(a.bad, "w", encoding="utf-8") as f:
            f.writelines(b + "\n" for b in bad)
    for m in msgs:
        print(f"parse: {a.name}: {m}")
    if clean:
        print(f"parse: {a.name}: console clean ({pinned} pinned sanitizer report(s) found)")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())

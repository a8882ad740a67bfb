#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""binary_identity.py - does the series change the code of what it touches?

    binary_identity.py [--reasons FILE] BASE_TREE TREE LABEL BASE_OBJ SERIES_OBJ [LABEL ...]

For every .c file the series in TREE changes (git diff base HEAD; not
the test files that BASE_TREE's own patches add, nor any other test file
by workbench.TEST_FILE) whose object was built
in both object folders, disassemble both objects with
llvm-objdump-19 (-d -r, no raw bytes, no addresses) and compare them
function by function. Branch targets and RIP-relative comments are written
as symbol+offset, so a function that only moved inside its section compares
equal. Each function that differs is classed:

  data  - the same instructions; only relocation addends into data differ
          (a string or a table moved, e.g. a longer __func__ or message)
  line  - the same instructions apart from immediates that are source line
          numbers: each differing immediate is a line of a file the series
          changes that moved by exactly that much between BASE_TREE and
          TREE (__LINE__ passed to WARN, __might_sleep, ubsan data, ...)
  kcfi  - the same instructions apart from kCFI type hashes (the hash in a
          __cfi_ preamble, the one loaded into %r10d before an indirect
          call): a prototype changed, as the series means to
  code  - the instructions differ

and printed with its reason from the --reasons FILE (for the main series
tests/expect/main.identity.reasons: lines "OBJECT FUNCTION reason";
"OBJECT * reason" covers the whole object). Markdown on stdout, one
section per LABEL. Exits 1 when a function's code differs without a
reason, when a reason no longer matches any difference (stale), or when
a LABEL had no object built in both folders (nothing was compared).
"""
import collections
import os
import re
import subprocess
import sys

import workbench as wb

OBJDUMP = os.environ.get("OBJDUMP", "llvm-objdump-19")
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TARGET = re.compile(r"0x[0-9a-f]+ <([^>]+)>")
IMM_COMMENT = re.compile(r"\s+# imm = 0x[0-9A-F]+$")
IMM = re.compile(r"\$(-?0x[0-9a-f]+)")
RELOC = re.compile(r"^\s+(R_X86_64_\S+)\s+(\S+?)([+-]0x[0-9a-f]+)?$")


def functions(obj):
    """{section/function: [normalized lines]} of one object."""
    out = subprocess.run([OBJDUMP, "-d", "-r", "--no-show-raw-insn", "--no-leading-addr", obj],
                         check=True, capture_output=True, text=True).stdout
    funcs = collections.OrderedDict()
    for section, name, lines in wb.objdump_functions(out):
        funcs.setdefault(section + " " + name, []).extend(
            IMM_COMMENT.sub("", TARGET.sub(r"<\1>", line.strip())) for line in lines)
    return funcs


def line_moves(base_tree, tree, files):
    """{(old line, new line)} for every unchanged line of @files that moved."""
    moves = set()
    for f in files:
        a, b = os.path.join(base_tree, f), os.path.join(tree, f)
        if not os.path.exists(a) or not os.path.exists(b):
            continue
        # a fixed form, whatever the user's git config and environment
        # say (colour, an external diff, hunks merged by interHunkContext)
        out = subprocess.run(["git", "diff", "--no-index", "-U0", "--no-color", "--no-ext-diff",
                              "--inter-hunk-context=0", a, b],
                             capture_output=True, text=True, env=wb.git_env()).stdout
        shift, last = 0, 1
        for line in out.splitlines():
            h = wb.hunk(line)
            if not h:
                continue
            old, oldn, _new, newn, _ = h
            start = old if oldn else old + 1
            if shift:
                moves.update((n, n + shift) for n in range(last, start))
            shift += newn - oldn
            last = old + oldn if oldn else old + 1
        if shift:
            moves.update((n, n + shift) for n in range(last, last + 20000))
    return moves


KCFI = re.compile(r"^movl\t\$-?0x[0-9a-f]+, %(r10d|eax)$")
RANK = {"data": 0, "line": 1, "kcfi": 2, "code": 3}


def classify(a, b, moves, func):
    """'data', 'line', 'kcfi' or 'code' (see the header) for two versions of @func."""
    if len(a) != len(b):
        return "code"
    kind = "data"
    for x, y in zip(a, b):
        if x == y:
            continue
        mx, my = RELOC.match(" " + x), RELOC.match(" " + y)
        if mx and my and mx.group(1) == my.group(1) and mx.group(2) == my.group(2):
            continue
        ix, iy = IMM.findall(x), IMM.findall(y)
        if IMM.sub("$", x) != IMM.sub("$", y) or len(ix) != len(iy):
            return "code"
        if all(p == q or (int(p, 16), int(q, 16)) in moves for p, q in zip(ix, iy)):
            new = "line"
        elif KCFI.match(x) and (x.endswith("%r10d") or func.startswith("__cfi_")):
            new = "kcfi"
        else:
            return "code"
        kind = max(kind, new, key=RANK.get)
    return kind


def reasons(path):
    r = {}
    if path:
        for _, line in wb.expect_lines(path):
            obj, func, why = line.split(None, 2)
            r[(obj, func)] = why
    return r


def compare(touched, base, series, why, moves, used):
    rows, built = [], 0
    for src in touched:
        obj = src[:-2] + ".o"
        a, b = os.path.join(base, obj), os.path.join(series, obj)
        if not (os.path.exists(a) and os.path.exists(b)):
            continue
        built += 1
        fa, fb = functions(a), functions(b)
        diffs = []
        for name in sorted(set(fa) | set(fb)):
            if name not in fa or name not in fb:
                kind = "only in baseline" if name in fa else "only in series"
            elif fa[name] == fb[name]:
                continue
            else:
                kind = classify(fa[name], fb[name], moves, name.split(" ", 1)[1])
            func = name.split(" ", 1)[1]
            key = (obj, func) if (obj, func) in why else (obj, "*")
            if key in why:
                used.add(key)
            diffs.append((func, kind, why.get(key)))
        rows.append((obj, len(fb), diffs))
    return built, rows


def main():
    args = sys.argv[1:]
    path = None
    if args[:1] == ["--reasons"]:
        path, args = args[1], args[2:]
    if len(args) < 5:
        sys.exit(__doc__)
    base_tree, tree, sets = args[0], args[1], args[2:]
    if not sets or len(sets) % 3:
        sys.exit(__doc__)
    changed = subprocess.run(["git", "-C", tree, "diff", "--name-only", "base", "HEAD"],
                             check=True, capture_output=True, text=True).stdout.split()
    # The baseline's own patches are tests (the KUnit suite): not the series' code.
    tests = set(subprocess.run(["git", "-C", base_tree, "diff", "--name-only", "base", "HEAD"],
                               check=True, capture_output=True, text=True).stdout.split())
    touched = [f for f in changed if f.endswith(".c") and f not in tests and not wb.is_test_file(f)]
    moves = line_moves(base_tree, tree, [f for f in changed if f.endswith((".c", ".h"))])
    why = reasons(path)
    used = set()
    unexplained = 0
    empty = []
    for i in range(0, len(sets), 3):
        label, base, series = sets[i:i + 3]
        built, rows = compare(touched, base, series, why, moves, used)
        if not built:
            empty.append(label)
        same = sum(1 for r in rows if not r[2])
        code = sum(1 for r in rows if any(d[1] not in RANK or d[1] == "code" for d in r[2]))
        pct = 100.0 * same / built if built else 0.0
        pct2 = 100.0 * (built - code) / built if built else 0.0
        print(f"### {label}\n")
        print(f"**{same} of {built}** touched objects have identical code ({pct:.1f} %); "
              f"**{built - code} of {built}** ({pct2:.1f} %) when moved source line numbers, "
              f"data offsets and kCFI type hashes are not counted; {code} differ in code. "
              f"({len(touched) - built} of the {len(touched)} touched .c files outside the tests "
              f"are not built "
              f"in this configuration.)\n")
        if built == same:
            continue
        print("| object | functions | differ | function: kind, reason |")
        print("|---|---:|---:|---|")
        for obj, nfunc, diffs in rows:
            if not diffs:
                continue
            cells = []
            for func, kind, reason in diffs:
                if reason is None and (kind == "code" or kind not in RANK):
                    unexplained += 1
                cells.append(f"`{func}`: {kind}" + (f", {reason}" if reason else ""))
            print(f"| {obj} | {nfunc} | {len(diffs)} | {'<br>'.join(cells)} |")
        print()
    stale = sorted(set(why) - used)
    shown = os.path.relpath(path, TOP) if path else "(no reasons file)"
    print(f"Functions whose code differs without a reason in {shown}: "
          f"{unexplained}; stale reasons: {len(stale)}.\n")
    for obj, func in stale:
        print(f"- stale: {obj} {func}")
    for label in empty:
        print(f"- {label}: no touched object was built in both folders: nothing compared")
    sys.exit(1 if unexplained or stale or empty else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check_getname_buffers.py TREE [REASONS [EXPECTED]] - the buffers handed to
proto_ops::getname, kernel_getsockname() and kernel_getpeername().

getname writes a whole address of the socket's own family (28 bytes for
AF_INET6, up to 110 for AF_UNIX) and relies on the caller to have room for
any family: a struct sockaddr_storage. A caller that passes a smaller object
is safe only if the socket's family is known to it (a socket it created
itself); otherwise it is a stack overflow, as in usnic before "RDMA/usnic:
read the socket name into a struct sockaddr_storage".

Every call whose buffer argument is a cast of the address of a variable
("(struct sockaddr *)&x", "(struct sockaddr_storage *)&x.y") is checked:
the declaration of x in the same file, before the call, must be a struct
sockaddr_storage or a union that holds one. Other arguments (pointers that
are passed through) are counted but not resolved here; without a cast the
compiler checks the type once getname takes a struct sockaddr_storage.

REASONS lists the smaller buffers that are known to be safe, one per line:
"FILE VARIABLE reason". Exit 1 on a smaller buffer without a reason, or on
a reason that matches nothing (stale).

EXPECTED, for a tree that still has the overruns (plain 6.12.118), lists
them, "FILE VARIABLE" per line: then the smaller buffers without a reason
must be exactly these, no more and no fewer (the regression check of a fix
that no guest can run)."""
import re
import subprocess
import sys

import workbench as wb

CALL = re.compile(r"(->getname|\bkernel_getsockname|\bkernel_getpeername)\s*\(")
CAST = re.compile(r"^\(\s*(?:const\s+)?struct\s+\w+\s*\*\s*\)\s*&\s*(\w+)(?:\.\w+)*$")


def args_of(text, i):
    """The top-level arguments of the call whose '(' is just before text[i]."""
    depth, start, out = 1, i, []
    while depth and i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if (c == "," and depth == 1) or depth == 0:
            out.append(" ".join(text[start:i].split()))
            start = i + 1
        i += 1
    return out


def declared_type(text, end, name):
    """The type of the last declaration of @name in text[:end], or None."""
    best = None
    for m in re.finditer(r"(union\s*\{[^{}]*\}|struct\s+\w+)\s+" + name + r"\s*[;=\[]",
                         text[:end]):
        best = m.group(1)
    return best


def main(argv):
    tree = argv[1]
    reasons = {}
    if len(argv) > 2:
        for _, line in wb.expect_lines(argv[2], inline=True):
            f, var, why = line.split(None, 2)
            reasons[(f, var)] = why
    expected = None
    if len(argv) > 3:
        expected = []
        for n, line in wb.expect_lines(argv[3], inline=True):
            fields = line.split()
            if len(fields) != 2:
                sys.exit(f"check-getname-buffers: {argv[3]}:{n}: not 'FILE VARIABLE': {line}")
            expected.append(tuple(fields))
        expected.sort()
    grep = subprocess.run(["git", "-C", tree, "grep", "-l", "-E",
                           r"(->getname|kernel_getsockname|kernel_getpeername)\s*\(",
                           "--", "*.c", "*.h", ":!tools", ":!Documentation"],
                          capture_output=True, text=True, check=False)
    # git grep: 1 is "no match" (then "found no call" below), more is an error
    if grep.returncode > 1:
        sys.exit(f"check-getname-buffers: git grep failed in {tree}: {grep.stderr.strip()}")
    files = grep.stdout.split()
    calls = resolved = 0
    found, used = [], set()
    for rel in files:
        text = open(f"{tree}/{rel}", errors="replace").read()
        for m in CALL.finditer(text):
            args = args_of(text, m.end())
            # the prototypes in include/linux/net.h and the definitions in net/socket.c
            if len(args) < 2 or args[1].startswith("struct ") or args[0].startswith("struct "):
                continue
            calls += 1
            cast = CAST.match(args[1])
            if not cast:
                continue
            resolved += 1
            var = cast.group(1)
            typ = declared_type(text, m.start(), var)
            if typ == "struct sockaddr_storage" or (typ and typ.startswith("union")
                                                    and "sockaddr_storage" in typ):
                continue
            line = text.count("\n", 0, m.start()) + 1
            if (rel, var) in reasons:
                used.add((rel, var))
                continue
            found.append((rel, var,
                          f"{rel}:{line}: {args[1]}: {var} is {typ or 'not declared in this file'}"))
    for _, _, f in found:
        print(f"check-getname-buffers: smaller than struct sockaddr_storage: {f}")
    stale = sorted(set(reasons) - used)
    for f, var in stale:
        print(f"check-getname-buffers: stale reason: {f} {var}")
    print(f"check-getname-buffers: {calls} calls, {resolved} with a cast of a variable's "
          f"address, {len(found) + len(used)} smaller than sockaddr_storage "
          f"({len(used)} with a reason, {len(found)} without)")
    if not calls:
        print("check-getname-buffers: found no call to check")
        return 1
    if expected is not None:
        seen = sorted((f, var) for f, var, _ in found)
        if seen != expected:
            print(f"check-getname-buffers: expected exactly {expected}, found {seen}")
            return 1
        print(f"check-getname-buffers: the {len(seen)} expected overrun buffer(s), no other")
        return 1 if stale else 0
    return 1 if found or stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

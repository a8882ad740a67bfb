#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check_prototypes.py TREE - the address argument of the socket callbacks the
series converts has the new type, in the member declaration and in every
function the tree assigns to it:

  proto_ops::getname              struct sockaddr_storage *
  proto_ops::bind, ::connect      struct sockaddr_unsized *
  proto::bind, ::connect,
  proto::pre_connect              struct sockaddr_unsized *

Implementations are the functions named in the initialisers of every
"struct proto_ops NAME = {...}" and "struct proto NAME = {...}" outside test
files (getname: every ".getname = f" in the tree). Prints one count line per callback; exit 1
listing any declaration or definition that takes another type, and if a
callback has no implementation at all (nothing was checked)."""
import pathlib
import re
import subprocess
import sys

import workbench as wb

# (struct, member, first parameter type, expected address type, header)
CALLBACKS = [
    ("proto_ops", "getname", "socket", "sockaddr_storage", "include/linux/net.h"),
    ("proto_ops", "bind", "socket", "sockaddr_unsized", "include/linux/net.h"),
    ("proto_ops", "connect", "socket", "sockaddr_unsized", "include/linux/net.h"),
    ("proto", "bind", "sock", "sockaddr_unsized", "include/net/sock.h"),
    ("proto", "connect", "sock", "sockaddr_unsized", "include/net/sock.h"),
    ("proto", "pre_connect", "sock", "sockaddr_unsized", "include/net/sock.h"),
]
INIT = re.compile(r"struct\s+(proto_ops|proto)\s+\w+\s*(?:__\w+(?:\([^)]*\))?\s*)*=\s*\{")


def git_grep(tree, *args):
    """The files of TREE that match (git grep -l ...). git grep exits 1 when
    nothing matches; anything else but 0 (not a git tree, a bad pattern) is
    an error, not an empty answer."""
    out = subprocess.run(["git", "-C", str(tree), "grep", *args, "--", "*.c", "*.h",
                          ":!tools", ":!Documentation", ":!scripts"],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit(f"check-prototypes: git grep {' '.join(args)} in {tree} failed "
                         f"(exit {out.returncode}): {out.stderr.strip()}")
    return out.stdout.split()


def past_closing(text, i, pair):
    """Index just past the bracket that closes the one opened before text[i]."""
    depth = 1
    while depth and i < len(text):
        depth += {pair[0]: 1, pair[1]: -1}.get(text[i], 0)
        i += 1
    return i


def initialisers(tree):
    """{(struct, member): {function: {files}}} from the proto/proto_ops initialisers."""
    found = {}
    for rel in git_grep(tree, "-l", "-E", r"struct (proto_ops|proto)\s"):
        if wb.is_test_file(rel):
            continue
        text = (tree / rel).read_text(errors="replace")
        for m in INIT.finditer(text):
            body = text[m.end():past_closing(text, m.end(), "{}")]
            for member, fn in re.findall(r"\.(\w+)\s*=\s*(\w+)", body):
                found.setdefault((m.group(1), member), {}).setdefault(fn, set()).add(rel)
    # getname: every assignment, whatever the initialiser looks like.
    for rel in git_grep(tree, "-l", r"\.getname"):
        if wb.is_test_file(rel):
            continue
        text = (tree / rel).read_text(errors="replace")
        for fn in re.findall(r"\.getname\s*=\s*(\w+)", text):
            found.setdefault(("proto_ops", "getname"), {}).setdefault(fn, set()).add(rel)
    return found


DEFN = re.compile(r"\bint\s+(?:__\w+\s+)*(\w+)\s*\(\s*struct\s+(socket|sock)\s*\*\s*\w*\s*,"
                  r"\s*(?:const\s+)?struct\s+(\w+)\s*\*", re.S)


def definitions(tree):
    """{(function, first parameter type): [(file, address type)]} for every
    int f(struct socket|sock *, struct X *, ...) in the tree."""
    defs = {}
    for rel in git_grep(tree, "-l", "-E", r"int\s.*\(\s*struct\s+(socket|sock)\s*\*"):
        text = (tree / rel).read_text(errors="replace")
        for m in DEFN.finditer(text):
            # A definition, not a declaration: the parameter list is followed by a body.
            if text[past_closing(text, m.end(), "()"):].lstrip().startswith("{"):
                defs.setdefault((m.group(1), m.group(2)), []).append((rel, m.group(3)))
    return defs


def implementations(found, alldefs, struct, member, first):
    """Yield (function, initialiser's file, definition's file, address type)
    for every implementation of struct::member (scripts/coverage.py uses it
    too). An implementation is a definition: a static function defined in
    the initialiser's file, else the (global) definitions of that name; one
    whose definition is not found has type None and the initialiser's file."""
    for fn, files in sorted(found.get((struct, member), {}).items()):
        defs = alldefs.get((fn, first), [])
        for where in sorted(files):
            if not defs:
                yield fn, where, where, None
            for rel, typ in [d for d in defs if d[0] == where] or defs:
                yield fn, where, rel, typ


def main(tree):
    tree = pathlib.Path(tree)
    found = initialisers(tree)
    alldefs = definitions(tree)
    bad = []
    for struct, member, first, want, header in CALLBACKS:
        decl = re.findall(r"int\s*\(\s*\*" + member + r"\s*\)\s*\(\s*struct\s+" + first +
                          r"\s*\*\s*\w*\s*,\s*struct\s+(\w+)\s*\*",
                          (tree / header).read_text())
        if decl != [want]:
            bad.append(f"{header}: {struct}::{member} takes struct {decl} *")
        impls, ok = set(), set()
        for fn, where, rel, typ in implementations(found, alldefs, struct, member, first):
            impls.add((fn, rel))
            if typ is None:
                bad.append(f"{where}: .{member} = {fn}: definition not found")
            elif typ == want:
                ok.add((fn, rel))
            elif f"{rel}: {fn}() takes struct {typ} *" not in bad:
                bad.append(f"{rel}: {fn}() takes struct {typ} *")
        impls, ok = len(impls), len(ok)
        if not impls:
            bad.append(f"{struct}::{member}: no implementation found (nothing was checked)")
        print(f"check-prototypes: {struct}::{member}: {impls} implementations, "
              f"{ok} take struct {want} *")
    for line in bad:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check-getname.py TREE - every function assigned to a .getname member in the
tree, and the proto_ops::getname member itself, must take
struct sockaddr_storage *. Prints the count; exit 1 listing any that do not."""
import pathlib
import re
import subprocess
import sys

ASSIGN = re.compile(r"\.getname\s*=\s*(\w+)")
DEFN = re.compile(r"\bint\s+(\w+)\s*\(\s*struct\s+socket\s*\*\s*\w*\s*,"
                  r"\s*struct\s+(\w+)\s*\*", re.S)
MEMBER = re.compile(r"int\s*\(\s*\*getname\s*\)\s*\(\s*struct\s+socket\s*\*\s*\w*\s*,"
                    r"\s*struct\s+(\w+)\s*\*", re.S)


def main(tree):
    tree = pathlib.Path(tree)
    assigned, defined = {}, {}
    grep = subprocess.run(["git", "-C", str(tree), "grep", "-l", "getname", "--",
                           "*.c", "*.h", ":!tools", ":!Documentation", ":!scripts"],
                          capture_output=True, text=True, check=True)
    for rel in grep.stdout.split():
        text = (tree / rel).read_text(errors="replace")
        for name in ASSIGN.findall(text):
            assigned.setdefault(name, rel)
        for name, typ in DEFN.findall(text):
            defined.setdefault(name, []).append((rel, typ))
    bad, bad_impl = [], set()
    member = MEMBER.findall((tree / "include/linux/net.h").read_text())
    if member != ["sockaddr_storage"]:
        bad.append(f"include/linux/net.h: proto_ops::getname takes struct {member}")
    for name, where in sorted(assigned.items()):
        if name not in defined:
            bad.append(f"{where}: .getname = {name}: definition not found")
            bad_impl.add(name)
            continue
        for rel, typ in defined[name]:
            if typ != "sockaddr_storage":
                bad.append(f"{rel}: {name}() takes struct {typ} *")
                bad_impl.add(name)
    files = {rel for n in assigned if n in defined for rel, _ in defined[n]
             if rel.endswith(".c")}
    print(f"check-getname: {len(assigned)} getname implementations in {len(files)} .c files, "
          f"{len(assigned) - len(bad_impl)} take struct sockaddr_storage *")
    for line in bad:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

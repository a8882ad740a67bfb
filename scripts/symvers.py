#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""symvers.py BASE NEW [NEW...] - what each kernel build NEW costs a
distribution against BASE in exported symbols: the Module.symvers files
of two builds with CONFIG_MODVERSIONS (make distro-cost: Debian's config,
gcc-12), compared symbol by symbol. A symbol whose CRC differs makes
every module built against BASE that uses it refuse to load into NEW
("disagrees about version of symbol"): Debian must bump its kernel ABI
name, and rebuild the out-of-tree modules.

For each NEW (a path, named by its folder's series: BUILD/SERIES/distro/
obj/Module.symvers) one line

    symvers: SERIES: N exported, C CRCs changed, A added, R removed

and, with --list FILE, FILE gets one line per changed, added or removed
symbol: "SERIES changed|added|removed SYMBOL MODULE". Fails on a file that
is not a Module.symvers (a line without the five tab-separated fields of
kbuild's format, or CRCs of 0x00000000 only: a build without
MODVERSIONS has nothing to compare)."""
import argparse
import os
import re
import sys

CRC = re.compile(r"^0x[0-9a-f]{8}$")


def read_symvers(path):
    """{symbol: (crc, module)} of a Module.symvers (kbuild's format:
    CRC, symbol, module, export type, namespace; tab-separated)."""
    syms = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            fields = line.split("\t")
            if len(fields) != 5 or not CRC.match(fields[0]) or not fields[1]:
                raise ValueError(f"{path}:{n}: not a Module.symvers line: {line!r}")
            syms[fields[1]] = (fields[0], fields[2])
    if not syms:
        raise ValueError(f"{path}: no exported symbols")
    if all(crc == "0x00000000" for crc, _ in syms.values()):
        raise ValueError(f"{path}: every CRC is 0x00000000 (built without CONFIG_MODVERSIONS?)")
    return syms


def compare(base, new):
    """The symbols whose CRC changed, the ones NEW added and the ones it
    removed, each sorted."""
    changed = sorted(s for s in base.keys() & new.keys() if base[s][0] != new[s][0])
    added = sorted(new.keys() - base.keys())
    removed = sorted(base.keys() - new.keys())
    return changed, added, removed


def series_of(path):
    """BUILD/SERIES/distro/obj/Module.symvers -> SERIES."""
    parts = os.path.normpath(os.path.abspath(path)).split(os.sep)
    if len(parts) >= 4 and parts[-3:-1] == ["distro", "obj"]:
        return parts[-4]
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base")
    ap.add_argument("new", nargs="+")
    ap.add_argument("--list", help="write every changed, added or removed symbol here")
    a = ap.parse_args()
    try:
        base = read_symvers(a.base)
        rows = []
        out = []
        for path in a.new:
            new = read_symvers(path)
            changed, added, removed = compare(base, new)
            name = series_of(path)
            out.append(f"symvers: {name}: {len(new)} exported, {len(changed)} CRCs changed, "
                       f"{len(added)} added, {len(removed)} removed")
            for kind, syms, table in (("changed", changed, new), ("added", added, new),
                                      ("removed", removed, base)):
                rows += [f"{name} {kind} {s} {table[s][1]}" for s in syms]
    except (OSError, ValueError) as e:
        print(f"symvers: {e}", file=sys.stderr)
        return 1
    print(f"symvers: {series_of(a.base)}: {len(base)} exported (the base)")
    print("\n".join(out))
    if a.list:
        with open(a.list, "w", encoding="utf-8") as f:
            f.write("".join(r + "\n" for r in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

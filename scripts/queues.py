#!/usr/bin/python3
"""The patch queues: which patches of patches/series a series name takes.

patches/series lists every patch once, in the order they apply, under
"# Part X, ..." comments. patches/queues names the queues made from it
and the parts each takes ("main A B C D E"); a queue is those parts'
patches in the order of the series file. A series name that is not a
queue is a folder of its own, patches-NAME/series (the other design,
"legacy"), taken whole; a line "%part X" there stands for the patches of
part X of patches/series, so that no patch name is copied.

    queues.py patches SERIES      the patch files, one absolute path a line
    queues.py parts SERIES        the parts it takes, as one word ("ABDE";
                                 "-" for a folder series)
    queues.py part PART           the patch files of one part of patches/series
    queues.py names               the queues of patches/queues

Each kernel tree has its own queue: patches/ is the series for 6.12
(linux-source-6.12); the backports to another tree are in patches/KERNEL/
(patches/6.1/: series, queues and patches of their own, made the same
way; no folder series). "--kernel KERNEL" before the command picks it
(a profile's KERNEL line; 6.12 when not given).

lib.sh (series_patches, series_part) and coverage.py use it; it fails on
a queue that names a part the series file lacks, a part with no patch, a
patch before the first part comment, a patch listed twice, and a patch
file that does not exist.
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class QueueError(Exception):
    pass


def _lines(path):
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            yield n, line.strip()


def parts(series_file):
    """{part: [patch file name, ...]} of a series file with part comments,
    and the parts in their order."""
    found, order, part, seen = {}, [], None, set()
    for n, line in _lines(series_file):
        if line.startswith("# Part "):
            part = line[len("# Part "):].split()[0].rstrip(",:")
            if part in found:
                raise QueueError(f"{series_file}:{n}: part {part} twice")
            found[part] = []
            order.append(part)
        elif line and not line.startswith("#"):
            if part is None:
                raise QueueError(f"{series_file}:{n}: {line} before any part")
            if line in seen:
                raise QueueError(f"{series_file}:{n}: {line} listed twice")
            seen.add(line)
            found[part].append(line)
    for p in order:
        if not found[p]:
            raise QueueError(f"{series_file}: part {p} has no patch")
    return found, order


def queues(queues_file):
    """{queue name: [part, ...]} of patches/queues."""
    out = {}
    for n, line in _lines(queues_file):
        if not line or line.startswith("#"):
            continue
        name, *want = line.split()
        if not want or name in out:
            raise QueueError(f"{queues_file}:{n}: bad line: {line}")
        out[name] = want
    return out


DEFAULT_KERNEL = "6.12"


def patch_dir(kernel=DEFAULT_KERNEL, top=TOP):
    """The folder of the queues of KERNEL's tree."""
    if kernel == DEFAULT_KERNEL:
        return os.path.join(top, "patches")
    d = os.path.join(top, "patches", kernel)
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)+", kernel) or not os.path.isfile(os.path.join(d, "series")):
        raise QueueError(f"no queue for kernel {kernel!r}: no {d}/series")
    return d


def resolve(series, top=TOP, kernel=DEFAULT_KERNEL):
    """(patch paths, parts string) of a series name; every file must exist."""
    paths, taken = _resolve(series, top, kernel)
    for p in paths:
        if not os.path.isfile(p):
            raise QueueError(f"{series}: no patch file {p}")
    return paths, taken


def _resolve(series, top, kernel):
    pdir = patch_dir(kernel, top)
    qs = queues(os.path.join(pdir, "queues"))
    if series not in qs and kernel != DEFAULT_KERNEL:
        raise QueueError(f"no queue {series} in {pdir}/queues")
    if series not in qs:
        f = os.path.join(top, f"patches-{series}", "series")
        if not os.path.exists(f):
            raise QueueError(f"no queue {series} in patches/queues and no {f}")
        d, out = os.path.dirname(f), []
        for n, line in _lines(f):
            if not line or line.startswith("#"):
                continue
            if line.startswith("%part "):
                found, _ = parts(os.path.join(pdir, "series"))
                want = line.split()[1]
                if want not in found:
                    raise QueueError(f"{f}:{n}: patches/series has no part {want}")
                out += [os.path.join(pdir, p) for p in found[want]]
            else:
                out.append(os.path.join(d, line))
        return out, ""
    found, order = parts(os.path.join(pdir, "series"))
    for p in qs[series]:
        if p not in found:
            raise QueueError(f"queue {series}: {pdir}/series has no part {p}")
    take = [p for p in order if p in qs[series]]
    return [os.path.join(pdir, n) for p in take for n in found[p]], "".join(take)


def main(argv):
    kernel = DEFAULT_KERNEL
    if argv[1:2] == ["--kernel"] and len(argv) > 2:
        kernel = argv[2]
        argv = argv[:1] + argv[3:]
    try:
        pdir = patch_dir(kernel)
        if argv[1:] == ["names"]:
            print("\n".join(queues(os.path.join(pdir, "queues"))))
            return 0
        if len(argv) != 3 or argv[1] not in ("patches", "parts", "part"):
            print(__doc__, file=sys.stderr)
            return 2
        if argv[1] == "part":
            found, _ = parts(os.path.join(pdir, "series"))
            if argv[2] not in found:
                raise QueueError(f"{pdir}/series has no part {argv[2]}")
            print("\n".join(os.path.join(pdir, n) for n in found[argv[2]]))
            return 0
        paths, taken = resolve(argv[2], kernel=kernel)
        print("\n".join(paths) if argv[1] == "patches" else taken or "-")
        return 0
    except QueueError as e:
        print(f"queues.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

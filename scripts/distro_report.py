#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""distro_report.py BUILD BASE SERIES - make distro's figures as markdown.

Reads, for the runs BASE and SERIES (folders under BUILD: none/distro,
main/distro), what the stages of make distro wrote into them: kernel.txt (scripts/distro-kernel.sh: "key value" lines,
one "deb NAME BYTES" line per package), boot.txt (scripts/distro-boot.sh:
the host's seconds and systemd-analyze's line), result.log (the system
test's KTAP), and SERIES' compare.json (the comparison).
Exit status 2 when an input is missing or malformed: a table with holes
says nothing.
"""
import json
import re
import sys


class BadInput(Exception):
    pass


def read_pairs(path):
    """'key value' lines -> {key: value}; 'deb NAME BYTES' -> debs."""
    pairs, debs = {}, {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line:
                continue
            key, _, value = line.partition(" ")
            if not value:
                raise BadInput(f"{path}:{n}: no value: {line}")
            if key == "deb":
                name, _, size = value.rpartition(" ")
                if not name or not size.isdigit():
                    raise BadInput(f"{path}:{n}: not 'deb NAME BYTES': {line}")
                debs[name] = int(size)
            else:
                pairs[key] = value
    return pairs, debs


RESULT = re.compile(r"^(ok|not ok) (\d+) (\S+)$")
PLAN = re.compile(r"^1\.\.(\d+)$")


def read_result(path):
    """The checks of a result.log (KTAP: a plan, then one result line per
    check): ([(ok, name)], (tests, passed, failed))."""
    checks, plan = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = PLAN.match(line)
            if m:
                if plan is not None or checks:
                    raise BadInput(f"{path}: a second plan or one after a result: {line}")
                plan = int(m.group(1))
            m = RESULT.match(line)
            if m:
                if int(m.group(2)) != len(checks) + 1:
                    raise BadInput(f"{path}: check {m.group(2)} out of order")
                checks.append((m.group(1) == "ok", m.group(3)))
    if plan is None:
        raise BadInput(f"{path}: no plan (1..N)")
    if plan != len(checks):
        raise BadInput(f"{path}: the plan says {plan} checks, {len(checks)} reported")
    passed = sum(ok for ok, _ in checks)
    return checks, (len(checks), passed, len(checks) - passed)


def guest_time(boot):
    """systemd-analyze's 'Startup finished in ... = Ns' -> 'Ns'."""
    line = boot.get("guest", "")
    m = re.search(r"= ([0-9.]+(?:min )?[0-9.]*m?s)\s*$", line)
    return m.group(1) if m else "?"


def report(d, base, series):
    kernels = {}
    for k in (base, series):
        kt, debs = read_pairs(f"{d}/{k}/kernel.txt")
        bt, _ = read_pairs(f"{d}/{k}/boot.txt")
        checks, total = read_result(f"{d}/{k}/result.log")
        image = [v for n, v in debs.items() if n.startswith("linux-image-")]
        if len(image) != 1:
            raise BadInput(f"{d}/{k}/kernel.txt: {len(image)} linux-image packages")
        kernels[k] = (kt, debs, image[0], bt, checks, total)
    with open(f"{d}/{series}/compare.json", encoding="utf-8") as f:
        cmp = json.load(f)
    # a run's folder is SERIES/distro: the series names its column
    out = [f"| | {base.split('/')[0]} | {series.split('/')[0]} |", "|---|---|---|"]

    def row(label, fn):
        out.append(f"| {label} | " + " | ".join(str(fn(kernels[k])) for k in (base, series)) + " |")

    row("compiler", lambda k: k[0]["compiler"])
    row("config (Debian flavour, reduced)", lambda k: f"{k[0]['flavour']}: {k[0]['config_y']} =y, {k[0]['config_m']} =m")
    row("modules built", lambda k: k[0]["modules"])
    row("build + bindeb-pkg, full build in an empty obj/ (s)",
        lambda k: k[0].get("build_full_seconds", "not measured"))
    row("build + bindeb-pkg, the last time it ran (s)", lambda k: k[0]["build_seconds"])
    row("vmlinux text / data / bss (bytes)", lambda k: " / ".join(k[0]["vmlinux_text_data_bss"].split()))
    row("bzImage (bytes)", lambda k: k[0]["bzImage_bytes"])
    row("linux-image .deb (bytes)", lambda k: k[2])
    row("QEMU start to power-off (s)", lambda k: k[3]["boot_seconds"])
    row("systemd: boot to multi-user (guest clock)", lambda k: guest_time(k[3]))
    row("system test", lambda k: f"{k[5][1]}/{k[5][0]} passed, {k[5][2]} failed")
    names = {k: [n for _, n in v[4]] for k, v in kernels.items()}
    out.append("")
    out.append(f"Checks: {', '.join(names[series])}.")
    if names[base] != names[series]:
        out.append(f"The two kernels ran different checks: {names[base]} vs {names[series]}.")
    out.append("")
    out.append(f"Result lines compared: {cmp['lines']}; {cmp['differ']} differ, "
               f"{cmp['intended']} of them intended; unexpected {cmp['unexpected']}, stale {cmp['stale']}.")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 4:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    try:
        sys.stdout.write(report(*argv[1:]))
    except (OSError, KeyError, ValueError, BadInput) as e:
        print(f"distro-report: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

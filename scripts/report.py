#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py BUILD SERIES [OTHER ...] - write the Markdown report of `make report`.

Everything in it is measured from what scripts/report.sh left in BUILD:
the baseline (none) and SERIES test kernels and their allmodconfig objects
of the files SERIES touches, the two benchmark kernels (NAME/bench) and
their guest benchmark transcripts, the abi-layout output, the KMSAN
kernel of make kmsan (BUILD/SERIES/kmsan) and the kernel selftests'
results (guest.json, compare-selftests.json), and make distro's summary
when it ran (distro/summary.md); for each
OTHER design (a series booted with make run SERIES=OTHER, such as legacy)
a side-by-side table. Markdown on stdout.
"""
import collections
import datetime
import glob
import json
import os
import re
import statistics
import subprocess
import sys

import workbench as wb

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def header(build, series):
    tree = f"{build}/{series}/linux"
    rev = run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"]).strip()
    dirty = run(["git", "-C", TOP, "status", "--porcelain", "--untracked-files=no"]).strip()
    version = run(["make", "-s", "-C", tree, "kernelversion"]).strip()
    clang = run(["clang-19", "--version"]).splitlines()[0]
    patches = run(["git", "-C", tree, "log", "--oneline", "base..HEAD"]).splitlines()
    stat = run(["git", "-C", tree, "diff", "--shortstat", "base", "HEAD"]).strip()
    code = run(["git", "-C", tree, "diff", "--shortstat", "base", "HEAD", "--",
                ".", ":!*kunit*"]).strip()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# Results: the `{series}` series against the baseline\n")
    print(f"Measured {now} by `make report` (workbench {rev}{' with local changes' if dirty else ''})"
          f" on Linux {version}, {clang}. Baseline: `none` (6.12.118 with only the test patches: the KUnit bounds suite and "
          f"the KASAN redzone after socket addresses); "
          f"series: `{series}`, {len(patches)} patches: {stat} ({code} outside the KUnit tests).\n")


def reasons_arg(series):
    """--reasons tests/expect/SERIES.identity.reasons, when the series has one."""
    path = f"{TOP}/tests/expect/{series}.identity.reasons"
    return ["--reasons", path] if os.path.exists(path) else []


def identity(build, series):
    print("## 1. Binary identity\n")
    print("Every object of a `.c` file the series touches, disassembled "
          "(`llvm-objdump-19 -d -r`, addresses dropped) in both kernels and compared "
          "function by function (scripts/binary_identity.py; the reason for each code "
          "difference is in tests/expect/SERIES.identity.reasons).\n")
    sets = []
    for label, sub in (("benchmark config (no sanitizers)", "{}/bench/obj"),
                       ("test config (KASAN, UBSAN, FORTIFY)", "{}/obj"),
                       ("x86_64 allmodconfig", "{}/allmod")):
        base, ser = f"{build}/{sub.format('none')}", f"{build}/{sub.format(series)}"
        if os.path.isdir(base) and os.path.isdir(ser):
            sets += [label, base, ser]
    sys.stdout.flush()
    subprocess.run([sys.executable, f"{TOP}/scripts/binary_identity.py"] + reasons_arg(series) +
                   [f"{build}/none/linux", f"{build}/{series}/linux"] + sets, check=True)


def layout(build, series):
    print("## 2. ABI layout and warning census\n")
    out = open(f"{build}/report/abi-layout-{series}.txt").read().strip()
    print("`make abi-layout` (also part of `make check`): every header that holds a sockaddr, "
          "compiled with kbuild's own flags in both trees, compared with pahole.\n")
    print("```\n" + out + "\n```\n")
    counts = {}
    for s in ("none", series):
        path = f"{build}/{series}/abi/{s}.census"
        for line in open(path) if os.path.exists(path) else []:
            f = line.split(":")[0]
            counts.setdefault(f, {}).setdefault(s, 0)
            counts[f][s] += 1
    if counts:
        print(f"| header | baseline sites | {series} sites |")
        print("|---|---:|---:|")
        for f in sorted(counts):
            print(f"| {f} | {counts[f].get('none', 0)} | {counts[f].get(series, 0)} |")
        print()


def bloat(build, series):
    print("## 3. Size\n")
    for label, sub in (("benchmark config", "{}/bench/obj"), ("test config", "{}/obj")):
        a, b = f"{build}/{sub.format('none')}/vmlinux", f"{build}/{sub.format(series)}/vmlinux"
        if not (os.path.exists(a) and os.path.exists(b)):
            continue
        out = run([f"{build}/{series}/linux/scripts/bloat-o-meter", a, b]).splitlines()
        print(f"`scripts/bloat-o-meter` baseline -> {series}, {label}:\n")
        print("```\n" + "\n".join(out[:24]) + ("\n..." if len(out) > 24 else "") + "\n```\n")
    stacks(build, series)


def frames(obj):
    """{function: bytes its prologue reserves (pushes + sub of %rsp)} of one object.

    scripts/checkstack.pl adds up every "add/sub $N, %rsp" of a function,
    and clang gives a function one epilogue per return, so on x86_64 it
    reports a multiple of the frame; the prologue says what it is.
    """
    out = run(["llvm-objdump-19", "-d", "--no-show-raw-insn", "--no-leading-addr", obj])
    res = {}
    for _section, name, lines in wb.objdump_functions(out):
        res[name] = 0
        for line in lines[:17]:
            ins = line.split("#")[0].strip()
            if ins.startswith("pushq"):
                res[name] += 8
            m = re.match(r"^subq\t\$(0x[0-9a-f]+), %rsp$", ins)
            if m:
                res[name] += int(m.group(1), 16)
                break
    return res


def stacks(build, series):
    tree = f"{build}/{series}/linux"
    a, b = f"{build}/none/bench/obj", f"{build}/{series}/bench/obj"
    files = run(["git", "-C", tree, "diff", "--name-only", "base", "HEAD", "--", "*.c"]).split()
    rows = []
    for f in files:
        o = f[:-2] + ".o"
        if not (os.path.exists(f"{a}/{o}") and os.path.exists(f"{b}/{o}")):
            continue
        fa, fb = frames(f"{a}/{o}"), frames(f"{b}/{o}")
        for fn in sorted(set(fa) | set(fb)):
            if fa.get(fn) != fb.get(fn) or fn == "do_setlink":
                rows.append((o, fn, fa.get(fn, 0), fb.get(fn, 0)))
    print("Stack frames of every touched function whose frame changed, and of do_setlink "
          "(benchmark config; the bytes the prologue reserves, pushes and `sub $N, %rsp`: "
          "`scripts/checkstack.pl` adds up every epilogue's `add` too, so on x86_64 it "
          "reports multiples of the frame):\n")
    print(f"| object | function | baseline bytes | {series} bytes | change |")
    print("|---|---|---:|---:|---:|")
    for o, fn, x, y in rows:
        print(f"| {o} | {fn} | {x} | {y} | {y - x:+d} |")
    print()


def bench_runs(path):
    """{loop: [ns per operation of each run]} of the benchmark's JSON
    (tests/bench/sockaddr_bench.c); one that is not whole stops the report."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        runs = {loop["name"]: [ns / loop["n"] for ns in loop["ns"]] for loop in doc["loops"]}
        short = [name for name, r in runs.items() if len(r) != doc["runs"] or not r]
        if short:
            raise ValueError(f"not {doc['runs']} runs in {', '.join(short)}")
        return runs
    except (ValueError, KeyError, TypeError, ZeroDivisionError) as e:
        sys.exit(f"report: {path}: not the benchmark's JSON ({e!r})")


# The series must not make a benchmark loop slower by more than 1 %: the
# speed (baseline ns / series ns) of every loop's median is at least this.
BENCH_GOAL = 0.99


def bench(build, series):
    """Section 4: the benchmark kernels' loops, side by side; the report
    fails when a loop misses BENCH_GOAL, when the two kernels ran different
    loops, or when there is nothing to compare."""
    print("## 4. Guest benchmarks\n")
    paths = {s: f"{build}/{s}/bench/files/transcript/sockaddr_bench.json" for s in ("none", series)}
    missing = [p for p in paths.values() if not os.path.exists(p)]
    if missing:
        sys.exit(f"report: no benchmark transcript {', '.join(missing)}")
    base, ser = bench_runs(paths["none"]), bench_runs(paths[series])
    if not base or set(base) != set(ser):
        sys.exit(f"report: the benchmark loops differ or are missing: "
                 f"none {sorted(base)}, {series} {sorted(ser)}")
    print("tests/bench/sockaddr_bench.c on the benchmark kernels under QEMU "
          "`-icount shift=0,align=off,sleep=off` (guest time = executed instructions, 1 ns each). "
          "ns per operation: median of the runs [min, max]; speed = baseline ns / series ns "
          f"(above 1: the series is faster). The goal, checked: every loop's speed at least "
          f"{BENCH_GOAL}.\n")
    print(f"| loop | runs | baseline ns/op | {series} ns/op | speed | goal |")
    print("|---|---:|---:|---:|---:|---|")
    slow = []
    for name in base:
        x, y = base[name], ser[name]
        mx, my = statistics.median(x), statistics.median(y)
        ok = mx / my >= BENCH_GOAL
        if not ok:
            slow.append(name)
        print(f"| {name} | {len(x)}/{len(y)} | {mx:.0f} [{min(x):.0f}, {max(x):.0f}] | "
              f"{my:.0f} [{min(y):.0f}, {max(y):.0f}] | {mx / my:.3f} | {'met' if ok else 'MISSED'} |")
    print()
    if slow:
        sys.stdout.flush()
        sys.exit(f"report: {series} is slower than {BENCH_GOAL} of the baseline in "
                 f"{', '.join(slow)}")


def kunit_sizes(build, name):
    """(sa_data bos, bdos, embedded, over-long copies FORTIFY caught) of a
    kernel's KUnit bounds suite. The sizes are what its cases print
    (kunit_info lines of kunit.log: kunit.json has no logs); which
    over-long copies FORTIFY caught are the results of the memcpy test's
    cases in kunit.json (its parameters are lengths; a case passes when
    FORTIFY reported exactly the copies longer than 14)."""
    log = open(f"{build}/{name}/kunit.log").read()
    bos = re.search(r"__builtin_object_size\(sa->sa_data, 1\) = (-?\d+)", log)
    bdos = re.search(r"__builtin_dynamic_object_size\(sa->sa_data, 1\) = (-?\d+)", log)
    emb = re.findall(r"sockaddr_embedded_object_size: __builtin_dynamic_object_size"
                     r"\((\w+)\.sa_data, 1\) = (-?\d+)", log)
    cases = wb.read_kunit_json(f"{build}/{name}/kunit.json")
    memcpy = "sockaddr_bounds.sockaddr_sa_data_memcpy_checked."
    sizes = {case: re.fullmatch(r"(\d+) bytes", case[len(memcpy):])
             for case in cases if case.startswith(memcpy)}
    long_ = [cases[case] for case, m in sizes.items() if m and int(m.group(1)) > 14]
    return (bos.group(1) if bos else "?", bdos.group(1) if bdos else "?",
            ", ".join(f"{m} {v}" for m, v in emb) if emb else "?",
            f"{long_.count('PASS')} of {len(long_)}" if long_ else "?")


def read_json(path):
    """The JSON a stage left, or None when it did not run."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def results(build, name):
    """The count line of a kernel's guest and KUnit results (summary.json)."""
    r = read_json(f"{build}/{name}/summary.json")
    return r["line"] if r else "(not measured)"


def designs(build, series, others):
    print("## 5. The other design, side by side\n")
    print("Each design built and booted with `make run SERIES=NAME` (the same test config, "
          "guest suite and KUnit bounds suite) in this run.\n")
    names = [series] + others
    rows = {}
    for n in ["none"] + names:
        tree = f"{build}/{n}/linux"
        stat = run(["git", "-C", tree, "diff", "--shortstat", "base", "HEAD", "--", ".",
                    ":!*kunit*"]).strip() or "none"
        bos, bdos, emb, fort = kunit_sizes(build, n)
        rows.setdefault("files touched, lines (without the KUnit suite)", []).append(stat)
        rows.setdefault("object size of `sa->sa_data` (bos / bdos)", []).append(f"{bos} / {bdos}")
        rows.setdefault("object size of embedded sa_data", []).append(emb)
        rows.setdefault("over-long sa_data copies FORTIFY catches", []).append(fort)
        if n == "none":
            continue
        abi = read_json(f"{build}/{n}/abi/result.json")
        cmp = read_json(f"{build}/{n}/compare.json")
        rows.setdefault("sockaddr warning sites left (baseline 16)", [""]).append(
            f"{abi['census'][n]}" if abi else "(not measured)")
        rows.setdefault("ABI layout against the baseline", [""]).append(
            f"{abi['identical']} of {abi['types']} types identical" if abi else "(not measured)")
        rows.setdefault("guest transcripts against the baseline", [""]).append(
            f"{cmp['differ']} of {cmp['lines']} lines differ, {cmp['intended']} intended, "
            f"{cmp['unexpected']} unexpected" if cmp else "(not measured)")
        rows.setdefault("guest and KUnit results", [""]).append(results(build, n))
    print("| | baseline | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for k, v in rows.items():
        print(f"| {k} | " + " | ".join(v) + " |")
    print()
    for n in others:
        a, b = f"{build}/none/obj", f"{build}/{n}/obj"
        if os.path.isdir(b):
            print(f"Binary identity of the `{n}` series (test config, the files it touches):\n")
            sys.stdout.flush()
            subprocess.run([sys.executable, f"{TOP}/scripts/binary_identity.py"] +
                           reasons_arg(n) + [f"{build}/none/linux", f"{build}/{n}/linux", n, a, b],
                           check=True)


def kmsan(build, series):
    """Section 6: the KMSAN kernel of make kmsan (run by make report first)."""
    d = f"{build}/{series}/kmsan"
    summary = results(build, f"{series}/kmsan")
    if summary == "(not measured)" or not os.path.exists(f"{d}/console.log"):
        sys.exit(f"report: no KMSAN run in {d} (make kmsan)")
    with open(f"{d}/console.log", encoding="utf-8", errors="replace") as f:
        found = wb.sanitizer_reports(f.read())
    reports = {}
    for bug in found:
        what = bug[len("BUG: KMSAN: "):].strip() if bug.startswith("BUG: KMSAN: ") else bug
        reports[what] = reports.get(what, 0) + 1
    print("## 6. KMSAN\n")
    print(f"`make kmsan`: the `{series}` series with KMSAN instead of KASAN "
          "(config/kmsan/debug.config), booted with the whole guest suite and the fuzzer; "
          "any KMSAN report fails it (scripts/console.py; none is pinned). The reports "
          "below are the blocks scripts/workbench.py finds in its console.\n")
    print(f"- guest and KUnit results: {summary}")
    print(f"- KMSAN reports: {sum(reports.values())}")
    for what, n in sorted(reports.items()):
        print(f"  - {n} x `{what}`")
    print()


def i386(build, series):
    """The 32-bit kernels of make i386 (BUILD/{none,fixes,SERIES}/i386):
    each one's results, and the address bytes hwaddr.c logged as not the
    caller's on the baseline (the kernel stack that patches 2 and 4 keep
    out of the address)."""
    print("### 32-bit kernels (i386)\n")
    print("`make i386`: the baseline, the fixes queue and the series as i386 kernels built "
          "with gcc-12 (config/profiles/i386.conf: no KASAN on i386; KFENCE, UBSAN bounds, "
          "FORTIFY), the guest suite and the selftests built as 32-bit programs.\n")
    for k in ("none", "fixes", series):
        summary = results(build, f"{k}/i386")
        if summary == "(not measured)":
            sys.exit(f"report: no i386 run in {build}/{k}/i386 (make i386)")
        print(f"- `{k}`: {summary}")
    with open(f"{build}/none/i386/guest.ktap", encoding="utf-8", errors="replace") as f:
        # "# FILE:LINE:CASE:address byte N: ..." (TH_LOG's prefix)
        leaks = ["`{}`: {}".format(*l.split(":", 3)[2:]) for l in f if ":address byte " in l]
    print(f"- bytes of the baseline's addresses that were not the caller's: {len(leaks)}")
    for l in leaks:
        print(f"  - {l.strip()}")
    print()


def cross(build, series):
    """make cross (config/profiles/cross-*.conf): per architecture, the
    files compiled and skipped, and the gcc-12 W=1 warnings of the
    baseline's files and the series' (BUILD/SERIES/PROFILE/gcc-warnings.*,
    scripts/gcc-warnings.sh); the warnings the series adds are listed
    (make cross fails on any)."""
    profiles = sorted(os.path.basename(p)[:-len(".conf")]
                      for p in glob.glob(f"{TOP}/config/profiles/cross-*.conf"))
    print("### Debian's other architectures (make cross)\n")
    print("The files the series touches, compiled with Debian's gcc-12 cross compilers under "
          "each architecture's allmodconfig (config/cross/), W=1, in the baseline's tree and "
          "the series'.\n")
    print("| architecture | files | skipped | baseline's warnings | series' warnings | new |")
    print("|---|---|---|---|---|---|")
    new_lines = []
    for p in profiles:
        d = f"{build}/{series}/{p}"

        def lines(name):
            try:
                with open(f"{d}/gcc-warnings.{name}", encoding="utf-8") as f:
                    return [l.rstrip("\n") for l in f if l.strip()]
            except FileNotFoundError:
                sys.exit(f"report: no {d}/gcc-warnings.{name} (make cross)")
        skipped = lines(f"{series}.skipped")
        files = lines(f"{series}.files")
        new = lines("new.txt")
        new_lines += [f"{p}: {l}" for l in new]
        print(f"| {p[len('cross-'):]} | {len(files)} | {len(skipped)} | "
              f"{len(lines('none.txt'))} | {len(lines(f'{series}.txt'))} | {len(new)} |")
    print()
    for l in new_lines:
        print(f"- new: {l}")
    if new_lines:
        print()


def selftests(build, series, others=()):
    """Section 8: the kernel's own selftests (tests/selftests/list), per
    kernel: cases and results from each kernel's guest.json, and make
    compare's verdict (compare-selftests.json)."""
    names = wb.selftest_names(f"{TOP}/tests/selftests/list")
    print("## 8. The kernel's own selftests\n")
    print(f"The {len(names)} selftests of tests/selftests/list, built from each kernel's tree "
          "(scripts/build-selftests.sh) and run in its guest; a case is a KTAP case of "
          "guest.json.\n")
    kernels = ["none", series] + list(others)
    cols = {}
    for k in kernels:
        path = f"{build}/{k}/guest.json"
        if not os.path.exists(path):
            continue
        cols[k] = wb.selftest_cases(path, names)
    if not cols:
        print("(no run)\n")
        return
    print("| selftest | " + " | ".join(k if k != "none" else "baseline" for k in cols) + " |")
    print("|---|" + "---|" * len(cols))
    for n in names:
        cells = []
        for k, res in cols.items():
            mine = [st for c, st in res.items() if c.split(".", 1)[0] == n]
            count = collections.Counter(mine)
            cells.append(", ".join(f"{v} {s}" for s, v in sorted(count.items())) or "not run")
        print(f"| {n} | " + " | ".join(cells) + " |")
    total = {k: collections.Counter(res.values()) for k, res in cols.items()}
    print("| all | " + " | ".join(", ".join(f"{v} {s}" for s, v in sorted(t.items()))
                                  for t in total.values()) + " |")
    cmp = read_json(f"{build}/{series}/compare-selftests.json")
    print()
    if cmp:
        print(f"make compare (scripts/compare_selftests.py): {cmp['cases']} cases on "
              f"`{series}`, {cmp['differ']} results differ from the baseline "
              f"({cmp['intended']} intended); verdict: {'pass' if cmp['ok'] else 'FAIL'}.\n")


def compile_time(path=f"{TOP}/docs/compile-time-bounds.md"):
    """Section 7: issue 18's compile-time experiment, measured by hand (its
    short answer, from the document that has the details)."""
    text = open(path).read()
    start = text.index("Short answer")
    end = text.index("\n## 1.")
    print("## 7. Could the compiler bound the unsized path? (measured by hand)\n")
    print("Not measured by make report: a one-off experiment on AF_INET/AF_INET6 bind and "
          "connect, 2026-12-05; commands, logs and patches in docs/compile-time-bounds.md "
          "and docs/compile-time-bounds/.\n")
    short = text[start:end].strip().replace("Short answer, from the measurements below:",
                                             "Short answer (the measurements are in the document):")
    print(short + "\n")


def times(path=f"{TOP}/docs/times.md"):
    """Section 11: how long the targets take, measured by hand and dated
    (docs/times.md, copied whole below its own title)."""
    text = open(path, encoding="utf-8").read()
    if not text.startswith("# "):
        sys.exit(f"report: {path} does not start with its title")
    body = text.split("\n", 1)[1].strip()
    if "\n## " not in "\n" + body:
        sys.exit(f"report: {path} has no section")
    print("## 11. How long the targets take (measured by hand)\n")
    # its sections become subsections here
    print(body.replace("\n## ", "\n### ") + "\n")


def distro(build):
    """Section 9: make distro's last result (BUILD/distro/summary.md, which
    scripts/distro-compare.sh writes), when it ran: make distro is not part
    of make report (it builds two more kernels with gcc-12)."""
    path = f"{build}/distro/summary.md"
    print("## 9. Debian's way: make distro\n")
    if not os.path.exists(path):
        print("(make distro has not run in this build folder)\n")
        return
    when = datetime.datetime.fromtimestamp(os.path.getmtime(path), datetime.timezone.utc)
    print(f"From the last `make distro` ({when:%Y-%m-%d %H:%M} UTC), not re-run by make report: "
          "each kernel built with gcc-12 from Debian's amd64 config (linux-config-6.12) reduced "
          "to the QEMU machine, packaged by `make bindeb-pkg`, installed with apt-get into a "
          "Debian 12 image made by mmdebstrap, booted to multi-user, where the system test of "
          "tests/distro/ ran; the two results compared line by line.\n")
    print(open(path).read())


def static_checks(build, series):
    """Section 10: the static stages a cold make check has no time for
    (report.sh runs them; their logs are in BUILD/report): the files the
    series touches under allmodconfig, each fix alone on plain 6.12.118,
    the backport callers. Each summary line as the script printed it."""
    out = f"{build}/report"
    print("## 10. Static compile checks (not in make check)\n")
    print("Run by make report, as they do not fit in the 60 minutes of a cold make check: "
          "x86_64 allmodconfig, W=1, CONFIG_WERROR=y.\n")
    rows = [("compile-touched: the files the series touches", f"{out}/allmod-{series}.log",
             "compile-touched: "),
            ("fixes-alone: each fix of part A alone on plain 6.12.118", f"{out}/fixes-alone.log",
             "fixes-alone: "),
            ("backport-build: upstream-style callers of part B, clang-19 and gcc-12",
             f"{out}/backport-build.log", "backport-build: ")]
    for what, path, prefix in rows:
        if not os.path.exists(path):
            sys.exit(f"report: {path} is missing (scripts/report.sh writes it)")
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l.rstrip("\n") for l in f if l.startswith(prefix)]
        if what.startswith("backport"):
            lines = [l for l in lines if " file(s) built" in l]
        elif lines:
            lines = lines[-1:]
        if not lines:
            sys.exit(f"report: {path} has no summary line")
        print(f"- {what}:")
        for l in lines:
            print(f"  `{l}`")
    print()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, series, others = sys.argv[1], sys.argv[2], sys.argv[3:]
    header(build, series)
    identity(build, series)
    layout(build, series)
    bloat(build, series)
    bench(build, series)
    if others:
        designs(build, series, others)
    kmsan(build, series)
    i386(build, series)
    cross(build, series)
    compile_time()
    selftests(build, series, others)
    distro(build)
    static_checks(build, series)
    times()


if __name__ == "__main__":
    main()

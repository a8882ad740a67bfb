#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""coverage.py - did the guest tests run every converted socket callback and
every function the series changes, at least once?

  coverage.py funcs TREE OBJ --json FILE [--patches DIR] > coverage.funcs
      The functions to profile, one name per line, sorted (the list /init
      hands to ftrace's function profiler), and in FILE each one's kinds
      and files (what the report needs; computed once, here): every
      implementation of proto_ops::getname/bind/connect/sendmsg and
      proto::bind/connect/pre_connect/sendmsg (found as
      scripts/check_prototypes.py finds them) and every function whose body
      a commit of TREE changes or adds (the commits prepare-tree.sh made of
      the main queue, on tag "base"; .c files; KUnit and test files and the
      patches of the baseline queue "none" left out), and every function
      of tests/expect/surface.map (the entry points where user space hands
      the kernel a socket address, scripts/surface.py; with the map's
      TEST), each only if its file is compiled into the test kernel
      (OBJ/<file>.o exists).

  coverage.py report DIR [--reasons FILE] [--list FILE] [--obj O]
      Reads DIR/files/coverage/function0 (the profile the guest sent back),
      DIR/files/coverage/refused (names ftrace refused) and the list
      (DIR/coverage.json unless --list) and prints "coverage: N of M
      functions ran" for the implementations, for the other changed
      functions and for the surface map's functions, then every function
      that did not run with its reason: refused by ftrace (told apart by the
      symbols of DIR/obj/vmlinux, or O/vmlinux), else the reason given in
      the reasons file (tests/expect/coverage.reasons: "function  reason
      text" lines, # comments), else, for a surface function, the map's
      "none: REASON". A surface function whose row names a test and that
      did not run has no reason: the map says something runs it that did
      not. Exit 1 when a function did not run and has no reason;
      reasons for functions that ran, or that are not on the list, are
      printed as stale (no failure).

Static functions of the same name in several files share one line of the
list and of the profile (ftrace matches and reports by name): such a name
counts as run when the profile has as many rows for it as there are
definitions compiled in, and the report says how many of them ran otherwise.
"""
import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys

import check_prototypes as cp
import queues
import surface
import workbench as wb

TOP = pathlib.Path(__file__).resolve().parent.parent

IDENT_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
# Words that come before a function's own name with a "(" of their own.
NOT_NAMES = {"__attribute__", "__printf", "__scanf", "__acquires", "__releases",
             "__must_hold", "__aligned", "__section", "__diag_ignore", "__alloc_size",
             "__malloc", "__cond_acquires", "__no_sanitize_address", "__nocfi"}
# Definitions by macro: the name ftrace knows (x86_64).
MACRO_NAMES = [
    (re.compile(r"^SYSCALL_DEFINE\d$"), "__x64_sys_{}"),
    (re.compile(r"^COMPAT_SYSCALL_DEFINE\d$"), "__ia32_compat_sys_{}"),
    (re.compile(r"^BPF_CALL_\d$"), "{}"),
]
# Not converted, but they parse the address sendto() and sendmsg() carry
# (msg_name), and the redzone option checks them like bind and connect: their
# implementations are profiled too.
SENDMSG = [("proto_ops", "sendmsg", "socket"), ("proto", "sendmsg", "sock")]


# ---------------------------------------------------------------- C files

def function_extents(lines):
    """[(first line, last line, name)] (0-based, inclusive) of the function
    definitions of a C file in kernel style: the body opens with "{" alone
    in column 0 and closes with "}" in column 0; the signature is the run of
    lines just above the "{"."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i].rstrip() != "{":
            i += 1
            continue
        start = i
        while start > 0:
            prev = lines[start - 1].rstrip()
            if (not prev or prev.endswith((";", "}", "*/", "{")) or prev.startswith("#")
                    or prev.lstrip().startswith(("/*", "* ", "*/")) or prev == "*"):
                break
            start -= 1
        end = i + 1
        while end < len(lines) and not lines[end].startswith("}"):
            end += 1
        name = function_name(" ".join(lines[start:i]))
        if name:
            out.append((start, min(end, len(lines) - 1), name))
        i = end + 1
    return out


def function_name(signature):
    """The name a signature defines, mapped for definition macros; None for
    anything that is not a function (an initialiser, a struct)."""
    if "=" in signature.split("(")[0] or "(" not in signature:
        return None
    for m in IDENT_CALL.finditer(signature):
        word = m.group(1)
        if word in NOT_NAMES:
            continue
        for macro, fmt in MACRO_NAMES:
            if macro.match(word):
                arg = re.match(r"\s*(\w+)", signature[m.end():])
                return fmt.format(arg.group(1)) if arg else None
        return word
    return None


def compiled(obj, rel):
    """Is the .c file REL built into the kernel of the objects OBJ?"""
    return rel.endswith(".c") and (obj / (rel[:-2] + ".o")).is_file()


# ------------------------------------------------------------- the series

def git(tree, *args):
    out = subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True,
                         errors="replace", env=wb.git_env())
    if out.returncode != 0:
        raise SystemExit(f"coverage: git {' '.join(args)} in {tree}: {out.stderr.strip()}")
    return out.stdout


def series_commits(tree, patches):
    """The commits of TREE on top of its tag "base", oldest first, that
    carry the main queue's patches, less those of the baseline queue "none"
    (the test patches, which change no kernel behaviour unless enabled).
    prepare-tree.sh applied the queue with git am, one commit per patch in
    the queue's order; a tree with another number of commits is not the
    main queue's, and fails."""
    top = str(pathlib.Path(patches).parent)
    main = queues.resolve("main", top)[0]
    baseline = set(queues.resolve("none", top)[0])
    revs = git(tree, "rev-list", "--reverse", "base..HEAD").split()
    if len(revs) != len(main):
        raise SystemExit(f"coverage: {tree} has {len(revs)} commits on base, "
                         f"the main queue {len(main)} patches")
    return [rev for rev, patch in zip(revs, main) if patch not in baseline]


def parse_diff(text):
    """[(old path, new path, [(old start, old len, new start, new len)])]
    for every file of a git diff with -U0 (each hunk only its changed lines;
    a path is None where the file is created or deleted)."""
    files = []
    for ln in text.splitlines():
        if ln.startswith("diff --git "):
            files.append([None, None, []])
        elif files and not files[-1][2] and ln.startswith("--- "):
            old = ln[4:].split("\t")[0]
            files[-1][0] = None if old == "/dev/null" else old[2:]
        elif files and not files[-1][2] and ln.startswith("+++ "):
            new = ln[4:].split("\t")[0]
            files[-1][1] = None if new == "/dev/null" else new[2:]
        elif files and ln.startswith("@@ "):
            files[-1][2].append(wb.hunk(ln)[:4])
    return [tuple(f) for f in files]


def changed_functions(tree, commits):
    """{file: {function}}: the functions whose lines (signature or body) a
    commit of the series adds, removes or changes: each hunk of the commit's
    own diff (git diff-tree -U0 REV^ REV, renames followed) is matched
    against the functions of the file before the commit (its - lines) and
    after it (its + lines). The diff's form is fixed here, whatever the
    user's git config says (prefixes, an external diff, colour)."""
    changed = collections.defaultdict(set)
    for rev in commits:
        diff = git(tree, "diff-tree", "-p", "-U0", "-M", "--no-color", "--no-ext-diff",
                   "--src-prefix=a/", "--dst-prefix=b/", f"{rev}^", rev)
        for old_rel, new_rel, hunks in parse_diff(diff):
            rel = new_rel or old_rel
            # a rename or mode change without a content change has no
            # ---/+++ lines, and no hunk
            if rel is None or not rel.endswith(".c") or wb.is_test_file(rel):
                continue
            before = git_show(tree, f"{rev}^", old_rel) if old_rel else []
            after = git_show(tree, rev, new_rel) if new_rel else []
            for lines, spans in ((before, [(a, b) for a, b, _c, _d in hunks]),
                                 (after, [(c, d) for _a, _b, c, d in hunks])):
                ext = function_extents(lines)
                for start, count in spans:
                    # 1-based first line and count; function_extents() is 0-based
                    for n in range(start - 1, start - 1 + count):
                        for first, last, name in ext:
                            if first <= n <= last:
                                changed[rel].add(name)
    return changed


def git_show(tree, rev, rel):
    return git(tree, "show", f"{rev}:{rel}").splitlines()


# --------------------------------------------------------------- the list

def classify(tree, obj, patches, surface_map=None):
    """{name: {"kinds": {kind}, "files": {file}}} for every function to
    profile: kinds "proto_ops::getname" etc. for implementations, "changed"
    for the other functions the series changes, "surface" (with the map's
    TEST as "test") for the functions of SURFACE_MAP."""
    tree, obj = pathlib.Path(tree), pathlib.Path(obj)
    funcs = collections.defaultdict(lambda: {"kinds": set(), "files": set()})
    found = cp.initialisers(tree)
    alldefs = cp.definitions(tree)
    callbacks = [(struct, member, first) for struct, member, first, _w, _h in cp.CALLBACKS]
    for struct, member, first in callbacks + SENDMSG:
        for fn, where, rel, _typ in cp.implementations(found, alldefs, struct, member, first):
            if compiled(obj, rel):
                funcs[fn]["kinds"].add(f"{struct}::{member}")
                funcs[fn]["files"].add(rel)
    for rel, names in sorted(changed_functions(tree, series_commits(tree, patches)).items()):
        if not compiled(obj, rel):
            continue
        # Only what the patched file still defines: a removed function cannot run.
        defined = {name for _, _, name in
                   function_extents((tree / rel).read_text(errors="replace").splitlines())}
        for name in sorted(names & defined):
            if not funcs[name]["kinds"]:
                funcs[name]["kinds"].add("changed")
            funcs[name]["files"].add(rel)
    if surface_map:
        errors = []
        for _n, (rel, name), cols in surface.read_map(surface_map, errors):
            if compiled(obj, rel):
                funcs[name]["kinds"].add("surface")
                funcs[name]["files"].add(rel)
                funcs[name]["test"] = cols[3]
        if errors:
            raise SystemExit("coverage: " + "; ".join(errors))
    return funcs


def cmd_funcs(args):
    funcs = classify(args.tree, args.obj, args.patches, args.surface)
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump({name: {"kinds": sorted(v["kinds"]), "files": sorted(v["files"]),
                          **({"test": v["test"]} if "test" in v else {})}
                   for name, v in sorted(funcs.items())}, f, indent=1)
        f.write("\n")
    for name in sorted(funcs):
        print(name)
    return 0


def read_list(path):
    """{name: {"kinds": {kind}, "files": {file}}} of a list coverage.py
    funcs wrote, or None when there is none."""
    try:
        with open(path, encoding="utf-8") as f:
            raw = json.load(f)
    except FileNotFoundError:
        return None
    return {name: {"kinds": set(v["kinds"]), "files": set(v["files"]), "test": v.get("test")}
            for name, v in raw.items()}


# ------------------------------------------------------------- the report

# trace_stat/function<N> prints a function's name in 30 columns
# (function_stat_show(): "%-30.30s"): a longer name comes back cut.
PROFILE_NAME_WIDTH = 30


def read_profile(path):
    """{function: [hits per row]} from a trace_stat/function<N> file; names
    longer than PROFILE_NAME_WIDTH are the profiler's cut ones."""
    rows = collections.defaultdict(list)
    for ln in pathlib.Path(path).read_text(errors="replace").splitlines():
        f = ln.split()
        if len(f) < 2 or f[0] in ("Function", "--------") or not f[1].isdigit():
            continue
        rows[f[0].split(".")[0]].append(int(f[1]))
    return rows


def read_names(path):
    if not pathlib.Path(path).is_file():
        return None
    return [ln for _, ln in wb.expect_lines(path)]


def read_reasons(path):
    reasons = {}
    if path and pathlib.Path(path).is_file():
        for _, ln in wb.expect_lines(path):
            name, _, why = ln.partition(" ")
            reasons[name] = why.strip() or "(no text)"
    return reasons


def vmlinux_symbols(obj):
    """Function names in OBJ/vmlinux (to tell an inlined or #ifdef'd-out
    function from a notrace one), or None."""
    vmlinux = pathlib.Path(obj) / "vmlinux"
    for nm in ("llvm-nm-19", "llvm-nm", "nm"):
        try:
            out = subprocess.run([nm, "--defined-only", str(vmlinux)],
                                 capture_output=True, text=True)
        except OSError:
            continue
        if out.returncode == 0:
            return {f[2].split(".")[0] for f in (ln.split() for ln in out.stdout.splitlines())
                    if len(f) == 3 and f[1] in "tTwW"}
    return None


def cmd_report(args):
    d = pathlib.Path(args.dir)
    obj = pathlib.Path(args.obj or d / "obj")
    funcs_file = pathlib.Path(args.list or d / "coverage.json")
    classes = read_list(funcs_file)
    if classes is None:
        print(f"coverage: no list {funcs_file} (coverage.py funcs TREE OBJ --json it)")
        return 1
    listed = sorted(classes)
    prof_file = d / "files" / "coverage" / "function0"
    if not prof_file.is_file():
        print(f"coverage: no profile {prof_file}: the guest did not send one")
        return 1
    profile = read_profile(prof_file)
    refused = set(read_names(d / "files" / "coverage" / "refused") or [])
    reasons = read_reasons(args.reasons)
    symbols = None
    if refused:
        symbols = vmlinux_symbols(obj)

    cut = collections.Counter(n[:PROFILE_NAME_WIDTH] for n in listed)
    same = sorted(n for n in listed if cut[n[:PROFILE_NAME_WIDTH]] > 1)
    if same:
        print(f"coverage: FAILED: the profile cannot tell apart {', '.join(same)} "
              f"(the same first {PROFILE_NAME_WIDTH} characters)")
        return 1
    groups = {"implementations": [], "changed": [], "surface": []}
    for name in listed:
        kinds = classes[name]["kinds"] - {"surface"}
        if kinds:
            groups["changed" if kinds == {"changed"} else "implementations"].append(name)
        if "surface" in classes[name]["kinds"]:
            groups["surface"].append(name)
    empty = [group for group, names in groups.items() if not names]
    if empty:
        print(f"coverage: FAILED: {funcs_file} lists no function of the kind "
              f"{', '.join(empty)}: nothing to check")
        return 1
    missing_reason, ran_all = set(), set()
    for group, names in groups.items():
        ran, partial, missed = [], [], []
        for name in names:
            files = sorted(classes[name]["files"])
            hits = profile.get(name[:PROFILE_NAME_WIDTH], [])
            if hits and len(hits) >= max(len(files), 1):
                ran.append(name)
                ran_all.add(name)
            elif hits:
                partial.append((name, len(hits), files))
                ran_all.add(name)
            else:
                missed.append((name, files))
        title = {"implementations": "implementations of proto_ops::getname/bind/connect/"
                 "sendmsg, proto::bind/connect/pre_connect/sendmsg",
                 "changed": "other functions the series changes",
                 "surface": "the entry points of tests/expect/surface.map"}[group]

        def reason(name, group=group):
            if name in reasons:
                return reasons[name]
            test = classes[name].get("test") or ""
            if group == "surface" and test.startswith("none:"):
                return "surface.map: " + test
            return None
        nref = sum(1 for name, _ in missed if name in refused)
        nwhy = sum(1 for name, _ in missed if name not in refused and reason(name))
        print(f"coverage: {len(ran)} of {len(names)} functions ran: {title} "
              f"({nref} refused by ftrace, {nwhy} with a reason, "
              f"{len(missed) - nref - nwhy} without)")
        if group == "implementations":
            per = collections.defaultdict(lambda: [0, 0])
            for name in names:
                for kind in classes[name]["kinds"] - {"changed", "surface"}:
                    per[kind][0] += name in ran
                    per[kind][1] += 1
            print("  " + ", ".join(f"{k} {r}/{m}" for k, (r, m) in sorted(per.items())))
        missed.sort(key=lambda nf: (nf[1], nf[0]))
        for name, n, files in partial:
            print(f"  {name}: {n} of {len(files)} definitions ran, cannot tell which by name "
                  f"({', '.join(files)})")
        for name, files in missed:
            kinds = ",".join(sorted(classes[name]["kinds"] - {"changed", "surface"}))
            where = f"{', '.join(files)}" + (f" [{kinds}]" if kinds else "")
            if name in refused:
                why = "refused by ftrace (inlined/notrace/not in available_filter_functions)"
                if symbols is not None:
                    why = "refused by ftrace: " + (
                        "notrace (a symbol of vmlinux)" if name in symbols
                        else "inlined or #ifdef'd out (no symbol)")
            elif reason(name):
                why = reason(name)
            elif group == "surface":
                why = (f"NO REASON: surface.map says \"{classes[name].get('test')}\" "
                       "runs it, and it did not run")
                missing_reason.add(name)
            else:
                why = "NO REASON (add one to the reasons file, or a test that runs it)"
                missing_reason.add(name)
            print(f"  {name} ({where}): {why}")
    stale = sorted(n for n in reasons if n in ran_all or n not in listed)
    for name in stale:
        print(f"coverage: stale reason: {name}: " +
              ("it ran" if name in ran_all else "not on the list"))
    if missing_reason:
        print(f"coverage: FAILED: {len(missing_reason)} function(s) did not run and have "
              f"no reason in {args.reasons}")
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("funcs")
    f.add_argument("tree")
    f.add_argument("obj")
    f.add_argument("--json", required=True)
    f.add_argument("--patches", default=str(TOP / "patches"))
    f.add_argument("--surface", default=str(TOP / "tests" / "expect" / "surface.map"))
    r = sub.add_parser("report")
    r.add_argument("dir")
    r.add_argument("--reasons", default=str(TOP / "tests" / "expect" / "coverage.reasons"))
    r.add_argument("--list")
    r.add_argument("--obj")
    args = ap.parse_args()
    return cmd_funcs(args) if args.cmd == "funcs" else cmd_report(args)


if __name__ == "__main__":
    sys.exit(main())

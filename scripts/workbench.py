# SPDX-License-Identifier: GPL-2.0
"""workbench.py - the parsing that the workbench's scripts share.

One place for each thing more than one script reads: unified-diff hunk
headers, which files are tests, llvm-objdump's disassembly split into
functions, sanitizer report blocks of a kernel console, the cases of a
kunit.json (tools/testing/kunit/kunit.py parse --json) and the
expectation files of tests/expect (one entry a line, '#' comments), and
pahole's struct layouts, and a compile command of kbuild's
compile_commands.json (scripts/clang-tools/gen_compile_commands.py) turned
into another file's. Imported by the scripts beside it (python3 puts
scripts/ on sys.path); abi-layout.sh runs "workbench.py pahole-layouts"
and "workbench.py compile-like"; tested by tests/tools/test_workbench.py.
"""
import collections
import json
import os
import re
import shlex
import subprocess
import sys

# ------------------------------------------------------------------ diffs

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$")


def hunk(line):
    """(old start, old count, new start, new count, header context) of a
    hunk line "@@ -a,b +c,d @@ ...", a missing count being 1; None for
    any other line."""
    m = HUNK.match(line)
    if not m:
        return None
    a, b, c, d = (int(x) if x is not None else 1 for x in m.group(1, 2, 3, 4))
    return a, b, c, d, m.group(5).strip()


# Test files: their proto_ops are test doubles, not implementations (the
# redzone KUnit control defines its callbacks in both forms), and
# their code is not the series' code.
TEST_FILE = re.compile(r"(^|/)(tools|test|tests)/|kunit|[_-]test\.c$")


def is_test_file(path):
    return bool(TEST_FILE.search(path))


# ---------------------------------------------------------------- objdump

OBJDUMP_FUNC = re.compile(r"^<(.+)>:$")
SECTION = "Disassembly of section "


def objdump_functions(text):
    """[(section, function, [lines])] of llvm-objdump -d output, in order.

    A line "<name>:" starts a function; an assembler-local label (".L...",
    debug info) stays inside the function as the line "<.L>:". Blank lines
    are dropped, the others kept as printed (without the newline)."""
    funcs, section, cur = [], "", None
    for line in text.splitlines():
        if line.startswith(SECTION):
            section = line[len(SECTION):].rstrip(":")
            continue
        m = OBJDUMP_FUNC.match(line)
        if m and m.group(1).startswith(".L"):
            if cur is not None:
                cur.append("<.L>:")
            continue
        if m:
            cur = []
            funcs.append((section, m.group(1), cur))
            continue
        if cur is not None and line.strip():
            cur.append(line)
    return funcs


# ------------------------------------------------------- kernel consoles

STAMP = re.compile(r"^\[\s*\d+\.\d+\]\s?")
RULE = re.compile(r"^={40,}$")
REPORT = re.compile(r"^BUG: K[AM]SAN: ")


def strip_stamp(line):
    """A console line without its newline and "[  12.345678] " stamp."""
    return STAMP.sub("", line.rstrip("\n"))


def sanitizer_blocks(lines):
    """(first, last) indexes of each KASAN or KMSAN report in @lines
    (stamps stripped): from the "=====" rule before its "BUG: K?SAN:"
    line to the next rule (or the last line)."""
    blocks = []
    i = 0
    while i < len(lines):
        if RULE.match(lines[i]) and i + 1 < len(lines) and REPORT.match(lines[i + 1]):
            end = i + 1
            while end < len(lines) and not RULE.match(lines[end]):
                end += 1
            blocks.append((i, min(end, len(lines) - 1)))
            i = end + 1
        else:
            i += 1
    return blocks


def sanitizer_reports(text):
    """The "BUG: KASAN|KMSAN: ..." line of every report block of a console."""
    lines = [strip_stamp(l) for l in text.splitlines()]
    return [lines[first + 1] for first, _ in sanitizer_blocks(lines)]


# ----------------------------------------------------------------- pahole

PAHOLE_START = re.compile(r"^(struct|union) [A-Za-z0-9_]+ \{")
PAHOLE_OFFSET = re.compile(r"/\* *[0-9: ]+ [0-9]+ \*/")


def pahole_layouts(text):
    """{"struct_NAME" or "union_NAME": (text, layout)} of every top-level
    struct and union in pahole's output that mentions a sockaddr: its text
    as pahole printed it (for people), and its layout (compared): for each
    member line its nesting depth and pahole's "offset size" comment, in
    order, then the "size: N" of the whole. For struct sockaddr only its
    top-level members count (the series turns sa_data from the 2022 union
    into a plain char[14] at the same offset and size)."""
    found = {}
    name = None
    for line in text.splitlines():
        m = PAHOLE_START.match(line)
        if m:
            name = line.split()[0] + "_" + line.split()[1]
            buf, lay, keep, depth = [], [], False, 0
        if name is None:
            continue
        buf.append(line)
        keep = keep or "sockaddr" in line
        depth += line.count("{") - line.count("}")
        off = PAHOLE_OFFSET.search(line)
        if off and (depth == 1 or name != "struct_sockaddr"):
            lay.append(f"{depth}: {off.group(0)}")
        if "/* size: " in line:
            lay.append(line.lstrip(" \t").split(",")[0])
        if line.startswith("};"):
            if keep:
                found[name] = ("".join(b + "\n" for b in buf), "".join(x + "\n" for x in lay))
            name = None
    return found


def write_pahole_layouts(text, prefix):
    """pahole_layouts() into PREFIX.types/NAME and PREFIX.layout/NAME."""
    os.makedirs(prefix + ".types", exist_ok=True)
    os.makedirs(prefix + ".layout", exist_ok=True)
    found = pahole_layouts(text)
    for name, (types, layout) in found.items():
        with open(os.path.join(prefix + ".types", name), "w", encoding="utf-8") as f:
            f.write(types)
        with open(os.path.join(prefix + ".layout", name), "w", encoding="utf-8") as f:
            f.write(layout)
    return len(found)


# ---------------------------------------------------------------- results

def kunit_cases(group, path=()):
    """(("suite", ..., "case"), status) of every case of a kunit.py JSON
    group and its sub-groups, depth first."""
    for case in group.get("test_cases", []):
        yield path + (case["name"],), case["status"]
    for sub in group.get("sub_groups", []):
        yield from kunit_cases(sub, path + (sub["name"],))


KTAP_TOP = re.compile(r"^(ok|not ok) \d+ (\S+)(?:\s+#\s*(\S+))?")


def ktap_programs(text):
    """[(name, "ok" | "not ok", directive or "")] of the top level of a
    KTAP document (/init's one line per guest program; indented lines are
    the programs' own). kunit.py's JSON keeps the cases of a program with
    subtests, not the program's own result: this is where that is."""
    out = []
    for line in text.splitlines():
        m = KTAP_TOP.match(line)
        if m:
            out.append((m.group(2), m.group(1), (m.group(3) or "").upper()))
    return out


def read_kunit_json(path):
    """{"suite.case": status} of a kunit.json file."""
    with open(path, encoding="utf-8") as f:
        top = json.load(f)
    return collections.OrderedDict((".".join(p), s) for p, s in kunit_cases(top))


def selftest_names(path):
    """The names of tests/selftests/list (in the guest: /tests/NAME)."""
    return [line.split()[0] for _, line in expect_lines(path)]


def selftest_cases(path, names):
    """{case: result} of a guest.json's cases whose program is in @names."""
    names = set(names)
    return {c: s for c, s in read_kunit_json(path).items() if c.split(".", 1)[0] in names}


def expect_lines(path, inline=False):
    """[(line number, text)] of an expectation file: a line that starts
    with '#' is a comment (with @inline, '#' starts one anywhere), blank
    lines are skipped, the text is stripped."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = (line.split("#", 1)[0] if inline else line).strip()
            if line and not line.startswith("#"):
                out.append((n, line))
    return out


# --------------------------------------------------------------- git

def git_env():
    """The environment for a git command whose diff a script parses:
    without the variables that change a diff's form whatever its options
    say (GIT_DIFF_OPTS overrides -U0; GIT_EXTERNAL_DIFF replaces the diff).
    The callers also pass --no-color --no-ext-diff, against the config."""
    return {k: v for k, v in os.environ.items()
            if k not in ("GIT_DIFF_OPTS", "GIT_EXTERNAL_DIFF")}


# ------------------------------------------------------ compile commands

def compile_like(db, obj, source, out, extra=()):
    """(directory, argv) that compile SOURCE to OUT exactly as kbuild
    compiled the object OBJ (a path relative to the build folder, such as
    "net/socket.o"), with EXTRA flags after kbuild's (the last of two
    contradicting flags wins): the entry of the compile_commands.json DB
    whose command writes OBJ, split as the shell would (shlex: no eval),
    without its dependency file (-Wp,-MMD,...)."""
    with open(db, encoding="utf-8") as f:
        entries = json.load(f)
    found = []
    for e in entries:
        argv = shlex.split(e["command"])
        if "-o" in argv[:-1] and argv[argv.index("-o") + 1] == obj:
            found.append((e["directory"], argv))
    if len(found) != 1:
        raise ValueError(f"{db}: {len(found)} commands write {obj}")
    directory, argv = found[0]
    i = argv.index("-o")
    if argv[i - 1] != "-c" or i + 3 != len(argv):
        raise ValueError(f"{db}: the command of {obj} does not end in -c -o {obj} SOURCE")
    flags = [a for a in argv[:i - 1] if not a.startswith("-Wp,-MMD,")]
    return directory, flags + list(extra) + ["-c", "-o", out, source]


def main(argv):
    """The command line uses, for scripts/abi-layout.sh:
    workbench.py pahole-layouts PAHOLE_OUTPUT PREFIX
    workbench.py compile-like DB OBJ SOURCE OUT [FLAG...]  (exit status:
    the compiler's)"""
    if len(argv) == 3 and argv[0] == "pahole-layouts":
        with open(argv[1], encoding="utf-8") as f:
            n = write_pahole_layouts(f.read(), argv[2])
        if not n:
            raise SystemExit(f"workbench: no struct or union with a sockaddr in {argv[1]}")
        return
    if len(argv) >= 5 and argv[0] == "compile-like":
        try:
            directory, cmd = compile_like(argv[1], argv[2], argv[3], argv[4], argv[5:])
        except (OSError, ValueError) as e:
            raise SystemExit(f"workbench: {e}")
        sys.stdout.flush()
        raise SystemExit(subprocess.run(cmd, cwd=directory).returncode)
    raise SystemExit("usage: workbench.py pahole-layouts PAHOLE_OUTPUT PREFIX\n"
                     "       workbench.py compile-like DB OBJ SOURCE OUT [FLAG...]")


if __name__ == "__main__":
    main(sys.argv[1:])

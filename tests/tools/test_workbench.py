# SPDX-License-Identifier: GPL-2.0
"""scripts/workbench.py, the parsing the scripts share: hunk headers,
test files, objdump functions, sanitizer report blocks, kunit.json cases
and expectation files. Each used to be written out in two or three
scripts (binary_identity.py and report.py split objdump output,
binary_identity.py and coverage.py had the hunk regex, report.py counted
"BUG: KMSAN:" lines itself beside console.py's blocks)."""
import json
import pathlib
import subprocess
import sys

import pytest

import workbench as wb
from conftest import SCRIPTS, run


@pytest.mark.parametrize("line, want", [
    ("@@ -10,3 +12,4 @@ static int foo(void)", (10, 3, 12, 4, "static int foo(void)")),
    ("@@ -5 +5 @@", (5, 1, 5, 1, "")),
    ("@@ -0,0 +1,20 @@", (0, 0, 1, 20, "")),
    ("--- a/net/socket.c", None),
    (" @@ -1 +1 @@", None),
])
def test_hunk(line, want):
    assert wb.hunk(line) == want


@pytest.mark.parametrize("path, want", [
    ("net/core/sockaddr_kunit.c", True),
    ("net/core/sockaddr_redzone_kunit.c", True),
    ("lib/test_bpf.c", False),
    ("drivers/net/foo_test.c", True),
    ("tools/testing/selftests/net/socket.c", True),
    ("net/socket.c", False),
    ("net/ipv4/af_inet.c", False),
])
def test_is_test_file(path, want):
    assert wb.is_test_file(path) is want


OBJDUMP = """
net/x/af_x.o:\tfile format elf64-x86-64

Disassembly of section .text:

<x_bind>:
\tpushq\t%rbp
\tsubq\t$0x20, %rsp
<.Ltmp0>:
\tcallq\t0x0 <x_bind+0x9>
\t\tR_X86_64_PLT32\t__fentry__-0x4

\tretq

<x_connect>:
\tretq

Disassembly of section .init.text:

<x_init>:
\txorl\t%eax, %eax
"""


def test_objdump_functions():
    got = wb.objdump_functions(OBJDUMP)
    assert [(s, n) for s, n, _ in got] == [(".text", "x_bind"), (".text", "x_connect"),
                                           (".init.text", "x_init")]
    assert got[0][2] == ["\tpushq\t%rbp", "\tsubq\t$0x20, %rsp", "<.L>:",
                         "\tcallq\t0x0 <x_bind+0x9>", "\t\tR_X86_64_PLT32\t__fentry__-0x4",
                         "\tretq"]
    assert got[1][2] == ["\tretq"] and got[2][2] == ["\txorl\t%eax, %eax"]


def test_objdump_nothing():
    assert wb.objdump_functions("") == []


RULE = "=" * 66
CONSOLE = f"""[    1.000000] {RULE}
[    1.000001] BUG: KASAN: slab-out-of-bounds in isotp_bind+0x1/0x2
[    1.000002] Read of size 4 at addr ffff
[    1.000003] {RULE}
[    2.000000] a line that mentions BUG: KMSAN: but is no report
[    3.000000] {RULE}
[    3.000001] BUG: KMSAN: kernel-infoleak in _copy_to_user+0x44/0x80
[    3.000002] {RULE}
[    4.000000] {RULE}
[    4.000001] BUG: KMSAN: uninit-value in foo
"""


def test_sanitizer_reports():
    assert wb.sanitizer_reports(CONSOLE) == [
        "BUG: KASAN: slab-out-of-bounds in isotp_bind+0x1/0x2",
        "BUG: KMSAN: kernel-infoleak in _copy_to_user+0x44/0x80",
        "BUG: KMSAN: uninit-value in foo",   # cut off by the end of the log
    ]


def test_sanitizer_blocks():
    lines = [wb.strip_stamp(l) for l in CONSOLE.splitlines()]
    assert wb.sanitizer_blocks(lines) == [(0, 3), (5, 7), (8, 9)]


def test_no_reports():
    assert wb.sanitizer_reports("[ 1.0] init: all tests done\n") == []


def test_kunit_cases(tmp_path):
    path = tmp_path / "kunit.json"
    path.write_text('{"name": "top", "test_cases": [{"name": "a", "status": "PASS"}],'
                    ' "sub_groups": [{"name": "s", "test_cases": [{"name": "b", "status": "SKIP"}],'
                    ' "sub_groups": [{"name": "p", "sub_groups": [],'
                    ' "test_cases": [{"name": "15 bytes", "status": "FAIL"}]}]}]}')
    assert list(wb.read_kunit_json(path).items()) == [
        ("a", "PASS"), ("s.b", "SKIP"), ("s.p.15 bytes", "FAIL")]


def test_expect_lines(tmp_path):
    path = tmp_path / "x"
    path.write_text("# why\n\n  guest a.b  \nkunit c # inline\n   # indented comment\n")
    assert wb.expect_lines(path) == [(3, "guest a.b"), (4, "kunit c # inline")]
    assert wb.expect_lines(path, inline=True) == [(3, "guest a.b"), (4, "kunit c")]


# pahole's layouts (abi-layout.sh): data/pahole-{none,main}.txt are
# struct sockaddr, struct arpreq and struct spinlock as pahole prints them
# from tests/abi/layout.c compiled in the baseline (sa_data in the 2022
# union) and in the series (char sa_data[14]).
DATA = pathlib.Path(__file__).parent / "data"


def test_pahole_layouts():
    none = wb.pahole_layouts((DATA / "pahole-none.txt").read_text())
    main = wb.pahole_layouts((DATA / "pahole-main.txt").read_text())
    assert sorted(none) == sorted(main) == ["struct_arpreq", "struct_sockaddr"]
    # struct sockaddr: only its top-level members; the union's insides differ
    assert none["struct_sockaddr"][1] == main["struct_sockaddr"][1] == \
        "1: /*     0     2 */\n1: /*     2    14 */\n/* size: 16\n"
    assert none["struct_arpreq"] == main["struct_arpreq"]
    assert none["struct_arpreq"][1].splitlines()[-1] == "/* size: 68"
    assert none["struct_sockaddr"][0] != main["struct_sockaddr"][0]


def test_pahole_layout_change_is_seen():
    text = (DATA / "pahole-main.txt").read_text()
    moved = text.replace("arp_flags;            /*    32     4 */",
                         "arp_flags;            /*    33     4 */")
    assert wb.pahole_layouts(moved)["struct_arpreq"][1] != \
        wb.pahole_layouts(text)["struct_arpreq"][1]


def test_pahole_layouts_cli(tmp_path):
    rc = subprocess.run([sys.executable, str(SCRIPTS / "workbench.py"), "pahole-layouts",
                         str(DATA / "pahole-main.txt"), str(tmp_path / "main")])
    assert rc.returncode == 0
    assert sorted(p.name for p in (tmp_path / "main.layout").iterdir()) == \
        ["struct_arpreq", "struct_sockaddr"]
    (tmp_path / "empty").write_text("struct spinlock {\n};\n")
    rc = subprocess.run([sys.executable, str(SCRIPTS / "workbench.py"), "pahole-layouts",
                         str(tmp_path / "empty"), str(tmp_path / "e")], capture_output=True,
                        text=True)
    assert rc.returncode == 1 and "no struct or union with a sockaddr" in rc.stderr


def test_ktap_programs():
    text = ("KTAP version 1\n1..3\n    TAP version 13\n    not ok 1 x.y\nnot ok 1 alpha\n"
            "ok 2 beta # SKIP no device\nok 3 gamma\n")
    assert wb.ktap_programs(text) == [("alpha", "not ok", ""), ("beta", "ok", "SKIP"),
                                      ("gamma", "ok", "")]


# compile_like(): kbuild's command of one object from compile_commands.json
# (gen_compile_commands.py), split as the shell would split it: before,
# abi-layout.sh ran sed and eval on the .cmd file's text.
def cc_db(tmp_path, *commands):
    db = tmp_path / "compile_commands.json"
    db.write_text(json.dumps([{"directory": str(tmp_path), "file": f"/x/{i}.c", "command": c}
                              for i, c in enumerate(commands)]))
    return db


def test_compile_like_argv(tmp_path):
    db = cc_db(tmp_path,
               "clang-19 -Wp,-MMD,net/phonet/.socket.o.d -O2 -c -o net/phonet/socket.o /s/net/phonet/socket.c",
               "clang-19 -Wp,-MMD,net/.socket.o.d -nostdinc -DKBUILD_MODFILE='\"net/socket\"' "
               "-D'KBUILD_BASENAME=\"socket\"' -Wno-gnu -c -o net/socket.o /s/net/socket.c")
    d, argv = wb.compile_like(db, "net/socket.o", "/t/layout.c", "/o/x.o", ["-g", "-Wgnu"])
    assert d == str(tmp_path)
    assert argv == ["clang-19", "-nostdinc", '-DKBUILD_MODFILE="net/socket"',
                    '-DKBUILD_BASENAME="socket"', "-Wno-gnu", "-g", "-Wgnu",
                    "-c", "-o", "/o/x.o", "/t/layout.c"], argv


@pytest.mark.parametrize("commands", [[], ["cc -c -o a.o a.c", "cc -c -o a.o b.c"],
                                      ["cc -o a.o a.c"]])
def test_compile_like_refuses(tmp_path, commands):
    db = cc_db(tmp_path, *commands)
    with pytest.raises(ValueError):
        wb.compile_like(db, "a.o", "x.c", "x.o")


def test_compile_like_runs_the_compiler(tmp_path):
    (tmp_path / "a.c").write_text("int a;\n")
    (tmp_path / "good.c").write_text("int good(void) { return 1; }\n")
    (tmp_path / "bad.c").write_text("int bad(void) { return }\n")
    db = cc_db(tmp_path, "gcc -Wp,-MMD,.a.o.d -O2 -c -o a.o a.c")
    cmd = ["python3", str(SCRIPTS / "workbench.py"), "compile-like", str(db), "a.o"]
    rc, out = run(cmd + [str(tmp_path / "good.c"), str(tmp_path / "good.o"), "-Wall"])
    assert rc == 0 and (tmp_path / "good.o").is_file(), out
    assert not (tmp_path / ".a.o.d").exists()
    rc, out = run(cmd + [str(tmp_path / "bad.c"), str(tmp_path / "bad.o")])
    assert rc != 0 and "error" in out, out
    rc, out = run(cmd[:-1] + ["b.o", "x.c", "x.o"])
    assert rc != 0 and "0 commands write b.o" in out, out

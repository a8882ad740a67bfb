#!/usr/bin/env python3
# fdiff.py OLD.o NEW.o FUNC - instruction-level diff of one function (mnemonic+operands,
# addresses/branch targets stripped): instructions added / removed (difflib opcodes)
import difflib, re, subprocess, sys
def insns(obj, f):
    out = subprocess.run(["llvm-objdump-19", "-d", "--no-show-raw-insn", "--no-leading-addr",
                          "--disassemble-symbols=" + f, obj], capture_output=True, text=True).stdout
    r = []
    for l in out.splitlines():
        if not l.startswith("\t") and not l.startswith(" "): continue
        l = l.strip()
        if not l or l.startswith("R_X86"): continue
        l = re.sub(r"\s+<[^>]*>", "", l); l = re.sub(r"#.*", "", l).strip()
        l = re.sub(r"^(j\w+|callq|jmp)\s+0x[0-9a-f]+", r"\1 X", l)
        r.append(l)
    return r
a, b = insns(sys.argv[1], sys.argv[3]), insns(sys.argv[2], sys.argv[3])
add = rem = 0
for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
    if op in ("replace", "delete"): rem += i2 - i1
    if op in ("replace", "insert"): add += j2 - j1
print(f"{sys.argv[3]}: {len(a)} -> {len(b)} insns; +{add} -{rem} (difflib)")

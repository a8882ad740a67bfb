#!/usr/bin/env python3
# icount.py OBJ FUNC... - static instruction count of each function (llvm-objdump-19 -d)
import re, subprocess, sys
obj, funcs = sys.argv[1], sys.argv[2:]
out = subprocess.run(["llvm-objdump-19", "-d", "--no-show-raw-insn", obj],
                     capture_output=True, text=True, check=True).stdout
counts, cur = {}, None
for line in out.splitlines():
    m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
    if m:
        cur = m.group(1); counts[cur] = 0; continue
    if cur and re.match(r"^\s+[0-9a-f]+:\s+\S", line):
        counts[cur] += 1
for f in funcs:
    print(f"{f} {counts.get(f, '-')}")

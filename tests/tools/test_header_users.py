# SPDX-License-Identifier: GPL-2.0
"""scripts/lib.sh header_users: fixes-alone.sh compiles the .c files that
include a header a fix touches (patch 18 changes only an inline function
of include/net/ieee802154_netdev.h, and found nothing to compile)."""
import subprocess

from conftest import SCRIPTS, run

FILES = {
    "include/net/wpan.h": "static inline int f(void) { return 0; }\n",
    "net/wpan/socket.c": "#include <net/wpan.h>\n",
    "net/wpan/sub/rx.c": "#include <linux/kernel.h>\n#include <net/wpan.h>\n",
    "net/other/other.c": "#include <net/wpan2.h>\n",
    "net/wpan/local.h": "#define X 1\n",
    "net/wpan/local.c": '#include "local.h"\n',
    "net/other/local.c": '#include "local.h"\n',
}


def header_users(tmp_path, *headers):
    tree = tmp_path / "tree"
    for name, text in FILES.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text)
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    subprocess.run(["git", "-C", str(tree), "add", "."], check=True)
    rc, out = run(["sh", "-c", f"TOP={SCRIPTS.parent}; . {SCRIPTS}/lib.sh; "
                   f"header_users {tree} {' '.join(headers)}"])
    return rc, sorted(out.split())


def test_include_path_header(tmp_path):
    assert header_users(tmp_path, "include/net/wpan.h") == (
        0, ["net/wpan/socket.c", "net/wpan/sub/rx.c"])


def test_local_header_from_its_folder(tmp_path):
    assert header_users(tmp_path, "net/wpan/local.h") == (0, ["net/wpan/local.c"])


def test_header_nobody_includes(tmp_path):
    assert header_users(tmp_path, "include/net/none.h") == (0, [])

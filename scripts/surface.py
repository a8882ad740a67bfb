#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""surface.py TREE MAP - the map of where user space hands the kernel a
socket address, or gets one back, beyond bind/connect/getname (issue 31).

A candidate is a function of TREE, under the ROOTS below, that
 - copies from or to user space (COPY: copy_{from,to}_user(),
   copy_*_sockptr(), memdup_sockptr(), {get,put}_user_ifreq(),
   put_cmsg(), ...) and names a type or field that holds a socket
   address (ADDR: struct sockaddr*, union sctp_addr, group_req,
   rtentry, arpreq, ifr_addr, tcp_md5sig, ...) in its body, or
 - is a setsockopt, getsockopt or ioctl handler (by its name) that takes
   such a type as a parameter: its caller made the copy (sctp_setsockopt()
   copies the option for every sctp_setsockopt_*()), or
 - dispatches an ioctl whose argument holds an address (IOCTL: case
   SIOCSIFADDR, SIOCADDRT, SIOCSARP, SIOCADDMULTI, ... in its body).
The search is textual, over function definitions in kernel style (the
name at column 0 or after its type on the same line, "{" alone on its
line, the body up to the first line that starts with "}"). It does not
see addresses that travel in netlink attributes (nla_data(), nla_put():
WireGuard's endpoints, sock_diag's address lists), ioctls outside ROOTS,
or functions made by macros (SYSCALL_DEFINEn, BPF_CALL_n); a line at
column 0 that only looks like a head (an attribute such as __printf(),
a call followed by a comment) can hand a definition to the wrong name;
and a TEST's NAME only has to appear in the program's source (or in a .c
file of tests/guest that it #includes).

MAP has one row per candidate, "FILE FUNCTION | ENTRY | LENGTH | TEST":
ENTRY says which calls reach it, LENGTH the length the kernel trusts
(a fixed struct size, the user's length, a per-family length) and TEST
what exercises it: "guest PROGRAM[.NAME...]" (tests/guest/PROGRAM.c,
which must contain each NAME), "selftest NAME" (tests/selftests/list),
or "none: REASON". Lines starting with "#" are comments.

Fails on a candidate without a row, on a row that names no candidate
(stale), on a malformed row or a TEST that names nothing, and when the
search finds no candidate at all. Prints the counts: entry points, with
a test, without (by reason).
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Socket code, the drivers that implement proto_ops or take addresses in
# ioctls (net, isdn), RDMA's user CM (struct sockaddr in write() commands),
# io_uring (bind, connect), and NFS's binary mount data (a sockaddr).
ROOTS = ("net", "drivers/net", "drivers/isdn", "drivers/infiniband/core",
         "io_uring", "fs/nfs")

COPY = re.compile(r"\b(?:__)?(?:copy_from_sockptr(?:_offset)?|copy_to_sockptr(?:_offset)?|"
                  r"copy_safe_from_sockptr|copy_struct_from_sockptr|memdup_sockptr(?:_nul)?|"
                  r"copy_from_user|copy_to_user|memdup_user|get_user_ifreq|put_user_ifreq|"
                  r"put_cmsg)\s*\(")
ADDR = re.compile(r"\b(?:struct\s+(?:sockaddr\w*|full_sockaddr_ax25|(?:compat_)?group_req|"
                  r"(?:compat_)?group_source_req|(?:compat_)?group_filter|(?:compat_)?rtentry|"
                  r"in6_rtmsg|arpreq|tcp_md5sig|tcp_ao_add|tcp_ao_del|tcp_ao_getsockopt|"
                  r"ax25_routes_struct|rose_route_struct|nr_route_struct|x25_route_struct|"
                  r"sctp_\w*addr\w*|sctp_paddrparams|sctp_setpeerprim|sctp_prim|sctp_paddrinfo|"
                  r"sctp_getaddrs\w*|sctp_paddrthlds\w*|sctp_udpencaps|sctp_assoc_stats|"
                  r"sctp_probeinterval|rds_get_mr_for_dest_args|in6?_pktinfo)|"
                  r"union\s+sctp_addr|ifr_(?:hw|broad|dst)?addr|ifr_netmask)\b")
HANDLER = re.compile(r"(?:setsockopt|getsockopt|ioctl)")
# The ioctls whose argument holds a socket address (in struct ifreq,
# rtentry, arpreq): a function that dispatches one of them is a candidate
# whoever made the copy.
IOCTL = re.compile(r"\bcase\s+SIOC(?:[SG]IF(?:ADDR|DSTADDR|BRDADDR|NETMASK|HWADDR|HWBROADCAST)|"
                   r"ADDRT|DELRT|[SDG]ARP|ADDMULTI|DELMULTI|GIFCONF)\b")
HEAD = re.compile(r"^(?:[a-z_][\w \t\*]*?\b)?([a-z_]\w*)\s*\(")


def functions(text):
    """(name, header, body, line) of every kernel-style definition."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = HEAD.match(lines[i])
        if m and not lines[i].rstrip().endswith(";") and \
                not re.match(r"(?:if|for|while|switch|return)\b", lines[i]):
            j = i
            while j < len(lines) and lines[j] != "{" and not lines[j].rstrip().endswith(";") \
                    and j - i < 12:
                j += 1
            if j < len(lines) and lines[j] == "{":
                k = j + 1
                while k < len(lines) and not lines[k].startswith("}"):
                    k += 1
                yield m.group(1), "\n".join(lines[i:j]), "\n".join(lines[j:k + 1]), i + 1
                i = k
        i += 1


def candidates(tree):
    found = {}
    for root in ROOTS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(tree, root)):
            dirnames.sort()
            for f in sorted(filenames):
                if not f.endswith(".c"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    text = fh.read()
                rel = os.path.relpath(path, tree)
                for name, head, body, line in functions(text):
                    if (COPY.search(body) and ADDR.search(body)) or \
                            (HANDLER.search(name) and ADDR.search(head)) or \
                            IOCTL.search(body):
                        found.setdefault((rel, name), line)
    return found


def check_test(test, guest_dir, selftests):
    """None if TEST names something that exists, else why not."""
    if test.startswith("none:"):
        return None if test[5:].strip() else "a 'none:' without a reason"
    words = test.split()
    if len(words) == 2 and words[0] == "selftest":
        return None if words[1] in selftests else f"no selftest {words[1]} in tests/selftests/list"
    if len(words) == 2 and words[0] == "guest":
        prog, *names = words[1].split(".")
        src = os.path.join(guest_dir, prog + ".c")
        if not os.path.exists(src):
            return f"no {src}"
        with open(src, encoding="utf-8") as fh:
            text = fh.read()
        # a program that is another one built otherwise (sockopt_compat.c:
        # #include "sockopt.c") has that one's names
        for inc in re.findall(r'^#include "([^"/]+\.c)"', text, re.M):
            try:
                with open(os.path.join(guest_dir, inc), encoding="utf-8") as fh:
                    text += fh.read()
            except OSError as e:
                return f"{prog}.c includes {inc}: {e.strerror}"
        for n in names:
            if not re.search(r"\b" + re.escape(n) + r"\b", text):
                return f"{prog}.c has no {n}"
        return None
    return "TEST is 'guest PROGRAM[.NAME...]', 'selftest NAME' or 'none: REASON'"


def read_map(map_path, errors):
    """[(line number, (FILE, FUNCTION), [4 columns])] of the rows of MAP;
    a malformed row is appended to ERRORS instead (coverage.py reads the
    map with it too)."""
    out = []
    with open(map_path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = [c.strip() for c in line.split("|")]
            key = cols[0].split()
            if len(cols) != 4 or len(key) != 2 or not all(cols):
                errors.append(f"{map_path}:{n}: not 'FILE FUNCTION | ENTRY | LENGTH | TEST'")
                continue
            out.append((n, tuple(key), cols))
    return out


def main(argv):
    if len(argv) != 2:
        print(__doc__.split("\n\n")[0])
        return 2
    tree, map_path = argv
    guest_dir = os.environ.get("GUEST_DIR", os.path.join(TOP, "tests", "guest"))
    selftests = set()
    with open(os.environ.get("SELFTESTS", os.path.join(TOP, "tests", "selftests", "list")),
              encoding="utf-8") as fh:
        for line in fh:
            if line.strip() and not line.startswith("#"):
                selftests.add(line.split()[0])
    found = candidates(tree)
    errors, rows = [], {}
    for n, key, cols in read_map(map_path, errors):
        why = check_test(cols[3], guest_dir, selftests)
        if why:
            errors.append(f"{map_path}:{n}: {key[0]} {key[1]}: {why}")
        if key in rows:
            errors.append(f"{map_path}:{n}: {key[0]} {key[1]} twice")
        rows[key] = cols
    if not found:
        errors.append(f"no candidate under {', '.join(ROOTS)} of {tree}")
    for key in sorted(set(found) - set(rows)):
        errors.append(f"no row for {key[0]}:{found[key]} {key[1]}")
    for key in sorted(set(rows) - set(found)):
        errors.append(f"stale row: {key[0]} {key[1]} is no candidate")
    for e in errors:
        print(f"surface: {e}")
    tested = sum(1 for k in found if k in rows and not rows[k][3].startswith("none:"))
    reasons = {}
    for k in found:
        if k in rows and rows[k][3].startswith("none:"):
            r = rows[k][3][5:].strip().split(":")[0].split(";")[0]
            reasons[r] = reasons.get(r, 0) + 1
    print(f"surface: {len(found)} entry point(s) found, {tested} with a test, "
          f"{len(found) - tested} without")
    for r, c in sorted(reasons.items(), key=lambda x: -x[1]):
        print(f"surface:   {c} without: {r}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

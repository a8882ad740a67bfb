# SPDX-License-Identifier: GPL-2.0
"""sockaddr.py CASE [MAC] - socket addresses as Debian's own python3 sees them.

Each CASE prints what the kernel returned, in a form that does not change
from boot to boot (no port numbers, no inode numbers), and exits non-zero
when the result is not the expected one. The host compares the printed
lines of the two kernels (scripts/distro-compare.sh).
"""
import errno
import fcntl
import os
import socket
import struct
import sys


def unix_long_path():
    """A 107-byte sun_path (the longest python's socket module passes: it
    wants room for the NUL), far past sa_data[14]:
    bind, getsockname, connect, getpeername on both ends."""
    d = "/run/wb"
    os.makedirs(d, exist_ok=True)
    path = d + "/" + "p" * (107 - len(d) - 1)
    assert len(path) == 107
    if os.path.exists(path):
        os.unlink(path)
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(1)
    cli = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    cli.connect(path)
    conn, peer = srv.accept()
    print("server getsockname len", len(srv.getsockname()), srv.getsockname() == path)
    print("client getpeername len", len(cli.getpeername()), cli.getpeername() == path)
    print("client getsockname", repr(cli.getsockname()), "accept peer", repr(peer))
    print("accepted getsockname len", len(conn.getsockname()))
    os.unlink(path)
    return srv.getsockname() == path and cli.getpeername() == path and peer == ""


def unix_abstract():
    """An abstract name of 100 bytes: getsockname returns every byte."""
    name = b"\0" + b"wb-abstract-" + b"a" * 87
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(name)
    got = s.getsockname()
    print("abstract len", len(got), got == name)
    return got == name


def packet(ifname, mac):
    """AF_PACKET bound to a device: getsockname is a sockaddr_ll with the
    device's hardware address (ARPHRD_ETHER, MAC)."""
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x88b5))
    s.bind((ifname, 0x88b5))
    name = s.getsockname()
    print("sockaddr_ll", name[0], hex(name[1]), name[2], name[3], name[4].hex(":"))
    return name[0] == ifname and name[1] == 0x88b5 and name[3] == 1 and name[4].hex(":") == mac


def hwaddr(ifname, mac):
    """SIOCGIFHWADDR: the family and the six bytes of the device's MAC."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    ifr = struct.pack("16s16s", ifname.encode(), b"")
    out = fcntl.ioctl(s.fileno(), 0x8927, ifr)  # SIOCGIFHWADDR
    family, = struct.unpack_from("H", out, 16)
    want, mac = mac, out[18:24].hex(":")
    print("SIOCGIFHWADDR family", family, "addr", mac)
    return family == 1 and mac == want  # ARPHRD_ETHER


def sethwaddr_family(ifname, mac):
    """SIOCSIFHWADDR with a sockaddr whose family is not the device's
    (ARPHRD_NONE): the kernel refuses it with EINVAL, the MAC stays."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    ifr = struct.pack("16sH14s", ifname.encode(), 0xfffe, bytes.fromhex("020000000099") + bytes(8))
    try:
        fcntl.ioctl(s.fileno(), 0x8924, ifr)  # SIOCSIFHWADDR
        print("SIOCSIFHWADDR with family 0xfffe: accepted")
        return False
    except OSError as e:
        print("SIOCSIFHWADDR with family 0xfffe:", errno.errorcode.get(e.errno, e.errno))
        ok = e.errno == errno.EINVAL
    return hwaddr(ifname, mac) and ok


def inet6_names():
    """TCP over ::1: getsockname/getpeername as sockaddr_in6 (28 bytes)."""
    srv = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    srv.bind(("::1", 0))
    srv.listen(1)
    cli = socket.create_connection(srv.getsockname()[:2])
    conn, peer = srv.accept()
    a, b = cli.getpeername(), conn.getsockname()
    print("getpeername", a[0], a[2], a[3], "getsockname", b[0], b[2], b[3], "same port", a[1] == b[1])
    return a == b[:4] and a[0] == "::1"


CASES = {
    "unix-long-path": unix_long_path,
    "unix-abstract": unix_abstract,
    "packet": lambda mac: packet("wbd0", mac),
    "hwaddr": lambda mac: hwaddr("wbd0", mac),
    "sethwaddr-family": lambda mac: sethwaddr_family("wbd0", mac),
    "inet6-names": inet6_names,
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in CASES:
        print("usage: sockaddr.py " + "|".join(CASES) + " [MAC]", file=sys.stderr)
        sys.exit(2)
    sys.exit(0 if CASES[sys.argv[1]](*sys.argv[2:]) else 1)

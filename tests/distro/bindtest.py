# SPDX-License-Identifier: GPL-2.0
"""bindtest.py PROFILE - make a TCP socket unconfined, enter the AppArmor
profile PROFILE with change_profile, then bind it to 127.0.0.1:0.

Exit status: 0 when bind succeeded, 13 when it failed with EACCES (the
profile denied it), 100 + errno % 100 on any other error. Nothing is
printed after the change: the profiles allow no file access.
"""
import os
import socket
import sys

s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
fd = os.open("/proc/self/attr/apparmor/current", os.O_WRONLY)
os.write(fd, b"changeprofile " + sys.argv[1].encode())
os.close(fd)
try:
    s.bind(("127.0.0.1", 0))
except OSError as e:
    os._exit(13 if e.errno == 13 else 100 + e.errno % 100)
os._exit(0)

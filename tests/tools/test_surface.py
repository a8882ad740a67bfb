# SPDX-License-Identifier: GPL-2.0
"""scripts/surface.py: every function of the tree that takes a socket
address from user space (or hands one back) beyond bind/connect has a row
in the map, with what exercises it; a new one without a row, a stale row,
a row whose test names nothing, and a search that finds nothing all fail."""
import os

from conftest import SCRIPTS, run

SOCKOPT_C = """static int do_join(struct sock *sk, sockptr_t optval, int optlen)
{
	struct group_req greq;

	if (copy_from_sockptr(&greq, optval, sizeof(greq)))
		return -EFAULT;
	return 0;
}

static int x_setsockopt_prim(struct sock *sk, struct sctp_prim *prim,
			     unsigned int optlen)
{
	return 0;
}

static int x_dev_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd)
{
	switch (cmd) {
	case SIOCSIFADDR:
		return 0;
	}
	return -ENOIOCTLCMD;
}

static int
x_wpan_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd)
{
	switch (cmd) {
	case SIOCGIFADDR:
		return 0;
	}
	return -ENOIOCTLCMD;
}

static int no_address(struct sock *sk, sockptr_t optval)
{
	int val;

	if (copy_from_sockptr(&val, optval, sizeof(val)))
		return -EFAULT;
	return val;
}
"""

ROWS = {
    "do_join": "net/x/sockopt.c do_join | setsockopt MCAST_JOIN_GROUP | fixed | guest prog.joins",
    "x_setsockopt_prim": "net/x/sockopt.c x_setsockopt_prim | setsockopt X | user: optlen | "
                         "none: not swept yet; no test",
    "x_dev_ioctl": "net/x/sockopt.c x_dev_ioctl | ioctl SIOCSIFADDR | fixed 16 | selftest net-a",
    # the type on a line of its own, the name at column 0
    "x_wpan_ioctl": "net/x/sockopt.c x_wpan_ioctl | ioctl SIOCGIFADDR | fixed 16 | selftest net-a",
}


def surface(tmp_path, rows, source=SOCKOPT_C, included="prog.c"):
    tree = tmp_path / "tree"
    (tree / "net" / "x").mkdir(parents=True, exist_ok=True)
    (tree / "net" / "x" / "sockopt.c").write_text(source)
    guest = tmp_path / "guest"
    guest.mkdir(exist_ok=True)
    (guest / "prog.c").write_text("FIXTURE_VARIANT_ADD(x, joins)\n")
    (guest / "prog_compat.c").write_text(f'/* prog.c, 32-bit */\n#include "{included}"\n')
    (tmp_path / "list").write_text("# name program\nnet-a net/a\n")
    (tmp_path / "map").write_text("# FILE FUNCTION | ENTRY | LENGTH | TEST\n" + "\n".join(rows) + "\n")
    env = dict(os.environ, GUEST_DIR=str(guest), SELFTESTS=str(tmp_path / "list"))
    return run(["python3", str(SCRIPTS / "surface.py"), str(tree), str(tmp_path / "map")], env=env)


def test_every_candidate_mapped(tmp_path):
    rc, out = surface(tmp_path, ROWS.values())
    assert rc == 0, out
    assert "4 entry point(s) found, 3 with a test, 1 without" in out, out
    assert "1 without: not swept yet" in out, out


def test_unmapped_candidate_fails(tmp_path):
    rc, out = surface(tmp_path, [ROWS["do_join"], ROWS["x_setsockopt_prim"]])
    assert rc == 1 and "no row for net/x/sockopt.c:" in out and "x_dev_ioctl" in out, out


def test_stale_row_fails(tmp_path):
    rc, out = surface(tmp_path, list(ROWS.values()) +
                      ["net/x/sockopt.c gone | setsockopt Y | fixed | none: not swept yet; x"])
    assert rc == 1 and "stale row: net/x/sockopt.c gone" in out, out


def test_no_address_no_candidate(tmp_path):
    """A copy of an int is no address: no_address needs no row (a row for
    it is stale)."""
    rc, out = surface(tmp_path, list(ROWS.values()) +
                      ["net/x/sockopt.c no_address | setsockopt Z | fixed | none: x"])
    assert rc == 1 and "stale row: net/x/sockopt.c no_address" in out, out


def test_bad_tests_fail(tmp_path):
    for test, msg in (("guest nosuch", "no "), ("guest prog.leaves", "prog.c has no leaves"),
                      ("selftest net-b", "no selftest net-b"), ("none:", "without a reason"),
                      ("maybe", "TEST is")):
        rows = dict(ROWS, do_join=f"net/x/sockopt.c do_join | e | l | {test}")
        rc, out = surface(tmp_path, rows.values())
        assert rc == 1 and msg in out, (test, out)


# A program that #includes another one (prog_compat.c: prog.c built for
# the compat ABI) has that one's names, and no others.
def test_included_program_names(tmp_path):
    rows = dict(ROWS, do_join="net/x/sockopt.c do_join | e | l | guest prog_compat.joins")
    rc, out = surface(tmp_path, rows.values())
    assert rc == 0, out
    rows = dict(ROWS, do_join="net/x/sockopt.c do_join | e | l | guest prog_compat.leaves")
    rc, out = surface(tmp_path, rows.values())
    assert rc == 1 and "prog_compat.c has no leaves" in out, out
    rows = dict(ROWS, do_join="net/x/sockopt.c do_join | e | l | guest prog_compat.joins")
    rc, out = surface(tmp_path, rows.values(), included="gone.c")
    assert rc == 1 and "prog_compat.c includes gone.c: No such file" in out, out


def test_malformed_and_twice(tmp_path):
    rc, out = surface(tmp_path, list(ROWS.values()) + ["net/x/sockopt.c do_join | e | l"])
    assert rc == 1 and "not 'FILE FUNCTION | ENTRY | LENGTH | TEST'" in out, out
    rc, out = surface(tmp_path, list(ROWS.values()) + [ROWS["do_join"]])
    assert rc == 1 and "do_join twice" in out, out


def test_nothing_found_fails(tmp_path):
    rc, out = surface(tmp_path, [], source="static int f(void)\n{\n\treturn 0;\n}\n")
    assert rc == 1 and "no candidate under" in out, out

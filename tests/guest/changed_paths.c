// SPDX-License-Identifier: GPL-2.0
/*
 * Reach, from user space, the functions the series changes that no other
 * guest test runs (scripts/coverage.py lists them), and record what each
 * call returned so that the baseline and the patched kernel can be
 * compared:
 *
 *  - bonding (balance-alb, balance-tlb, active-backup with every
 *    fail_over_mac): enslave two dummies, set the bond's MAC by
 *    SIOCSIFHWADDR and IFLA_ADDRESS, change the active slave, release:
 *    bond_enslave, bond_set_mac_address, alb_set_slave_mac_addr,
 *    bond_alb_handle_active_change, __bond_release_one;
 *  - macvlan (bridge, passthru): set its MAC, delete it:
 *    macvlan_set_mac_address, macvlan_port_destroy;
 *  - getsockopt(SO_PEERNAME) with short, exact and long buffers on
 *    AF_UNIX, AF_INET and AF_INET6: sk_getsockopt;
 *  - sendto(MSG_FASTOPEN) and TCP_FASTOPEN_CONNECT with good and bad
 *    address lengths: tcp_sendmsg_fastopen;
 *  - unmanaged L2TP tunnels over UDP (genl "l2tp", no L2TP_ATTR_FD):
 *    udp_sock_create4, udp_sock_create6;
 *  - an MPTCP connection with a "subflow" endpoint (genl "mptcp_pm"):
 *    __mptcp_subflow_connect;
 *  - IEEE802154_ADD_IFACE (genl "802.15.4 MAC"): ieee802154_add_iface;
 *  - bind() of AF_NFC SOCK_RAW NFC_SOCKPROTO_LLCP sockets on the nfcsim
 *    devices: llcp_raw_sock_bind.
 *
 * MACs are fixed by the test (the bond's own random MAC is written as
 * "rand"), ports are masked, devices are named, not numbered. Everything
 * created is removed again, and the tcp_fastopen sysctl and the MPTCP
 * limits are restored.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <linux/genetlink.h>
#include <net/if_arp.h>
#include <linux/if_link.h>
#include <linux/l2tp.h>
#include <linux/mptcp.h>
#include <linux/nfc.h>
#include <linux/tcp.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>

#include "kselftest_harness.h"
#include "lib/genl.h"
#include "lib/rtnl.h"
#include "lib/transcript.h"

#ifndef IPPROTO_MPTCP
#define IPPROTO_MPTCP 262
#endif
#ifndef SOL_MPTCP
#define SOL_MPTCP 284
#endif
#ifndef MSG_FASTOPEN
#define MSG_FASTOPEN 0x20000000
#endif

/*
 * The legacy IEEE 802.15.4 netlink interface (include/linux/nl802154.h in
 * the kernel, not a UAPI header): the family name, the two attributes and
 * the command used here.
 */
#define IEEE802154_NL_NAME		"802.15.4 MAC"
#define IEEE802154_ATTR_DEV_NAME	1
#define IEEE802154_ATTR_HW_ADDR		5
#define IEEE802154_ATTR_PHY_NAME	31
#define IEEE802154_LIST_PHY		32
#define IEEE802154_ADD_IFACE		33

/* tr_line() that keeps errno (it creates the transcript directory). */
static void __attribute__((format(printf, 1, 2))) tr(const char *fmt, ...)
{
	char line[900];
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	tr_line("%s", line);
	errno = err;
}

/* The loopback address of @domain (AF_INET or AF_INET6), port 0: its length. */
static socklen_t loopback_addr(struct sockaddr_storage *ss, int domain)
{
	struct sockaddr_in6 *sin6 = (void *)ss;
	struct sockaddr_in *sin = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	if (domain == AF_INET) {
		sin->sin_family = AF_INET;
		sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*sin);
	}
	sin6->sin6_family = AF_INET6;
	sin6->sin6_addr = in6addr_loopback;
	return sizeof(*sin6);
}

/* --- devices ------------------------------------------------------------- */

struct known_mac {
	const char *name;
	unsigned char mac[6];
};

/* Fixed, unicast, locally administered addresses set by the tests. */
#define MAC(x, y) { 0x02, 0x00, 0x00, 0x00, x, y }

/* "02:00:00:00:d0:00", or the name of a MAC the test does not fix. */
static const char *mac_name(const unsigned char *mac, const struct known_mac *k, int nk)
{
	static char buf[4][24];
	static int i;
	char *s = buf[i++ & 3];
	int j;

	for (j = 0; j < nk; j++)
		if (!memcmp(mac, k[j].mac, 6))
			return k[j].name;
	snprintf(s, sizeof(buf[0]), "%02x:%02x:%02x:%02x:%02x:%02x",
		 mac[0], mac[1], mac[2], mac[3], mac[4], mac[5]);
	return s;
}

static int dev_mac(const char *dev, unsigned char *mac)
{
	int ifindex = if_nametoindex(dev);

	if (!ifindex)
		return -ENODEV;
	return link_get_bytes(ifindex, IFLA_ADDRESS, mac, 6);
}

static int dev_set_mac_nl(const char *dev, const void *mac, int len)
{
	return link_set_bytes(if_nametoindex(dev), IFLA_ADDRESS, mac, len);
}

static int dev_set_mac_ioctl(const char *dev, const unsigned char *mac)
{
	struct ifreq ifr = { 0 };

	ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
	memcpy(ifr.ifr_hwaddr.sa_data, mac, 6);
	return ifreq_ioctl(dev, SIOCSIFHWADDR, &ifr);
}

static int dev_set_master(const char *dev, const char *master)
{
	return link_set_u32(if_nametoindex(dev), IFLA_MASTER,
			    master ? if_nametoindex(master) : 0);
}

/* A dummy with a fixed MAC, down. */
static int dummy_create(const char *name, const unsigned char *mac)
{
	int ret = link_create("dummy", name);

	return ret ?: dev_set_mac_nl(name, mac, 6);
}

static const char *err_name(int ret)
{
	return tr_ret(ret < 0 ? -1 : ret, -ret);
}

/* --- bonding ------------------------------------------------------------- */

#define BOND "cpbond0"
#define SLAVE0 "cpbd0"
#define SLAVE1 "cpbd1"

static const struct known_mac bond_macs[] = {
	{ "d0", MAC(0xd0, 0) },
	{ "d1", MAC(0xd1, 0) },
	{ "A", MAC(0xaa, 1) },
	{ "B", MAC(0xaa, 2) },
	{ "rand", { 0 } },	/* the bond's own random MAC, filled in by setup */
};

FIXTURE(bond)
{
	struct known_mac macs[5];
};

FIXTURE_VARIANT(bond)
{
	const char *name;
	unsigned char mode;		/* BOND_MODE_* */
	unsigned char fail_over_mac;	/* 0 none, 1 active, 2 follow */
};

FIXTURE_VARIANT_ADD(bond, alb)
{
	.name = "alb", .mode = 6,
};
FIXTURE_VARIANT_ADD(bond, tlb)
{
	.name = "tlb", .mode = 5,
};
FIXTURE_VARIANT_ADD(bond, ab_fom_none)
{
	.name = "ab_fom_none", .mode = 1, .fail_over_mac = 0,
};
FIXTURE_VARIANT_ADD(bond, ab_fom_active)
{
	.name = "ab_fom_active", .mode = 1, .fail_over_mac = 1,
};
FIXTURE_VARIANT_ADD(bond, ab_fom_follow)
{
	.name = "ab_fom_follow", .mode = 1, .fail_over_mac = 2,
};

/* RTM_NEWLINK for the bond: create it (@create) or change it, with one IFLA_BOND_* attribute. */
static int bond_link(int create, int type, const void *data, int len)
{
	struct rtnl_req req;
	struct rtattr *info, *idata;

	rtnl_init(&req, RTM_NEWLINK, create ? NLM_F_CREATE | NLM_F_EXCL : 0,
		  create ? 0 : if_nametoindex(BOND));
	if (create)
		rtnl_add(NH(&req), IFLA_IFNAME, BOND, strlen(BOND) + 1);
	info = rtnl_add(NH(&req), IFLA_LINKINFO, NULL, 0);
	rtnl_add(NH(&req), IFLA_INFO_KIND, "bond", 4);
	idata = rtnl_add(NH(&req), IFLA_INFO_DATA, NULL, 0);
	rtnl_add(NH(&req), type, data, len);
	rtnl_end_nest(NH(&req), idata);
	rtnl_end_nest(NH(&req), info);
	return rtnl_talk(NH(&req), NULL, 0);
}

static void bond_state(struct __test_metadata *_metadata, FIXTURE_DATA(bond) *self,
		       const char *what)
{
	unsigned char b[6], s0[6], s1[6];
	char active[IFNAMSIZ + 2] = "";
	FILE *f;

	ASSERT_EQ(6, dev_mac(BOND, b));
	ASSERT_EQ(6, dev_mac(SLAVE0, s0));
	ASSERT_EQ(6, dev_mac(SLAVE1, s1));
	f = fopen("/sys/class/net/" BOND "/bonding/active_slave", "r");
	if (f) {
		if (!fgets(active, sizeof(active), f))
			active[0] = 0;
		fclose(f);
	}
	active[strcspn(active, "\n")] = 0;
	tr("%s: bond %s, %s %s, %s %s, active %s", what,
		mac_name(b, self->macs, 5), SLAVE0, mac_name(s0, self->macs, 5),
		SLAVE1, mac_name(s1, self->macs, 5), active[0] ? active : "-");
}

FIXTURE_SETUP(bond)
{
	unsigned char mode = variant->mode, fom = variant->fail_over_mac;

	memcpy(self->macs, bond_macs, sizeof(self->macs));
	link_delete(BOND);
	link_delete(SLAVE0);
	link_delete(SLAVE1);
	ASSERT_EQ(0, dummy_create(SLAVE0, self->macs[0].mac));
	ASSERT_EQ(0, dummy_create(SLAVE1, self->macs[1].mac));
	/* mode first: fail_over_mac is checked against it */
	ASSERT_EQ(0, bond_link(1, IFLA_BOND_MODE, &mode, 1));
	ASSERT_EQ(0, bond_link(0, IFLA_BOND_FAIL_OVER_MAC, &fom, 1));
	ASSERT_EQ(6, dev_mac(BOND, self->macs[4].mac));
	tr_begin("bond_%s", variant->name);
}

FIXTURE_TEARDOWN(bond)
{
	link_delete(BOND);
	link_delete(SLAVE0);
	link_delete(SLAVE1);
}

TEST_F(bond, enslave_setmac_active_release)
{
	const unsigned char bad[6] = { 0x01, 0, 0x5e, 0, 0, 1 };	/* multicast */
	unsigned char s1[6];
	unsigned int ifindex;
	int ret;

	tr("mode %u fail_over_mac %u", variant->mode, variant->fail_over_mac);
	ASSERT_EQ(0, link_flags(BOND, IFF_UP, 0));

	ret = dev_set_master(SLAVE0, BOND);
	tr("enslave %s -> %s", SLAVE0, err_name(ret));
	ASSERT_EQ(0, ret);
	ret = dev_set_master(SLAVE1, BOND);
	tr("enslave %s -> %s", SLAVE1, err_name(ret));
	ASSERT_EQ(0, ret);
	bond_state(_metadata, self, "enslaved");

	ret = dev_set_mac_ioctl(BOND, self->macs[2].mac);
	tr("SIOCSIFHWADDR A -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	bond_state(_metadata, self, "SIOCSIFHWADDR");

	ret = dev_set_mac_nl(BOND, self->macs[3].mac, 6);
	tr("IFLA_ADDRESS B -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	bond_state(_metadata, self, "IFLA_ADDRESS");

	ret = dev_set_mac_nl(BOND, self->macs[2].mac, 5);
	tr("IFLA_ADDRESS 5 bytes -> %s", err_name(ret));
	ASSERT_EQ(-EINVAL, ret);
	ret = dev_set_mac_nl(BOND, bad, 6);
	tr("IFLA_ADDRESS multicast -> %s", err_name(ret));
	bond_state(_metadata, self, "bad addresses");

	ifindex = if_nametoindex(SLAVE1);
	ret = bond_link(0, IFLA_BOND_ACTIVE_SLAVE, &ifindex, 4);
	tr("active_slave %s -> %s", SLAVE1, err_name(ret));
	ASSERT_EQ(0, ret);
	bond_state(_metadata, self, "active " SLAVE1);

	ifindex = if_nametoindex(SLAVE0);
	ret = bond_link(0, IFLA_BOND_ACTIVE_SLAVE, &ifindex, 4);
	tr("active_slave %s -> %s", SLAVE0, err_name(ret));
	ASSERT_EQ(0, ret);
	bond_state(_metadata, self, "active " SLAVE0);

	ret = dev_set_master(SLAVE0, NULL);
	tr("release %s -> %s", SLAVE0, err_name(ret));
	ASSERT_EQ(0, ret);
	bond_state(_metadata, self, "released " SLAVE0);

	/* the last slave goes with the bond */
	ASSERT_EQ(0, link_delete(BOND));
	ASSERT_EQ(6, dev_mac(SLAVE1, s1));
	tr("bond deleted: %s %s", SLAVE1, mac_name(s1, self->macs, 5));
}

/* --- macvlan ------------------------------------------------------------- */

#define MVLOWER "cpmvl0"
#define MV0 "cpmv0"
#define MV1 "cpmv1"

static const struct known_mac mv_macs[] = {
	{ "lower", MAC(0xc0, 0) },
	{ "mv0", MAC(0xc1, 0) },
	{ "mv1", MAC(0xc2, 0) },
	{ "C", MAC(0xc3, 0) },
	{ "D", MAC(0xc4, 0) },
};

FIXTURE(macvlan)
{
};

FIXTURE_VARIANT(macvlan)
{
	const char *name;
	unsigned int mode;	/* MACVLAN_MODE_* */
};

FIXTURE_VARIANT_ADD(macvlan, bridge)
{
	.name = "bridge", .mode = MACVLAN_MODE_BRIDGE,
};
FIXTURE_VARIANT_ADD(macvlan, passthru)
{
	.name = "passthru", .mode = MACVLAN_MODE_PASSTHRU,
};

static int macvlan_create(const char *name, unsigned int mode, const unsigned char *mac)
{
	struct rtnl_req req;
	struct rtattr *info, *idata;
	unsigned int lower = if_nametoindex(MVLOWER);

	rtnl_init(&req, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0);
	rtnl_add(NH(&req), IFLA_IFNAME, name, strlen(name) + 1);
	rtnl_add(NH(&req), IFLA_LINK, &lower, 4);
	if (mac)
		rtnl_add(NH(&req), IFLA_ADDRESS, mac, 6);
	info = rtnl_add(NH(&req), IFLA_LINKINFO, NULL, 0);
	rtnl_add(NH(&req), IFLA_INFO_KIND, "macvlan", 7);
	idata = rtnl_add(NH(&req), IFLA_INFO_DATA, NULL, 0);
	rtnl_add(NH(&req), IFLA_MACVLAN_MODE, &mode, 4);
	rtnl_end_nest(NH(&req), idata);
	rtnl_end_nest(NH(&req), info);
	return rtnl_talk(NH(&req), NULL, 0);
}

static void mv_state(struct __test_metadata *_metadata, const char *what)
{
	unsigned char l[6], m[6];

	ASSERT_EQ(6, dev_mac(MVLOWER, l));
	ASSERT_EQ(6, dev_mac(MV0, m));
	tr("%s: %s %s %s %s", what, MVLOWER, mac_name(l, mv_macs, 5),
		MV0, mac_name(m, mv_macs, 5));
}

FIXTURE_SETUP(macvlan)
{
	link_delete(MV0);
	link_delete(MV1);
	link_delete(MVLOWER);
	ASSERT_EQ(0, dummy_create(MVLOWER, mv_macs[0].mac));
	ASSERT_EQ(0, link_flags(MVLOWER, IFF_UP, 0));
	tr_begin("macvlan_%s", variant->name);
}

FIXTURE_TEARDOWN(macvlan)
{
	link_delete(MV0);
	link_delete(MV1);
	link_delete(MVLOWER);
}

TEST_F(macvlan, setmac_delete)
{
	const unsigned char bad[6] = { 0x01, 0, 0x5e, 0, 0, 1 };
	int passthru = variant->mode == MACVLAN_MODE_PASSTHRU, ret;
	unsigned char l[6];

	ret = macvlan_create(MV0, variant->mode, passthru ? NULL : mv_macs[1].mac);
	tr("create %s mode %u -> %s", MV0, variant->mode, err_name(ret));
	ASSERT_EQ(0, ret);
	if (!passthru) {
		ASSERT_EQ(0, macvlan_create(MV1, variant->mode, mv_macs[2].mac));
		ASSERT_EQ(0, link_flags(MV1, IFF_UP, 0));
	}
	ASSERT_EQ(0, link_flags(MV0, IFF_UP, 0));
	mv_state(_metadata, "created");

	ret = dev_set_mac_ioctl(MV0, mv_macs[3].mac);
	tr("SIOCSIFHWADDR C -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	mv_state(_metadata, "SIOCSIFHWADDR");

	ret = dev_set_mac_nl(MV0, mv_macs[4].mac, 6);
	tr("IFLA_ADDRESS D -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	mv_state(_metadata, "IFLA_ADDRESS");

	ret = dev_set_mac_nl(MV0, mv_macs[4].mac, 6);
	tr("IFLA_ADDRESS D again -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	ret = dev_set_mac_nl(MV0, bad, 6);
	tr("IFLA_ADDRESS multicast -> %s", err_name(ret));
	ASSERT_EQ(-EADDRNOTAVAIL, ret);
	ret = dev_set_mac_nl(MV0, mv_macs[4].mac, 5);
	tr("IFLA_ADDRESS 5 bytes -> %s", err_name(ret));
	ASSERT_EQ(-EINVAL, ret);
	if (!passthru) {
		ret = dev_set_mac_ioctl(MV0, mv_macs[2].mac);
		tr("SIOCSIFHWADDR %s's -> %s", MV1, err_name(ret));
		ASSERT_EQ(-EADDRINUSE, ret);
	}
	mv_state(_metadata, "bad addresses");

	/* the last macvlan takes the port with it: macvlan_port_destroy */
	if (!passthru) {
		ret = link_delete(MV1);
		tr("delete %s -> %s", MV1, err_name(ret));
		ASSERT_EQ(0, ret);
	}
	ret = link_delete(MV0);
	tr("delete %s -> %s", MV0, err_name(ret));
	ASSERT_EQ(0, ret);
	ASSERT_EQ(6, dev_mac(MVLOWER, l));
	tr("deleted: %s %s", MVLOWER, mac_name(l, mv_macs, 5));
	/* passthru gives the lower device its own address back */
	ASSERT_EQ(0, memcmp(l, mv_macs[0].mac, 6));
}

/* --- getsockopt(SO_PEERNAME) ---------------------------------------------- */

#define PEER_PATH "/tmp/changed-paths-peer"

FIXTURE(peername)
{
	int lfd, cfd, afd;
	struct sockaddr_storage peer;
	socklen_t peer_len;
};

FIXTURE_VARIANT(peername)
{
	const char *name;
	int domain;
	int pair;		/* socketpair(): the peer has no address */
	int port_at;		/* offset of a port to mask, or -1 */
};

FIXTURE_VARIANT_ADD(peername, unix_pair)
{
	.name = "unix_pair", .domain = AF_UNIX, .pair = 1, .port_at = -1,
};
FIXTURE_VARIANT_ADD(peername, unix_path)
{
	.name = "unix_path", .domain = AF_UNIX, .port_at = -1,
};
FIXTURE_VARIANT_ADD(peername, inet)
{
	.name = "inet", .domain = AF_INET, .port_at = 2,
};
FIXTURE_VARIANT_ADD(peername, inet6)
{
	.name = "inet6", .domain = AF_INET6, .port_at = 2,
};

FIXTURE_SETUP(peername)
{
	struct sockaddr_storage ss = { 0 };
	socklen_t len;
	int sv[2];

	self->lfd = self->cfd = self->afd = -1;
	tr_begin("peername_%s", variant->name);
	if (variant->pair) {
		ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
		self->cfd = sv[0];
		self->afd = sv[1];
	} else {
		if (variant->domain == AF_UNIX) {
			struct sockaddr_un *sun = (void *)&ss;

			sun->sun_family = AF_UNIX;
			strcpy(sun->sun_path, PEER_PATH);
			unlink(PEER_PATH);
			len = offsetof(struct sockaddr_un, sun_path) + sizeof(PEER_PATH);
		} else {
			len = loopback_addr(&ss, variant->domain);
		}
		self->lfd = socket(variant->domain, SOCK_STREAM, 0);
		ASSERT_LE(0, self->lfd);
		ASSERT_EQ(0, bind(self->lfd, (void *)&ss, len));
		ASSERT_EQ(0, listen(self->lfd, 1));
		len = sizeof(ss);
		ASSERT_EQ(0, getsockname(self->lfd, (void *)&ss, &len));
		self->cfd = socket(variant->domain, SOCK_STREAM, 0);
		ASSERT_LE(0, self->cfd);
		ASSERT_EQ(0, connect(self->cfd, (void *)&ss, len));
		self->afd = accept(self->lfd, NULL, NULL);
		ASSERT_LE(0, self->afd);
	}
	self->peer_len = sizeof(self->peer);
	ASSERT_EQ(0, getpeername(self->cfd, (void *)&self->peer, &self->peer_len));
}

FIXTURE_TEARDOWN(peername)
{
	close(self->lfd);
	close(self->cfd);
	close(self->afd);
	if (variant->domain == AF_UNIX && !variant->pair)
		unlink(PEER_PATH);
}

TEST_F(peername, so_peername)
{
	int lens[] = { -1, 0, 1, 2, 16, (int)self->peer_len - 1, (int)self->peer_len,
		       (int)self->peer_len + 1, 128 };
	unsigned char buf[256];
	char hex[2 * sizeof(buf) + 2];
	unsigned int i, j;
	socklen_t len;
	int ret, fd;

	tr("getpeername length %u", self->peer_len);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		for (j = 0; j < i && lens[j] != lens[i]; j++)
			;
		if (j < i)	/* tried already */
			continue;
		memset(buf, 0xa5, sizeof(buf));
		len = lens[i];
		errno = 0;
		ret = getsockopt(self->cfd, SOL_SOCKET, SO_PEERNAME, buf, &len);
		if (ret) {
			tr("optlen %d -> %s", lens[i], tr_ret(ret, errno));
			/* a buffer longer than the address is refused */
			EXPECT_EQ(EINVAL, errno);
			EXPECT_TRUE(lens[i] < 0 || lens[i] > (int)self->peer_len);
			continue;
		}
		EXPECT_LE(lens[i], (int)self->peer_len);
		EXPECT_EQ((socklen_t)lens[i], len);
		EXPECT_EQ(0, memcmp(buf, &self->peer, len));
		for (j = len; j < sizeof(buf); j++)
			if (buf[j] != 0xa5)
				break;
		EXPECT_EQ(sizeof(buf), j) TH_LOG("byte %u written past optlen %u", j, len);
		if (variant->port_at >= 0 && len > (socklen_t)variant->port_at)
			memset(buf + variant->port_at, 0,
			       len < (socklen_t)variant->port_at + 2 ? 1 : 2);
		tr("optlen %d -> 0, optlen %u, %s", lens[i], len, tr_hex(hex, buf, len));
	}

	/* not connected */
	fd = socket(variant->domain, SOCK_STREAM, 0);
	ASSERT_LE(0, fd);
	len = sizeof(buf);
	ret = getsockopt(fd, SOL_SOCKET, SO_PEERNAME, buf, &len);
	tr("unconnected optlen %zu -> %s", sizeof(buf), tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	EXPECT_EQ(ENOTCONN, errno);
	close(fd);
}

/* --- TCP Fast Open --------------------------------------------------------- */

#define TFO_SYSCTL "/proc/sys/net/ipv4/tcp_fastopen"

/* Read @path into @buf as a string: its length or -errno. */
static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	return n;
}

FIXTURE(fastopen)
{
	char saved[32];
	int lfd;
	struct sockaddr_storage addr;
	socklen_t addr_len;
};

FIXTURE_VARIANT(fastopen)
{
	const char *name;
	int domain;
};

FIXTURE_VARIANT_ADD(fastopen, inet)
{
	.name = "inet", .domain = AF_INET,
};
FIXTURE_VARIANT_ADD(fastopen, inet6)
{
	.name = "inet6", .domain = AF_INET6,
};

FIXTURE_SETUP(fastopen)
{
	int qlen = 8;

	tr_begin("fastopen_%s", variant->name);
	self->lfd = -1;
	ASSERT_LT(0, read_file(TFO_SYSCTL, self->saved, sizeof(self->saved)));
	ASSERT_EQ(0, write_file(TFO_SYSCTL, "3"));
	self->addr_len = loopback_addr(&self->addr, variant->domain);
	self->lfd = socket(variant->domain, SOCK_STREAM, 0);
	ASSERT_LE(0, self->lfd);
	ASSERT_EQ(0, bind(self->lfd, (void *)&self->addr, self->addr_len));
	ASSERT_EQ(0, setsockopt(self->lfd, IPPROTO_TCP, TCP_FASTOPEN, &qlen, sizeof(qlen)));
	ASSERT_EQ(0, listen(self->lfd, 8));
	ASSERT_EQ(0, getsockname(self->lfd, (void *)&self->addr, &self->addr_len));
}

FIXTURE_TEARDOWN(fastopen)
{
	close(self->lfd);
	if (self->saved[0])
		write_file(TFO_SYSCTL, self->saved);
}

/* After a successful send: the server must get the five bytes. */
static void fastopen_accept(struct __test_metadata *_metadata, int lfd)
{
	char buf[16];
	int afd, n;

	afd = accept(lfd, NULL, NULL);
	ASSERT_LE(0, afd);
	n = recv(afd, buf, sizeof(buf), 0);
	tr("  server recv -> %s", tr_ret(n, errno));
	EXPECT_EQ(5, n);
	close(afd);
}

TEST_F(fastopen, sendto_msg_fastopen)
{
	int in6 = variant->domain == AF_INET6;
	int lens[] = { 0, 1, 2, 8, 15, 16, 23, 24, 27, 28, 128, 129 };
	struct sockaddr_storage ss;
	unsigned int i;
	int fd, ret, one = 1;

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		/* 24 (SIN6_LEN_RFC2133) is the shortest AF_INET6 address */
		int good = lens[i] >= (in6 ? 24 : 16) && lens[i] <= 128;

		fd = socket(variant->domain, SOCK_STREAM, 0);
		ASSERT_LE(0, fd);
		ret = sendto(fd, "hello", 5, MSG_FASTOPEN, (void *)&self->addr, lens[i]);
		tr("sendto namelen %d -> %s", lens[i], tr_ret(ret, errno));
		if (good) {
			EXPECT_EQ(5, ret);
			fastopen_accept(_metadata, self->lfd);
		} else {
			EXPECT_EQ(-1, ret);
		}
		close(fd);
	}

	/* no address at all, and AF_UNSPEC */
	fd = socket(variant->domain, SOCK_STREAM, 0);
	ASSERT_LE(0, fd);
	ret = sendto(fd, "hello", 5, MSG_FASTOPEN, NULL, 0);
	tr("sendto NULL -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	ss = self->addr;
	ss.ss_family = AF_UNSPEC;
	ret = sendto(fd, "hello", 5, MSG_FASTOPEN, (void *)&ss, self->addr_len);
	tr("sendto AF_UNSPEC -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	EXPECT_EQ(EOPNOTSUPP, errno);
	/* the other family */
	ss.ss_family = in6 ? AF_INET : AF_INET6;
	ret = sendto(fd, "hello", 5, MSG_FASTOPEN, (void *)&ss, self->addr_len);
	tr("sendto other family -> %s", tr_ret(ret, errno));
	close(fd);
	if (ret == 5)
		fastopen_accept(_metadata, self->lfd);

	/* TCP_FASTOPEN_CONNECT: connect() is deferred to the first write() */
	fd = socket(variant->domain, SOCK_STREAM, 0);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, setsockopt(fd, IPPROTO_TCP, TCP_FASTOPEN_CONNECT, &one, sizeof(one)));
	ret = connect(fd, (void *)&self->addr, self->addr_len);
	tr("TCP_FASTOPEN_CONNECT connect -> %s", tr_ret(ret, errno));
	EXPECT_EQ(0, ret);
	ret = write(fd, "hello", 5);
	tr("TCP_FASTOPEN_CONNECT write -> %s", tr_ret(ret, errno));
	EXPECT_EQ(5, ret);
	if (ret == 5)
		fastopen_accept(_metadata, self->lfd);
	close(fd);

	/* sysctl off: the client side is refused */
	ASSERT_EQ(0, write_file(TFO_SYSCTL, "0"));
	fd = socket(variant->domain, SOCK_STREAM, 0);
	ASSERT_LE(0, fd);
	ret = sendto(fd, "hello", 5, MSG_FASTOPEN, (void *)&self->addr, self->addr_len);
	tr("tcp_fastopen=0: sendto -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	EXPECT_EQ(EOPNOTSUPP, errno);
	close(fd);
}

/*
 * --- L2TP tunnels over UDP: udp_sock_create4/6 -----------------------------
 * (lib/genl.h l2tp_tunnel_create(): tunnel id, peer id + 1, UDP to port 1701)
 */

FIXTURE(l2tp)
{
	int family;
};

FIXTURE_VARIANT(l2tp)
{
	const char *name;
	int domain;
	unsigned int id;
};

FIXTURE_VARIANT_ADD(l2tp, udp4)
{
	.name = "udp4", .domain = AF_INET, .id = 4101,
};
FIXTURE_VARIANT_ADD(l2tp, udp6)
{
	.name = "udp6", .domain = AF_INET6, .id = 4201,
};

FIXTURE_SETUP(l2tp)
{
	tr_begin("l2tp_%s", variant->name);
	self->family = genl_family(L2TP_GENL_NAME);
	tr("genl family %s -> %s", L2TP_GENL_NAME,
		self->family < 0 ? err_name(self->family) : "found");
	ASSERT_LT(0, self->family);
}

FIXTURE_TEARDOWN(l2tp)
{
	l2tp_tunnel_delete(self->family, variant->id);
	l2tp_tunnel_delete(self->family, variant->id + 10);
}

TEST_F(l2tp, unmanaged_tunnel)
{
	struct sockaddr_storage ss = { 0 };
	socklen_t len = sizeof(ss);
	unsigned short busy;
	int ret, ufd;

	ret = l2tp_tunnel_create(self->family, 0, L2TP_ENCAPTYPE_UDP, variant->id,
				 variant->id + 1, 0, 1701);
	tr("create without addresses -> %s", err_name(ret));
	EXPECT_EQ(-EINVAL, ret);

	ret = l2tp_tunnel_create(self->family, variant->domain, L2TP_ENCAPTYPE_UDP,
				 variant->id, variant->id + 1, 0, 1701);
	tr("create -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	ret = l2tp_tunnel_create(self->family, variant->domain, L2TP_ENCAPTYPE_UDP,
				 variant->id, variant->id + 1, 0, 1701);
	tr("create again -> %s", err_name(ret));
	EXPECT_EQ(-EEXIST, ret);

	/* a source port that is taken: the kernel's bind fails */
	ufd = socket(variant->domain, SOCK_DGRAM, 0);
	ASSERT_LE(0, ufd);
	len = loopback_addr(&ss, variant->domain);
	ASSERT_EQ(0, bind(ufd, (void *)&ss, len));
	len = sizeof(ss);
	ASSERT_EQ(0, getsockname(ufd, (void *)&ss, &len));
	busy = ntohs(((struct sockaddr_in *)&ss)->sin_port);
	ret = l2tp_tunnel_create(self->family, variant->domain, L2TP_ENCAPTYPE_UDP,
				 variant->id + 10, variant->id + 11, busy, 1701);
	tr("create on a busy port -> %s", err_name(ret));
	EXPECT_EQ(-EADDRINUSE, ret);
	close(ufd);

	ret = l2tp_tunnel_delete(self->family, variant->id);
	tr("delete -> %s", err_name(ret));
	EXPECT_EQ(0, ret);
}

/* --- MPTCP: a second subflow from a "subflow" endpoint --------------------- */

static int mptcp_limits(int family, int cmd, unsigned int *add_addrs, unsigned int *subflows)
{
	char reply[4096];
	struct genl_req req;
	struct rtattr *rta;
	int ret;

	genl_init(&req, family, cmd, MPTCP_PM_VER);
	if (cmd == MPTCP_PM_CMD_SET_LIMITS) {
		rtnl_add(NH(&req), MPTCP_PM_ATTR_RCV_ADD_ADDRS, add_addrs, 4);
		rtnl_add(NH(&req), MPTCP_PM_ATTR_SUBFLOWS, subflows, 4);
		return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
	}
	ret = nl_talk(NETLINK_GENERIC, NH(&req), reply, sizeof(reply));
	if (ret)
		return ret;
	rta = genl_attr((void *)reply, MPTCP_PM_ATTR_RCV_ADD_ADDRS);
	*add_addrs = rta ? *(unsigned int *)RTA_DATA(rta) : ~0u;
	rta = genl_attr((void *)reply, MPTCP_PM_ATTR_SUBFLOWS);
	*subflows = rta ? *(unsigned int *)RTA_DATA(rta) : ~0u;
	return 0;
}

static int mptcp_endpoint(int family, int cmd, const char *ip4, unsigned char id,
			  unsigned int flags)
{
	struct genl_req req;
	struct rtattr *nest;
	unsigned short af = AF_INET;
	unsigned int a;

	genl_init(&req, family, cmd, MPTCP_PM_VER);
	if (cmd != MPTCP_PM_CMD_FLUSH_ADDRS) {
		nest = rtnl_add(NH(&req), MPTCP_PM_ATTR_ADDR | NLA_F_NESTED, NULL, 0);
		rtnl_add(NH(&req), MPTCP_PM_ADDR_ATTR_FAMILY, &af, 2);
		rtnl_add(NH(&req), MPTCP_PM_ADDR_ATTR_ID, &id, 1);
		if (ip4) {
			inet_pton(AF_INET, ip4, &a);
			rtnl_add(NH(&req), MPTCP_PM_ADDR_ATTR_ADDR4, &a, 4);
			rtnl_add(NH(&req), MPTCP_PM_ADDR_ATTR_FLAGS, &flags, 4);
		}
		rtnl_end_nest(NH(&req), nest);
	}
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

FIXTURE(mptcp)
{
	int family;
	unsigned int add_addrs, subflows;
	int lfd, cfd, afd;
};

FIXTURE_SETUP(mptcp)
{
	tr_begin("mptcp_subflow");
	self->lfd = self->cfd = self->afd = -1;
	self->family = genl_family(MPTCP_PM_NAME);
	tr("genl family %s -> %s", MPTCP_PM_NAME,
		self->family < 0 ? err_name(self->family) : "found");
	ASSERT_LT(0, self->family);
	ASSERT_EQ(0, mptcp_limits(self->family, MPTCP_PM_CMD_GET_LIMITS, &self->add_addrs,
				  &self->subflows));
}

FIXTURE_TEARDOWN(mptcp)
{
	close(self->cfd);
	close(self->afd);
	close(self->lfd);
	mptcp_endpoint(self->family, MPTCP_PM_CMD_DEL_ADDR, "127.0.0.2", 42, 0);
	mptcp_limits(self->family, MPTCP_PM_CMD_SET_LIMITS, &self->add_addrs, &self->subflows);
}

TEST_F(mptcp, subflow_endpoint)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	unsigned int add_addrs = 0, subflows = 2;
	struct mptcp_info info;
	socklen_t len = sizeof(sin);
	char c = 'x';
	int ret, i;

	ret = mptcp_limits(self->family, MPTCP_PM_CMD_SET_LIMITS, &add_addrs, &subflows);
	tr("set limits add_addr_accepted 0 subflows 2 -> %s", err_name(ret));
	ASSERT_EQ(0, ret);
	ret = mptcp_endpoint(self->family, MPTCP_PM_CMD_ADD_ADDR, "127.0.0.2", 42,
			     MPTCP_PM_ADDR_FLAG_SUBFLOW);
	tr("add endpoint 127.0.0.2 id 42 subflow -> %s", err_name(ret));
	ASSERT_EQ(0, ret);

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	self->lfd = socket(AF_INET, SOCK_STREAM, IPPROTO_MPTCP);
	tr("socket(IPPROTO_MPTCP) -> %s", tr_ret(self->lfd < 0 ? -1 : 0, errno));
	ASSERT_LE(0, self->lfd);
	ASSERT_EQ(0, bind(self->lfd, (void *)&sin, sizeof(sin)));
	ASSERT_EQ(0, listen(self->lfd, 4));
	ASSERT_EQ(0, getsockname(self->lfd, (void *)&sin, &len));
	self->cfd = socket(AF_INET, SOCK_STREAM, IPPROTO_MPTCP);
	ASSERT_LE(0, self->cfd);
	ASSERT_EQ(0, connect(self->cfd, (void *)&sin, sizeof(sin)));
	self->afd = accept(self->lfd, NULL, NULL);
	ASSERT_LE(0, self->afd);
	/* data both ways: the connection becomes fully established */
	ASSERT_EQ(1, write(self->cfd, &c, 1));
	ASSERT_EQ(1, read(self->afd, &c, 1));
	ASSERT_EQ(1, write(self->afd, &c, 1));
	ASSERT_EQ(1, read(self->cfd, &c, 1));

	/* the path manager's worker adds the subflow from 127.0.0.2 */
	for (i = 0; i < 100; i++) {
		len = sizeof(info);
		memset(&info, 0, sizeof(info));
		ASSERT_EQ(0, getsockopt(self->cfd, SOL_MPTCP, MPTCP_INFO, &info, &len));
		if (info.mptcpi_subflows >= 1)
			break;
		usleep(50 * 1000);
	}
	tr("additional subflows: %u", info.mptcpi_subflows);
	EXPECT_EQ(1, info.mptcpi_subflows);
	ASSERT_EQ(1, write(self->cfd, &c, 1));
	ASSERT_EQ(1, read(self->afd, &c, 1));

	ret = mptcp_endpoint(self->family, MPTCP_PM_CMD_DEL_ADDR, "127.0.0.2", 42, 0);
	tr("delete endpoint 127.0.0.2 id 42 -> %s", err_name(ret));
	EXPECT_EQ(0, ret);
}

/* --- IEEE 802.15.4 (legacy netlink): ieee802154_add_iface ----------------- */

TEST(ieee802154_add_iface)
{
	const unsigned char hw[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	char reply[4096];
	struct genl_req req;
	int family, ret;

	tr_begin("ieee802154_add_iface");
	family = genl_family(IEEE802154_NL_NAME);
	tr("genl family %s -> %s", IEEE802154_NL_NAME,
		family < 0 ? err_name(family) : "found");
	ASSERT_LT(0, family);

	/*
	 * The phys: none, as the test config has no mac802154 driver
	 * (no fakelb, no mac802154_hwsim); a dump answers NLMSG_DONE.
	 */
	genl_init(&req, family, IEEE802154_LIST_PHY, 1);
	req.nh.nlmsg_flags |= NLM_F_DUMP;
	ret = nl_talk(NETLINK_GENERIC, NH(&req), reply, sizeof(reply));
	tr("LIST_PHY dump: first answer %s",
		ret ? err_name(ret) :
		((struct nlmsghdr *)reply)->nlmsg_type == NLMSG_DONE ? "done" : "a phy");

	genl_init(&req, family, IEEE802154_ADD_IFACE, 1);
	ret = nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
	tr("ADD_IFACE without a phy name -> %s", err_name(ret));
	EXPECT_EQ(-EINVAL, ret);

	genl_init(&req, family, IEEE802154_ADD_IFACE, 1);
	rtnl_add(NH(&req), IEEE802154_ATTR_PHY_NAME, "wpan-phy0", 9);	/* no NUL */
	ret = nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
	tr("ADD_IFACE phy name without NUL -> %s", err_name(ret));
	EXPECT_EQ(-EINVAL, ret);

	genl_init(&req, family, IEEE802154_ADD_IFACE, 1);
	rtnl_add(NH(&req), IEEE802154_ATTR_PHY_NAME, "wpan-phy0", 10);
	rtnl_add(NH(&req), IEEE802154_ATTR_DEV_NAME, "cpwpan0", 8);
	rtnl_add(NH(&req), IEEE802154_ATTR_HW_ADDR, hw, 8);
	ret = nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
	tr("ADD_IFACE wpan-phy0 cpwpan0 hw_addr 8 bytes -> %s", err_name(ret));
	if (!ret) {
		/* a phy after all: take the interface away again */
		genl_init(&req, family, IEEE802154_ADD_IFACE + 1, 1);
		rtnl_add(NH(&req), IEEE802154_ATTR_DEV_NAME, "cpwpan0", 8);
		nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
	}
	EXPECT_EQ(-ENODEV, ret);
}

/* --- NFC LLCP raw sockets: llcp_raw_sock_bind ------------------------------ */

TEST(nfc_llcp_raw_bind)
{
	struct {
		const char *what;
		int len;
		unsigned short family;
		unsigned int dev_idx;
		int err;
	} cases[] = {
		{ "len 0", 0, AF_NFC, 0, EINVAL },
		{ "len 1", 1, AF_NFC, 0, EINVAL },
		{ "AF_INET", sizeof(struct sockaddr_nfc_llcp), AF_INET, 0, EINVAL },
		{ "no such device", sizeof(struct sockaddr_nfc_llcp), AF_NFC, 77, ENODEV },
		{ "family only (dev 0)", 2, AF_NFC, 0, 0 },
		{ "short (dev 1)", offsetof(struct sockaddr_nfc_llcp, target_idx), AF_NFC, 1, 0 },
		{ "full (dev 0)", sizeof(struct sockaddr_nfc_llcp), AF_NFC, 0, 0 },
		{ "128 (dev 1)", 128, AF_NFC, 1, 0 },
	};
	struct sockaddr_storage ss;
	struct sockaddr_nfc_llcp *llcp = (void *)&ss;
	char hex[2 * sizeof(ss) + 2];
	struct dirent *d;
	unsigned int i;
	socklen_t len;
	int fd, ret, n = 0;
	DIR *dir;

	tr_begin("nfc_llcp_raw_bind");
	/* CONFIG_NFC_SIM registers nfc0 and nfc1 at boot */
	dir = opendir("/sys/class/nfc");
	while (dir && (d = readdir(dir)))
		if (d->d_name[0] != '.')
			n++;
	if (dir)
		closedir(dir);
	tr("nfc devices: %d", n);
	ASSERT_EQ(2, n);

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		fd = socket(AF_NFC, SOCK_RAW, NFC_SOCKPROTO_LLCP);
		ASSERT_LE(0, fd) TH_LOG("socket(AF_NFC, SOCK_RAW, LLCP): %s", strerror(errno));
		memset(&ss, 0, sizeof(ss));
		llcp->sa_family = cases[i].family;
		llcp->dev_idx = cases[i].dev_idx;
		errno = 0;
		ret = bind(fd, (void *)&ss, cases[i].len);
		tr("bind %s, len %d -> %s", cases[i].what, cases[i].len,
			tr_ret(ret, errno));
		if (cases[i].err) {
			EXPECT_EQ(-1, ret);
			EXPECT_EQ(cases[i].err, errno);
			close(fd);
			continue;
		}
		EXPECT_EQ(0, ret);
		ret = bind(fd, (void *)&ss, cases[i].len);
		tr("  bind again -> %s", tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		EXPECT_EQ(EBADFD, errno);
		memset(&ss, 0xa5, sizeof(ss));
		len = sizeof(ss);
		ret = getsockname(fd, (void *)&ss, &len);
		tr("  getsockname -> %s, len %u, %s", tr_ret(ret, errno), len,
			ret ? "-" : tr_hex(hex, &ss, len < sizeof(ss) ? len : sizeof(ss)));
		close(fd);
	}
}

TEST_HARNESS_MAIN

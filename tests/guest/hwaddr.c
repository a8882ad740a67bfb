// SPDX-License-Identifier: GPL-2.0
/*
 * Hardware addresses through rtnetlink IFLA_ADDRESS / IFLA_BROADCAST and
 * SIOCGIFHWADDR / SIOCSIFHWADDR, on devices whose addr_len is 6 (dummy)
 * and 16 (ip6tnl0, ip6gre0, and a team whose port is ip6tnl0). Values are
 * read back and compared byte for byte; bad lengths must get a clean errno.
 *
 * One row per device: its expected addr_len and the errno that setting an
 * address must give (ip6 tunnels have no ndo_set_mac_address).
 */
#include <net/if_arp.h>
#include <net/if.h>
#include <string.h>

#include "kselftest_harness.h"
#include "lib/rtnl.h"

#define KMAX_ADDR_LEN 32	/* the kernel's MAX_ADDR_LEN */
#ifndef ARPHRD_IP6GRE
#define ARPHRD_IP6GRE 823
#endif

FIXTURE(hwaddr)
{
	int ifindex;
	unsigned char addr[KMAX_ADDR_LEN + 1];
};

FIXTURE_VARIANT(hwaddr)
{
	const char *kind;	/* link to create, or NULL to use @dev as is */
	const char *dev;
	const char *port;	/* enslaved to @dev before the test */
	unsigned short type;	/* ARPHRD_* */
	int addr_len;
	int set_err;		/* errno of setting an address of addr_len */
};

FIXTURE_VARIANT_ADD(hwaddr, dummy)
{
	.kind = "dummy", .dev = "hwdummy0", .type = ARPHRD_ETHER,
	.addr_len = 6,
};

FIXTURE_VARIANT_ADD(hwaddr, ip6tnl)
{
	.dev = "ip6tnl0", .type = ARPHRD_TUNNEL6, .addr_len = 16,
	.set_err = EOPNOTSUPP,
};

FIXTURE_VARIANT_ADD(hwaddr, ip6gre)
{
	.dev = "ip6gre0", .type = ARPHRD_IP6GRE, .addr_len = 16,
	.set_err = EOPNOTSUPP,
};

FIXTURE_VARIANT_ADD(hwaddr, team_over_ip6tnl)
{
	.kind = "team", .dev = "hwteam0", .port = "ip6tnl0",
	.type = ARPHRD_TUNNEL6, .addr_len = 16,
};

FIXTURE_SETUP(hwaddr)
{
	int i;

	for (i = 0; i < (int)sizeof(self->addr); i++)
		self->addr[i] = 0x10 + i;
	self->addr[0] = 0x02;	/* a unicast, locally administered MAC */
	if (variant->kind)
		ASSERT_EQ(0, link_create(variant->kind, variant->dev));
	self->ifindex = if_nametoindex(variant->dev);
	ASSERT_NE(0, self->ifindex) TH_LOG("no device %s", variant->dev);
	if (variant->port)
		ASSERT_EQ(0, link_set_u32(if_nametoindex(variant->port), IFLA_MASTER,
					  self->ifindex));
}

FIXTURE_TEARDOWN(hwaddr)
{
	if (variant->kind)
		link_delete(variant->dev);
}

/* The device's address length and type, as user space sees them. */
TEST_F(hwaddr, addr_len)
{
	unsigned char got[KMAX_ADDR_LEN];
	struct ifreq ifr;

	EXPECT_EQ(variant->addr_len,
		  link_get_bytes(self->ifindex, IFLA_ADDRESS, got, sizeof(got)));
	EXPECT_EQ(variant->addr_len,
		  link_get_bytes(self->ifindex, IFLA_BROADCAST, got, sizeof(got)));
	memset(&ifr, 0, sizeof(ifr));
	ASSERT_EQ(0, ifreq_ioctl(variant->dev, SIOCGIFHWADDR, &ifr));
	EXPECT_EQ(variant->type, ifr.ifr_hwaddr.sa_family);
}

/*
 * IFLA_ADDRESS of exactly addr_len bytes, and one byte longer (the kernel
 * takes the first addr_len), is set and reads back identical.
 */
TEST_F(hwaddr, setlink_address)
{
	unsigned char got[KMAX_ADDR_LEN];
	int extra;

	for (extra = 0; extra <= 1; extra++) {
		self->addr[1] = extra;
		EXPECT_EQ(-variant->set_err,
			  link_set_bytes(self->ifindex, IFLA_ADDRESS, self->addr,
					 variant->addr_len + extra));
		if (variant->set_err)
			continue;
		ASSERT_EQ(variant->addr_len,
			  link_get_bytes(self->ifindex, IFLA_ADDRESS, got, sizeof(got)));
		EXPECT_EQ(0, memcmp(got, self->addr, variant->addr_len));
	}
}

/* Too short and too long attributes are refused; the address stays. */
TEST_F(hwaddr, setlink_bad_length)
{
	static const int attrs[] = { IFLA_ADDRESS, IFLA_BROADCAST };
	unsigned char before[KMAX_ADDR_LEN], after[KMAX_ADDR_LEN];
	int i, len;

	for (i = 0; i < 2; i++) {
		len = link_get_bytes(self->ifindex, attrs[i], before, sizeof(before));
		ASSERT_EQ(variant->addr_len, len);
		EXPECT_EQ(-EINVAL, link_set_bytes(self->ifindex, attrs[i], self->addr,
						  variant->addr_len - 1));
		EXPECT_EQ(-EINVAL, link_set_bytes(self->ifindex, attrs[i], self->addr, 0));
		EXPECT_EQ(-ERANGE, link_set_bytes(self->ifindex, attrs[i], self->addr,
						  KMAX_ADDR_LEN + 1));
		ASSERT_EQ(len, link_get_bytes(self->ifindex, attrs[i], after, sizeof(after)));
		EXPECT_EQ(0, memcmp(before, after, len));
	}
}

/* IFLA_BROADCAST takes addr_len bytes on every device. */
TEST_F(hwaddr, setlink_broadcast)
{
	unsigned char got[KMAX_ADDR_LEN];

	ASSERT_EQ(0, link_set_bytes(self->ifindex, IFLA_BROADCAST, self->addr + 3,
				    variant->addr_len));
	ASSERT_EQ(variant->addr_len,
		  link_get_bytes(self->ifindex, IFLA_BROADCAST, got, sizeof(got)));
	EXPECT_EQ(0, memcmp(got, self->addr + 3, variant->addr_len));
}

/*
 * SIOCGIFHWADDR returns at most the 14 bytes sa_data has, whatever addr_len
 * is, and writes nothing else of the ifreq.
 */
TEST_F(hwaddr, ioctl_get)
{
	unsigned char want[KMAX_ADDR_LEN], canary[sizeof(struct ifreq)];
	int n = variant->addr_len < 14 ? variant->addr_len : 14;
	struct ifreq ifr;

	ASSERT_EQ(variant->addr_len,
		  link_get_bytes(self->ifindex, IFLA_ADDRESS, want, sizeof(want)));
	memset(&ifr, 0xa5, sizeof(ifr));
	memset(canary, 0xa5, sizeof(canary));
	ASSERT_EQ(0, ifreq_ioctl(variant->dev, SIOCGIFHWADDR, &ifr));
	EXPECT_EQ(variant->type, ifr.ifr_hwaddr.sa_family);
	EXPECT_EQ(0, memcmp(ifr.ifr_hwaddr.sa_data, want, n));
	EXPECT_EQ(0, memcmp(ifr.ifr_hwaddr.sa_data + n, canary, 14 - n));
	EXPECT_EQ(0, memcmp((char *)&ifr + 32, canary, sizeof(ifr) - 32));
}

/* SIOCSIFHWADDR on a 6-byte device: set, then read back. */
TEST_F(hwaddr, ioctl_set)
{
	unsigned char got[KMAX_ADDR_LEN];
	struct ifreq ifr;

	if (variant->addr_len > 14)
		SKIP(return, "ifr_hwaddr cannot carry %d bytes", variant->addr_len);
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_hwaddr.sa_family = variant->type;
	memcpy(ifr.ifr_hwaddr.sa_data, self->addr, variant->addr_len);
	ASSERT_EQ(-variant->set_err, ifreq_ioctl(variant->dev, SIOCSIFHWADDR, &ifr));
	ASSERT_EQ(variant->addr_len,
		  link_get_bytes(self->ifindex, IFLA_ADDRESS, got, sizeof(got)));
	EXPECT_EQ(0, memcmp(got, self->addr, variant->addr_len));
	/* the wrong family is refused */
	ifr.ifr_hwaddr.sa_family = variant->type + 1;
	EXPECT_EQ(-EINVAL, ifreq_ioctl(variant->dev, SIOCSIFHWADDR, &ifr));
}

TEST_HARNESS_MAIN

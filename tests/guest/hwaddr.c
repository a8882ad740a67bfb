// SPDX-License-Identifier: GPL-2.0
/*
 * Hardware addresses through rtnetlink IFLA_ADDRESS / IFLA_BROADCAST and
 * SIOCGIFHWADDR / SIOCSIFHWADDR, on the devices of lib/devices.h whose
 * addr_len is 6 (ioc0, a dummy) and 16 (the fallback ip6tnl0 and ip6gre0,
 * and ioc6tm0, a team whose port is ioc6t0). Values are read back and
 * compared byte for byte; bad lengths must get a clean errno.
 */
#include <net/if_arp.h>
#include <net/if.h>
#include <string.h>

#include "kselftest_harness.h"
#include "lib/devices.h"
#include "lib/rtnl.h"

#define KMAX_ADDR_LEN 32	/* the kernel's MAX_ADDR_LEN */

/* A unicast, locally administered address of @n bytes, and some more. */
static void hw_pattern(unsigned char *addr, int n)
{
	int i;

	for (i = 0; i < n; i++)
		addr[i] = 0x10 + i;
	addr[0] = 0x02;
}

FIXTURE(hwaddr)
{
	const struct test_dev *d;
	int ifindex;
	int set_err;		/* errno of setting an address of addr_len */
	unsigned char addr[KMAX_ADDR_LEN + 1];
};

/* A row of lib/devices.h (the ip6 tunnels have no ndo_set_mac_address). */
FIXTURE_VARIANT(hwaddr)
{
	int dev;
};

FIXTURE_VARIANT_ADD(hwaddr, dummy) { .dev = D_DUMMY };
FIXTURE_VARIANT_ADD(hwaddr, ip6tnl) { .dev = D_IP6TNL0 };
FIXTURE_VARIANT_ADD(hwaddr, ip6gre) { .dev = D_IP6GRE0 };
FIXTURE_VARIANT_ADD(hwaddr, team_over_ip6tnl) { .dev = D_TEAM };

FIXTURE_SETUP(hwaddr)
{
	self->d = &devs[variant->dev];
	self->set_err = self->d->can_set ? 0 : EOPNOTSUPP;
	hw_pattern(self->addr, sizeof(self->addr));
	dev_teardown(self->d);	/* left over by a crashed run */
	self->ifindex = dev_setup(self->d);
	ASSERT_NE(0, self->ifindex) TH_LOG("no device %s", self->d->name);
}

FIXTURE_TEARDOWN(hwaddr)
{
	dev_teardown(self->d);
}

/* The device's address length and type, as user space sees them. */
TEST_F(hwaddr, addr_len)
{
	unsigned char got[KMAX_ADDR_LEN];
	struct ifreq ifr;

	EXPECT_EQ(self->d->addr_len,
		  link_get_bytes(self->ifindex, IFLA_ADDRESS, got, sizeof(got)));
	EXPECT_EQ(self->d->addr_len,
		  link_get_bytes(self->ifindex, IFLA_BROADCAST, got, sizeof(got)));
	memset(&ifr, 0, sizeof(ifr));
	ASSERT_EQ(0, ifreq_ioctl(self->d->name, SIOCGIFHWADDR, &ifr));
	EXPECT_EQ(self->d->type, ifr.ifr_hwaddr.sa_family);
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
		EXPECT_EQ(-self->set_err,
			  link_set_bytes(self->ifindex, IFLA_ADDRESS, self->addr,
					 self->d->addr_len + extra));
		if (self->set_err)
			continue;
		ASSERT_EQ(self->d->addr_len,
			  link_get_bytes(self->ifindex, IFLA_ADDRESS, got, sizeof(got)));
		EXPECT_EQ(0, memcmp(got, self->addr, self->d->addr_len));
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
		ASSERT_EQ(self->d->addr_len, len);
		EXPECT_EQ(-EINVAL, link_set_bytes(self->ifindex, attrs[i], self->addr,
						  self->d->addr_len - 1));
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
				    self->d->addr_len));
	ASSERT_EQ(self->d->addr_len,
		  link_get_bytes(self->ifindex, IFLA_BROADCAST, got, sizeof(got)));
	EXPECT_EQ(0, memcmp(got, self->addr + 3, self->d->addr_len));
}

/*
 * SIOCGIFHWADDR returns at most the 14 bytes sa_data has, whatever addr_len
 * is, and writes nothing else of the ifreq.
 */
TEST_F(hwaddr, ioctl_get)
{
	unsigned char want[KMAX_ADDR_LEN], canary[sizeof(struct ifreq)];
	int n = self->d->addr_len < 14 ? self->d->addr_len : 14;
	struct ifreq ifr;

	ASSERT_EQ(self->d->addr_len,
		  link_get_bytes(self->ifindex, IFLA_ADDRESS, want, sizeof(want)));
	memset(&ifr, 0xa5, sizeof(ifr));
	memset(canary, 0xa5, sizeof(canary));
	ASSERT_EQ(0, ifreq_ioctl(self->d->name, SIOCGIFHWADDR, &ifr));
	EXPECT_EQ(self->d->type, ifr.ifr_hwaddr.sa_family);
	EXPECT_EQ(0, memcmp(ifr.ifr_hwaddr.sa_data, want, n));
	EXPECT_EQ(0, memcmp(ifr.ifr_hwaddr.sa_data + n, canary, 14 - n));
	EXPECT_EQ(0, memcmp((char *)&ifr + 32, canary, sizeof(ifr) - 32));
}

/*
 * SIOCSIFHWADDR on the 6-byte dummy: set, then read back. Only a device
 * whose address fits in sa_data's 14 bytes can be set this way (what the
 * kernels do with 14 of a 16-byte device's bytes is ioctls.c's hwaddr_set).
 */
TEST(ioctl_set)
{
	const struct test_dev *d = &devs[D_DUMMY];
	unsigned char addr[KMAX_ADDR_LEN], got[KMAX_ADDR_LEN];
	struct ifreq ifr;
	int ifindex;

	hw_pattern(addr, sizeof(addr));
	dev_teardown(d);
	ifindex = dev_setup(d);
	ASSERT_NE(0, ifindex);
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_hwaddr.sa_family = d->type;
	memcpy(ifr.ifr_hwaddr.sa_data, addr, d->addr_len);
	EXPECT_EQ(0, ifreq_ioctl(d->name, SIOCSIFHWADDR, &ifr));
	EXPECT_EQ(d->addr_len, link_get_bytes(ifindex, IFLA_ADDRESS, got, sizeof(got)));
	EXPECT_EQ(0, memcmp(got, addr, d->addr_len));
	/* the wrong family is refused */
	ifr.ifr_hwaddr.sa_family = d->type + 1;
	EXPECT_EQ(-EINVAL, ifreq_ioctl(d->name, SIOCSIFHWADDR, &ifr));
	dev_teardown(d);
}

TEST_HARNESS_MAIN

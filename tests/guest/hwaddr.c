// SPDX-License-Identifier: GPL-2.0
/*
 * Hardware addresses through rtnetlink IFLA_ADDRESS / IFLA_BROADCAST and
 * SIOCGIFHWADDR / SIOCSIFHWADDR, on the devices of lib/devices.h whose
 * addr_len is 6 (ioc0, a dummy) and 16 (the fallback ip6tnl0 and ip6gre0,
 * and ioc6tm0, a team whose port is ioc6t0). Values are read back and
 * compared byte for byte; bad lengths must get a clean errno.
 *
 * The ifreq_bytes rows look at where the bytes of an address set through
 * SIOCSIFHWADDR or added through SIOCADDMULTI come from: all must be bytes
 * of the caller's struct ifreq. A 64-bit program on a 64-bit kernel has a
 * 40-byte ifreq, and the two bytes a 16-byte address takes after sa_data
 * are the caller's (a wrong result, patches 2 and 4); a 32-bit program on
 * a 32-bit kernel (config/profiles/i386.conf) has a 32-byte one that ends
 * with ifr_hwaddr, and those two bytes come from past the kernel's copy of
 * it. (A 32-bit program on a 64-bit kernel, which the suite does not run,
 * would see the zeroes of the compat copy and fail the same way.)
 */
#define _GNU_SOURCE
#include <net/if_arp.h>
#include <net/if.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kselftest_harness.h"
#include "lib/child.h"
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

/* SA_DATA: where ifr_hwaddr.sa_data starts in a struct ifreq. */
#define SA_DATA (offsetof(struct ifreq, ifr_hwaddr) + offsetof(struct sockaddr, sa_data))

/* A struct ifreq and room after it in the caller's memory. */
union ifreq_raw {
	struct ifreq ifr;
	unsigned char raw[2 * sizeof(struct ifreq)];
};

/*
 * A struct ifreq for @name at the start of @u, every other byte of @u
 * (inside the ifreq and past it) a known pattern; the address starts with
 * the byte @first at sa_data.
 */
static void ifreq_pattern(union ifreq_raw *u, const char *name, int family,
			  unsigned char first)
{
	size_t i;

	for (i = 0; i < sizeof(u->raw); i++)
		u->raw[i] = 0x80 + i;
	memset(u->ifr.ifr_name, 0, IFNAMSIZ);
	strncpy(u->ifr.ifr_name, name, IFNAMSIZ - 1);
	u->ifr.ifr_hwaddr.sa_family = family;
	u->raw[SA_DATA] = first;
}

/*
 * The number of leading bytes of @addr (@len bytes) that are the caller's:
 * the bytes of the ifreq in @u from sa_data on. Each later byte is logged
 * with the byte that followed at that place in the caller's memory (which
 * the kernel did not copy).
 */
static int bytes_from_ifreq(struct __test_metadata *_metadata, const union ifreq_raw *u,
			    const unsigned char *addr, int len)
{
	int i, n = 0;

	for (i = 0; i < len; i++) {
		if (SA_DATA + i < sizeof(struct ifreq) && addr[i] == u->raw[SA_DATA + i]) {
			n++;
			continue;
		}
		TH_LOG("address byte %d: 0x%02x, %s (the caller had 0x%02x there)", i, addr[i],
		       SA_DATA + i < sizeof(struct ifreq) ? "not the caller's" :
		       "from past the ifreq", u->raw[SA_DATA + i]);
	}
	return n;
}

/*
 * The devices of the hwaddr rows, and the team once more as uid 65534 in a
 * user and network namespace of its own (CAP_NET_ADMIN there only).
 */
FIXTURE(ifreq_bytes)
{
	const struct test_dev *d;
	int ifindex;
};

FIXTURE_VARIANT(ifreq_bytes)
{
	int dev;
	bool userns;
};

FIXTURE_VARIANT_ADD(ifreq_bytes, dummy) { .dev = D_DUMMY };
FIXTURE_VARIANT_ADD(ifreq_bytes, ip6tnl) { .dev = D_IP6TNL0 };
FIXTURE_VARIANT_ADD(ifreq_bytes, ip6gre) { .dev = D_IP6GRE0 };
FIXTURE_VARIANT_ADD(ifreq_bytes, team_over_ip6tnl) { .dev = D_TEAM };
FIXTURE_VARIANT_ADD(ifreq_bytes, team_over_ip6tnl_userns) { .dev = D_TEAM, .userns = true };

FIXTURE_SETUP(ifreq_bytes)
{
	self->d = &devs[variant->dev];
	/* each test is a process of its own */
	if (variant->userns) {
		ASSERT_EQ(0, nobody_in_own_netns());
	} else {
		dev_teardown(self->d);	/* left over by a crashed run */
	}
	self->ifindex = dev_setup(self->d);
	ASSERT_NE(0, self->ifindex) TH_LOG("no device %s", self->d->name);
}

FIXTURE_TEARDOWN(ifreq_bytes)
{
	dev_teardown(self->d);
}

/*
 * SIOCSIFHWADDR: an address that the kernel takes has only bytes of the
 * caller's ifreq; one it refuses leaves the address as it was.
 */
TEST_F(ifreq_bytes, ioctl_set_takes_only_the_ifreq)
{
	unsigned char before[KMAX_ADDR_LEN], after[KMAX_ADDR_LEN];
	union ifreq_raw u;
	int fd, r, len;

	len = link_get_bytes(self->ifindex, IFLA_ADDRESS, before, sizeof(before));
	ASSERT_EQ(self->d->addr_len, len);
	ifreq_pattern(&u, self->d->name, self->d->type, 0x02);
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	r = ioctl(fd, SIOCSIFHWADDR, &u.ifr) ? -errno : 0;
	close(fd);
	TH_LOG("%s: SIOCSIFHWADDR of a %zu-byte ifreq: %d", self->d->name, sizeof(u.ifr), r);
	ASSERT_EQ(len, link_get_bytes(self->ifindex, IFLA_ADDRESS, after, sizeof(after)));
	if (r) {
		EXPECT_EQ(0, memcmp(before, after, len));
		return;
	}
	EXPECT_EQ(len, bytes_from_ifreq(_metadata, &u, after, len));
}

/*
 * The address of the single /proc/net/dev_mcast line of @name whose
 * address starts with the two bytes @start (the device's own IPv6 and
 * IPv4 groups start otherwise), or -1 when there is none (-2 for more
 * than one, -3 when the file cannot be read or a line parsed).
 */
static int dev_mcast(const char *name, const unsigned char *start, unsigned char *addr,
		     int size)
{
	char line[256], dev[IFNAMSIZ + 1], hex[2 * KMAX_ADDR_LEN + 1];
	int n = -1, found = 0, i, idx, users, global;
	FILE *f = fopen("/proc/net/dev_mcast", "r");

	if (!f)
		return -3;
	while (fgets(line, sizeof(line), f)) {
		unsigned char a[KMAX_ADDR_LEN];
		int len;

		if (sscanf(line, "%d %16s %d %d %64s", &idx, dev, &users, &global, hex) != 5 ||
		    strcmp(dev, name))
			continue;
		len = strlen(hex) / 2;
		for (i = 0; i < len; i++) {
			if (sscanf(hex + 2 * i, "%2hhx", &a[i]) != 1) {
				fclose(f);
				return -3;
			}
		}
		if (len < 2 || memcmp(a, start, 2))
			continue;
		found++;
		n = len;
		memcpy(addr, a, len < size ? len : size);
	}
	fclose(f);
	return found > 1 ? -2 : n;
}

/*
 * SIOCADDMULTI (an AF_UNSPEC address in ifr_hwaddr): an address that the
 * kernel adds has only bytes of the caller's ifreq; one it refuses is
 * not in the device's list.
 */
TEST_F(ifreq_bytes, multicast_takes_only_the_ifreq)
{
	unsigned char got[KMAX_ADDR_LEN];
	union ifreq_raw u;
	int fd, r, n;

	ifreq_pattern(&u, self->d->name, AF_UNSPEC, 0x01);
	ASSERT_EQ(-1, dev_mcast(self->d->name, &u.raw[SA_DATA], got, sizeof(got)));
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	r = ioctl(fd, SIOCADDMULTI, &u.ifr) ? -errno : 0;
	TH_LOG("%s: SIOCADDMULTI of a %zu-byte ifreq: %d", self->d->name, sizeof(u.ifr), r);
	n = dev_mcast(self->d->name, &u.raw[SA_DATA], got, sizeof(got));
	if (r) {
		EXPECT_EQ(-1, n);
	} else {
		ASSERT_EQ(self->d->addr_len, n);
		EXPECT_EQ(n, bytes_from_ifreq(_metadata, &u, got, n));
		EXPECT_EQ(0, ioctl(fd, SIOCDELMULTI, &u.ifr) ? -errno : 0);
	}
	close(fd);
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

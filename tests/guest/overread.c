// SPDX-License-Identifier: GPL-2.0
/*
 * The ioctls that carry a hardware address in a 14-byte sa_data but used
 * dev->addr_len bytes of it: SIOCSIFHWADDR, SIOCADDMULTI / SIOCDELMULTI
 * (struct ifreq) and SIOCSARP (struct arpreq). The bytes after sa_data are filled with a
 * marker, and the address the kernel stored is read back, so that a read
 * past sa_data shows up as a value, not only as a sanitizer report.
 *
 * The devices are rows of lib/devices.h. The dummy (addr_len 6) behaves
 * the same on every kernel. On the team whose port is the ip6tnl device
 * ioc6t0 (addr_len 16) the unpatched kernel takes the last two
 * bytes from beyond sa_data; the patched one refuses with -EINVAL (-ENODEV
 * for the publish lookup, which no longer matches them). Each row says
 * both, and the test checks the one that applies to the kernel it runs on.
 *
 * Who can do it: the row team_over_ip6tnl_userns runs the same tests as
 * uid 65534 in a user and network namespace of its own (CAP_NET_ADMIN
 * there, nowhere else); unprivileged_refused shows that the same user
 * without the namespace gets -EPERM.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if_arp.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "lib/child.h"
#include "lib/devices.h"
#include "lib/rtnl.h"
#include "lib/transcript.h"

#define MARK 0xee

/*
 * Make @d (a row of lib/devices.h) and bring it up; @addr gets the
 * address the tests try to set. Returns the ifindex, or 0.
 */
static int or_setup(const struct test_dev *d, unsigned char *addr)
{
	int i, ifindex;

	for (i = 0; i < 16; i++)
		addr[i] = 0x30 + i;
	addr[0] = 0x02;
	dev_teardown(d);	/* left over by a crashed run */
	ifindex = dev_setup(d);
	if (ifindex && link_flags(d->name, IFF_UP, 0))
		return 0;
	return ifindex;
}

FIXTURE(overread)
{
	const struct test_dev *d;
	int ifindex;
	int err;		/* what the kernel it runs on must return */
	unsigned char addr[16];	/* what the tests try to set */
};

/*
 * A row of lib/devices.h. The patched kernel refuses an address longer
 * than sa_data with -EINVAL; the baseline takes it.
 */
FIXTURE_VARIANT(overread)
{
	int dev;
	bool userns;	/* as uid 65534 in a new user and network namespace */
};

FIXTURE_VARIANT_ADD(overread, dummy) { .dev = D_DUMMY };
FIXTURE_VARIANT_ADD(overread, team_over_ip6tnl) { .dev = D_TEAM };
FIXTURE_VARIANT_ADD(overread, team_over_ip6tnl_userns) { .dev = D_TEAM, .userns = true };

FIXTURE_SETUP(overread)
{
	self->d = &devs[variant->dev];
	self->err = kernel_has_fixes() && self->d->addr_len > 14 ? -EINVAL : 0;
	/* each test is a process of its own */
	if (variant->userns)
		ASSERT_EQ(0, nobody_in_own_netns());
	self->ifindex = or_setup(self->d, self->addr);
	ASSERT_NE(0, self->ifindex) TH_LOG("no device %s", self->d->name);
}

FIXTURE_TEARDOWN(overread)
{
	dev_teardown(self->d);
}

/* The hex address of @ifindex's multicast entry equal to @hex, if any. */
static int mcast_has(int ifindex, const char *hex)
{
	char line[256], name[32], addr[128];
	int idx, ref, global, found = 0;
	FILE *f = fopen("/proc/net/dev_mcast", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%d %31s %d %d %127s", &idx, name, &ref, &global, addr) == 5 &&
		    idx == ifindex && !strcmp(addr, hex))
			found = 1;
	if (f)
		fclose(f);
	return found;
}

/*
 * SIOCADDMULTI / SIOCDELMULTI with a 14-byte sa_data and MARK bytes after
 * it. The unpatched kernel adds an address whose tail is MARK.
 */
TEST_F(overread, multicast)
{
	unsigned char want[16];
	char hex[64];
	struct ifreq ifr;
	int n = self->d->addr_len, err;

	memset(&ifr, MARK, sizeof(ifr));
	ifr.ifr_hwaddr.sa_family = AF_UNSPEC;
	memcpy(ifr.ifr_hwaddr.sa_data, self->addr, 14);
	ifr.ifr_hwaddr.sa_data[0] = 0x01;	/* a multicast address */
	memcpy(want, ifr.ifr_hwaddr.sa_data, 14);
	memset(want + 14, MARK, sizeof(want) - 14);	/* what a read past sa_data takes */
	tr_hex(hex, want, n);

	err = self->err;
	ASSERT_EQ(err, ifreq_ioctl(self->d->name, SIOCADDMULTI, &ifr));
	EXPECT_EQ(!err, mcast_has(self->ifindex, hex)) TH_LOG("entry %s", hex);
	EXPECT_EQ(err, ifreq_ioctl(self->d->name, SIOCDELMULTI, &ifr));
	EXPECT_EQ(0, mcast_has(self->ifindex, hex)) TH_LOG("entry %s left", hex);
}

/*
 * SIOCSIFHWADDR with MARK bytes after sa_data. Unpatched, a 16-byte device
 * gets an address whose last two bytes are MARK; patched, the request is
 * refused and the address stays.
 */
TEST_F(overread, set_hwaddr)
{
	unsigned char before[32], got[32], want[16];
	struct ifreq ifr;
	int n = self->d->addr_len, err;

	ASSERT_EQ(n, link_get_bytes(self->ifindex, IFLA_ADDRESS, before, sizeof(before)));
	memset(&ifr, MARK, sizeof(ifr));
	ifr.ifr_hwaddr.sa_family = self->d->type;
	memcpy(ifr.ifr_hwaddr.sa_data, self->addr, 14);
	memcpy(want, self->addr, 14);
	memset(want + 14, MARK, sizeof(want) - 14);	/* what a read past sa_data takes */

	err = self->err;
	EXPECT_EQ(err, ifreq_ioctl(self->d->name, SIOCSIFHWADDR, &ifr));
	ASSERT_EQ(n, link_get_bytes(self->ifindex, IFLA_ADDRESS, got, sizeof(got)));
	EXPECT_EQ(0, memcmp(got, err ? before : want, n));
}

/*
 * SIOCSARP with a permanent hardware address: the neighbour gets exactly
 * the bytes of sa_data. Unpatched, a 16-byte device gets arp_flags as its
 * last two bytes.
 */
TEST_F(overread, arp_set)
{
	struct sockaddr_in *pa;
	unsigned char got[32], want[16];
	struct arpreq r;
	int fd, err, ret;

	memset(&r, 0, sizeof(r));
	pa = (struct sockaddr_in *)&r.arp_pa;
	pa->sin_family = AF_INET;
	pa->sin_addr.s_addr = inet_addr("192.0.2.7");
	r.arp_ha.sa_family = self->d->type;
	memcpy(r.arp_ha.sa_data, self->addr, 14);
	r.arp_flags = ATF_PERM | ATF_COM;
	strcpy(r.arp_dev, self->d->name);
	memcpy(want, self->addr, 14);
	memcpy(want + 14, &r.arp_flags, 2);	/* what a read past sa_data takes */

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	ASSERT_LE(0, fd);
	err = self->err;
	ret = ioctl(fd, SIOCSARP, &r) ? -errno : 0;
	EXPECT_EQ(err, ret);
	if (!ret) {
		EXPECT_EQ(self->d->addr_len, neigh_get_lladdr(self->ifindex,
				pa->sin_addr.s_addr, got, sizeof(got)));
		EXPECT_EQ(0, memcmp(got, want, self->d->addr_len));
		/* SIOCGARP gives back at most the 14 bytes of sa_data */
		memset(r.arp_ha.sa_data, 0, 14);
		ASSERT_EQ(0, ioctl(fd, SIOCGARP, &r));
		EXPECT_EQ(0, memcmp(r.arp_ha.sa_data, want,
				    self->d->addr_len < 14 ? self->d->addr_len : 14));
		EXPECT_EQ(0, ioctl(fd, SIOCDARP, &r));
	} else {
		EXPECT_EQ(-ENOENT, neigh_get_lladdr(self->ifindex, pa->sin_addr.s_addr,
						    got, sizeof(got)));
	}
	close(fd);
}

/*
 * SIOCSARP ATF_PUBL without a device looks the device up by hardware
 * address. The team's address is chosen so that its last two bytes equal
 * arp_flags: the unpatched lookup, which reads them from past sa_data,
 * finds the team; the patched one does not. Only a device with more than
 * sa_data's 14 bytes has bytes past it to match: the team.
 */
TEST(arp_publish_lookup)
{
	const struct test_dev *d = &devs[D_TEAM];
	unsigned char addr[16];
	struct sockaddr_in *pa;
	char line[256];
	struct arpreq r;
	int fd, ret, want, ifindex, listed = 0;
	FILE *f;

	ifindex = or_setup(d, addr);
	ASSERT_NE(0, ifindex);
	memset(&r, 0, sizeof(r));
	r.arp_flags = ATF_PUBL | ATF_COM;
	memcpy(addr + 14, &r.arp_flags, 2);
	ASSERT_EQ(0, link_set_bytes(ifindex, IFLA_ADDRESS, addr, 16));
	pa = (struct sockaddr_in *)&r.arp_pa;
	pa->sin_family = AF_INET;
	pa->sin_addr.s_addr = inet_addr("192.0.2.8");
	r.arp_ha.sa_family = d->type;
	memcpy(r.arp_ha.sa_data, addr, 14);

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	ASSERT_LE(0, fd);
	want = kernel_has_fixes() ? -ENODEV : 0;
	ret = ioctl(fd, SIOCSARP, &r) ? -errno : 0;
	EXPECT_EQ(want, ret);
	f = fopen("/proc/net/arp", "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "192.0.2.8 ", 10) && strstr(line, d->name))
			listed = 1;
	if (f)
		fclose(f);
	EXPECT_EQ(!ret, listed);
	if (!ret) {
		/* the entry belongs to the device the lookup found */
		strcpy(r.arp_dev, d->name);
		EXPECT_EQ(0, ioctl(fd, SIOCDARP, &r));
	}
	close(fd);
	dev_teardown(d);
}

/*
 * SIOCSIFHWADDR on a tun character device: a TAP device switched to
 * ARPHRD_TUNNEL6 by TUNSETLINK has a 16-byte address but keeps
 * eth_mac_addr(). Unpatched, the request is taken (dev_set_mac_address()
 * compares 16 bytes starting at sa_data) and sets the first six bytes;
 * patched, it is refused and the address stays.
 */
TEST(tun_tap_tunnel6_set_hwaddr)
{
	unsigned char before[32], got[32], mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	int fd, ifindex, err = kernel_has_fixes() ? -EINVAL : 0;
	struct ifreq ifr;

	fd = open("/dev/net/tun", O_RDWR);
	ASSERT_LE(0, fd);
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "ortap0");
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	ASSERT_EQ(0, ioctl(fd, TUNSETIFF, &ifr));
	ASSERT_EQ(0, ioctl(fd, TUNSETLINK, (unsigned long)ARPHRD_TUNNEL6));
	ifindex = if_nametoindex("ortap0");
	ASSERT_EQ(16, link_get_bytes(ifindex, IFLA_ADDRESS, before, sizeof(before)));

	memset(&ifr.ifr_ifru, MARK, sizeof(ifr.ifr_ifru));
	ifr.ifr_hwaddr.sa_family = ARPHRD_TUNNEL6;
	memcpy(ifr.ifr_hwaddr.sa_data, mac, sizeof(mac));
	EXPECT_EQ(err, ioctl(fd, SIOCSIFHWADDR, &ifr) ? -errno : 0);
	ASSERT_EQ(16, link_get_bytes(ifindex, IFLA_ADDRESS, got, sizeof(got)));
	if (err) {
		EXPECT_EQ(0, memcmp(got, before, 16));
	} else {
		EXPECT_EQ(0, memcmp(got, mac, 6));
		EXPECT_EQ(0, memcmp(got + 6, before + 6, 10));
	}
	close(fd);
}

/*
 * The three ioctls need CAP_NET_ADMIN in the device's network namespace:
 * uid 65534 without it gets -EPERM for the team that root made.
 */
TEST(unprivileged_refused)
{
	const struct test_dev *d = &devs[D_TEAM];
	unsigned char addr[16];
	int status, pipefd[2], ret[3] = { 1, 1, 1 };
	pid_t pid;

	ASSERT_NE(0, or_setup(d, addr));
	ASSERT_EQ(0, pipe(pipefd));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		struct ifreq ifr;
		struct arpreq r;
		int fd;

		if (become_nobody())
			_exit(1);
		memset(&ifr, 0, sizeof(ifr));
		ifr.ifr_hwaddr.sa_family = d->type;
		memcpy(ifr.ifr_hwaddr.sa_data, addr, 14);
		ret[0] = ifreq_ioctl(d->name, SIOCSIFHWADDR, &ifr);
		ifr.ifr_hwaddr.sa_family = AF_UNSPEC;
		ifr.ifr_hwaddr.sa_data[0] = 0x01;
		ret[1] = ifreq_ioctl(d->name, SIOCADDMULTI, &ifr);
		memset(&r, 0, sizeof(r));
		r.arp_pa.sa_family = AF_INET;
		r.arp_ha.sa_family = d->type;
		r.arp_flags = ATF_PERM | ATF_COM;
		strcpy(r.arp_dev, d->name);
		fd = socket(AF_INET, SOCK_DGRAM, 0);
		ret[2] = fd < 0 || ioctl(fd, SIOCSARP, &r) ? -errno : 0;
		_exit(write(pipefd[1], ret, sizeof(ret)) == sizeof(ret) ? 0 : 1);
	}
	close(pipefd[1]);
	ASSERT_EQ(sizeof(ret), read(pipefd[0], ret, sizeof(ret)));
	close(pipefd[0]);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	EXPECT_EQ(-EPERM, ret[0]);
	EXPECT_EQ(-EPERM, ret[1]);
	EXPECT_EQ(-EPERM, ret[2]);
	dev_teardown(d);
}

TEST_HARNESS_MAIN

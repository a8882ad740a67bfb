// SPDX-License-Identifier: GPL-2.0
/*
 * The ioctls and rtnetlink messages that carry a struct sockaddr (or a raw
 * hardware address) into or out of the kernel, on devices whose addr_len is
 * 6 (dummy) and 16 (ip6tnl, ip6gre, and a team whose port is the ip6tnl):
 *
 *   SIOCGIFHWADDR / SIOCSIFHWADDR / SIOCSIFHWBROADCAST   (ifr_hwaddr)
 *   SIOC[GS]IF{ADDR,NETMASK,BRDADDR,DSTADDR}           (ifr_addr, AF_INET)
 *   SIOCGIFCONF                                         (array of ifreq)
 *   SIOCSARP / SIOCGARP / SIOCDARP                      (struct arpreq)
 *   SIOCADDRT / SIOCDELRT                               (struct rtentry)
 *   SIOCADDMULTI / SIOCDELMULTI                         (ifr_hwaddr)
 *   RTM_SETLINK / RTM_GETLINK IFLA_ADDRESS, IFLA_BROADCAST of 0..33 bytes
 *
 * Every call goes into the transcript (return value, errno, returned
 * lengths and the bytes of returned addresses; no ifindex), so that the
 * host can compare the baseline and the patched kernel. The asserts hold
 * on both kernels: return values, that the kernel wrote no byte outside the
 * part of the buffer it owns, and that a refused request changed nothing.
 * The patched kernel refuses on purpose a hardware address of more than
 * the 14 bytes of sa_data in SIOCSIFHWADDR, SIOCADDMULTI/SIOCDELMULTI and
 * SIOCSARP; only those asserts depend on kernel_has_fixes().
 *
 * The program runs in a network namespace of its own (tests/guest/order);
 * each test creates the devices of lib/devices.h whose names start with
 * "ioc" and deletes them at the end, and looks only at what concerns them.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <net/route.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "kselftest_harness.h"
#include "lib/devices.h"
#include "lib/rtnl.h"
#include "lib/transcript.h"

#define KMAX_ADDR_LEN	32	/* the kernel's MAX_ADDR_LEN */
#define SA_DATA_LEN	14	/* sizeof(((struct sockaddr *)0)->sa_data) */
/* The ifreq bytes after ifr_hwaddr: 8 in a 64-bit program, none in a 32-bit one. */
#define IFR_TAIL	(offsetof(struct ifreq, ifr_hwaddr) + sizeof(struct sockaddr))
#define IFR_TAIL_LEN	(sizeof(struct ifreq) - IFR_TAIL)

#define R(r)	tr_ret((r), -(r))

static char *hx(const void *p, size_t n)
{
	static char buf[4][2 * 300 + 2];
	static int i;

	return tr_hex(buf[i++ & 3], p, n);
}

static int xioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) < 0 ? -errno : 0;
}

/* IFLA_ADDRESS or IFLA_BROADCAST of @d: its length, or -errno. */
static int getlink(const struct test_dev *d, int type, unsigned char *buf)
{
	memset(buf, 0, KMAX_ADDR_LEN);
	return link_get_bytes(if_nametoindex(d->name), type, buf, KMAX_ADDR_LEN);
}

/* Both link-layer addresses of @d into the transcript. */
static void tr_link(const struct test_dev *d)
{
	unsigned char a[KMAX_ADDR_LEN], b[KMAX_ADDR_LEN];
	int la = getlink(d, IFLA_ADDRESS, a), lb = getlink(d, IFLA_BROADCAST, b);

	tr_line("RTM_GETLINK %s -> address %s %s broadcast %s %s", d->name,
		R(la), hx(a, la > 0 ? la : 0), R(lb), hx(b, lb > 0 ? lb : 0));
}

static void ifr_init(struct ifreq *ifr, const char *name, int fill)
{
	memset(ifr, fill, sizeof(*ifr));
	memset(ifr->ifr_name, 0, IFNAMSIZ);
	strncpy(ifr->ifr_name, name, IFNAMSIZ - 1);
}

static unsigned char *ifr_tail(struct ifreq *ifr)
{
	return (unsigned char *)ifr + IFR_TAIL;
}

/* An ifreq whose sockaddr_in is @ip, family @family. */
static void ifr_inet(struct ifreq *ifr, const char *name, int family, const char *ip)
{
	struct sockaddr_in sin = { .sin_family = family };

	ifr_init(ifr, name, 0);
	inet_pton(AF_INET, ip, &sin.sin_addr);
	memcpy(&ifr->ifr_addr, &sin, sizeof(sin));
}

static const char *ifr_ip(struct ifreq *ifr)
{
	static char buf[4][INET_ADDRSTRLEN];
	static int i;
	struct sockaddr_in sin;
	char *s = buf[i++ & 3];

	memcpy(&sin, &ifr->ifr_addr, sizeof(sin));
	inet_ntop(AF_INET, &sin.sin_addr, s, INET_ADDRSTRLEN);
	return s;
}

static in_addr_t ip4(const char *s)
{
	struct in_addr a;

	inet_pton(AF_INET, s, &a);
	return a.s_addr;
}

/* The lines of @path whose first (or, @skip_first, second) field is @name. */
static int tr_proc_lines(const char *path, const char *name, int skip_first,
			 const char *match)
{
	char line[512], *p, *end;
	int n = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		tr_line("%s: %s", path, strerrorname_np(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		p = line;
		if (skip_first) {	/* the ifindex: not in the transcript */
			p += strspn(p, " ");
			p += strcspn(p, " ");
			p += strspn(p, " ");
		}
		if (strncmp(p, name, strlen(name)) || !strchr(" \t", p[strlen(name)]))
			continue;
		if (match && !strstr(p, match))
			continue;
		end = p + strlen(p);
		while (end > p && strchr(" \t\n", end[-1]))
			*--end = 0;
		for (end = p; *end; end++)
			if (*end == '\t')
				*end = ' ';
		tr_line("%s: %s", path, p);
		n++;
	}
	fclose(f);
	if (!n)
		tr_line("%s: no %s%s%s", path, name, match ? " " : "", match ?: "");
	return n;
}

/*
 * Create the devices of lib/devices.h (the team enslaving ioc6t0), bring
 * the dummy up, and open the AF_INET datagram socket for the ioctls.
 */
static int ioc_up(struct __test_metadata *_metadata)
{
	int i, fd;

	for (i = D_NUM - 1; i >= 0; i--)	/* left over by a crashed run */
		link_delete(devs[i].name);
	for (i = 0; i < D_NUM; i++) {
		ASSERT_EQ(0, dev_create(&devs[i])) TH_LOG("create %s", devs[i].name);
		ASSERT_NE(0, if_nametoindex(devs[i].name));
	}
	for (i = 0; i < D_NUM; i++)
		if (devs[i].port)
			ASSERT_EQ(0, link_set_u32(if_nametoindex(devs[i].port->name),
						  IFLA_MASTER, if_nametoindex(devs[i].name)));
	ASSERT_EQ(0, link_flags(devs[D_DUMMY].name, IFF_UP, 0));
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	return fd;
}

static void ioc_down(int fd)
{
	int i;

	close(fd);
	for (i = D_NUM - 1; i >= 0; i--)
		link_delete(devs[i].name);
}

FIXTURE(ioc)
{
	int fd;			/* AF_INET datagram socket for the ioctls */
	int patched;		/* only ever used for asserts */
	const char *dev;	/* the dummy */
	struct arpreq req;	/* for the arp tests */
	unsigned char ll[KMAX_ADDR_LEN];
};

FIXTURE_SETUP(ioc)
{
	self->patched = kernel_has_fixes();
	self->fd = ioc_up(_metadata);
	self->dev = devs[D_DUMMY].name;
}

FIXTURE_TEARDOWN(ioc)
{
	ioc_down(self->fd);
}

/*
 * The errno of SIOCSIFHWADDR with the device's own family: the patched
 * kernel refuses addresses longer than sa_data before anything else, the
 * baseline only fails where the driver cannot set an address.
 */
static int hwaddr_set_err(const struct test_dev *d, int patched, int family_ok)
{
	/* patch 2 refuses what does not fit, where the device can set it */
	if (patched && d->addr_len > SA_DATA_LEN && d->can_set)
		return -EINVAL;
	if (!d->can_set)
		return -EOPNOTSUPP;
	return family_ok ? 0 : -EINVAL;
}

/*
 * SIOCGIFHWADDR returns dev->type and the first min(addr_len, 14) address
 * bytes, and leaves the rest of sa_data and of the ifreq alone.
 */
TEST_F(ioc, hwaddr_get)
{
	unsigned char want[KMAX_ADDR_LEN], canary[sizeof(struct ifreq)];
	struct ifreq ifr;
	int i, n, len, r;

	memset(canary, 0xa5, sizeof(canary));
	for (i = 0; i < D_NUM; i++) {
		const struct test_dev *d = &devs[i];

		tr_begin("hwaddr_get %s", d->name);
		tr_link(d);
		len = getlink(d, IFLA_ADDRESS, want);
		ASSERT_EQ(d->addr_len, len);
		n = len < SA_DATA_LEN ? len : SA_DATA_LEN;
		ifr_init(&ifr, d->name, 0xa5);
		r = xioctl(self->fd, SIOCGIFHWADDR, &ifr);
		tr_line("SIOCGIFHWADDR -> %s family %u sa_data %s tail %s", R(r),
			ifr.ifr_hwaddr.sa_family, hx(ifr.ifr_hwaddr.sa_data, SA_DATA_LEN),
			hx(ifr_tail(&ifr), IFR_TAIL_LEN));
		ASSERT_EQ(0, r);
		EXPECT_EQ(d->type, ifr.ifr_hwaddr.sa_family);
		EXPECT_EQ(0, memcmp(ifr.ifr_hwaddr.sa_data, want, n));
		EXPECT_EQ(0, memcmp(ifr.ifr_hwaddr.sa_data + n, canary, SA_DATA_LEN - n));
		EXPECT_EQ(0, memcmp(ifr_tail(&ifr), canary, sizeof(ifr) - IFR_TAIL));
	}
	tr_begin("hwaddr_get nodev");
	ifr_init(&ifr, "ioc9", 0);
	r = xioctl(self->fd, SIOCGIFHWADDR, &ifr);
	tr_line("SIOCGIFHWADDR ioc9 -> %s", R(r));
	EXPECT_EQ(-ENODEV, r);
}

/*
 * SIOCSIFHWADDR with the device's family, with a wrong family, and (dummy)
 * with a multicast address. The bytes after ifr_hwaddr are set to a known
 * pattern, so that an address taken partly from them shows in the
 * transcript. A refused request leaves the address alone.
 */
TEST_F(ioc, hwaddr_set)
{
	unsigned char before[KMAX_ADDR_LEN], after[KMAX_ADDR_LEN];
	struct ifreq ifr;
	int i, j, r, len;

	for (i = 0; i < D_NUM; i++) {
		const struct test_dev *d = &devs[i];
		int want;

		tr_begin("hwaddr_set %s", d->name);
		for (j = 0; j < 2; j++) {
			len = getlink(d, IFLA_ADDRESS, before);
			ASSERT_EQ(d->addr_len, len);
			ifr_init(&ifr, d->name, 0);
			ifr.ifr_hwaddr.sa_family = j ? d->type + 1 : d->type;
			ifr.ifr_hwaddr.sa_data[0] = 0x02;
			for (r = 1; r < SA_DATA_LEN; r++)
				ifr.ifr_hwaddr.sa_data[r] = 0x20 + r;
			for (r = 0; r < (int)IFR_TAIL_LEN; r++)
				ifr_tail(&ifr)[r] = 0xe0 + r;
			r = xioctl(self->fd, SIOCSIFHWADDR, &ifr);
			tr_line("SIOCSIFHWADDR family %u sa_data %s tail %s -> %s",
				ifr.ifr_hwaddr.sa_family, hx(ifr.ifr_hwaddr.sa_data, SA_DATA_LEN),
				hx(ifr_tail(&ifr), IFR_TAIL_LEN), R(r));
			tr_link(d);
			want = hwaddr_set_err(d, self->patched, !j);
			EXPECT_EQ(want, r);
			ASSERT_EQ(len, getlink(d, IFLA_ADDRESS, after));
			if (r) {
				EXPECT_EQ(0, memcmp(before, after, len));
			} else {
				int n = len < SA_DATA_LEN ? len : SA_DATA_LEN;

				EXPECT_EQ(0, memcmp(after, ifr.ifr_hwaddr.sa_data, n));
			}
		}
		/* what SIOCGIFHWADDR reports afterwards */
		ifr_init(&ifr, d->name, 0);
		r = xioctl(self->fd, SIOCGIFHWADDR, &ifr);
		tr_line("SIOCGIFHWADDR -> %s family %u sa_data %s", R(r),
			ifr.ifr_hwaddr.sa_family, hx(ifr.ifr_hwaddr.sa_data, SA_DATA_LEN));
		EXPECT_EQ(0, r);
	}

	/* an Ethernet device refuses a multicast or all-zero address */
	tr_begin("hwaddr_set ioc0 invalid");
	for (j = 0; j < 2; j++) {
		ifr_init(&ifr, devs[D_DUMMY].name, 0);
		ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
		if (!j)
			memcpy(ifr.ifr_hwaddr.sa_data, "\x01\x00\x5e\x00\x00\x01", 6);
		r = xioctl(self->fd, SIOCSIFHWADDR, &ifr);
		tr_line("SIOCSIFHWADDR %s -> %s", hx(ifr.ifr_hwaddr.sa_data, 6), R(r));
		EXPECT_EQ(-EADDRNOTAVAIL, r);
	}
	tr_link(&devs[D_DUMMY]);
}

/*
 * SIOCSIFHWBROADCAST copies min(addr_len, 14) bytes on every device and
 * needs the device's own family.
 */
TEST_F(ioc, hwbroadcast)
{
	unsigned char before[KMAX_ADDR_LEN], after[KMAX_ADDR_LEN];
	struct ifreq ifr;
	int i, j, r, n, len;

	for (i = 0; i < D_NUM; i++) {
		const struct test_dev *d = &devs[i];

		tr_begin("hwbroadcast %s", d->name);
		for (j = 0; j < 2; j++) {
			len = getlink(d, IFLA_BROADCAST, before);
			ASSERT_EQ(d->addr_len, len);
			n = len < SA_DATA_LEN ? len : SA_DATA_LEN;
			ifr_init(&ifr, d->name, 0);
			ifr.ifr_hwaddr.sa_family = j ? d->type + 1 : d->type;
			for (r = 0; r < SA_DATA_LEN; r++)
				ifr.ifr_hwaddr.sa_data[r] = 0x40 + r;
			for (r = 0; r < (int)IFR_TAIL_LEN; r++)
				ifr_tail(&ifr)[r] = 0xe0 + r;
			r = xioctl(self->fd, SIOCSIFHWBROADCAST, &ifr);
			tr_line("SIOCSIFHWBROADCAST family %u sa_data %s -> %s",
				ifr.ifr_hwaddr.sa_family,
				hx(ifr.ifr_hwaddr.sa_data, SA_DATA_LEN), R(r));
			tr_link(d);
			ASSERT_EQ(len, getlink(d, IFLA_BROADCAST, after));
			if (j) {
				EXPECT_EQ(-EINVAL, r);
				EXPECT_EQ(0, memcmp(before, after, len));
			} else {
				EXPECT_EQ(0, r);
				EXPECT_EQ(0, memcmp(after, ifr.ifr_hwaddr.sa_data, n));
				/* the bytes sa_data cannot carry are kept */
				EXPECT_EQ(0, memcmp(after + n, before + n, len - n));
			}
		}
	}
}

/* A SIOC[GS]IF*ADDR on @name with a sockaddr_in (@ip may be NULL). */
static int inet_ioc(int fd, unsigned long cmd, const char *cmdname, const char *name,
		    int family, const char *ip, struct ifreq *ifr)
{
	int r;

	if (ip) {
		ifr_inet(ifr, name, family, ip);
	} else {
		ifr_init(ifr, name, 0xa5);
		ifr->ifr_addr.sa_family = family;
	}
	r = xioctl(fd, cmd, ifr);
	if (ip)
		tr_line("%s %s family %d %s -> %s", cmdname, name, family, ip, R(r));
	else if (r)
		tr_line("%s %s family %d -> %s", cmdname, name, family, R(r));
	else
		tr_line("%s %s family %d -> 0 family %u %s addr %s tail %s", cmdname, name,
			family, ifr->ifr_addr.sa_family, ifr_ip(ifr),
			hx(&ifr->ifr_addr, sizeof(struct sockaddr)),
			hx(ifr_tail(ifr), IFR_TAIL_LEN));
	return r;
}

#define INET_IOC(cmd, ...) inet_ioc(self->fd, cmd, #cmd, __VA_ARGS__)
#define INET_IOC_NAMED(cmd, cmdname, ...) inet_ioc(self->fd, cmd, cmdname, __VA_ARGS__)

/* Get @cmd and compare with @want; a get also leaves the ifreq's tail (bytes 32..39 of 40). */
#define EXPECT_GET(cmd, name, want) EXPECT_GET_NAMED(cmd, #cmd, name, want)
#define EXPECT_GET_NAMED(cmd, cmdname, name, want) do {					\
	struct ifreq _ifr;							\
	unsigned char _canary[8];						\
										\
	memset(_canary, 0xa5, sizeof(_canary));				\
	ASSERT_EQ(0, INET_IOC_NAMED(cmd, cmdname, name, AF_INET, NULL, &_ifr));	\
	EXPECT_EQ(AF_INET, _ifr.ifr_addr.sa_family);				\
	EXPECT_STREQ(want, ifr_ip(&_ifr));					\
	EXPECT_EQ(0, memcmp(_ifr.ifr_addr.sa_data + 6, "\0\0\0\0\0\0\0\0", 8));	\
	EXPECT_EQ(0, memcmp(ifr_tail(&_ifr), _canary, IFR_TAIL_LEN));		\
} while (0)

/*
 * The IPv4 address ioctls: nothing to get before an address exists,
 * setters insist on AF_INET, the class-based defaults of SIOCSIFADDR,
 * netmask/broadcast/destination updates, a label alias, and a
 * point-to-point tunnel.
 */
TEST_F(ioc, inet_addr)
{
	static const struct {
		unsigned long cmd;
		const char *name;
	} gets[] = {
		{ SIOCGIFADDR, "SIOCGIFADDR" }, { SIOCGIFNETMASK, "SIOCGIFNETMASK" },
		{ SIOCGIFBRDADDR, "SIOCGIFBRDADDR" }, { SIOCGIFDSTADDR, "SIOCGIFDSTADDR" },
	}, sets[] = {
		{ SIOCSIFADDR, "SIOCSIFADDR" }, { SIOCSIFNETMASK, "SIOCSIFNETMASK" },
		{ SIOCSIFBRDADDR, "SIOCSIFBRDADDR" }, { SIOCSIFDSTADDR, "SIOCSIFDSTADDR" },
	};
	const char *dev = devs[D_DUMMY].name, *tnl = devs[D_IP6GRE].name;
	struct ifreq ifr;
	unsigned int i;

	tr_begin("inet_addr none");
	for (i = 0; i < 4; i++) {
		EXPECT_EQ(-EADDRNOTAVAIL, inet_ioc(self->fd, gets[i].cmd, gets[i].name, dev,
						   AF_INET, NULL, &ifr));
		EXPECT_EQ(-EADDRNOTAVAIL, inet_ioc(self->fd, gets[i].cmd, gets[i].name,
						   devs[D_IP6GRE].name, AF_INET, NULL, &ifr));
	}
	/* the setters other than SIOCSIFADDR need an address to change */
	for (i = 1; i < 4; i++)
		EXPECT_EQ(-EADDRNOTAVAIL, inet_ioc(self->fd, sets[i].cmd, sets[i].name, dev,
						   AF_INET, "255.255.255.0", &ifr));
	EXPECT_EQ(-ENODEV, INET_IOC(SIOCGIFADDR, "ioc9", AF_INET, NULL, &ifr));
	EXPECT_EQ(-ENODEV, INET_IOC(SIOCSIFADDR, "ioc9", AF_INET, "10.1.2.3", &ifr));

	tr_begin("inet_addr family");
	for (i = 0; i < 4; i++) {
		EXPECT_EQ(-EINVAL, inet_ioc(self->fd, sets[i].cmd, sets[i].name, dev,
					    AF_INET6, "10.1.2.3", &ifr));
		EXPECT_EQ(-EINVAL, inet_ioc(self->fd, sets[i].cmd, sets[i].name, dev,
					    AF_UNSPEC, "10.1.2.3", &ifr));
	}

	tr_begin("inet_addr set");
	ASSERT_EQ(0, INET_IOC(SIOCSIFADDR, dev, AF_INET, "10.1.2.3", &ifr));
	EXPECT_GET(SIOCGIFADDR, dev, "10.1.2.3");
	EXPECT_GET(SIOCGIFNETMASK, dev, "255.0.0.0");
	EXPECT_GET(SIOCGIFBRDADDR, dev, "10.255.255.255");
	EXPECT_GET(SIOCGIFDSTADDR, dev, "10.1.2.3");
	/* the family of the request only selects address matching */
	EXPECT_EQ(0, INET_IOC(SIOCGIFADDR, dev, AF_INET6, NULL, &ifr));
	EXPECT_EQ(AF_INET, ifr.ifr_addr.sa_family);
	EXPECT_EQ(0, INET_IOC(SIOCGIFADDR, dev, AF_UNSPEC, NULL, &ifr));
	EXPECT_EQ(AF_INET, ifr.ifr_addr.sa_family);
	/* the same address again changes nothing; a bad one is refused */
	EXPECT_EQ(0, INET_IOC(SIOCSIFADDR, dev, AF_INET, "10.1.2.3", &ifr));
	EXPECT_EQ(-EINVAL, INET_IOC(SIOCSIFADDR, dev, AF_INET, "224.1.2.3", &ifr));
	EXPECT_GET(SIOCGIFADDR, dev, "10.1.2.3");

	tr_begin("inet_addr netmask");
	EXPECT_EQ(0, INET_IOC(SIOCSIFNETMASK, dev, AF_INET, "255.255.255.0", &ifr));
	EXPECT_GET(SIOCGIFNETMASK, dev, "255.255.255.0");
	EXPECT_GET(SIOCGIFBRDADDR, dev, "10.1.2.255");
	EXPECT_EQ(-EINVAL, INET_IOC(SIOCSIFNETMASK, dev, AF_INET, "255.0.255.0", &ifr));
	EXPECT_GET(SIOCGIFNETMASK, dev, "255.255.255.0");

	tr_begin("inet_addr broadcast");
	EXPECT_EQ(0, INET_IOC(SIOCSIFBRDADDR, dev, AF_INET, "10.1.2.127", &ifr));
	EXPECT_GET(SIOCGIFBRDADDR, dev, "10.1.2.127");
	/* a broadcast that no longer matches the mask is kept */
	EXPECT_EQ(0, INET_IOC(SIOCSIFNETMASK, dev, AF_INET, "255.255.0.0", &ifr));
	EXPECT_GET(SIOCGIFBRDADDR, dev, "10.1.2.127");

	tr_begin("inet_addr dstaddr");
	EXPECT_EQ(0, INET_IOC(SIOCSIFDSTADDR, dev, AF_INET, "10.1.2.9", &ifr));
	EXPECT_GET(SIOCGIFDSTADDR, dev, "10.1.2.9");
	EXPECT_GET(SIOCGIFADDR, dev, "10.1.2.3");
	EXPECT_EQ(-EINVAL, INET_IOC(SIOCSIFDSTADDR, dev, AF_INET, "224.1.2.9", &ifr));

	tr_begin("inet_addr alias");
	EXPECT_EQ(0, INET_IOC(SIOCSIFADDR, "ioc0:1", AF_INET, "10.1.2.4", &ifr));
	EXPECT_GET(SIOCGIFADDR, "ioc0:1", "10.1.2.4");
	EXPECT_GET(SIOCGIFADDR, dev, "10.1.2.3");
	EXPECT_EQ(-EADDRNOTAVAIL, INET_IOC(SIOCGIFADDR, "ioc0:2", AF_INET, NULL, &ifr));

	tr_begin("inet_addr pointopoint");
	EXPECT_EQ(0, INET_IOC(SIOCSIFADDR, tnl, AF_INET, "10.9.0.1", &ifr));
	EXPECT_GET(SIOCGIFADDR, tnl, "10.9.0.1");
	EXPECT_EQ(0, INET_IOC(SIOCGIFNETMASK, tnl, AF_INET, NULL, &ifr));
	EXPECT_EQ(0, INET_IOC(SIOCSIFDSTADDR, tnl, AF_INET, "10.9.0.2", &ifr));
	EXPECT_GET(SIOCGIFDSTADDR, tnl, "10.9.0.2");
	EXPECT_EQ(0, INET_IOC(SIOCGIFBRDADDR, tnl, AF_INET, NULL, &ifr));
}

/* SIOCGIFCONF with @len bytes at @buf (NULL: the size query). */
static int ifconf(int fd, void *buf, int len, int *out_len)
{
	struct ifconf ifc = { .ifc_len = len, .ifc_buf = buf };
	int r = xioctl(fd, SIOCGIFCONF, &ifc);

	*out_len = ifc.ifc_len;
	return r;
}

/*
 * SIOCGIFCONF: one struct ifreq per IPv4 address (label, AF_INET, the
 * local address). A NULL buffer asks for the size; a buffer is filled
 * with whole entries only, never past ifc_len. Other interfaces (lo) have
 * addresses too and come first: lengths are relative to their entries
 * ("base"), and only ours go into the transcript.
 */
TEST_F(ioc, ifconf)
{
	static const int lens[] = { 0, 1, 39, 40, 79, 80, 119, 120, 121, 160 };
	const int sz = sizeof(struct ifreq);
	struct ifreq ifr, *buf;
	unsigned char *canary;
	int r, len, base, total, n, size, want;
	unsigned int i;

	tr_begin("ifconf");
	r = ifconf(self->fd, NULL, 0, &base);
	ASSERT_EQ(0, r);
	ASSERT_EQ(0, base % sz);
	for (i = 0; i < 2; i++) {
		r = ifconf(self->fd, (void *)&ifr, i ? -1 : 0, &len);
		tr_line("SIOCGIFCONF len %d -> %s len %d", i ? -1 : 0, R(r), len);
		EXPECT_EQ(0, r);
		EXPECT_EQ(0, len);
	}

	ASSERT_EQ(0, INET_IOC(SIOCSIFADDR, "ioc0", AF_INET, "10.1.2.3", &ifr));
	ASSERT_EQ(0, INET_IOC(SIOCSIFADDR, "ioc0:1", AF_INET, "10.1.2.4", &ifr));
	ASSERT_EQ(0, INET_IOC(SIOCSIFADDR, "ioc6t0", AF_INET, "10.9.0.1", &ifr));

	r = ifconf(self->fd, NULL, 0, &total);
	tr_line("SIOCGIFCONF NULL len 0 -> %s len base + %d count base + %d", R(r),
		total - base, (total - base) / sz);
	ASSERT_EQ(0, r);
	ASSERT_EQ(base + 3 * sz, total);
	r = ifconf(self->fd, NULL, 100000, &len);
	tr_line("SIOCGIFCONF NULL len 100000 -> %s len base + %d", R(r), len - base);
	EXPECT_EQ(0, r);
	EXPECT_EQ(total, len);

	size = total + 2 * sz;
	buf = malloc(size);
	canary = malloc(size);
	ASSERT_TRUE(buf && canary);
	memset(canary, 0xa5, size);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		want = lens[i] / sz * sz;
		if (want > 3 * sz)
			want = 3 * sz;
		memset(buf, 0xa5, size);
		r = ifconf(self->fd, buf, base + lens[i], &len);
		tr_line("SIOCGIFCONF len base + %d -> %s len base + %d count base + %d",
			lens[i], R(r), len - base, (len - base) / sz);
		EXPECT_EQ(0, r);
		EXPECT_EQ(base + want, len);
		/* nothing after the entries it returned */
		EXPECT_EQ(0, memcmp((char *)buf + base + want, canary, size - base - want));
		for (n = base / sz; n * sz < len; n++) {
			struct ifreq *e = &buf[n];

			tr_line("  [base + %d] %.16s family %u %s addr %s tail %s", n - base / sz,
				e->ifr_name, e->ifr_addr.sa_family, ifr_ip(e),
				hx(&e->ifr_addr, sizeof(struct sockaddr)),
				hx(ifr_tail(e), IFR_TAIL_LEN));
			EXPECT_EQ(AF_INET, e->ifr_addr.sa_family);
			EXPECT_EQ(0, memcmp(ifr_tail(e), "\0\0\0\0\0\0\0\0", IFR_TAIL_LEN));
		}
		if (lens[i] == 3 * sz) {
			n = base / sz;
			EXPECT_STREQ("ioc0", buf[n].ifr_name);
			EXPECT_STREQ("10.1.2.3", ifr_ip(&buf[n]));
			EXPECT_STREQ("ioc0:1", buf[n + 1].ifr_name);
			EXPECT_STREQ("10.1.2.4", ifr_ip(&buf[n + 1]));
			EXPECT_STREQ("ioc6t0", buf[n + 2].ifr_name);
			EXPECT_STREQ("10.9.0.1", ifr_ip(&buf[n + 2]));
		}
	}
	free(buf);
	free(canary);
}

struct arp_args {
	const char *dev;	/* arp_dev, or NULL */
	int pa_family;
	const char *ip;
	int ha_family;		/* -1: leave 0 */
	const unsigned char *ha;
	int ha_len;		/* bytes of @ha copied into sa_data */
	int flags;
	const char *mask;	/* arp_netmask, or NULL */
};

static void arp_fill(struct arpreq *req, const struct arp_args *a, int fill)
{
	struct sockaddr_in sin = { .sin_family = a->pa_family };

	memset(req, 0, sizeof(*req));
	inet_pton(AF_INET, a->ip, &sin.sin_addr);
	memcpy(&req->arp_pa, &sin, sizeof(sin));
	memset(req->arp_ha.sa_data, fill, SA_DATA_LEN);
	if (a->ha_family >= 0)
		req->arp_ha.sa_family = a->ha_family;
	if (a->ha)
		memcpy(req->arp_ha.sa_data, a->ha, a->ha_len);
	req->arp_flags = a->flags;
	if (a->mask) {
		struct sockaddr_in m = { .sin_family = AF_INET };

		inet_pton(AF_INET, a->mask, &m.sin_addr);
		memcpy(&req->arp_netmask, &m, sizeof(m));
	}
	if (a->dev)
		strncpy(req->arp_dev, a->dev, sizeof(req->arp_dev) - 1);
}

static int arp_ioc(int fd, unsigned long cmd, const char *cmdname, const struct arp_args *a)
{
	struct arpreq req;
	int r;

	arp_fill(&req, a, 0);
	r = xioctl(fd, cmd, &req);
	tr_line("%s dev %s pa %d %s ha %d %s flags %#x%s%s -> %s", cmdname,
		a->dev ?: "-", a->pa_family, a->ip, req.arp_ha.sa_family,
		hx(req.arp_ha.sa_data, SA_DATA_LEN), a->flags, a->mask ? " mask " : "",
		a->mask ?: "", R(r));
	return r;
}

#define ARP(cmd, ...) arp_ioc(self->fd, cmd, #cmd, &(struct arp_args){ __VA_ARGS__ })

/*
 * SIOCGARP for @ip on @dev into @req (arp_ha prefilled with 0x5a):
 * returns 0 or -errno; the transcript gets what came back.
 */
static int arp_get(int fd, const char *dev, const char *ip, struct arpreq *req)
{
	struct arp_args a = { .dev = dev, .pa_family = AF_INET, .ip = ip };
	int r;

	arp_fill(req, &a, 0x5a);
	r = xioctl(fd, SIOCGARP, req);
	if (r)
		tr_line("SIOCGARP dev %s %s -> %s", dev ?: "-", ip, R(r));
	else
		tr_line("SIOCGARP dev %s %s -> 0 ha %u %s flags %#x dev %.16s", dev ?: "-",
			ip, req->arp_ha.sa_family, hx(req->arp_ha.sa_data, SA_DATA_LEN),
			req->arp_flags, req->arp_dev);
	return r;
}

/* The neighbour's NDA_LLADDR from RTM_GETNEIGH into the transcript. */
static int tr_neigh(const char *dev, const char *ip, unsigned char *lladdr)
{
	int r = neigh_get_lladdr(if_nametoindex(dev), ip4(ip), lladdr, KMAX_ADDR_LEN);

	tr_line("RTM_GETNEIGH %s %s -> %s %s", dev, ip, R(r), hx(lladdr, r > 0 ? r : 0));
	return r;
}

static const unsigned char arp_mac[6] = { 0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee };

/*
 * struct arpreq on the 6-byte dummy, one behaviour a test (arp_*). Each
 * starts from the dummy's address and mask; the first, arp_perm, records
 * that set-up in the transcript and the others repeat it muted, so that
 * the transcript holds each observation once.
 */
static void arp_setup(struct __test_metadata *_metadata, FIXTURE_DATA(ioc) *self, int record)
{
	struct ifreq ifr;

	tr_begin("arp setup");
	tr_mute(!record);
	ASSERT_EQ(0, INET_IOC(SIOCSIFADDR, self->dev, AF_INET, "10.1.2.3", &ifr));
	ASSERT_EQ(0, INET_IOC(SIOCSIFNETMASK, self->dev, AF_INET, "255.255.255.0", &ifr));
	tr_mute(0);
}

/* A permanent entry reads back with its address, flags and device. */
TEST_F(ioc, arp_perm)
{
	arp_setup(_metadata, self, 1);
	tr_begin("arp perm");
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.50", ARPHRD_ETHER, arp_mac, 6,
			 ATF_PERM | ATF_COM));
	ASSERT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.50", &self->req));
	EXPECT_EQ(ARPHRD_ETHER, self->req.arp_ha.sa_family);
	EXPECT_EQ(0, memcmp(self->req.arp_ha.sa_data, arp_mac, 6));
	/* the bytes after the address are the caller's */
	EXPECT_EQ(0, memcmp(self->req.arp_ha.sa_data + 6, "\x5a\x5a\x5a\x5a\x5a\x5a\x5a\x5a", 8));
	EXPECT_EQ(ATF_PERM | ATF_COM, self->req.arp_flags);
	EXPECT_STREQ(self->dev, self->req.arp_dev);
	EXPECT_EQ(6, tr_neigh(self->dev, "10.1.2.50", self->ll));
	EXPECT_EQ(0, memcmp(self->ll, arp_mac, 6));
}

/*
 * ATF_COM without ATF_PERM; family 0 for the device's type; without
 * ATF_COM, arp_ha is not used.
 */
TEST_F(ioc, arp_com)
{
	arp_setup(_metadata, self, 0);
	tr_begin("arp com");
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.51", ARPHRD_ETHER, arp_mac, 6,
			 ATF_COM));
	ASSERT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.51", &self->req));
	EXPECT_EQ(ATF_COM, self->req.arp_flags);
	EXPECT_EQ(6, tr_neigh(self->dev, "10.1.2.51", self->ll));
	/* family 0 stands for the device's type */
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.52", 0, arp_mac, 6, ATF_COM));
	EXPECT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.52", &self->req));
	/*
	 * Without ATF_COM, arp_ha is not used: a new entry on this NOARP
	 * device takes the device's own address, an existing one keeps its.
	 */
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.53", ARPHRD_ETHER, arp_mac, 6, 0));
	ASSERT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.53", &self->req));
	EXPECT_EQ(0, memcmp(self->req.arp_ha.sa_data, dummy_mac, 6));
	EXPECT_EQ(ATF_COM, self->req.arp_flags);
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.51", ARPHRD_ETHER, NULL, 0, 0));
	ASSERT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.51", &self->req));
	EXPECT_EQ(0, memcmp(self->req.arp_ha.sa_data, arp_mac, 6));
}

/* Without arp_dev, SIOCSARP finds the device by a route lookup. */
TEST_F(ioc, arp_route)
{
	arp_setup(_metadata, self, 0);
	tr_begin("arp route");
	EXPECT_EQ(0, ARP(SIOCSARP, NULL, AF_INET, "10.1.2.54", ARPHRD_ETHER, arp_mac, 6,
			 ATF_PERM | ATF_COM));
	EXPECT_EQ(-ENODEV, arp_get(self->fd, NULL, "10.1.2.54", &self->req));
	EXPECT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.54", &self->req));
	EXPECT_EQ(-ENETUNREACH, ARP(SIOCSARP, NULL, AF_INET, "10.7.0.1", ARPHRD_ETHER,
				    arp_mac, 6, ATF_PERM | ATF_COM));
}

/*
 * Protocol families other than AF_INET, hardware families but the
 * device's; a refused get or delete leaves the entry it names alone.
 */
TEST_F(ioc, arp_family)
{
	arp_setup(_metadata, self, 0);
	/* the entry the AF_INET6 get and delete name (arp_perm records it) */
	tr_mute(1);
	ASSERT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.50", ARPHRD_ETHER, arp_mac, 6,
			 ATF_PERM | ATF_COM));
	tr_mute(0);
	tr_begin("arp family");
	EXPECT_EQ(-EPFNOSUPPORT, ARP(SIOCSARP, self->dev, AF_INET6, "10.1.2.55", ARPHRD_ETHER,
				     arp_mac, 6, ATF_PERM | ATF_COM));
	EXPECT_EQ(-EPFNOSUPPORT, ARP(SIOCSARP, self->dev, AF_UNSPEC, "10.1.2.55", ARPHRD_ETHER,
				     arp_mac, 6, ATF_PERM | ATF_COM));
	EXPECT_EQ(-EPFNOSUPPORT, ARP(SIOCGARP, self->dev, AF_INET6, "10.1.2.50", ARPHRD_ETHER));
	EXPECT_EQ(-EPFNOSUPPORT, ARP(SIOCDARP, self->dev, AF_INET6, "10.1.2.50", ARPHRD_ETHER));
	EXPECT_EQ(-EINVAL, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.55", ARPHRD_IEEE802,
			       arp_mac, 6, ATF_PERM | ATF_COM));
	EXPECT_EQ(-EINVAL, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.55", ARPHRD_TUNNEL6,
			       arp_mac, 6, ATF_COM));
	/* without ATF_COM the hardware family is still checked */
	EXPECT_EQ(-EINVAL, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.55", ARPHRD_IEEE802,
			       arp_mac, 6, 0));
	EXPECT_EQ(-ENXIO, arp_get(self->fd, self->dev, "10.1.2.55", &self->req));
	/* the refused AF_INET6 delete left the entry alone */
	tr_mute(1);
	EXPECT_EQ(0, arp_get(self->fd, self->dev, "10.1.2.50", &self->req));
	tr_mute(0);
}

/* Flags that do not go together, and a device that does not exist. */
TEST_F(ioc, arp_flags)
{
	arp_setup(_metadata, self, 0);
	tr_begin("arp flags");
	EXPECT_EQ(-EINVAL, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.56", ARPHRD_ETHER, arp_mac, 6,
			       ATF_COM | ATF_NETMASK));
	EXPECT_EQ(-EINVAL, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.56", ARPHRD_ETHER, arp_mac, 6,
			       ATF_COM | ATF_DONTPUB));
	EXPECT_EQ(-EINVAL, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.56", ARPHRD_ETHER, arp_mac, 6,
			       ATF_PUBL | ATF_NETMASK, "255.255.0.0"));
	EXPECT_EQ(-ENODEV, ARP(SIOCSARP, "ioc9", AF_INET, "10.1.2.56", ARPHRD_ETHER,
			       arp_mac, 6, ATF_PERM | ATF_COM));
}

/*
 * Proxy entries (ATF_PUBL): on the named device, on the device found by
 * its hardware address, and ATF_NETMASK with mask 0 (the proxy_arp switch).
 */
TEST_F(ioc, arp_publish)
{
	arp_setup(_metadata, self, 0);
	tr_begin("arp publish");
	/* a proxy entry on the named device */
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.60", ARPHRD_ETHER, NULL, 0,
			 ATF_PUBL));
	EXPECT_EQ(-ENXIO, arp_get(self->fd, self->dev, "10.1.2.60", &self->req));
	EXPECT_EQ(0, ARP(SIOCDARP, self->dev, AF_INET, "10.1.2.60", ARPHRD_ETHER, NULL, 0,
			 ATF_PUBL));
	EXPECT_EQ(-ENOENT, ARP(SIOCDARP, self->dev, AF_INET, "10.1.2.60", ARPHRD_ETHER, NULL, 0,
			       ATF_PUBL));
	/* the device found by its hardware address */
	EXPECT_EQ(0, ARP(SIOCSARP, NULL, AF_INET, "10.1.2.61", ARPHRD_ETHER, dummy_mac, 6,
			 ATF_PUBL | ATF_COM));
	EXPECT_EQ(-ENOENT, ARP(SIOCDARP, NULL, AF_INET, "10.1.2.61", ARPHRD_ETHER,
			       dummy_mac, 6, ATF_PUBL | ATF_COM));
	EXPECT_EQ(0, ARP(SIOCDARP, self->dev, AF_INET, "10.1.2.61", ARPHRD_ETHER, NULL, 0,
			 ATF_PUBL));
	EXPECT_EQ(-ENODEV, ARP(SIOCSARP, NULL, AF_INET, "10.1.2.62", ARPHRD_ETHER, arp_mac,
			       6, ATF_PUBL | ATF_COM));
	/* ATF_NETMASK with mask 0: the device's proxy_arp switch */
	EXPECT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.63", ARPHRD_ETHER, NULL, 0,
			 ATF_PUBL | ATF_NETMASK, "0.0.0.0"));
	EXPECT_EQ(0, ARP(SIOCDARP, self->dev, AF_INET, "10.1.2.63", ARPHRD_ETHER, NULL, 0,
			 ATF_PUBL | ATF_NETMASK, "0.0.0.0"));
}

/*
 * SIOCDARP of a permanent and a complete entry (the second without
 * arp_dev, found by a route lookup), twice, and on a device that does not
 * exist. The two entries are made muted: arp_perm and arp_com record them.
 */
TEST_F(ioc, arp_delete)
{
	arp_setup(_metadata, self, 0);
	tr_mute(1);
	ASSERT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.50", ARPHRD_ETHER, arp_mac, 6,
			 ATF_PERM | ATF_COM));
	ASSERT_EQ(0, ARP(SIOCSARP, self->dev, AF_INET, "10.1.2.51", ARPHRD_ETHER, arp_mac, 6,
			 ATF_COM));
	tr_mute(0);
	tr_begin("arp delete");
	EXPECT_EQ(0, ARP(SIOCDARP, self->dev, AF_INET, "10.1.2.50", ARPHRD_ETHER));
	EXPECT_EQ(-ENXIO, arp_get(self->fd, self->dev, "10.1.2.50", &self->req));
	EXPECT_EQ(-ENOENT, tr_neigh(self->dev, "10.1.2.50", self->ll));
	EXPECT_EQ(-ENXIO, ARP(SIOCDARP, self->dev, AF_INET, "10.1.2.50", ARPHRD_ETHER));
	EXPECT_EQ(-ENODEV, ARP(SIOCDARP, "ioc9", AF_INET, "10.1.2.51", ARPHRD_ETHER));
	EXPECT_EQ(0, ARP(SIOCDARP, NULL, AF_INET, "10.1.2.51", ARPHRD_ETHER));
	EXPECT_EQ(-ENXIO, arp_get(self->fd, self->dev, "10.1.2.51", &self->req));
}

/*
 * SIOCSARP with a hardware address on a 16-byte device: arp_ha carries
 * only 14 bytes. The baseline takes the last two from arp_flags (the
 * neighbour's address shows them); the patched kernel refuses the request.
 * On the point-to-point ioc6g0 the neighbour is keyed 0.0.0.0 (on both
 * kernels), so SIOCGARP and SIOCDARP never find it: RTM_GETNEIGH for
 * 0.0.0.0 shows it.
 */
TEST_F(ioc, arp_long_hwaddr)
{
	unsigned char ha[SA_DATA_LEN], ll[KMAX_ADDR_LEN];
	struct arpreq req;
	int i, j, r, p2p;

	for (j = 0; j < SA_DATA_LEN; j++)
		ha[j] = 0x30 + j;
	for (i = D_IP6TNL; i <= D_IP6GRE; i++) {
		const struct test_dev *d = &devs[i];

		p2p = i == D_IP6GRE;
		tr_begin("arp_long_hwaddr %s", d->name);
		r = ARP(SIOCSARP, d->name, AF_INET, "10.3.0.1", d->type, ha, SA_DATA_LEN,
			ATF_PERM | ATF_COM);
		EXPECT_EQ(self->patched ? -EINVAL : 0, r);
		r = tr_neigh(d->name, p2p ? "0.0.0.0" : "10.3.0.1", ll);
		if (self->patched) {
			EXPECT_EQ(-ENOENT, r);
		} else {
			EXPECT_EQ(d->addr_len, r);
			EXPECT_EQ(0, memcmp(ll, ha, SA_DATA_LEN));
		}
		r = arp_get(self->fd, d->name, "10.3.0.1", &req);
		if (self->patched || p2p) {
			EXPECT_EQ(-ENXIO, r);
		} else {
			EXPECT_EQ(0, r);
			EXPECT_EQ(d->type, req.arp_ha.sa_family);
			EXPECT_EQ(0, memcmp(req.arp_ha.sa_data, ha, SA_DATA_LEN));
			EXPECT_EQ(ATF_PERM | ATF_COM, req.arp_flags);
		}
		r = ARP(SIOCDARP, d->name, AF_INET, "10.3.0.1", d->type);
		EXPECT_EQ(self->patched || p2p ? -ENXIO : 0, r);
		if (!p2p)
			EXPECT_EQ(-ENOENT, tr_neigh(d->name, "10.3.0.1", ll));

		/* without a hardware address the request is not affected */
		EXPECT_EQ(0, ARP(SIOCSARP, d->name, AF_INET, "10.3.0.2", d->type, NULL, 0, 0));
		r = tr_neigh(d->name, p2p ? "0.0.0.0" : "10.3.0.2", ll);
		EXPECT_EQ(d->addr_len, r);
		r = arp_get(self->fd, d->name, "10.3.0.2", &req);
		EXPECT_EQ(p2p ? -ENXIO : 0, r);
		if (!p2p) {	/* a new entry takes the device's own address */
			ASSERT_EQ(d->addr_len, getlink(d, IFLA_ADDRESS, ll));
			EXPECT_EQ(0, memcmp(req.arp_ha.sa_data, ll, SA_DATA_LEN));
			EXPECT_EQ(ATF_COM, req.arp_flags);
		}
		r = ARP(SIOCDARP, d->name, AF_INET, "10.3.0.2", d->type);
		EXPECT_EQ(p2p ? -ENXIO : 0, r);
	}
}

/*
 * SIOCSARP ATF_PUBL without a device looks the device up by arp_ha. For a
 * 16-byte device the baseline compares the two bytes after sa_data (the
 * low bytes of arp_flags, here 0a 00) too: it finds ioc6t0, whose address
 * ends in 0a 00, and not ioc6g0 (00 00). The patched kernel pads sa_data
 * with zeroes: it finds ioc6g0 and refuses it, and does not find ioc6t0.
 * The team goes first: it took only the first 6 bytes of ioc6t0's address
 * (eth_hw_addr_inherit) and would match the zero padding.
 */
TEST_F(ioc, arp_publish_long)
{
	unsigned char addr[KMAX_ADDR_LEN];
	int i, r, want;

	tr_begin("arp_publish_long");
	r = link_delete(devs[D_TEAM].name);
	tr_line("RTM_DELLINK %s -> %s", devs[D_TEAM].name, R(r));
	ASSERT_EQ(0, r);
	for (i = D_IP6TNL; i <= D_IP6GRE; i++) {
		const struct test_dev *d = &devs[i];
		int tail_zero;

		tr_begin("arp_publish_long %s", d->name);
		ASSERT_EQ(16, getlink(d, IFLA_ADDRESS, addr));
		tr_line("address %s", hx(addr, 16));
		tail_zero = !addr[14] && !addr[15];
		r = ARP(SIOCSARP, NULL, AF_INET, "10.3.0.3", d->type, addr, SA_DATA_LEN,
			ATF_PUBL | ATF_COM);
		if (self->patched)
			want = tail_zero ? -EINVAL : -ENODEV;
		else
			want = addr[14] == 0x0a && !addr[15] ? 0 : -ENODEV;
		EXPECT_EQ(want, r);
		r = ARP(SIOCDARP, d->name, AF_INET, "10.3.0.3", d->type, NULL, 0, ATF_PUBL);
		EXPECT_EQ(want ? -ENOENT : 0, r);
	}
}

/* struct rtentry for SIOCADDRT / SIOCDELRT. */
struct rt_args {
	int dst_family;
	const char *dst;
	int gw_family;
	const char *gw;
	int mask_family;
	const char *mask;
	int flags;
	const char *dev;
	int metric;
};

static void rt_sin(struct sockaddr *sa, int family, const char *ip)
{
	struct sockaddr_in sin = { .sin_family = family };

	if (ip)
		inet_pton(AF_INET, ip, &sin.sin_addr);
	memcpy(sa, &sin, sizeof(sin));
}

static int rt_ioc(int fd, unsigned long cmd, const char *cmdname, const struct rt_args *a)
{
	char devname[IFNAMSIZ] = "";
	struct rtentry rt;
	int r;

	memset(&rt, 0, sizeof(rt));
	rt_sin(&rt.rt_dst, a->dst_family, a->dst);
	rt_sin(&rt.rt_gateway, a->gw_family, a->gw);
	rt_sin(&rt.rt_genmask, a->mask_family, a->mask);
	rt.rt_flags = a->flags;
	rt.rt_metric = a->metric;
	if (a->dev) {
		strncpy(devname, a->dev, IFNAMSIZ - 1);
		rt.rt_dev = devname;
	}
	r = xioctl(fd, cmd, &rt);
	tr_line("%s dst %d %s gw %d %s mask %d %s flags %#x dev %s metric %d -> %s",
		cmdname, a->dst_family, a->dst ?: "-", a->gw_family, a->gw ?: "-",
		a->mask_family, a->mask ?: "-", a->flags, a->dev ?: "-", a->metric, R(r));
	return r;
}

#define RT(cmd, ...) rt_ioc(self->fd, cmd, #cmd, &(struct rt_args){ __VA_ARGS__ })
#define ROUTES() tr_proc_lines("/proc/net/route", "ioc0", 0, NULL)

/*
 * Routes through struct rtentry: network, gateway, host and default
 * routes, checked in /proc/net/route; wrong families of rt_dst,
 * rt_genmask and rt_gateway; bad masks; deletion.
 */
TEST_F(ioc, route)
{
	const char *dev = devs[D_DUMMY].name;
	struct ifreq ifr;

	tr_begin("route before");
	ASSERT_EQ(0, INET_IOC(SIOCSIFADDR, dev, AF_INET, "10.1.2.3", &ifr));
	ASSERT_EQ(0, INET_IOC(SIOCSIFNETMASK, dev, AF_INET, "255.255.255.0", &ifr));
	EXPECT_EQ(1, ROUTES());

	tr_begin("route add");
	EXPECT_EQ(0, RT(SIOCADDRT, AF_INET, "10.20.0.0", 0, NULL, AF_INET, "255.255.0.0",
			RTF_UP, dev));
	EXPECT_EQ(0, RT(SIOCADDRT, AF_INET, "10.30.0.0", AF_INET, "10.1.2.1", AF_INET,
			"255.255.0.0", RTF_UP | RTF_GATEWAY));
	EXPECT_EQ(0, RT(SIOCADDRT, AF_INET, "10.40.0.1", 0, NULL, 0, NULL,
			RTF_UP | RTF_HOST, dev));
	/* the gateway is ignored without RTF_GATEWAY, whatever its family */
	EXPECT_EQ(0, RT(SIOCADDRT, AF_INET, "10.50.0.0", AF_INET6, "10.1.2.1", AF_INET,
			"255.255.0.0", RTF_UP, dev));
	/* family and mask 0: a default route (with a metric of its own) */
	EXPECT_EQ(0, RT(SIOCADDRT, AF_INET, "0.0.0.0", AF_INET, "10.1.2.1", 0, NULL,
			RTF_UP | RTF_GATEWAY, NULL, 1000));
	EXPECT_EQ(-EEXIST, RT(SIOCADDRT, AF_INET, "10.20.0.0", 0, NULL, AF_INET,
			      "255.255.0.0", RTF_UP, dev));
	EXPECT_EQ(6, ROUTES());

	tr_begin("route family");
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCADDRT, AF_INET6, "10.21.0.0", 0, NULL, AF_INET,
				    "255.255.0.0", RTF_UP, dev));
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCADDRT, AF_UNSPEC, "10.21.0.0", 0, NULL, AF_INET,
				    "255.255.0.0", RTF_UP, dev));
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCADDRT, AF_INET, "10.21.0.0", 0, NULL, AF_INET6,
				    "255.255.0.0", RTF_UP, dev));
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCADDRT, AF_INET, "10.21.0.0", 0, NULL, AF_UNSPEC,
				    "255.255.0.0", RTF_UP, dev));
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCADDRT, AF_INET, "0.0.0.0", 0, NULL, AF_INET6,
				    NULL, RTF_UP, dev));
	/* a genmask of another family is fine with RTF_HOST: it is not used */
	EXPECT_EQ(0, RT(SIOCADDRT, AF_INET, "10.41.0.1", 0, NULL, AF_INET6, "255.255.0.0",
			RTF_UP | RTF_HOST, dev));
	EXPECT_EQ(-EINVAL, RT(SIOCADDRT, AF_INET, "10.31.0.0", AF_INET6, "10.1.2.1",
			      AF_INET, "255.255.0.0", RTF_UP | RTF_GATEWAY));
	EXPECT_EQ(-EINVAL, RT(SIOCADDRT, AF_INET, "10.31.0.0", AF_UNSPEC, "10.1.2.1",
			      AF_INET, "255.255.0.0", RTF_UP | RTF_GATEWAY));
	EXPECT_EQ(-EINVAL, RT(SIOCADDRT, AF_INET, "10.31.0.0", AF_INET, "0.0.0.0",
			      AF_INET, "255.255.0.0", RTF_UP | RTF_GATEWAY));

	tr_begin("route mask");
	EXPECT_EQ(-EINVAL, RT(SIOCADDRT, AF_INET, "10.22.0.0", 0, NULL, AF_INET,
			      "255.0.255.0", RTF_UP, dev));
	EXPECT_EQ(-EINVAL, RT(SIOCADDRT, AF_INET, "10.22.1.0", 0, NULL, AF_INET,
			      "255.255.0.0", RTF_UP, dev));
	EXPECT_EQ(-EINVAL, RT(SIOCADDRT, AF_INET, "10.22.0.0", 0, NULL, 0, NULL,
			      RTF_UP, dev));
	EXPECT_EQ(-ENODEV, RT(SIOCADDRT, AF_INET, "10.22.0.0", 0, NULL, AF_INET,
			      "255.255.0.0", RTF_UP, "ioc9"));
	EXPECT_EQ(7, ROUTES());

	tr_begin("route delete");
	EXPECT_EQ(0, RT(SIOCDELRT, AF_INET, "10.20.0.0", 0, NULL, AF_INET, "255.255.0.0",
			0, dev));
	EXPECT_EQ(-ESRCH, RT(SIOCDELRT, AF_INET, "10.20.0.0", 0, NULL, AF_INET,
			     "255.255.0.0", 0, dev));
	EXPECT_EQ(0, RT(SIOCDELRT, AF_INET, "10.30.0.0", AF_INET, "10.1.2.1", AF_INET,
			"255.255.0.0", 0));
	EXPECT_EQ(0, RT(SIOCDELRT, AF_INET, "10.40.0.1", 0, NULL, 0, NULL, RTF_HOST));
	EXPECT_EQ(0, RT(SIOCDELRT, AF_INET, "10.41.0.1", 0, NULL, 0, NULL, RTF_HOST));
	EXPECT_EQ(0, RT(SIOCDELRT, AF_INET, "10.50.0.0", 0, NULL, AF_INET, "255.255.0.0",
			0, dev));
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCDELRT, AF_INET6, "0.0.0.0", 0, NULL, 0, NULL, 0));
	EXPECT_EQ(-EAFNOSUPPORT, RT(SIOCDELRT, AF_INET, "0.0.0.0", 0, NULL, AF_INET6,
				    "255.0.0.0", 0));
	EXPECT_EQ(0, RT(SIOCDELRT, AF_INET, "0.0.0.0", 0, NULL, 0, NULL, 0, dev, 1000));
	EXPECT_EQ(-ESRCH, RT(SIOCDELRT, AF_INET, "0.0.0.0", 0, NULL, 0, NULL, 0, dev, 1000));
	EXPECT_EQ(1, ROUTES());
}

/* SIOCADDMULTI / SIOCDELMULTI with @addr (14 bytes) and tail e0..e7. */
static int multi(int fd, unsigned long cmd, const char *cmdname, const char *dev,
		 int family, const unsigned char *addr)
{
	struct ifreq ifr;
	int r, i;

	ifr_init(&ifr, dev, 0);
	ifr.ifr_hwaddr.sa_family = family;
	memcpy(ifr.ifr_hwaddr.sa_data, addr, SA_DATA_LEN);
	for (i = 0; i < (int)IFR_TAIL_LEN; i++)
		ifr_tail(&ifr)[i] = 0xe0 + i;
	r = xioctl(fd, cmd, &ifr);
	tr_line("%s family %d sa_data %s tail %s -> %s", cmdname, family,
		hx(addr, SA_DATA_LEN), hx(ifr_tail(&ifr), IFR_TAIL_LEN), R(r));
	return r;
}

#define MULTI(cmd, ...) multi(self->fd, cmd, #cmd, __VA_ARGS__)

/*
 * Link-layer multicast addresses through ifr_hwaddr (family AF_UNSPEC),
 * checked in /proc/net/dev_mcast. Tunnels have no receive filter; the team
 * over ip6tnl has one and a 16-byte address: the baseline adds an address
 * whose last two bytes are the ifreq bytes after sa_data, the patched
 * kernel refuses.
 */
TEST_F(ioc, multicast)
{
	static const unsigned char mc[SA_DATA_LEN] = {
		0x01, 0x00, 0x5e, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
		0x0b,
	};
	const char *prefix = "01005e010203";
	int i, r, want;

	for (i = 0; i < D_NUM; i++) {
		const struct test_dev *d = &devs[i];
		int filter = i == D_DUMMY || i == D_TEAM;

		tr_begin("multicast %s", d->name);
		r = MULTI(SIOCADDMULTI, d->name, AF_UNSPEC, mc);
		if (!filter)
			want = -EINVAL;
		else
			want = self->patched && d->addr_len > SA_DATA_LEN ? -EINVAL : 0;
		EXPECT_EQ(want, r);
		r = tr_proc_lines("/proc/net/dev_mcast", d->name, 1, prefix);
		EXPECT_EQ(want ? 0 : 1, r);
		/* a second add of the same global address changes nothing */
		EXPECT_EQ(want, MULTI(SIOCADDMULTI, d->name, AF_UNSPEC, mc));
		tr_proc_lines("/proc/net/dev_mcast", d->name, 1, prefix);
		EXPECT_EQ(-EINVAL, MULTI(SIOCADDMULTI, d->name, d->type, mc));
		EXPECT_EQ(-EINVAL, MULTI(SIOCDELMULTI, d->name, d->type, mc));
		EXPECT_EQ(want, MULTI(SIOCDELMULTI, d->name, AF_UNSPEC, mc));
		EXPECT_EQ(0, tr_proc_lines("/proc/net/dev_mcast", d->name, 1, prefix));
		EXPECT_EQ(want ? want : -ENOENT, MULTI(SIOCDELMULTI, d->name, AF_UNSPEC, mc));
	}
	tr_begin("multicast nodev");
	EXPECT_EQ(-ENODEV, MULTI(SIOCADDMULTI, "ioc9", AF_UNSPEC, mc));
}

/* 0..33 bytes, then two far too long */
static int sweep_len(int k)
{
	if (k <= KMAX_ADDR_LEN + 1)
		return k;
	return k == KMAX_ADDR_LEN + 2 ? 64 : 255;
}

/*
 * RTM_SETLINK with IFLA_ADDRESS and IFLA_BROADCAST of every length from 0
 * to 33 (and 64, 255), then RTM_GETLINK: shorter than addr_len is refused
 * (-EINVAL), longer than MAX_ADDR_LEN too (-ERANGE, the policy), anything
 * in between sets the first addr_len bytes (IFLA_ADDRESS only where the
 * driver can set an address: -EOPNOTSUPP on the tunnels).
 */
TEST_F(ioc, setlink_lengths)
{
	static const int attrs[] = { IFLA_ADDRESS, IFLA_BROADCAST };
	unsigned char data[256], before[KMAX_ADDR_LEN], after[KMAX_ADDR_LEN];
	int i, a, len, r, got, want, ifindex, k;

	for (i = 0; i < D_NUM; i++) {
		const struct test_dev *d = &devs[i];

		ifindex = if_nametoindex(d->name);
		for (a = 0; a < 2; a++) {
			tr_begin("setlink_lengths %s %s", d->name,
				 a ? "IFLA_BROADCAST" : "IFLA_ADDRESS");
			for (k = 0; k <= KMAX_ADDR_LEN + 3; k++) {
				len = sweep_len(k);
				for (r = 0; r < (int)sizeof(data); r++)
					data[r] = 0x10 + r;
				data[0] = a ? 0xf2 : 0x02;
				data[1] = len;
				ASSERT_EQ(d->addr_len, getlink(d, attrs[a], before));
				r = link_set_bytes(ifindex, attrs[a], data, len);
				got = getlink(d, attrs[a], after);
				tr_line("len %d -> %s; RTM_GETLINK -> %s %s", len, R(r), R(got),
					hx(after, got > 0 ? got : 0));
				if (len < d->addr_len)
					want = -EINVAL;
				else if (len > KMAX_ADDR_LEN)
					want = -ERANGE;
				else if (!a && !d->can_set)
					want = -EOPNOTSUPP;
				else
					want = 0;
				EXPECT_EQ(want, r) TH_LOG("%s len %d", d->name, len);
				ASSERT_EQ(d->addr_len, got);
				EXPECT_EQ(0, memcmp(after, r ? before : data, got))
					TH_LOG("%s len %d", d->name, len);
			}
		}
	}
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * Regression tests of "ieee802154: socket: ...", "ieee802154: 6lowpan: ..."
 * and "ieee802154: legacy netlink: ..." (patches 6, 7 and 8): the IEEE
 * 802.15.4 code takes a device of link type ARPHRD_IEEE802154 for a WPAN device and uses its ieee802154_ptr (struct
 * wpan_dev) and ml_priv (struct ieee802154_mlme_ops). A tun device can take
 * that link type with TUNSETLINK and has neither.
 *
 * wpan_tun: root makes such a tun device, then binds and/or sends on an
 * AF_IEEE802154 datagram socket. A short address and a datagram sent
 * through the tun device need a wpan_dev: with the fix they fail cleanly
 * (-ENODEV, -ENXIO); without it they are a NULL pointer dereference (the
 * rows marked .crashes, skipped there, saying why: the guest would hang).
 * Binding to the tun device's extended address works on both.
 *
 * wpan_reach: every other path, each run with exactly the privilege the
 * row names (root; uid 65534 without capabilities; uid 65534 in a new user
 * and network namespace, which gives it CAP_NET_ADMIN there), and the
 * refusals that keep the paths from users with less. A row with .lowpan
 * first has root bring up a 6LoWPAN interface on the WPAN device of a new
 * mac802154_hwsim radio, as an administrator of a 6LoWPAN network would.
 *
 * The ifaddr rows are the regression test of "ieee802154: socket: require
 * CAP_NET_ADMIN for SIOCSIFADDR" (patch 14): on the WPAN device of a new
 * radio, down as a new radio's is, SIOCSIFADDR on an AF_IEEE802154 socket
 * sets the PAN id and short address. Without the fix a user without any
 * capability can set them; with it only CAP_NET_ADMIN can, and reading
 * them stays open to everyone. Root reads the device's address after each
 * row: it holds the new one exactly when the row expects the call to work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if_ether.h>
#include <linux/if_tun.h>
#include <net/if_arp.h>
#include <poll.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "lib/child.h"
#include "lib/genl.h"

#ifndef AF_IEEE802154
#define AF_IEEE802154 36
#endif

/* include/net/af_ieee802154.h, which is not UAPI */
enum { WPAN_ADDR_NONE, WPAN_ADDR_SHORT = 2, WPAN_ADDR_LONG };

struct wpan_sockaddr {
	sa_family_t family;
	struct {
		int addr_type;
		uint16_t pan_id;
		union {
			uint8_t hwaddr[8];
			uint16_t short_addr;
		};
	} addr;
};

#define TUN_NAME "wpantun0"

FIXTURE(wpan_tun)
{
	int tun, fd;
	uint8_t hwaddr[8];	/* the tun device's address */
};

FIXTURE_VARIANT(wpan_tun)
{
	int bind_type;		/* WPAN_ADDR_NONE: no bind */
	bool send;		/* sendto() a short address after the bind */
	bool crashes;		/* a NULL dereference without the fix */
	int bind_err;		/* -errno of bind() */
	int send_err;		/* -errno of sendto() */
};

/* ieee802154_get_dev() reads tmp->ieee802154_ptr->pan_id for a short address */
FIXTURE_VARIANT_ADD(wpan_tun, bind_short)
{
	.bind_type = WPAN_ADDR_SHORT, .crashes = true, .bind_err = -ENODEV,
};

/* dev_getbyhwaddr_rcu() finds the tun device by its address: unchanged */
FIXTURE_VARIANT_ADD(wpan_tun, bind_long)
{
	.bind_type = WPAN_ADDR_LONG,
};

/* ... and dgram_sendmsg() then uses the wpan_dev of the tun device */
FIXTURE_VARIANT_ADD(wpan_tun, bind_long_send)
{
	.bind_type = WPAN_ADDR_LONG, .send = true, .crashes = true, .send_err = -ENXIO,
};

/* dgram_sendmsg() takes the first ARPHRD_IEEE802154 device: the tun */
FIXTURE_VARIANT_ADD(wpan_tun, send_unbound)
{
	.bind_type = WPAN_ADDR_NONE, .send = true, .crashes = true, .send_err = -ENXIO,
};

FIXTURE_SETUP(wpan_tun)
{
	struct ifreq ifr = { .ifr_flags = IFF_TUN | IFF_NO_PI };

	self->tun = open("/dev/net/tun", O_RDWR);
	ASSERT_LE(0, self->tun);
	strcpy(ifr.ifr_name, TUN_NAME);
	ASSERT_EQ(0, ioctl(self->tun, TUNSETIFF, &ifr));
	ASSERT_EQ(0, ioctl(self->tun, TUNSETLINK, (unsigned long)ARPHRD_IEEE802154));
	/* TUNSETLINK gave it the 8-byte address length of the link type */
	ASSERT_EQ(8, link_get_bytes(if_nametoindex(TUN_NAME), IFLA_ADDRESS,
				    self->hwaddr, sizeof(self->hwaddr)));
	ASSERT_EQ(0, link_flags(TUN_NAME, IFF_UP, 0));
	self->fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(wpan_tun)
{
	close(self->fd);
	close(self->tun);
}

TEST_F(wpan_tun, bind_send)
{
	struct wpan_sockaddr sa = { .family = AF_IEEE802154 };
	int ret;

	if (variant->crashes && !kernel_has_fixes())
		SKIP(return, "this kernel lacks the fix: the row dereferences NULL");

	sa.addr.pan_id = 0x1234;
	if (variant->bind_type == WPAN_ADDR_SHORT) {
		sa.addr.addr_type = WPAN_ADDR_SHORT;
		sa.addr.short_addr = 0x0001;
	} else if (variant->bind_type == WPAN_ADDR_LONG) {
		/* the raw bytes of dev_addr, as dev_getbyhwaddr_rcu() compares */
		sa.addr.addr_type = WPAN_ADDR_LONG;
		memcpy(sa.addr.hwaddr, self->hwaddr, sizeof(sa.addr.hwaddr));
	}
	if (variant->bind_type != WPAN_ADDR_NONE) {
		ret = bind(self->fd, (struct sockaddr *)&sa, sizeof(sa)) ? -errno : 0;
		EXPECT_EQ(variant->bind_err, ret);
	}
	if (variant->send) {
		struct wpan_sockaddr to = { .family = AF_IEEE802154 };

		to.addr.addr_type = WPAN_ADDR_SHORT;
		to.addr.pan_id = 0x1234;
		to.addr.short_addr = 0x0002;
		ret = sendto(self->fd, "x", 1, 0, (struct sockaddr *)&to, sizeof(to)) < 0 ?
		      -errno : 0;
		EXPECT_EQ(variant->send_err, ret);
	}
}


/* include/linux/nl802154.h, which is not UAPI: the legacy "802.15.4 MAC" family */
#define WPAN_NL_NAME		"802.15.4 MAC"
#define WPAN_NL_VERSION		1
#define WPAN_ATTR_DEV_NAME	1
#define WPAN_LIST_IFACE		31
#define WPAN_DEL_IFACE		34
#define WPAN_LLSEC_GETPARAMS	36
#define WPAN_LLSEC_LIST_KEY	38

#define REACH_TUN "wpantun1"

enum wpan_who {
	AS_ROOT,	/* root in the initial namespaces */
	AS_USER,	/* uid 65534: no capability, the initial namespaces */
	AS_USERNS,	/* uid 65534 in a new user and network namespace */
};

enum wpan_tun_by {
	TUN_NONE,	/* no tun device */
	TUN_ROOT,	/* root makes it in init_net, sets the link type, up */
	TUN_OWNED,	/* root makes a persistent tun owned by uid 65534; the user
			 * attaches to it and sets the link type (TUNSETLINK needs
			 * no capability on a device that is down) */
	TUN_USER,	/* the user makes it in its own namespace, sets it up */
};

enum wpan_step {
	STEP_TUN,	/* only make the tun device (TUNSETIFF) */
	STEP_SOCKET,	/* socket(AF_IEEE802154, SOCK_DGRAM, 0) */
	STEP_BIND_SHORT,/* AF_IEEE802154 bind() to a short address */
	STEP_SEND,	/* AF_IEEE802154 sendto() on an unbound datagram socket */
	STEP_RECV,	/* write a frame to the tun device: ieee802154_rcv() */
	STEP_LIST_DUMP,	/* LIST_IFACE dump: entries naming the tun device */
	STEP_LIST_DOIT,	/* LIST_IFACE of the tun device */
	STEP_LLSEC_GET,	/* LLSEC_GETPARAMS of the tun device */
	STEP_LLSEC_DUMP,/* LLSEC_LIST_KEY dump: entries */
	STEP_DEL_IFACE,	/* DEL_IFACE of the tun device */
	STEP_SET_IFADDR,/* SIOCSIFADDR on the radio's WPAN device (.radio) */
	STEP_GET_IFADDR,/* SIOCGIFADDR of it, after root set it (.radio) */
};

FIXTURE(wpan_reach)
{
	int tun;	/* root's tun device (TUN_ROOT), or -1 */
	int radio;	/* the hwsim radio of root's 6LoWPAN interface, or -1 */
	int ifradio;	/* the hwsim radio of the ifaddr rows, or -1 */
};

FIXTURE_VARIANT(wpan_reach)
{
	enum wpan_who who;
	enum wpan_tun_by tun;
	enum wpan_step step;
	bool crashes;	/* a NULL dereference without the fixes */
	bool lowpan;	/* root has a 6LoWPAN interface up (lowpan_up()) */
	bool radio;	/* root makes a new radio; its WPAN device stays down */
	int ret;	/* -errno, or what the step counts */
};

/* ieee802154_rcv() -> ieee802154_dgram_deliver(): the raw socket gets the frame */
FIXTURE_VARIANT_ADD(wpan_reach, recv_root)
{
	.who = AS_ROOT, .tun = TUN_ROOT, .step = STEP_RECV, .crashes = true, .ret = 1,
};

/*
 * The same frame in the user's own namespace: no socket there, and with
 * no 6LoWPAN interface up nothing else takes it
 */
FIXTURE_VARIANT_ADD(wpan_reach, recv_userns)
{
	.who = AS_USERNS, .tun = TUN_USER, .step = STEP_RECV, .ret = -EAFNOSUPPORT,
};

/*
 * ... but once root has one up, lowpan_rcv() takes every ETH_P_IEEE802154
 * frame of every network namespace, the user's tun device's too (patch 7)
 */
FIXTURE_VARIANT_ADD(wpan_reach, recv_userns_lowpan)
{
	.who = AS_USERNS, .tun = TUN_USER, .step = STEP_RECV, .lowpan = true,
	.crashes = true, .ret = -EAFNOSUPPORT,
};

/* LIST_IFACE has no GENL_ADMIN_PERM: ieee802154_dump_iface() */
FIXTURE_VARIANT_ADD(wpan_reach, list_dump_user)
{
	.who = AS_USER, .tun = TUN_ROOT, .step = STEP_LIST_DUMP, .crashes = true, .ret = 0,
};

/* ... with nothing from root but a persistent tun device the user owns */
FIXTURE_VARIANT_ADD(wpan_reach, list_dump_owned)
{
	.who = AS_USER, .tun = TUN_OWNED, .step = STEP_LIST_DUMP, .crashes = true, .ret = 0,
};

/* ... and its doit: ieee802154_nl_get_dev(), ieee802154_nl_fill_iface() */
FIXTURE_VARIANT_ADD(wpan_reach, list_doit_user)
{
	.who = AS_USER, .tun = TUN_ROOT, .step = STEP_LIST_DOIT, .crashes = true,
	.ret = -ENODEV,
};

/* ieee802154_nl_get_dev(), then ml_priv as ieee802154_mlme_ops */
FIXTURE_VARIANT_ADD(wpan_reach, llsec_get_root)
{
	.who = AS_ROOT, .tun = TUN_ROOT, .step = STEP_LLSEC_GET, .crashes = true,
	.ret = -ENODEV,
};

/* ieee802154_llsec_dump_table(): ml_priv as ieee802154_mlme_ops */
FIXTURE_VARIANT_ADD(wpan_reach, llsec_dump_root)
{
	.who = AS_ROOT, .tun = TUN_ROOT, .step = STEP_LLSEC_DUMP, .crashes = true, .ret = 0,
};

/* ieee802154_del_iface() (nl-phy.c): ieee802154_ptr->wpan_phy */
FIXTURE_VARIANT_ADD(wpan_reach, del_iface_root)
{
	.who = AS_ROOT, .tun = TUN_ROOT, .step = STEP_DEL_IFACE, .crashes = true,
	.ret = -ENODEV,
};

/* the same request needs CAP_NET_ADMIN: refused to the user */
FIXTURE_VARIANT_ADD(wpan_reach, del_iface_user)
{
	.who = AS_USER, .tun = TUN_ROOT, .step = STEP_DEL_IFACE, .ret = -EPERM,
};

/* a user given a persistent tun device by root needs nothing else */
FIXTURE_VARIANT_ADD(wpan_reach, bind_short_owned)
{
	.who = AS_USER, .tun = TUN_OWNED, .step = STEP_BIND_SHORT, .crashes = true,
	.ret = -ENODEV,
};

/* ... and dgram_sendmsg() needs no device that is up */
FIXTURE_VARIANT_ADD(wpan_reach, send_unbound_owned)
{
	.who = AS_USER, .tun = TUN_OWNED, .step = STEP_SEND, .crashes = true,
	.ret = -ENXIO,
};

/* ... and cannot make one itself in init_net */
FIXTURE_VARIANT_ADD(wpan_reach, tun_user)
{
	.who = AS_USER, .tun = TUN_NONE, .step = STEP_TUN, .ret = -EPERM,
};

/* SIOCSIFADDR sets the address of a WPAN device that is down ... */
FIXTURE_VARIANT_ADD(wpan_reach, ifaddr_set_root)
{
	.who = AS_ROOT, .radio = true, .step = STEP_SET_IFADDR, .ret = 0,
};

/* ... which takes CAP_NET_ADMIN, as setting any address of a device does */
FIXTURE_VARIANT_ADD(wpan_reach, ifaddr_set_user)
{
	.who = AS_USER, .radio = true, .step = STEP_SET_IFADDR, .ret = -EPERM,
};

/* ... while SIOCGIFADDR, which only reads it, needs nothing */
FIXTURE_VARIANT_ADD(wpan_reach, ifaddr_get_user)
{
	.who = AS_USER, .radio = true, .step = STEP_GET_IFADDR, .ret = 0,
};

/* AF_IEEE802154 sockets exist in init_net only (ieee802154_create()) */
FIXTURE_VARIANT_ADD(wpan_reach, socket_userns)
{
	.who = AS_USERNS, .tun = TUN_USER, .step = STEP_SOCKET, .ret = -EAFNOSUPPORT,
};

/* the legacy netlink family is not netnsok: no id outside init_net */
FIXTURE_VARIANT_ADD(wpan_reach, list_dump_userns)
{
	.who = AS_USERNS, .tun = TUN_USER, .step = STEP_LIST_DUMP, .ret = -ENOENT,
};

static int tun_attach(const char *name, short flags)
{
	struct ifreq ifr = { .ifr_flags = flags };
	int fd = open("/dev/net/tun", O_RDWR);

	if (fd < 0)
		return -errno;
	strcpy(ifr.ifr_name, name);
	if (ioctl(fd, TUNSETIFF, &ifr)) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/* Make @name an ARPHRD_IEEE802154 tun device, up if @up; its fd or -errno */
static int tun_wpan(const char *name, bool up)
{
	int fd = tun_attach(name, IFF_TUN), err;

	if (fd < 0)
		return fd;
	err = ioctl(fd, TUNSETLINK, (unsigned long)ARPHRD_IEEE802154) ? -errno : 0;
	if (!err && up)
		err = link_flags(name, IFF_UP, 0);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

static int wpan_genl(int cmd, bool dump, struct genl_req *req)
{
	int family = genl_family(WPAN_NL_NAME);

	if (family < 0)
		return family;
	genl_init(req, family, cmd, WPAN_NL_VERSION);
	if (!dump)
		rtnl_add(NH(req), WPAN_ATTR_DEV_NAME, REACH_TUN, sizeof(REACH_TUN));
	return 0;
}

static void count_tun(struct nlmsghdr *nh, void *arg)
{
	struct rtattr *rta = genl_attr(nh, WPAN_ATTR_DEV_NAME);

	if (rta && !strcmp(RTA_DATA(rta), REACH_TUN))
		++*(int *)arg;
}

/*
 * A data frame with a tun_pi header: ETH_P_IEEE802154. tun sets the MAC
 * and network headers at its first byte, so the byte lowpan_rx_h_check()
 * takes for the 6LoWPAN dispatch is 0x41 (neither NALP nor reserved), and
 * short addresses with PAN id compression are intra-PAN: it accepts the
 * frame.
 */
static int write_frame(int tun)
{
	static const uint8_t frame[] = {
		0x00, 0x00, 0x00, ETH_P_IEEE802154,	/* struct tun_pi */
		0x41, 0x88, 0x01,		/* data, PAN id compression, seq 1 */
		0x34, 0x12, 0xff, 0xff, 0x01, 0x00,	/* PAN, dst, src */
		'x',
	};

	return write(tun, frame, sizeof(frame)) == sizeof(frame) ? 0 : -EIO;
}

static int step_recv(int tun)
{
	struct pollfd pfd = { .events = POLLIN };
	char buf[64];
	int ret;

	/* created before the write, so that it sees the frame */
	pfd.fd = socket(AF_IEEE802154, SOCK_RAW, 0);
	ret = pfd.fd < 0 ? -errno : 0;
	if (write_frame(tun))
		return -EIO;
	if (ret)
		return ret;
	ret = poll(&pfd, 1, 2000) == 1 && recv(pfd.fd, buf, sizeof(buf), 0) > 0;
	close(pfd.fd);
	return ret;
}

static int step_bind_short(void)
{
	struct wpan_sockaddr sa = { .family = AF_IEEE802154 };
	int fd = socket(AF_IEEE802154, SOCK_DGRAM, 0), ret;

	if (fd < 0)
		return -errno;
	sa.addr.addr_type = WPAN_ADDR_SHORT;
	sa.addr.pan_id = 0x1234;
	sa.addr.short_addr = 0x0001;
	ret = bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ? -errno : 0;
	close(fd);
	return ret;
}

static int step_send(void)
{
	struct wpan_sockaddr to = { .family = AF_IEEE802154 };
	int fd = socket(AF_IEEE802154, SOCK_DGRAM, 0), ret;

	if (fd < 0)
		return -errno;
	to.addr.addr_type = WPAN_ADDR_SHORT;
	to.addr.pan_id = 0x1234;
	to.addr.short_addr = 0x0002;
	ret = sendto(fd, "x", 1, 0, (struct sockaddr *)&to, sizeof(to)) < 0 ? -errno : 0;
	close(fd);
	return ret;
}

#define IFADDR_PAN 0x4321
#define IFADDR_SHORT 0x0042

/* The WPAN device of the ifaddr rows' radio (FIXTURE_SETUP) */
static char ifaddr_dev[IF_NAMESIZE];

/*
 * SIOCSIFADDR (@set) of IFADDR_PAN and IFADDR_SHORT on ifaddr_dev, or
 * SIOCGIFADDR of it: 0 if the call worked (and, for a read, found these),
 * 1 for a read that found another address, or -errno.
 */
static int ifaddr(bool set)
{
	/*
	 * The 20-byte sockaddr_ieee802154 goes past a 32-bit program's 32-byte
	 * ifreq; the kernel copies the ifreq and uses the first 12 bytes of it.
	 */
	union {
		struct ifreq ifr;
		char room[sizeof(struct ifreq) + sizeof(struct wpan_sockaddr)];
	} u = { 0 };
	struct wpan_sockaddr *sa = (struct wpan_sockaddr *)&u.ifr.ifr_addr;
	int fd = socket(AF_IEEE802154, SOCK_DGRAM, 0), ret;

	if (fd < 0)
		return -errno;
	strcpy(u.ifr.ifr_name, ifaddr_dev);
	if (set) {
		sa->family = AF_IEEE802154;
		sa->addr.addr_type = WPAN_ADDR_SHORT;
		sa->addr.pan_id = IFADDR_PAN;
		sa->addr.short_addr = IFADDR_SHORT;
	}
	ret = ioctl(fd, set ? SIOCSIFADDR : SIOCGIFADDR, &u.ifr) ? -errno : 0;
	if (!ret && !set)
		ret = !(sa->family == AF_IEEE802154 &&
			sa->addr.addr_type == WPAN_ADDR_SHORT &&
			sa->addr.pan_id == IFADDR_PAN &&
			sa->addr.short_addr == IFADDR_SHORT);
	close(fd);
	return ret;
}

static int run_step(const FIXTURE_VARIANT(wpan_reach) *variant, int tun)
{
	struct genl_req req;
	int ret, n = 0;

	switch (variant->step) {
	case STEP_TUN:
		ret = tun_attach(REACH_TUN, IFF_TUN);
		if (ret >= 0) {
			close(ret);
			ret = 0;
		}
		return ret;
	case STEP_SOCKET:
		ret = socket(AF_IEEE802154, SOCK_DGRAM, 0);
		if (ret < 0)
			return -errno;
		close(ret);
		return 0;
	case STEP_BIND_SHORT:
		return step_bind_short();
	case STEP_SEND:
		return step_send();
	case STEP_RECV:
		return step_recv(tun);
	case STEP_LIST_DUMP:
		ret = wpan_genl(WPAN_LIST_IFACE, true, &req);
		if (!ret)
			ret = nl_dump(NETLINK_GENERIC, NH(&req), count_tun, &n);
		return ret < 0 ? ret : n;
	case STEP_LLSEC_DUMP:
		ret = wpan_genl(WPAN_LLSEC_LIST_KEY, true, &req);
		return ret ? ret : nl_dump(NETLINK_GENERIC, NH(&req), NULL, NULL);
	case STEP_LIST_DOIT: {
		char reply[4096];

		ret = wpan_genl(WPAN_LIST_IFACE, false, &req);
		return ret ? ret : nl_talk(NETLINK_GENERIC, NH(&req), reply, sizeof(reply));
	}
	case STEP_LLSEC_GET:
	case STEP_DEL_IFACE:
		ret = wpan_genl(variant->step == STEP_DEL_IFACE ? WPAN_DEL_IFACE :
				WPAN_LLSEC_GETPARAMS, false, &req);
		return ret ? ret : nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
	case STEP_SET_IFADDR:
	case STEP_GET_IFADDR:
		return ifaddr(variant->step == STEP_SET_IFADDR);
	}
	return -EINVAL;
}

/*
 * The tun device the step is about exists where the user runs, with link
 * type ARPHRD_IEEE802154: without it, a kernel with the fix would give the
 * same answers as one that never met the device.
 */
static int tun_is_there(void)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM, 0), ok;

	if (fd < 0)
		return 0;
	strcpy(ifr.ifr_name, REACH_TUN);
	/* the socket's network namespace is the caller's (sysfs is init_net's) */
	ok = !ioctl(fd, SIOCGIFHWADDR, &ifr) &&
	     ifr.ifr_hwaddr.sa_family == ARPHRD_IEEE802154;
	close(fd);
	return ok;
}

#define LOWPAN_NAME "wpanlowpan0"

/* The highest ifindex of the caller's network namespace, or -errno. */
static int last_ifindex(void)
{
	struct if_nameindex *all = if_nameindex(), *i;
	int last = 0;

	if (!all)
		return -errno;
	for (i = all; i->if_index; i++)
		if ((int)i->if_index > last)
			last = i->if_index;
	if_freenameindex(all);
	return last;
}

/* The ifindex of a WPAN device ("wpan%d") newer than @after, or -ENODEV. */
static int new_wpan_dev(int after)
{
	struct if_nameindex *all = if_nameindex(), *i;
	int found = -ENODEV;

	if (!all)
		return -errno;
	for (i = all; i->if_index; i++)
		if ((int)i->if_index > after && !strncmp(i->if_name, "wpan", 4) &&
		    i->if_name[4] >= '0' && i->if_name[4] <= '9')
			found = i->if_index;
	if_freenameindex(all);
	return found;
}

/*
 * Root's 6LoWPAN interface LOWPAN_NAME, up, on the WPAN device of a new
 * mac802154_hwsim radio: lowpan_open() registers lowpan_rcv(). The radio's
 * id, or -errno.
 */
static int lowpan_up(void)
{
	int before = last_ifindex(), radio, wpan, ret;
	struct rtnl_req req;
	struct rtattr *info;

	if (before < 0)
		return before;
	radio = hwsim_new_radio();
	if (radio < 0)
		return radio;
	wpan = new_wpan_dev(before);
	ret = wpan;
	if (wpan > 0) {
		rtnl_init(&req, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0);
		rtnl_add(&req.nh, IFLA_IFNAME, LOWPAN_NAME, sizeof(LOWPAN_NAME));
		rtnl_add(&req.nh, IFLA_LINK, &wpan, sizeof(wpan));
		info = rtnl_add(&req.nh, IFLA_LINKINFO, NULL, 0);
		rtnl_add(&req.nh, IFLA_INFO_KIND, "lowpan", strlen("lowpan"));
		rtnl_end_nest(&req.nh, info);
		ret = rtnl_talk(&req.nh, NULL, 0);
	}
	if (!ret) {
		ret = link_flags(LOWPAN_NAME, IFF_UP, 0);
		if (ret)
			link_delete(LOWPAN_NAME);
	}
	if (ret) {
		hwsim_del_radio(radio);
		return ret;
	}
	return radio;
}

/* Become @who, make the user's own tun device if the row says so, run the step */
static int reach_child(const FIXTURE_VARIANT(wpan_reach) *variant, int tun)
{
	int ret = 0;

	if (variant->who == AS_USER)
		ret = become_nobody();
	else if (variant->who == AS_USERNS)
		ret = nobody_in_own_netns();
	if (ret)
		return ret;
	if (variant->tun == TUN_OWNED || variant->tun == TUN_USER) {
		tun = tun_wpan(REACH_TUN, variant->tun == TUN_USER);
		if (tun < 0) {
			printf("# wpan_reach: the user's tun device: %s\n", strerror(-tun));
			return tun;
		}
	}
	if (variant->tun != TUN_NONE && !tun_is_there()) {
		printf("# wpan_reach: no %s of type ARPHRD_IEEE802154 here\n", REACH_TUN);
		ret = -EIO;	/* no row expects it */
	} else {
		ret = run_step(variant, tun);
	}
	if (tun >= 0)
		close(tun);
	return ret;
}

FIXTURE_SETUP(wpan_reach)
{
	self->tun = -1;
	self->radio = -1;
	self->ifradio = -1;
	/* what udev does on a distribution (50-udev-default.rules) */
	ASSERT_EQ(0, chmod("/dev/net/tun", 0666));
	if (variant->tun == TUN_ROOT) {
		self->tun = tun_wpan(REACH_TUN, true);
		ASSERT_LE(0, self->tun);
	} else if (variant->tun == TUN_OWNED) {
		int fd = tun_attach(REACH_TUN, IFF_TUN);

		ASSERT_LE(0, fd);
		ASSERT_EQ(0, ioctl(fd, TUNSETOWNER, (unsigned long)NOBODY));
		ASSERT_EQ(0, ioctl(fd, TUNSETPERSIST, 1UL));
		close(fd);
	}
	if (variant->radio) {
		int before = last_ifindex(), wpan;

		ASSERT_LE(0, before);
		self->ifradio = hwsim_new_radio();
		ASSERT_LE(0, self->ifradio);
		wpan = new_wpan_dev(before);
		ASSERT_LT(0, wpan);
		ASSERT_TRUE(if_indextoname(wpan, ifaddr_dev) != NULL);
		/* a new radio's WPAN device is down, its PAN id 0xffff */
		ASSERT_EQ(-EADDRNOTAVAIL, ifaddr(false));
		if (variant->step == STEP_GET_IFADDR)
			ASSERT_EQ(0, ifaddr(true));
	}
	/*
	 * Last, as the harness runs the teardown only after a setup that
	 * finished: a 6LoWPAN interface left up would hand every later frame
	 * to lowpan_rcv(), and its WPAN device would be the first one the
	 * send rows find. Not on a kernel that skips the row.
	 */
	if (variant->lowpan && !(variant->crashes && !kernel_has_fixes())) {
		self->radio = lowpan_up();
		ASSERT_LE(0, self->radio);
	}
}

FIXTURE_TEARDOWN(wpan_reach)
{
	if (self->radio >= 0) {
		EXPECT_EQ(0, link_delete(LOWPAN_NAME));
		EXPECT_EQ(0, hwsim_del_radio(self->radio));
	}
	if (self->ifradio >= 0)
		EXPECT_EQ(0, hwsim_del_radio(self->ifradio));
	if (self->tun >= 0)
		close(self->tun);
	if (variant->tun == TUN_OWNED) {
		int fd = tun_attach(REACH_TUN, IFF_TUN);

		ASSERT_LE(0, fd);
		EXPECT_EQ(0, ioctl(fd, TUNSETPERSIST, 0UL));
		close(fd);
	}
}

struct reach_arg {
	const FIXTURE_VARIANT(wpan_reach) *variant;
	int tun;
};

static int reach_step(const void *arg)
{
	const struct reach_arg *a = arg;

	return reach_child(a->variant, a->tun);
}

TEST_F(wpan_reach, step)
{
	struct reach_arg arg = { .variant = variant, .tun = self->tun };
	int ret;

	if (variant->crashes && !kernel_has_fixes())
		SKIP(return, "this kernel lacks the fix: the row dereferences NULL");

	ASSERT_EQ(0, in_child(reach_step, &arg, &ret));
	EXPECT_EQ(variant->ret, ret);
	/* as root: the device has the row's address exactly when SIOCSIFADDR worked */
	if (variant->step == STEP_SET_IFADDR)
		EXPECT_EQ(ret ? -EADDRNOTAVAIL : 0, ifaddr(false));
}

TEST_HARNESS_MAIN

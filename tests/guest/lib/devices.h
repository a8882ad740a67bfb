/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devices.h - the network devices of the hardware-address tests, in one
 * table: hwaddr.c, overread.c and ioctls.c set, read and over-read the
 * addresses of these devices, whose addr_len is 6 (a dummy) or 16 (IPv6
 * tunnels, and a team whose port is one).
 *
 * The tunnels' hardware address is their local address, their broadcast
 * address the remote one. fd00::a00 ends in 0a 00 (the low bytes of
 * ATF_PUBL | ATF_COM), fd00::11:0 in 00 00 (see ioctls.c's
 * arp_publish_long). ioc6t0's multicast remote keeps it from being
 * point-to-point (ARP keys every neighbour of a point-to-point device as
 * 0.0.0.0); ioc6g0 is one. ip6tnl0 and ip6gre0 are the fallback devices
 * the modules create themselves: never created or deleted here.
 *
 * A test creates the devices it uses (dev_setup(), or dev_create() of
 * each) and deletes them at the end (dev_teardown(), or link_delete() of
 * each): hwaddr and ioctls run in network namespaces of their own
 * (tests/guest/order), overread in the initial one, which other programs
 * share.
 */
#ifndef GUEST_DEVICES_H
#define GUEST_DEVICES_H

#include <arpa/inet.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <netinet/in.h>
#include <string.h>

#include "rtnl.h"

#ifndef ARPHRD_IP6GRE
#define ARPHRD_IP6GRE	823
#endif
/* linux/if_tunnel.h clashes with the libc headers; the four we need */
#define IFLA_IPTUN_LOCAL	2
#define IFLA_IPTUN_REMOTE	3
#define IFLA_GRE_LOCAL		6
#define IFLA_GRE_REMOTE		7

enum { D_DUMMY, D_IP6TNL, D_IP6GRE, D_TEAM, D_NUM, D_IP6TNL0 = D_NUM, D_IP6GRE0, D_ALL };

struct test_dev {
	const char *name;
	const char *kind;	/* NULL: a fallback device, there from boot */
	unsigned short type;	/* ARPHRD_* */
	int addr_len;
	int can_set;		/* has ndo_set_mac_address */
	int data_local, data_remote;	/* IFLA_INFO_DATA attributes */
	const char *local, *remote;
	const struct test_dev *port;	/* enslaved to this device, or NULL */
};

static const struct test_dev devs[D_ALL] = {
	[D_DUMMY] = { "ioc0", "dummy", ARPHRD_ETHER, 6, 1 },
	[D_IP6TNL] = { "ioc6t0", "ip6tnl", ARPHRD_TUNNEL6, 16, 0,
		       IFLA_IPTUN_LOCAL, IFLA_IPTUN_REMOTE, "fd00::a00", "ff0e::2" },
	[D_IP6GRE] = { "ioc6g0", "ip6gre", ARPHRD_IP6GRE, 16, 0,
		       IFLA_GRE_LOCAL, IFLA_GRE_REMOTE, "fd00::11:0", "fd00::12" },
	[D_TEAM] = { "ioc6tm0", "team", ARPHRD_TUNNEL6, 16, 1, .port = &devs[D_IP6TNL] },
	[D_IP6TNL0] = { "ip6tnl0", NULL, ARPHRD_TUNNEL6, 16, 0 },
	[D_IP6GRE0] = { "ip6gre0", NULL, ARPHRD_IP6GRE, 16, 0 },
};

/* The dummy's address, set when it is created. */
static const unsigned char dummy_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x10, 0x01 };

/*
 * Append an attribute to the message in @msg (a plain byte buffer: going
 * through struct rtnl_req's members makes gcc see writes past them).
 */
static inline struct rtattr *msg_add(char *msg, int type, const void *data, int len)
{
	struct nlmsghdr *nh = (void *)msg;
	char *at = msg + NLMSG_ALIGN(nh->nlmsg_len);
	struct rtattr rta = { .rta_type = type, .rta_len = RTA_LENGTH(len) };

	memcpy(at, &rta, sizeof(rta));
	if (len)
		memcpy(at + RTA_LENGTH(0), data, len);
	nh->nlmsg_len = NLMSG_ALIGN(nh->nlmsg_len) + RTA_ALIGN(rta.rta_len);
	return (void *)at;
}

static inline void msg_end_nest(char *msg, struct rtattr *nest)
{
	nest->rta_len = msg + ((struct nlmsghdr *)msg)->nlmsg_len - (char *)nest;
}

/* RTM_NEWLINK for @d (not its port): 0 or -errno. */
static inline int dev_create(const struct test_dev *d)
{
	struct rtnl_req req;
	char *msg = (char *)&req;
	struct rtattr *info, *data;
	struct in6_addr a;

	rtnl_init(&req, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0);
	msg_add(msg, IFLA_IFNAME, d->name, strlen(d->name) + 1);
	if (!strcmp(d->kind, "dummy"))
		msg_add(msg, IFLA_ADDRESS, dummy_mac, sizeof(dummy_mac));
	info = msg_add(msg, IFLA_LINKINFO, NULL, 0);
	msg_add(msg, IFLA_INFO_KIND, d->kind, strlen(d->kind));
	if (d->local) {
		data = msg_add(msg, IFLA_INFO_DATA, NULL, 0);
		inet_pton(AF_INET6, d->local, &a);
		msg_add(msg, d->data_local, &a, sizeof(a));
		inet_pton(AF_INET6, d->remote, &a);
		msg_add(msg, d->data_remote, &a, sizeof(a));
		msg_end_nest(msg, data);
	}
	msg_end_nest(msg, info);
	return rtnl_talk(&req.nh, NULL, 0);
}

/*
 * Make @d usable: create its port and itself (a fallback device is only
 * looked up) and enslave the port. Returns its ifindex, or 0.
 */
static inline int dev_setup(const struct test_dev *d)
{
	int ifindex;

	if (d->port && dev_create(d->port))
		return 0;
	if (d->kind && dev_create(d))
		return 0;
	ifindex = if_nametoindex(d->name);
	if (ifindex && d->port &&
	    link_set_u32(if_nametoindex(d->port->name), IFLA_MASTER, ifindex))
		return 0;
	return ifindex;
}

/* Delete what dev_setup(@d) created (a missing device is no error). */
static inline void dev_teardown(const struct test_dev *d)
{
	if (d->kind)
		link_delete(d->name);
	if (d->port)
		link_delete(d->port->name);
}

#endif /* GUEST_DEVICES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genl.h - generic netlink requests for the guest tests, on top of
 * lib/rtnl.h: a request with room for its attributes, its header, the
 * lookup of a family id by name and of an attribute in an answer. The
 * request goes out with nl_talk(NETLINK_GENERIC, NH(&req), ...), which
 * returns 0 or -errno from the kernel's ack (hwsim_new_radio(): the id).
 * The requests more than one test makes: mac802154_hwsim's radios, L2TP
 * tunnels.
 */
#ifndef GUEST_GENL_H
#define GUEST_GENL_H

#include <arpa/inet.h>
#include <linux/genetlink.h>
#include <linux/l2tp.h>
#include <netinet/in.h>

#include "rtnl.h"

/*
 * The whole request, not its first member: rtnl_add() writes past the
 * nlmsghdr, which gcc's bounds checks (stringop-overflow) would otherwise
 * take for an overflow of that member.
 */
#define NH(req) ((struct nlmsghdr *)(void *)(req))

/* A generic netlink request: header, family header and its attributes. */
struct genl_req {
	struct nlmsghdr nh;
	struct genlmsghdr g;
	char attrs[1024];
};

/* Start a request for command @cmd of family @family (an id), no attributes. */
static inline void genl_init(struct genl_req *req, int family, int cmd, int version)
{
	memset(req, 0, sizeof(*req));
	req->nh.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
	req->nh.nlmsg_type = family;
	req->nh.nlmsg_flags = NLM_F_REQUEST;
	req->g.cmd = cmd;
	req->g.version = version;
}

/* Attribute @type of a generic netlink answer, or NULL. */
static inline struct rtattr *genl_attr(struct nlmsghdr *nh, int type)
{
	struct rtattr *rta = (void *)((char *)NLMSG_DATA(nh) + GENL_HDRLEN);
	int len = nh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);

	for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		if ((rta->rta_type & NLA_TYPE_MASK) == type)
			return rta;
	return NULL;
}

/*
 * Send dump request @req (NLM_F_DUMP is added) on a new @proto netlink
 * socket and call @each for every answer until NLMSG_DONE. Returns the
 * number of answers, or -errno from the kernel (an error message, or a
 * negative NLMSG_DONE status).
 */
static inline int nl_dump(int proto, struct nlmsghdr *req,
			  void (*each)(struct nlmsghdr *nh, void *arg), void *arg)
{
	char buf[16384];
	struct nlmsghdr *nh;
	int fd, n, count = 0, ret = -EIO;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);
	if (fd < 0)
		return -errno;
	req->nlmsg_flags |= NLM_F_DUMP;
	if (send(fd, req, req->nlmsg_len, 0) < 0) {
		ret = -errno;
		goto out;
	}
	for (;;) {
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0) {
			ret = -errno;
			goto out;
		}
		if (n == 0)
			goto out;
		for (nh = (void *)buf; NLMSG_OK(nh, (unsigned int)n); nh = NLMSG_NEXT(nh, n)) {
			if (nh->nlmsg_type == NLMSG_ERROR) {
				ret = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				goto out;
			}
			if (nh->nlmsg_type == NLMSG_DONE) {
				ret = *(int *)NLMSG_DATA(nh);
				if (!ret)
					ret = count;
				goto out;
			}
			count++;
			if (each)
				each(nh, arg);
		}
	}
out:
	close(fd);
	return ret;
}

/* The id of generic netlink family @name, or -errno. */
static inline int genl_family(const char *name)
{
	char reply[8192];
	struct genl_req req;
	struct rtattr *rta;
	int ret;

	genl_init(&req, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1);
	rtnl_add(NH(&req), CTRL_ATTR_FAMILY_NAME, name, strlen(name) + 1);
	ret = nl_talk(NETLINK_GENERIC, NH(&req), reply, sizeof(reply));
	if (ret)
		return ret;
	rta = genl_attr((void *)reply, CTRL_ATTR_FAMILY_ID);
	if (!rta)
		return -ENOENT;
	return *(unsigned short *)RTA_DATA(rta);
}

/*
 * mac802154_hwsim's radios (drivers/net/ieee802154/mac802154_hwsim.h, not
 * UAPI): each is a wpan_phy with one WPAN device, "wpan%d", that has a
 * wpan_dev. NEW_RADIO answers with the new radio's id in its ack.
 */
#define HWSIM_NL_NAME		"MAC802154_HWSIM"
#define HWSIM_CMD_GET_RADIO	1
#define HWSIM_CMD_NEW_RADIO	3
#define HWSIM_CMD_DEL_RADIO	4
#define HWSIM_ATTR_RADIO_ID	1

/*
 * Make a radio: its id, or -errno (-ENOENT: no mac802154_hwsim). The one
 * request here whose ack is not 0 or -errno: hwsim's doit returns the id,
 * and netlink_rcv_skb() acks with whatever the doit returned.
 */
static inline int hwsim_new_radio(void)
{
	int family = genl_family(HWSIM_NL_NAME);
	struct genl_req req;

	if (family < 0)
		return family;
	genl_init(&req, family, HWSIM_CMD_NEW_RADIO, 1);
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

/* Delete radio @id: 0 or -errno (-ENODEV: no such radio). */
static inline int hwsim_del_radio(unsigned int id)
{
	int family = genl_family(HWSIM_NL_NAME);
	struct genl_req req;

	if (family < 0)
		return family;
	genl_init(&req, family, HWSIM_CMD_DEL_RADIO, 1);
	rtnl_add(NH(&req), HWSIM_ATTR_RADIO_ID, &id, sizeof(id));
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

#define HWSIM_MAX_RADIOS 16

struct hwsim_ids {
	unsigned int id[HWSIM_MAX_RADIOS];
	int n;
};

static inline void hwsim_id_of(struct nlmsghdr *nh, void *arg)
{
	struct rtattr *rta = genl_attr(nh, HWSIM_ATTR_RADIO_ID);
	struct hwsim_ids *ids = arg;

	if (rta && ids->n < HWSIM_MAX_RADIOS)
		ids->id[ids->n++] = *(unsigned int *)RTA_DATA(rta);
}

/*
 * Delete every radio (GET_RADIO dump): how many, or -errno. The dump must
 * name each radio it counts.
 */
static inline int hwsim_del_all_radios(void)
{
	int family = genl_family(HWSIM_NL_NAME), n, i, ret;
	struct hwsim_ids ids = { .n = 0 };
	struct genl_req req;

	if (family < 0)
		return family;
	genl_init(&req, family, HWSIM_CMD_GET_RADIO, 1);
	n = nl_dump(NETLINK_GENERIC, NH(&req), hwsim_id_of, &ids);
	if (n < 0)
		return n;
	if (n != ids.n)
		return -EPROTO;
	for (i = 0; i < ids.n; i++) {
		ret = hwsim_del_radio(ids.id[i]);
		if (ret)
			return ret;
	}
	return ids.n;
}

/*
 * L2TP tunnels made over generic netlink without a socket fd: the kernel
 * makes its own socket (kernel_bind() and kernel_connect() of a
 * sockaddr_l2tpip{,6}, or udp_sock_create() for UDP). An L2TPv3 tunnel
 * @id to @peer, encapsulation @encap (L2TP_ENCAPTYPE_UDP: ports @sport and
 * @dport), between loopback addresses of @domain (AF_INET, AF_INET6; any
 * other: none, the kernel's choice). 0 or -errno.
 */
static inline int l2tp_tunnel_create(int family, int domain, int encap, unsigned int id,
				     unsigned int peer, unsigned short sport,
				     unsigned short dport)
{
	struct in6_addr lo6 = IN6ADDR_LOOPBACK_INIT;
	unsigned int lo = htonl(INADDR_LOOPBACK);
	unsigned short type = encap;
	unsigned char version = 3;
	struct genl_req req;

	genl_init(&req, family, L2TP_CMD_TUNNEL_CREATE, L2TP_GENL_VERSION);
	rtnl_add(NH(&req), L2TP_ATTR_CONN_ID, &id, 4);
	rtnl_add(NH(&req), L2TP_ATTR_PEER_CONN_ID, &peer, 4);
	rtnl_add(NH(&req), L2TP_ATTR_PROTO_VERSION, &version, 1);
	rtnl_add(NH(&req), L2TP_ATTR_ENCAP_TYPE, &type, 2);
	if (domain == AF_INET) {
		rtnl_add(NH(&req), L2TP_ATTR_IP_SADDR, &lo, 4);
		rtnl_add(NH(&req), L2TP_ATTR_IP_DADDR, &lo, 4);
	} else if (domain == AF_INET6) {
		rtnl_add(NH(&req), L2TP_ATTR_IP6_SADDR, &lo6, 16);
		rtnl_add(NH(&req), L2TP_ATTR_IP6_DADDR, &lo6, 16);
	}
	if (encap == L2TP_ENCAPTYPE_UDP) {
		rtnl_add(NH(&req), L2TP_ATTR_UDP_SPORT, &sport, 2);
		rtnl_add(NH(&req), L2TP_ATTR_UDP_DPORT, &dport, 2);
	}
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

/* Delete L2TP tunnel @id: 0 or -errno. */
static inline int l2tp_tunnel_delete(int family, unsigned int id)
{
	struct genl_req req;

	genl_init(&req, family, L2TP_CMD_TUNNEL_DELETE, L2TP_GENL_VERSION);
	rtnl_add(NH(&req), L2TP_ATTR_CONN_ID, &id, 4);
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

#endif /* GUEST_GENL_H */

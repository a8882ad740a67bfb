/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtnl.h - the few rtnetlink requests the guest tests need, over a plain
 * NETLINK_ROUTE socket: create/delete a link, enslave it, set and get its
 * IFLA_ADDRESS / IFLA_BROADCAST, and up/down by ioctl; nl_talk() serves
 * any netlink protocol (lib/genl.h builds on it), write_file() sets a
 * sysctl. Every call returns 0 or -errno from the kernel's ack, so that
 * tests can compare errno values.
 */
#ifndef GUEST_RTNL_H
#define GUEST_RTNL_H

#include <errno.h>
#include <fcntl.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

struct rtnl_req {
	struct nlmsghdr nh;
	struct ifinfomsg ifi;
	char attrs[512];
};

static inline struct rtattr *rtnl_add(struct nlmsghdr *nh, int type,
				      const void *data, int len)
{
	struct rtattr *rta = (void *)((char *)nh + NLMSG_ALIGN(nh->nlmsg_len));

	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	nh->nlmsg_len = NLMSG_ALIGN(nh->nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return rta;
}

static inline void rtnl_end_nest(struct nlmsghdr *nh, struct rtattr *nest)
{
	nest->rta_len = (char *)nh + nh->nlmsg_len - (char *)nest;
}

static inline void rtnl_init(struct rtnl_req *req, int type, int flags, int ifindex)
{
	memset(req, 0, sizeof(*req));
	req->nh.nlmsg_len = NLMSG_LENGTH(sizeof(req->ifi));
	req->nh.nlmsg_type = type;
	req->nh.nlmsg_flags = NLM_F_REQUEST | flags;
	req->ifi.ifi_family = AF_UNSPEC;
	req->ifi.ifi_index = ifindex;
}

/*
 * Send @req on a new @proto netlink socket. Without @reply wait for the
 * ack; with it, copy the first answer there (at most @size bytes).
 * Returns 0 or -errno: the ack's error field (hwsim_new_radio() of
 * lib/genl.h is the one request whose ack carries a positive value).
 */
static inline int nl_talk(int proto, struct nlmsghdr *req, void *reply, size_t size)
{
	char buf[16384];
	struct nlmsghdr *nh;
	int fd, n, ret = -EIO;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);
	if (fd < 0)
		return -errno;
	if (!reply)
		req->nlmsg_flags |= NLM_F_ACK;
	if (send(fd, req, req->nlmsg_len, 0) < 0) {
		ret = -errno;
		goto out;
	}
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < 0) {
		ret = -errno;
		goto out;
	}
	for (nh = (void *)buf; NLMSG_OK(nh, (unsigned int)n); nh = NLMSG_NEXT(nh, n)) {
		if (nh->nlmsg_type == NLMSG_ERROR) {
			ret = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
			break;
		}
		if (reply) {
			memcpy(reply, nh, nh->nlmsg_len < size ? nh->nlmsg_len : size);
			ret = 0;
			break;
		}
	}
out:
	close(fd);
	return ret;
}

/* nl_talk() on NETLINK_ROUTE: with @reply, the first answer (RTM_GETLINK). */
static inline int rtnl_talk(struct nlmsghdr *req, void *reply, size_t size)
{
	return nl_talk(NETLINK_ROUTE, req, reply, size);
}

static inline int link_create(const char *kind, const char *name)
{
	struct rtnl_req req;
	struct rtattr *info;

	rtnl_init(&req, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0);
	rtnl_add(&req.nh, IFLA_IFNAME, name, strlen(name) + 1);
	info = rtnl_add(&req.nh, IFLA_LINKINFO, NULL, 0);
	rtnl_add(&req.nh, IFLA_INFO_KIND, kind, strlen(kind));
	rtnl_end_nest(&req.nh, info);
	return rtnl_talk(&req.nh, NULL, 0);
}

static inline int link_delete(const char *name)
{
	struct rtnl_req req;

	rtnl_init(&req, RTM_DELLINK, 0, 0);
	rtnl_add(&req.nh, IFLA_IFNAME, name, strlen(name) + 1);
	return rtnl_talk(&req.nh, NULL, 0);
}

static inline int link_set_u32(int ifindex, int type, unsigned int value)
{
	struct rtnl_req req;

	rtnl_init(&req, RTM_SETLINK, 0, ifindex);
	rtnl_add(&req.nh, type, &value, sizeof(value));
	return rtnl_talk(&req.nh, NULL, 0);
}

/* RTM_SETLINK with one binary attribute (IFLA_ADDRESS, IFLA_BROADCAST). */
static inline int link_set_bytes(int ifindex, int type, const void *data, int len)
{
	struct rtnl_req req;

	rtnl_init(&req, RTM_SETLINK, 0, ifindex);
	rtnl_add(&req.nh, type, data, len);
	return rtnl_talk(&req.nh, NULL, 0);
}

/* RTM_GETLINK: copy attribute @type into @buf; returns its length or -errno. */
static inline int link_get_bytes(int ifindex, int type, void *buf, int size)
{
	char reply[8192];
	struct rtnl_req req;
	struct nlmsghdr *nh = (void *)reply;
	struct rtattr *rta;
	int len, ret;

	rtnl_init(&req, RTM_GETLINK, 0, ifindex);
	ret = rtnl_talk(&req.nh, reply, sizeof(reply));
	if (ret)
		return ret;
	if (nh->nlmsg_type != RTM_NEWLINK)
		return -EPROTO;
	len = IFLA_PAYLOAD(nh);
	for (rta = IFLA_RTA(NLMSG_DATA(nh)); RTA_OK(rta, len); rta = RTA_NEXT(rta, len)) {
		if (rta->rta_type != type)
			continue;
		if ((int)RTA_PAYLOAD(rta) > size)
			return -ENOSPC;
		memcpy(buf, RTA_DATA(rta), RTA_PAYLOAD(rta));
		return RTA_PAYLOAD(rta);
	}
	return -ENOENT;
}

static inline int link_flags(const char *name, int set, int clear)
{
	struct ifreq ifr = { 0 };
	int fd, ret = 0;

	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0) {
		ret = -errno;
	} else {
		ifr.ifr_flags = (ifr.ifr_flags | set) & ~clear;
		if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
			ret = -errno;
	}
	close(fd);
	return ret;
}

/* An ifreq ioctl on @name; @ifr is filled in by the caller except the name. */
static inline int ifreq_ioctl(const char *name, unsigned long cmd, struct ifreq *ifr)
{
	int fd, ret = 0;

	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	memset(ifr->ifr_name, 0, IFNAMSIZ);
	strncpy(ifr->ifr_name, name, IFNAMSIZ - 1);
	if (ioctl(fd, cmd, ifr) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * The link-layer address of the IPv4 neighbour @ip (network order) on
 * @ifindex, from an RTM_GETNEIGH dump: its length, or -errno.
 */
static inline int neigh_get_lladdr(int ifindex, unsigned int ip, void *buf, int size)
{
	struct {
		struct nlmsghdr nh;
		struct ndmsg ndm;
	} req = {
		.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ndmsg)),
		.nh.nlmsg_type = RTM_GETNEIGH,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
		.ndm.ndm_family = AF_INET,
	};
	char reply[16384];
	int fd, n, ret = -ENOENT, done = 0;
	struct nlmsghdr *nh;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (fd < 0)
		return -errno;
	if (send(fd, &req, req.nh.nlmsg_len, 0) < 0) {
		ret = -errno;
		goto out;
	}
	while (!done && (n = recv(fd, reply, sizeof(reply), 0)) > 0) {
		for (nh = (void *)reply; NLMSG_OK(nh, (unsigned int)n); nh = NLMSG_NEXT(nh, n)) {
			struct ndmsg *ndm = NLMSG_DATA(nh);
			int len = nh->nlmsg_len - NLMSG_LENGTH(sizeof(*ndm));
			struct rtattr *rta = (void *)((char *)ndm + NLMSG_ALIGN(sizeof(*ndm)));
			const void *lladdr = NULL, *dst = NULL;
			int lllen = 0;

			if (nh->nlmsg_type == NLMSG_DONE || nh->nlmsg_type == NLMSG_ERROR) {
				done = 1;
				break;
			}
			if (ndm->ndm_ifindex != ifindex)
				continue;
			for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len)) {
				if (rta->rta_type == NDA_DST && RTA_PAYLOAD(rta) == 4)
					dst = RTA_DATA(rta);
				if (rta->rta_type == NDA_LLADDR) {
					lladdr = RTA_DATA(rta);
					lllen = RTA_PAYLOAD(rta);
				}
			}
			if (!dst || memcmp(dst, &ip, 4) || ret != -ENOENT)
				continue;
			if (!lladdr) {
				ret = 0;
			} else if (lllen > size) {
				ret = -ENOSPC;
			} else {
				memcpy(buf, lladdr, lllen);
				ret = lllen;
			}
		}
	}
out:
	close(fd);
	return ret;
}

/* A veth pair @a and @b in the caller's network namespace: 0 or -errno. */
static inline int veth_create(const char *a, const char *b)
{
	struct ifinfomsg peer_ifi = { .ifi_family = AF_UNSPEC };
	struct rtattr *info, *data, *peer;
	struct rtnl_req req;

	rtnl_init(&req, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0);
	rtnl_add(&req.nh, IFLA_IFNAME, a, strlen(a) + 1);
	info = rtnl_add(&req.nh, IFLA_LINKINFO, NULL, 0);
	rtnl_add(&req.nh, IFLA_INFO_KIND, "veth", 4);
	data = rtnl_add(&req.nh, IFLA_INFO_DATA, NULL, 0);
	peer = rtnl_add(&req.nh, VETH_INFO_PEER, &peer_ifi, sizeof(peer_ifi));
	rtnl_add(&req.nh, IFLA_IFNAME, b, strlen(b) + 1);
	rtnl_end_nest(&req.nh, peer);
	rtnl_end_nest(&req.nh, data);
	rtnl_end_nest(&req.nh, info);
	return rtnl_talk(&req.nh, NULL, 0);
}

/* Write @s to the file @path (a sysctl, a sysfs knob): 0 or -errno. */
static inline int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * The kernel under test carries part @part of patches/series: scripts/boot.sh
 * puts the parts of the series' queue on the command line as one word,
 * "workbench.parts=ABCDE" ("-" for a series that is not a queue). The last
 * one counts, so that KERNEL_ARGS=workbench.parts=... can make a kernel's
 * tests expect what it lacks (to see a crash that the tests skip).
 */
static inline int kernel_has_part(char part)
{
	char cmdline[4096] = "", *p, *end;
	FILE *f = fopen("/proc/cmdline", "r");

	if (f) {
		if (!fgets(cmdline, sizeof(cmdline), f))
			cmdline[0] = 0;
		fclose(f);
	}
	p = strstr(cmdline, "workbench.parts=");
	if (!p)
		return 0;
	while (strstr(p + 1, "workbench.parts="))
		p = strstr(p + 1, "workbench.parts=");
	p += strlen("workbench.parts=");
	end = p + strcspn(p, " \n");
	while (p < end)
		if (*p++ == part)
			return 1;
	return 0;
}

/* The kernel under test carries the fixes, part A of patches/series. */
static inline int kernel_has_fixes(void)
{
	return kernel_has_part('A');
}

#endif /* GUEST_RTNL_H */

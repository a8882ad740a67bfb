// SPDX-License-Identifier: GPL-2.0
/*
 * The addresses recvmsg() hands back in control messages, and the names of
 * the error queue and of a path MTU notice, at every length (issue 31's
 * sweep of tests/expect/surface.map's copy-out rows: ip_cmsg_recv_pktinfo,
 * ip_cmsg_recv_dstaddr, ip_recv_error, ip6_datagram_recv_common_ctl,
 * ip6_datagram_recv_specific_ctl, ipv6_recv_error, ipv6_recv_rxpmtu).
 *
 * A row is a socket with the options that ask for address-bearing control
 * messages, and a way to make it receive one: a datagram over lo, an ICMP
 * error for a datagram sent to a closed port (MSG_ERRQUEUE), or the notice
 * of a datagram too big for lo's MTU (IPV6_RECVPATHMTU). First one read
 * with room for everything: the control messages must be the row's, in the
 * row's order, each with the value the test computes (addresses, ports,
 * lo's ifindex, the ICMP type and code, every padding byte zero). Then one
 * is received for every msg_controllen from 0 to the whole length + 16,
 * and one for every msg_namelen from 0 to the name's size + 16, each
 * buffer ending where an unmapped page begins (a copy past the caller's
 * length is -EFAULT). At each length the kernel must write exactly what
 * the cmsg rules of recvmsg(2) give: each message that fits, the cut one's
 * first bytes with cmsg_len saying how many, MSG_CTRUNC when one is cut or
 * left out, msg_controllen the bytes used, nothing past it; a name cut to
 * the caller's length, msg_namelen its full size.
 *
 * cmsg_compat.c is this program as a 32-bit task of a 64-bit kernel
 * (put_cmsg_compat(): 12-byte headers, 4-byte alignment); the program's
 * own CMSG_* macros give the expected lengths either way. Under KMSAN, a
 * copy-out of a byte the kernel never set is a report on the console.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/errqueue.h>
#include <net/if.h>
#include <netinet/icmp6.h>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "lib/child.h"
#include "lib/guard.h"

#ifndef IPV6_RECVORIGDSTADDR
#define IPV6_RECVORIGDSTADDR 74
#endif
#ifndef IPV6_ORIGDSTADDR
#define IPV6_ORIGDSTADDR IPV6_RECVORIGDSTADDR
#endif
/* linux/in6.h's, which glibc's netinet/in.h leaves out */
#ifndef IPV6_FLOWINFO
#define IPV6_FLOWINFO 11
#endif
#ifndef IPV6_AUTOFLOWLABEL
#define IPV6_AUTOFLOWLABEL 70
#endif

#define ROOM 512	/* more than any row's messages and the bytes past them */
#define PAST 16		/* lengths swept past the whole */
#define PAYLOAD 8	/* the bytes of a datagram */
#define MTU 1280	/* lo's MTU for the path MTU rows */
#define WAIT_MS 3000	/* for an ICMP error to arrive */

enum how {
	DATA,		/* a datagram from another socket over lo */
	ERRQUEUE,	/* an ICMP error for a datagram to a closed port */
	PMTU,		/* a datagram longer than lo's MTU, IPV6_DONTFRAG */
};

/* a row's view: where its datagrams go and come from */
struct ctx {
	int fd;			/* the socket the row reads */
	int tx;			/* DATA: the sender */
	int lo;
	struct sockaddr_storage self;	/* fd's name, as its family writes it */
	struct sockaddr_storage from;	/* the name recvmsg() should give */
	socklen_t fromlen;
	uint32_t dst4;		/* the IPv4 address datagrams go to */
	struct in6_addr dst6;	/* the same as an IPv6 address */
	uint16_t dport;		/* their destination port (network order) */
};

struct opt {
	int level;
	int name;
};

/* a control message the row expects: its level and type */
struct want {
	int level;
	int type;
};

FIXTURE(cmsg) {
	struct ctx c;
	int lo_mtu;		/* lo's MTU before a PMTU row lowered it */
	char *page;		/* a page, then an unmapped page */
	long pagesz;
};

FIXTURE_VARIANT(cmsg) {
	int family;		/* of the socket read */
	bool mapped;		/* AF_INET6 reading IPv4: ::ffff:127.0.0.1 */
	enum how how;
	struct opt opts[4];	/* set to 1 on the socket read; name 0 ends */
	struct want wants[4];	/* in the kernel's order; type 0 ends */
};

#define ON(l, n) { .level = l, .name = n }
#define WANT(l, t) { .level = l, .type = t }

FIXTURE_VARIANT_ADD(cmsg, udp4) {
	.family = AF_INET, .how = DATA,
	.opts = { ON(SOL_IP, IP_PKTINFO), ON(SOL_IP, IP_RECVORIGDSTADDR) },
	.wants = { WANT(SOL_IP, IP_PKTINFO), WANT(SOL_IP, IP_ORIGDSTADDR) },
};
FIXTURE_VARIANT_ADD(cmsg, udp6) {
	.family = AF_INET6, .how = DATA,
	.opts = { ON(SOL_IPV6, IPV6_RECVPKTINFO), ON(SOL_IPV6, IPV6_2292PKTINFO),
		  ON(SOL_IPV6, IPV6_RECVORIGDSTADDR) },
	.wants = { WANT(SOL_IPV6, IPV6_PKTINFO), WANT(SOL_IPV6, IPV6_2292PKTINFO),
		   WANT(SOL_IPV6, IPV6_ORIGDSTADDR) },
};
/*
 * An IPv4 datagram on a dual-stack socket (udpv6_recvmsg()): IPV6_PKTINFO
 * with the mapped address, then IPv4's messages; IPV6_ORIGDSTADDR is one
 * of the IPv6 packets' only (ip6_datagram_recv_specific_ctl())
 */
FIXTURE_VARIANT_ADD(cmsg, udp6_mapped) {
	.family = AF_INET6, .mapped = true, .how = DATA,
	.opts = { ON(SOL_IP, IP_PKTINFO), ON(SOL_IP, IP_RECVORIGDSTADDR),
		  ON(SOL_IPV6, IPV6_RECVPKTINFO), ON(SOL_IPV6, IPV6_RECVORIGDSTADDR) },
	.wants = { WANT(SOL_IPV6, IPV6_PKTINFO), WANT(SOL_IP, IP_PKTINFO),
		   WANT(SOL_IP, IP_ORIGDSTADDR) },
};
FIXTURE_VARIANT_ADD(cmsg, udp4_errqueue) {
	.family = AF_INET, .how = ERRQUEUE,
	.opts = { ON(SOL_IP, IP_RECVERR), ON(SOL_IP, IP_PKTINFO) },
	.wants = { WANT(SOL_IP, IP_PKTINFO), WANT(SOL_IP, IP_RECVERR) },
};
FIXTURE_VARIANT_ADD(cmsg, udp6_errqueue) {
	.family = AF_INET6, .how = ERRQUEUE,
	.opts = { ON(SOL_IPV6, IPV6_RECVERR), ON(SOL_IPV6, IPV6_RECVPKTINFO) },
	.wants = { WANT(SOL_IPV6, IPV6_PKTINFO), WANT(SOL_IPV6, IPV6_RECVERR) },
};
/* an ICMP (IPv4) error on a dual-stack socket */
FIXTURE_VARIANT_ADD(cmsg, udp6_mapped_errqueue) {
	.family = AF_INET6, .mapped = true, .how = ERRQUEUE,
	.opts = { ON(SOL_IP, IP_RECVERR), ON(SOL_IPV6, IPV6_RECVERR),
		  ON(SOL_IP, IP_PKTINFO) },
	.wants = { WANT(SOL_IP, IP_PKTINFO), WANT(SOL_IPV6, IPV6_RECVERR) },
};
FIXTURE_VARIANT_ADD(cmsg, udp6_pathmtu) {
	.family = AF_INET6, .how = PMTU,
	.opts = { ON(SOL_IPV6, IPV6_RECVPATHMTU), ON(SOL_IPV6, IPV6_DONTFRAG) },
	.wants = { WANT(SOL_IPV6, IPV6_PATHMTU) },
};

/* @len bytes at @p on the log, 16 a line */
static void dump(const unsigned char *p, size_t len)
{
	char line[16 * 3 + 1];
	size_t i;

	for (i = 0; i < len; i++) {
		sprintf(line + i % 16 * 3, "%02x ", p[i]);
		if (i % 16 == 15 || i == len - 1)
			ksft_print_msg("  %s\n", line);
	}
}

/* the IPv4 address as an IPv4-mapped IPv6 one */
static struct in6_addr mapped(uint32_t a)
{
	struct in6_addr m = { .s6_addr = { [10] = 0xff, [11] = 0xff } };

	memcpy(&m.s6_addr[12], &a, 4);
	return m;
}

static void name4(struct sockaddr_storage *ss, socklen_t *len, uint32_t a, uint16_t port)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)ss;

	memset(ss, 0, sizeof(*ss));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = a;
	sin->sin_port = port;
	*len = sizeof(*sin);
}

static void name6(struct sockaddr_storage *ss, socklen_t *len,
		  const struct in6_addr *a, uint16_t port)
{
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	sin6->sin6_family = AF_INET6;
	sin6->sin6_addr = *a;
	sin6->sin6_port = port;
	*len = sizeof(*sin6);
}

/*
 * The value a message of the row should carry, at @out: its length, or
 * -1 for a level and type this program does not know.
 */
static int expected_value(const FIXTURE_VARIANT(cmsg) *v, const struct ctx *c,
			  int level, int type, void *out)
{
	union {
		struct in_pktinfo p4;
		struct in6_pktinfo p6;
		struct ip6_mtuinfo mtu;
		struct {
			struct sock_extended_err ee;
			struct sockaddr_in offender;
		} e4;
		struct {
			struct sock_extended_err ee;
			struct sockaddr_in6 offender;
		} e6;
	} u;
	struct sockaddr_storage ss;
	socklen_t len;
	bool icmp4 = v->family == AF_INET || v->mapped;

	memset(&u, 0, sizeof(u));
	if (level == SOL_IP && type == IP_PKTINFO) {
		/*
		 * A datagram: the route's local address; an ICMP error: what
		 * its control block holds there (no IP options: 0)
		 */
		u.p4.ipi_ifindex = c->lo;
		u.p4.ipi_spec_dst.s_addr = v->how == DATA ? c->dst4 : 0;
		u.p4.ipi_addr.s_addr = c->dst4;
		memcpy(out, &u.p4, sizeof(u.p4));
		return sizeof(u.p4);
	}
	if (level == SOL_IP && type == IP_ORIGDSTADDR) {
		name4(&ss, &len, c->dst4, c->dport);
		memcpy(out, &ss, len);
		return len;
	}
	if (level == SOL_IPV6 && (type == IPV6_PKTINFO || type == IPV6_2292PKTINFO)) {
		u.p6.ipi6_ifindex = c->lo;
		u.p6.ipi6_addr = c->dst6;
		memcpy(out, &u.p6, sizeof(u.p6));
		return sizeof(u.p6);
	}
	if (level == SOL_IPV6 && type == IPV6_ORIGDSTADDR) {
		name6(&ss, &len, &c->dst6, c->dport);
		memcpy(out, &ss, len);
		return len;
	}
	if (level == SOL_IPV6 && type == IPV6_PATHMTU) {
		name6(&ss, &len, &c->dst6, 0);
		memcpy(&u.mtu.ip6m_addr, &ss, sizeof(u.mtu.ip6m_addr));
		u.mtu.ip6m_mtu = MTU;
		memcpy(out, &u.mtu, sizeof(u.mtu));
		return sizeof(u.mtu);
	}
	if ((level == SOL_IP && type == IP_RECVERR) ||
	    (level == SOL_IPV6 && type == IPV6_RECVERR)) {
		/* u.e4.ee and u.e6.ee are the same bytes */
		u.e4.ee.ee_errno = ECONNREFUSED;
		u.e4.ee.ee_origin = icmp4 ? SO_EE_ORIGIN_ICMP : SO_EE_ORIGIN_ICMP6;
		u.e4.ee.ee_type = icmp4 ? ICMP_DEST_UNREACH : ICMP6_DST_UNREACH;
		u.e4.ee.ee_code = icmp4 ? ICMP_PORT_UNREACH : ICMP6_DST_UNREACH_NOPORT;
		/* the offender: the ICMP message's source, port 0 */
		if (level == SOL_IP) {
			name4(&ss, &len, c->dst4, 0);
			memcpy(&u.e4.offender, &ss, len);
			memcpy(out, &u.e4, sizeof(u.e4));
			return sizeof(u.e4);
		}
		name6(&ss, &len, &c->dst6, 0);
		memcpy(&u.e6.offender, &ss, len);
		memcpy(out, &u.e6, sizeof(u.e6));
		return sizeof(u.e6);
	}
	return -1;
}

static int set_on(int fd, const struct opt *o)
{
	int one = 1;

	return setsockopt(fd, o->level, o->name, &one, sizeof(one));
}

/* lo's MTU set to *@mtu (SIOCSIFMTU) or read into it: 0 or -errno */
static int lo_mtu(int *mtu, bool set)
{
	struct ifreq ifr = { .ifr_mtu = *mtu };
	int fd, ret;

	strcpy(ifr.ifr_name, "lo");
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		return -errno;
	ret = ioctl(fd, set ? SIOCSIFMTU : SIOCGIFMTU, &ifr) ? -errno : 0;
	close(fd);
	*mtu = ifr.ifr_mtu;
	return ret;
}

/* a socket of @family bound to its loopback address, port 0 */
static int bound(int family, bool v6only, struct sockaddr_storage *name)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, off = 0;

	fd = socket(family, SOCK_DGRAM, 0);
	if (fd < 0)
		return -1;
	if (family == AF_INET6 && !v6only &&
	    setsockopt(fd, SOL_IPV6, IPV6_V6ONLY, &off, sizeof(off)))
		goto fail;
	if (family == AF_INET)
		name4(&ss, &len, htonl(INADDR_LOOPBACK), 0);
	else
		name6(&ss, &len, v6only ? &in6addr_loopback : &in6addr_any, 0);
	len = family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
	if (bind(fd, (struct sockaddr *)&ss, len))
		goto fail;
	len = sizeof(*name);
	if (getsockname(fd, (struct sockaddr *)name, &len))
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

static uint16_t port_of(const struct sockaddr_storage *ss)
{
	return ss->ss_family == AF_INET ? ((struct sockaddr_in *)ss)->sin_port :
					  ((struct sockaddr_in6 *)ss)->sin6_port;
}

/* the destination of the row's datagrams, as @family names it */
static void dest(const FIXTURE_VARIANT(cmsg) *v, const struct ctx *c,
		 struct sockaddr_storage *ss, socklen_t *len)
{
	if (v->family == AF_INET)
		name4(ss, len, c->dst4, c->dport);
	else
		name6(ss, len, &c->dst6, c->dport);
}

FIXTURE_SETUP(cmsg)
{
	struct sockaddr_storage ss, peer;
	socklen_t len;
	int i, closed, mtu;

	self->c.fd = -1;
	self->c.tx = -1;
	self->lo_mtu = 0;
	self->c.lo = if_nametoindex("lo");
	ASSERT_LT(0, self->c.lo);
	self->page = guarded_page(&self->pagesz);
	ASSERT_TRUE(self->page != NULL);
	ASSERT_LE(ROOM, self->pagesz);

	self->c.dst4 = htonl(INADDR_LOOPBACK);
	self->c.dst6 = variant->mapped || variant->family == AF_INET ?
		       mapped(self->c.dst4) : in6addr_loopback;
	self->c.fd = bound(variant->family, !variant->mapped, &self->c.self);
	ASSERT_LE(0, self->c.fd);
	for (i = 0; i < 4 && variant->opts[i].name; i++)
		ASSERT_EQ(0, set_on(self->c.fd, &variant->opts[i]))
			TH_LOG("option %d: %s", variant->opts[i].name, strerror(errno));

	switch (variant->how) {
	case DATA:
		/*
		 * The sender (of the reader's family, IPv4 for the mapped
		 * row), connected to the reader; the reader not connected
		 */
		self->c.dport = port_of(&self->c.self);
		if (variant->mapped || variant->family == AF_INET) {
			self->c.tx = bound(AF_INET, true, &ss);
			ASSERT_LE(0, self->c.tx);
			name4(&peer, &len, self->c.dst4, self->c.dport);
		} else {
			self->c.tx = bound(AF_INET6, true, &ss);
			ASSERT_LE(0, self->c.tx);
			name6(&peer, &len, &self->c.dst6, self->c.dport);
		}
		ASSERT_EQ(0, connect(self->c.tx, (struct sockaddr *)&peer, len));
		if (variant->family == AF_INET)
			name4(&self->c.from, &self->c.fromlen, self->c.dst4, port_of(&ss));
		else
			name6(&self->c.from, &self->c.fromlen, &self->c.dst6, port_of(&ss));
		return;
	case ERRQUEUE:
		/* a port nothing is bound to: a socket's, closed */
		closed = bound(variant->mapped ? AF_INET : variant->family, true, &ss);
		ASSERT_LE(0, closed);
		close(closed);
		self->c.dport = port_of(&ss);
		dest(variant, &self->c, &self->c.from, &self->c.fromlen);
		break;
	case PMTU:
		/* to itself; the notice names the destination, port 0 */
		ASSERT_EQ(0, lo_mtu(&self->lo_mtu, false));
		mtu = MTU;
		ASSERT_EQ(0, lo_mtu(&mtu, true));
		self->c.dport = port_of(&self->c.self);
		name6(&self->c.from, &self->c.fromlen, &self->c.dst6, 0);
		break;
	}
	dest(variant, &self->c, &peer, &len);
	ASSERT_EQ(0, connect(self->c.fd, (struct sockaddr *)&peer, len));
}

FIXTURE_TEARDOWN(cmsg)
{
	if (self->lo_mtu)
		lo_mtu(&self->lo_mtu, true);
	if (self->c.fd >= 0)
		close(self->c.fd);
	if (self->c.tx >= 0)
		close(self->c.tx);
	munmap(self->page, 2 * self->pagesz);
}

/*
 * Make the row's socket have one thing to read: 0, or -errno. The
 * mapped DATA row's sender is an AF_INET socket connected to 127.0.0.1.
 */
static int provoke(const FIXTURE_VARIANT(cmsg) *v, struct ctx *c)
{
	char data[MTU + 64];
	struct pollfd p = { .fd = c->fd, .events = POLLIN };

	memset(data, 0x5a, sizeof(data));
	switch (v->how) {
	case DATA:
		if (send(c->tx, data, PAYLOAD, 0) != PAYLOAD)
			return -errno;
		break;
	case ERRQUEUE:
		if (send(c->fd, data, PAYLOAD, 0) != PAYLOAD)
			return -errno;
		p.events = 0;	/* POLLERR is always reported */
		break;
	case PMTU:
		/* refused with -EMSGSIZE, and the notice queued */
		if (send(c->fd, data, sizeof(data), 0) >= 0 || errno != EMSGSIZE)
			return -EPROTO;
		return 0;
	}
	if (poll(&p, 1, WAIT_MS) != 1)
		return -ETIMEDOUT;
	return 0;
}

/* what one recvmsg() gave */
struct got {
	ssize_t ret;
	int flags;
	size_t controllen;
	socklen_t namelen;
};

static int receive(const FIXTURE_VARIANT(cmsg) *v, struct ctx *c,
		   void *name, socklen_t namelen, void *control, size_t controllen,
		   struct got *g)
{
	char data[PAYLOAD * 2];
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr m = {
		.msg_name = name, .msg_namelen = namelen,
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = controllen,
	};

	g->ret = recvmsg(c->fd, &m, MSG_DONTWAIT |
			 (v->how == ERRQUEUE ? MSG_ERRQUEUE : 0));
	if (g->ret < 0)
		return -errno;
	g->flags = m.msg_flags;
	g->controllen = m.msg_controllen;
	g->namelen = m.msg_namelen;
	return 0;
}

/* a control message as received: its header and where its data begins */
struct item {
	int level;
	int type;
	size_t len;		/* its data's length */
	const unsigned char *data;
};

/* the messages in @buf (@len bytes used): how many, or -1 if malformed */
static int parse(const unsigned char *buf, size_t len, struct item *items, int max)
{
	size_t off = 0;
	struct cmsghdr h;
	int n = 0;

	while (off + sizeof(h) <= len) {
		memcpy(&h, buf + off, sizeof(h));
		if (h.cmsg_len < CMSG_LEN(0) || off + h.cmsg_len > len || n == max)
			return -1;
		items[n].level = h.cmsg_level;
		items[n].type = h.cmsg_type;
		items[n].len = h.cmsg_len - CMSG_LEN(0);
		items[n].data = buf + off + CMSG_LEN(0);
		n++;
		off += CMSG_SPACE(h.cmsg_len - CMSG_LEN(0));
	}
	return n;
}

/* the outcome recvmsg(2)'s rules give for @len bytes of control room */
struct model {
	size_t used;		/* msg_controllen */
	bool ctrunc;
	size_t wrote[4];	/* bytes written of each message (0: none) */
};

static void cmsg_model(const struct item *items, int n, size_t len, struct model *m)
{
	size_t room = len, full;
	int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < n; i++) {
		if (room < sizeof(struct cmsghdr)) {
			m->ctrunc = true;
			continue;
		}
		full = CMSG_LEN(items[i].len);
		m->wrote[i] = full <= room ? full : room;
		if (full > room)
			m->ctrunc = true;
		full = CMSG_SPACE(items[i].len);
		room -= full <= room ? full : room;
	}
	m->used = len - room;
}

/*
 * The whole: every message of the row, in its order, with its value.
 * Fills @items (pointing into @full) and returns their number.
 */
static int read_whole(struct __test_metadata *_metadata,
		      const FIXTURE_VARIANT(cmsg) *v, struct ctx *c,
		      unsigned char *full, struct item *items)
{
	unsigned char want[ROOM];
	struct sockaddr_storage name;
	struct got g;
	int n, i, size, ret, wants;

	for (wants = 0; wants < 4 && v->wants[wants].type; wants++)
		;
	ret = provoke(v, c);
	if (ret) {
		TH_LOG("the first datagram: %s", strerror(-ret));
		return -1;
	}
	memset(full, 0xa5, ROOM);
	memset(&name, 0xa5, sizeof(name));
	ret = receive(v, c, &name, sizeof(name), full, ROOM, &g);
	if (ret) {
		TH_LOG("recvmsg: %s", strerror(-ret));
		return -1;
	}
	if (g.ret != (v->how == PMTU ? 0 : PAYLOAD) || (g.flags & MSG_CTRUNC)) {
		TH_LOG("recvmsg: %zd bytes, flags %#x", g.ret, g.flags);
		return -1;
	}
	if (g.namelen != c->fromlen || memcmp(&name, &c->from, c->fromlen)) {
		TH_LOG("the name (%u bytes) is not the row's", g.namelen);
		return -1;
	}
	n = parse(full, g.controllen, items, 4);
	if (n != wants) {
		TH_LOG("%d control messages in %zu bytes, expected %d", n, g.controllen,
		       wants);
		for (i = 0; i < n; i++)
			TH_LOG("  level %d type %d, %zu bytes", items[i].level,
			       items[i].type, items[i].len);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (items[i].level != v->wants[i].level || items[i].type != v->wants[i].type) {
			TH_LOG("message %d: level %d type %d, expected %d %d", i,
			       items[i].level, items[i].type, v->wants[i].level,
			       v->wants[i].type);
			return -1;
		}
		memset(want, 0, sizeof(want));
		size = expected_value(v, c, items[i].level, items[i].type, want);
		if (size != (int)items[i].len || memcmp(want, items[i].data, size)) {
			TH_LOG("message %d (level %d type %d): %zu bytes, not the value of %d",
			       i, items[i].level, items[i].type, items[i].len, size);
			dump(items[i].data, items[i].len);
			return -1;
		}
	}
	return n;
}

/*
 * The bytes a call wrote at @buf (@len of room, @m the rules' outcome):
 * each message that fits whole, the cut one's first bytes, cmsg_len
 * saying how many; nothing in the padding after a message, nothing past
 * the bytes used. 0 if so, else 1 (logged, @what and @len first).
 */
static int check_written(struct __test_metadata *_metadata, const char *what,
			 const unsigned char *buf, size_t len,
			 const struct item *items, int n, const struct model *m)
{
	size_t off = 0, i, end;
	struct cmsghdr h;
	int k;

	for (k = 0; k < n && m->wrote[k]; k++) {
		memcpy(&h, buf + off, sizeof(h));
		if (h.cmsg_len != m->wrote[k] || h.cmsg_level != items[k].level ||
		    h.cmsg_type != items[k].type ||
		    memcmp(buf + off + CMSG_LEN(0), items[k].data,
			   m->wrote[k] - CMSG_LEN(0))) {
			TH_LOG("%s %zu: message %d is not the first %zu bytes of its whole",
			       what, len, k, m->wrote[k]);
			return 1;
		}
		end = off + CMSG_SPACE(items[k].len);
		for (i = off + m->wrote[k]; i < end && i < m->used; i++) {
			if (buf[i] != 0xa5) {
				TH_LOG("%s %zu: byte %zu of message %d's padding written",
				       what, len, i, k);
				return 1;
			}
		}
		off = end;
	}
	for (i = m->used; i < len; i++) {
		if (buf[i] != 0xa5) {
			TH_LOG("%s %zu: byte %zu written past the %zu used", what, len, i,
			       m->used);
			return 1;
		}
	}
	return 0;
}

/* one recvmsg() with @len bytes of control room: 0 if as the rules say */
static int control_at(struct __test_metadata *_metadata,
		      const FIXTURE_VARIANT(cmsg) *v, struct ctx *c, char *end,
		      const struct item *items, int n, size_t len)
{
	unsigned char *buf = (unsigned char *)end - len;
	struct sockaddr_storage name;
	struct model m;
	struct got g;
	int ret;

	cmsg_model(items, n, len, &m);
	ret = provoke(v, c);
	if (ret) {
		TH_LOG("control length %zu: the datagram: %s", len, strerror(-ret));
		return 1;
	}
	memset(end - ROOM, 0xa5, ROOM);
	ret = receive(v, c, &name, sizeof(name), buf, len, &g);
	if (ret) {
		TH_LOG("control length %zu: recvmsg: %s", len, strerror(-ret));
		return 1;
	}
	if (g.controllen != m.used || !(g.flags & MSG_CTRUNC) != !m.ctrunc) {
		TH_LOG("control length %zu: msg_controllen %zu, MSG_CTRUNC %d; expected %zu, %d",
		       len, g.controllen, !!(g.flags & MSG_CTRUNC), m.used, m.ctrunc);
		return 1;
	}
	return check_written(_metadata, "control length", buf, len, items, n, &m);
}

/* one recvmsg() with @len bytes of name room: 0 if as the rules say */
static int name_at(struct __test_metadata *_metadata,
		   const FIXTURE_VARIANT(cmsg) *v, struct ctx *c, char *end,
		   unsigned char *control, socklen_t len)
{
	unsigned char *buf = (unsigned char *)end - len;
	socklen_t i, cut = len < c->fromlen ? len : c->fromlen;
	struct got g;
	int ret;

	ret = provoke(v, c);
	if (ret) {
		TH_LOG("name length %u: the datagram: %s", len, strerror(-ret));
		return 1;
	}
	memset(end - ROOM, 0xa5, ROOM);
	ret = receive(v, c, buf, len, control, ROOM, &g);
	if (ret) {
		TH_LOG("name length %u: recvmsg: %s", len, strerror(-ret));
		return 1;
	}
	if (g.namelen != c->fromlen || (g.flags & MSG_CTRUNC) ||
	    memcmp(buf, &c->from, cut)) {
		TH_LOG("name length %u: msg_namelen %u (expected %u), flags %#x, or other bytes",
		       len, g.namelen, c->fromlen, g.flags);
		return 1;
	}
	for (i = cut; i < len; i++) {
		if (buf[i] != 0xa5) {
			TH_LOG("name length %u: byte %u written past the name's %u",
			       len, i, c->fromlen);
			return 1;
		}
	}
	return 0;
}

TEST_F(cmsg, every_length)
{
	unsigned char full[ROOM], control[ROOM];
	struct item items[4];
	size_t whole, len;
	int n, bad = 0, lens = 0;
	socklen_t nlen;

	n = read_whole(_metadata, variant, &self->c, full, items);
	ASSERT_LT(0, n);
	whole = (const unsigned char *)items[n - 1].data - full + items[n - 1].len;
	ASSERT_LT(whole + PAST, ROOM);
	for (len = 0; len <= whole + PAST; len++, lens++)
		bad += control_at(_metadata, variant, &self->c,
				  self->page + self->pagesz, items, n, len);
	for (nlen = 0; nlen <= self->c.fromlen + PAST; nlen++, lens++)
		bad += name_at(_metadata, variant, &self->c,
			       self->page + self->pagesz, control, nlen);
	EXPECT_EQ(0, bad) TH_LOG("%d of %d lengths not as the rules say", bad, lens);
}

/*
 * The getsockopt() forms of the same messages: IP_PKTOPTIONS and
 * IPV6_2292PKTOPTIONS on a TCP socket write the control messages its
 * options ask for into the caller's buffer, bounded by optlen, and return
 * the bytes used (no MSG_CTRUNC to say that one was cut). Each row: a
 * connection over lo that has carried one byte to the socket, then one
 * read with room for everything (the row's messages, in order, with the
 * values the socket's state gives), then every optlen from 0 to the whole
 * + 16, the buffer ending at the unmapped page. A 32-bit task must get
 * its own layout (12-byte headers), as from recvmsg().
 */
FIXTURE(pktoptions) {
	int fd;			/* the connection's client, with the options */
	int peer;		/* its accepted end */
	int listener;
	int lo;
	char *page;
	long pagesz;
};

FIXTURE_VARIANT(pktoptions) {
	int family;
	int level;
	int optname;
	struct opt opts[4];
	struct want wants[4];
	bool nobody;	/* the test runs as uid 65534 (the harness's child) */
	/*
	 * The peer's IPV6_TCLASS (and IPV6_AUTOFLOWLABEL off) for its byte,
	 * or 0: a segment whose flow information the socket asked for
	 * (IPV6_FLOWINFO) is kept (np->pktoptions), and the option then
	 * formats its messages from it (ip6_datagram_recv_ctl()), not from
	 * the socket's cached values
	 */
	int tclass;
	/*
	 * optlen -1: IPv4 refuses it (-EINVAL); IPv6 takes it as room for
	 * every message (its len is not checked, and msg_controllen is a
	 * size_t): all of them are written and optlen says how many bytes.
	 * The caller's own memory; checked and left (docs/findings.md).
	 */
	int negative_err;
};

#define PKTOPTIONS4(...) {							\
	.family = AF_INET, .level = SOL_IP, .optname = IP_PKTOPTIONS,		\
	.negative_err = EINVAL,							\
	.opts = { ON(SOL_IP, IP_PKTINFO), ON(SOL_IP, IP_RECVTTL) },		\
	.wants = { WANT(SOL_IP, IP_PKTINFO), WANT(SOL_IP, IP_TTL) },		\
	__VA_ARGS__ }
#define PKTOPTIONS6(...) {							\
	.family = AF_INET6, .level = SOL_IPV6, .optname = IPV6_2292PKTOPTIONS,	\
	.opts = { ON(SOL_IPV6, IPV6_RECVPKTINFO), ON(SOL_IPV6, IPV6_RECVHOPLIMIT) }, \
	.wants = { WANT(SOL_IPV6, IPV6_PKTINFO), WANT(SOL_IPV6, IPV6_HOPLIMIT) }, \
	__VA_ARGS__ }

FIXTURE_VARIANT_ADD(pktoptions, ip_pktoptions) PKTOPTIONS4();
FIXTURE_VARIANT_ADD(pktoptions, ipv6_2292pktoptions) PKTOPTIONS6();
/* the same as uid 65534: the options need no privilege */
FIXTURE_VARIANT_ADD(pktoptions, ip_pktoptions_nobody) PKTOPTIONS4(.nobody = true);
FIXTURE_VARIANT_ADD(pktoptions, ipv6_2292pktoptions_nobody) PKTOPTIONS6(.nobody = true);
/* the branch that formats a kept segment's messages */
#define TCLASS 0x28
FIXTURE_VARIANT_ADD(pktoptions, ipv6_2292pktoptions_kept) PKTOPTIONS6(
	.opts = { ON(SOL_IPV6, IPV6_RECVPKTINFO), ON(SOL_IPV6, IPV6_RECVHOPLIMIT),
		  ON(SOL_IPV6, IPV6_FLOWINFO) },
	.wants = { WANT(SOL_IPV6, IPV6_PKTINFO), WANT(SOL_IPV6, IPV6_HOPLIMIT),
		   WANT(SOL_IPV6, IPV6_FLOWINFO) },
	.tclass = TCLASS);

/*
 * The values: for IPv4 the socket's own address and its multicast
 * interface (none: 0) and TTL (1); for IPv6, without extension headers
 * to keep (np->pktoptions empty), the interface (lo) and hop limit (64)
 * of the last in-order segment, and the peer's address
 * (tcp_v6_do_rcv(), do_ipv6_getsockopt()).
 */
static int pktoptions_value(int level, int type, int lo, int tclass, void *out)
{
	struct in_pktinfo p4 = { .ipi_ifindex = 0 };
	struct in6_pktinfo p6 = { .ipi6_ifindex = lo, .ipi6_addr = in6addr_loopback };
	uint32_t flowinfo = htonl((uint32_t)tclass << 20);
	int ttl = 1, hops = 64;
	const struct {
		int level, type;
		const void *value;
		int size;
	} values[] = {
		{ SOL_IP, IP_PKTINFO, &p4, sizeof(p4) },
		{ SOL_IP, IP_TTL, &ttl, sizeof(ttl) },
		{ SOL_IPV6, IPV6_PKTINFO, &p6, sizeof(p6) },
		{ SOL_IPV6, IPV6_HOPLIMIT, &hops, sizeof(hops) },
		{ SOL_IPV6, IPV6_FLOWINFO, &flowinfo, sizeof(flowinfo) },
	};
	size_t i;

	p4.ipi_spec_dst.s_addr = htonl(INADDR_LOOPBACK);
	p4.ipi_addr.s_addr = htonl(INADDR_LOOPBACK);
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		if (values[i].level == level && values[i].type == type) {
			memcpy(out, values[i].value, values[i].size);
			return values[i].size;
		}
	}
	return -1;
}

FIXTURE_SETUP(pktoptions)
{
	struct sockaddr_storage ss;
	socklen_t len;
	char byte = 1;
	int i;

	self->fd = self->peer = self->listener = -1;
	if (variant->nobody)
		ASSERT_EQ(0, become_nobody());
	self->lo = if_nametoindex("lo");
	ASSERT_LT(0, self->lo);
	self->page = guarded_page(&self->pagesz);
	ASSERT_TRUE(self->page != NULL);
	ASSERT_LE(ROOM, self->pagesz);

	if (variant->family == AF_INET)
		name4(&ss, &len, htonl(INADDR_LOOPBACK), 0);
	else
		name6(&ss, &len, &in6addr_loopback, 0);
	self->listener = socket(variant->family, SOCK_STREAM, 0);
	ASSERT_LE(0, self->listener);
	ASSERT_EQ(0, bind(self->listener, (struct sockaddr *)&ss, len));
	ASSERT_EQ(0, listen(self->listener, 1));
	ASSERT_EQ(0, getsockname(self->listener, (struct sockaddr *)&ss, &len));
	self->fd = socket(variant->family, SOCK_STREAM, 0);
	ASSERT_LE(0, self->fd);
	for (i = 0; i < 4 && variant->opts[i].name; i++)
		ASSERT_EQ(0, set_on(self->fd, &variant->opts[i]))
			TH_LOG("option %d: %s", variant->opts[i].name, strerror(errno));
	ASSERT_EQ(0, connect(self->fd, (struct sockaddr *)&ss, len));
	self->peer = accept(self->listener, NULL, NULL);
	ASSERT_LE(0, self->peer);
	if (variant->tclass) {
		int tclass = variant->tclass, off = 0;

		ASSERT_EQ(0, setsockopt(self->peer, SOL_IPV6, IPV6_TCLASS, &tclass,
					sizeof(tclass)));
		ASSERT_EQ(0, setsockopt(self->peer, SOL_IPV6, IPV6_AUTOFLOWLABEL, &off,
					sizeof(off)));
	}
	ASSERT_EQ(1, send(self->peer, &byte, 1, 0));
	ASSERT_EQ(1, recv(self->fd, &byte, 1, 0));
}

FIXTURE_TEARDOWN(pktoptions)
{
	if (self->fd >= 0)
		close(self->fd);
	if (self->peer >= 0)
		close(self->peer);
	if (self->listener >= 0)
		close(self->listener);
	munmap(self->page, 2 * self->pagesz);
}

/* one getsockopt() at @len: 0 if as the rules say */
static int pktoptions_at(struct __test_metadata *_metadata,
			 const FIXTURE_VARIANT(pktoptions) *v, int fd, char *end,
			 const struct item *items, int n, size_t len)
{
	unsigned char *buf = (unsigned char *)end - len;
	socklen_t optlen = len;
	struct model m;

	cmsg_model(items, n, len, &m);
	memset(end - ROOM, 0xa5, ROOM);
	if (getsockopt(fd, v->level, v->optname, buf, &optlen)) {
		TH_LOG("length %zu: %s", len, strerror(errno));
		return 1;
	}
	if (optlen != m.used) {
		TH_LOG("length %zu: optlen %u, expected %zu", len, optlen, m.used);
		return 1;
	}
	return check_written(_metadata, "length", buf, len, items, n, &m);
}

TEST_F(pktoptions, every_length)
{
	unsigned char full[ROOM], want[ROOM];
	struct item items[4];
	socklen_t optlen = ROOM, fulllen;
	int n, i, size, wants, bad = 0;
	size_t whole, len;

	for (wants = 0; wants < 4 && variant->wants[wants].type; wants++)
		;
	memset(full, 0xa5, sizeof(full));
	ASSERT_EQ(0, getsockopt(self->fd, variant->level, variant->optname, full, &optlen))
		TH_LOG("%s", strerror(errno));
	fulllen = optlen;
	n = parse(full, optlen, items, 4);
	if (n != wants)
		dump(full, optlen);
	ASSERT_EQ(wants, n) TH_LOG("in %u bytes", optlen);
	for (i = 0; i < n; i++) {
		EXPECT_EQ(variant->wants[i].level, items[i].level);
		EXPECT_EQ(variant->wants[i].type, items[i].type);
		memset(want, 0, sizeof(want));
		size = pktoptions_value(items[i].level, items[i].type, self->lo,
					variant->tclass, want);
		EXPECT_EQ(size, (int)items[i].len) TH_LOG("message %d", i);
		if (size == (int)items[i].len)
			EXPECT_EQ(0, memcmp(want, items[i].data, size)) TH_LOG("message %d", i);
	}
	whole = (const unsigned char *)items[n - 1].data - full + items[n - 1].len;
	ASSERT_LT(whole + PAST, ROOM);
	for (len = 0; len <= whole + PAST; len++)
		bad += pktoptions_at(_metadata, variant, self->fd,
				     self->page + self->pagesz, items, n, len);
	EXPECT_EQ(0, bad) TH_LOG("%d of %zu lengths not as the rules say", bad,
				 whole + PAST + 1);

	/* optlen -1, with room for everything where the kernel writes */
	memset(self->page + self->pagesz - ROOM, 0xa5, ROOM);
	optlen = -1;
	errno = 0;
	if (variant->negative_err) {
		EXPECT_EQ(-1, getsockopt(self->fd, variant->level, variant->optname,
					 self->page + self->pagesz - ROOM, &optlen));
		EXPECT_EQ(variant->negative_err, errno);
	} else {
		EXPECT_EQ(0, getsockopt(self->fd, variant->level, variant->optname,
					self->page + self->pagesz - ROOM, &optlen))
			TH_LOG("%s", strerror(errno));
		EXPECT_EQ(0, memcmp(self->page + self->pagesz - ROOM, full, optlen));
	}
	EXPECT_EQ(variant->negative_err ? (socklen_t)-1 : fulllen, optlen);
}

TEST_HARNESS_MAIN

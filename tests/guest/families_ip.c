// SPDX-License-Identifier: GPL-2.0
/*
 * The address families that run over IPv4 and IPv6 on the loopback
 * device, with a bind() and connect() of their own: SCTP, MPTCP and DCCP,
 * L2TP over IP (IPPROTO_L2TP, and the kernel's L2TP tunnels over it), and
 * AF_PPPOX: PPTP over 127.0.0.1, PPPoL2TP over a UDP tunnel socket, and
 * PPPoE, the one PPP transport that is not IP, on a dummy device (it
 * shares the family's rows).
 *
 * As in families.c, the rows go through the engine (bind at every length,
 * getsockname/getpeername into 0 .. 130 byte buffers, connect, accept and
 * recvfrom) and write what comes back to the transcript compared between
 * the baseline and the patched kernel; a TEST() does the same with the
 * family's own rules where the engine does not fit it. Asserted on every
 * kernel: the socket layer's length limits, that a valid address binds,
 * the length each ->getname reports and that nothing is written past the
 * caller's buffer.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdlib.h>
#include <linux/if_pppol2tp.h>
#include <linux/if_pppox.h>
#include <linux/l2tp.h>

#include "lib/family.h"
#include "lib/genl.h"
#include "lib/rtnl.h"

/* glibc's <netinet/in.h> hides the one in <linux/in.h> */
#ifndef IPPROTO_L2TP
#define IPPROTO_L2TP 115
#endif

/* --- SCTP, MPTCP, DCCP over inet and inet6 ------------------------------ */

/* 127.0.0.1 and ::1, each row on ports of its own */
INET_LOOPBACK_ADDR(sctp4_stream, 42000)
INET6_LOOPBACK_ADDR(sctp6_stream, 42010)
INET_LOOPBACK_ADDR(sctp4_seqpacket, 42020)
INET6_LOOPBACK_ADDR(sctp6_seqpacket, 42030)
INET_LOOPBACK_ADDR(mptcp4, 42040)
INET6_LOOPBACK_ADDR(mptcp6, 42050)
INET_LOOPBACK_ADDR(dccp4, 42060)
INET6_LOOPBACK_ADDR(dccp6, 42070)

#define PORT_MASK { 2, 2 }

FAMILY_PEER_ROW(sctp_inet_stream, .domain = AF_INET, .type = SOCK_STREAM, .protocol = IPPROTO_SCTP,
	   .address = sctp4_stream, .flags = F_STREAM, .peer_mask = PORT_MASK);
FAMILY_PEER_ROW(sctp_inet6_stream, .domain = AF_INET6, .type = SOCK_STREAM,
	   .protocol = IPPROTO_SCTP, .address = sctp6_stream, .flags = F_STREAM,
	   .peer_mask = PORT_MASK);
/* one-to-many: no accept(); the peers are in sctp_seqpacket_peers below */
FAMILY_ROW(sctp_inet_seqpacket, .domain = AF_INET, .type = SOCK_SEQPACKET,
	   .protocol = IPPROTO_SCTP, .address = sctp4_seqpacket);
FAMILY_ROW(sctp_inet6_seqpacket, .domain = AF_INET6, .type = SOCK_SEQPACKET,
	   .protocol = IPPROTO_SCTP, .address = sctp6_seqpacket);
FAMILY_PEER_ROW(mptcp_inet, .domain = AF_INET, .type = SOCK_STREAM, .protocol = IPPROTO_MPTCP,
	   .address = mptcp4, .flags = F_STREAM, .peer_mask = PORT_MASK);
FAMILY_PEER_ROW(mptcp_inet6, .domain = AF_INET6, .type = SOCK_STREAM, .protocol = IPPROTO_MPTCP,
	   .address = mptcp6, .flags = F_STREAM, .peer_mask = PORT_MASK);
FAMILY_PEER_ROW(dccp_inet, .domain = AF_INET, .type = SOCK_DCCP, .protocol = IPPROTO_DCCP,
	   .address = dccp4, .flags = F_STREAM, .peer_mask = PORT_MASK);
FAMILY_PEER_ROW(dccp_inet6, .domain = AF_INET6, .type = SOCK_DCCP, .protocol = IPPROTO_DCCP,
	   .address = dccp6, .flags = F_STREAM, .peer_mask = PORT_MASK);

/* SCTP one-to-many: associations come from connect() to a listening socket. */
static void sctp_assoc_peers(struct __test_metadata *_metadata, int domain,
				 socklen_t (*address)(struct sockaddr_storage *, int))
{
	const struct mask m = PORT_MASK;
	struct sockaddr_storage ss;
	socklen_t len;
	size_t i;
	int srv, cli, ret;

	srv = socket(domain, SOCK_SEQPACKET | SOCK_CLOEXEC, IPPROTO_SCTP);
	ASSERT_LE(0, srv);
	len = address(&ss, 5);
	ASSERT_EQ(0, bind(srv, (struct sockaddr *)&ss, len));
	ASSERT_EQ(0, listen(srv, 8));
	for (i = 0; i < 2; i++) {
		cli = socket(domain, SOCK_SEQPACKET | SOCK_CLOEXEC, IPPROTO_SCTP);
		ASSERT_LE(0, cli);
		if (i) {
			/* sendto() sets up the association on its own */
			recv_lens(_metadata, srv, cli, &ss, len, "x", 1, len, m);
		} else {
			ASSERT_EQ(0, connect(cli, (struct sockaddr *)&ss, len))
				TH_LOG("connect: %s", strerror(errno));
			names_of(_metadata, "getpeername client", getpeername, cli, 0, m);
			names_of(_metadata, "getsockname client", getsockname, cli, 0, m);
			/* one-to-many sockets always name the destination */
			ret = send(cli, "x", 1, MSG_NOSIGNAL);
			tr_line("send connected -> %s", tr_ret(ret, errno));
			recv_lens(_metadata, srv, cli, &ss, len, "x", 1, len, m);
		}
		names_of(_metadata, "getpeername server", getpeername, srv, 0, m);
		close(cli);
	}
	close(srv);
}

TEST(sctp_seqpacket_peers)
{
	tr_begin("sctp_inet_seqpacket");
	sctp_assoc_peers(_metadata, AF_INET, sctp4_seqpacket);
	tr_begin("sctp_inet6_seqpacket");
	sctp_assoc_peers(_metadata, AF_INET6, sctp6_seqpacket);
}

/* --- L2TP over IP (IPPROTO_L2TP) --------------------------------------- */

/* 127.0.0.1 or ::1 with connection id @conn_id: its length. */
static socklen_t l2tp_addr(struct sockaddr_storage *ss, int domain, unsigned int conn_id)
{
	struct sockaddr_l2tpip6 *sa6 = (void *)ss;
	struct sockaddr_l2tpip *sa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	if (domain == AF_INET) {
		sa->l2tp_family = AF_INET;
		inet_pton(AF_INET, "127.0.0.1", &sa->l2tp_addr);
		sa->l2tp_conn_id = conn_id;
		return sizeof(*sa);
	}
	sa6->l2tp_family = AF_INET6;
	inet_pton(AF_INET6, "::1", &sa6->l2tp_addr);
	sa6->l2tp_conn_id = conn_id;
	return sizeof(*sa6);
}

static socklen_t l2tp_ip(struct sockaddr_storage *ss, int n)
{
	return l2tp_addr(ss, AF_INET, 0x4d10 + n);
}

static socklen_t l2tp_ip6(struct sockaddr_storage *ss, int n)
{
	return l2tp_addr(ss, AF_INET6, 0x4d20 + n);
}

/* peers in l2tp_ip_peers: a datagram reaches a socket only as a control frame */
FAMILY_ROW(l2tp_ip, .domain = AF_INET, .type = SOCK_DGRAM, .protocol = IPPROTO_L2TP,
	   .address = l2tp_ip);
FAMILY_ROW(l2tp_ip6, .domain = AF_INET6, .type = SOCK_DGRAM, .protocol = IPPROTO_L2TP,
	   .address = l2tp_ip6);

/*
 * A control message (T and L bits, length 12) whose tunnel id is the
 * server's conn_id: l2tp_ip{,6}_recv() looks the socket up by it.
 */
static void l2tp_peers(struct __test_metadata *_metadata, int domain,
		       socklen_t (*address)(struct sockaddr_storage *, int), unsigned int conn_id,
		       socklen_t from_len)
{
	struct sockaddr_storage ss, cs;
	socklen_t len, clen;
	unsigned char msg[12] = { 0xc8, 0x02, 0x00, 0x0c };
	unsigned int id = htonl(conn_id);
	int srv, cli;

	srv = socket(domain, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_L2TP);
	cli = socket(domain, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_L2TP);
	ASSERT_LE(0, srv);
	ASSERT_LE(0, cli);
	len = address(&ss, 5);
	clen = address(&cs, 6);
	ASSERT_EQ(0, bind(srv, (struct sockaddr *)&ss, len));
	ASSERT_EQ(0, bind(cli, (struct sockaddr *)&cs, clen));
	ASSERT_EQ(0, connect(cli, (struct sockaddr *)&ss, len)) TH_LOG("%s", strerror(errno));
	names_of(_metadata, "getpeername client", getpeername, cli, len, (struct mask){});
	names_of(_metadata, "getsockname client", getsockname, cli, clen, (struct mask){});
	memcpy(msg + 4, &id, 4);
	recv_lens(_metadata, srv, cli, NULL, 0, msg, sizeof(msg), from_len, (struct mask){});
	close(cli);
	close(srv);
}

TEST(l2tp_ip_peers)
{
	tr_begin("l2tp_ip");
	l2tp_peers(_metadata, AF_INET, l2tp_ip, 0x4d15, sizeof(struct sockaddr_in));
	tr_begin("l2tp_ip6");
	l2tp_peers(_metadata, AF_INET6, l2tp_ip6, 0x4d25, sizeof(struct sockaddr_l2tpip6));
}

/*
 * Tunnels made over generic netlink without a socket fd (lib/genl.h,
 * l2tp_tunnel_create()): the kernel makes its own socket, and its binding
 * shows in that a user socket cannot take the same address. A user socket
 * on the tunnel's local address: 0 or -1 with errno.
 */
static int l2tp_local_bind(int domain, int encap, unsigned int id, int port)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, ret, err;

	if (encap == L2TP_ENCAPTYPE_IP) {
		len = l2tp_addr(&ss, domain, id);
		fd = socket(domain, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_L2TP);
	} else {
		len = domain == AF_INET ? inet_addr_port(&ss, "127.0.0.1", port) :
					  inet6_addr_port(&ss, "::1", port, 0);
		fd = socket(domain, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	}
	if (fd < 0)
		return -1;
	ret = bind(fd, (struct sockaddr *)&ss, len);
	err = errno;
	close(fd);
	errno = err;
	return ret;
}

TEST(l2tp_kernel_tunnel)
{
	static const struct {
		const char *name;
		int domain, encap;
	} cases[] = {
		{ "l2tp_ip", AF_INET, L2TP_ENCAPTYPE_IP },
		{ "l2tp_ip6", AF_INET6, L2TP_ENCAPTYPE_IP },
		{ "l2tp_udp", AF_INET, L2TP_ENCAPTYPE_UDP },
		{ "l2tp_udp6", AF_INET6, L2TP_ENCAPTYPE_UDP },
	};
	int family = genl_family(L2TP_GENL_NAME), ret, err, tries;
	size_t i;

	ASSERT_LT(0, family) TH_LOG("l2tp genl family: %s", strerror(-family));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned int id = 0x4d60 + i;
		int port = 42080 + 2 * i;

		tr_begin("%s", cases[i].name);
		ret = l2tp_tunnel_create(family, cases[i].domain, cases[i].encap, id, id + 0x100,
					 port, port + 1);
		tr_line("genl tunnel create -> %d", ret);
		ASSERT_EQ(0, ret) TH_LOG("%s: %s", cases[i].name, strerror(-ret));
		ret = l2tp_local_bind(cases[i].domain, cases[i].encap, id, port);
		err = errno;
		tr_line("user bind of the tunnel's address -> %s", tr_ret(ret, err));
		EXPECT_EQ(EADDRINUSE, ret ? err : 0);
		ret = l2tp_tunnel_delete(family, id);
		tr_line("genl tunnel delete -> %d", ret);
		EXPECT_EQ(0, ret);
		/* the tunnel's socket goes from a work item */
		for (tries = 0; tries < 200; tries++) {
			ret = l2tp_local_bind(cases[i].domain, cases[i].encap, id, port);
			if (!ret || errno != EADDRINUSE)
				break;
			usleep(10000);
		}
		tr_line("user bind after delete -> %s", tr_ret(ret, errno));
		EXPECT_EQ(0, ret);
	}
}

/* --- AF_PPPOX ---------------------------------------------------------- */

#define PPPOE_DEV "hmpppoe0"

static socklen_t pppoe_addr(struct sockaddr_storage *ss, int sid)
{
	struct sockaddr_pppox *sp = (void *)ss;
	static const unsigned char remote[6] = { 0x02, 0x00, 0x00, 0x4d, 0x00, 0x01 };

	memset(ss, 0, sizeof(*ss));
	sp->sa_family = AF_PPPOX;
	sp->sa_protocol = PX_PROTO_OE;
	sp->sa_addr.pppoe.sid = htons(sid);
	memcpy(sp->sa_addr.pppoe.remote, remote, 6);
	strcpy(sp->sa_addr.pppoe.dev, PPPOE_DEV);
	return sizeof(*sp);
}

/* session id 0: the discovery stage, connect() only clears the socket */
static socklen_t pppoe_discovery(struct sockaddr_storage *ss, int n)
{
	return pppoe_addr(ss, 0);
}

static socklen_t pptp_addr(struct sockaddr_storage *ss, int call_id)
{
	struct sockaddr_pppox *sp = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sp->sa_family = AF_PPPOX;
	sp->sa_protocol = PX_PROTO_PPTP;
	sp->sa_addr.pptp.call_id = call_id;
	inet_pton(AF_INET, "127.0.0.1", &sp->sa_addr.pptp.sin_addr);
	return sizeof(*sp);
}

static socklen_t pptp_row(struct sockaddr_storage *ss, int n)
{
	return pptp_addr(ss, 0x4d00 + n);
}

static socklen_t pppol2tp_row(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_pppol2tp *sp = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sp->sa_family = AF_PPPOX;
	sp->sa_protocol = PX_PROTO_OL2TP;
	sp->pppol2tp.fd = -1;
	return sizeof(*sp);
}

/* PPPoE and PPPoL2TP have no bind(); PPTP binds a call id */
FAMILY_ROW(pppoe, .domain = AF_PPPOX, .type = SOCK_STREAM, .protocol = PX_PROTO_OE,
	   .address = pppoe_discovery, .flags = F_NO_BIND);
FAMILY_ROW(pptp, .domain = AF_PPPOX, .type = SOCK_STREAM, .protocol = PX_PROTO_PPTP,
	   .address = pptp_row);
FAMILY_ROW(pppol2tp, .domain = AF_PPPOX, .type = SOCK_DGRAM, .protocol = PX_PROTO_OL2TP,
	   .address = pppol2tp_row, .flags = F_NO_BIND);

/*
 * connect() of @fd to @ss at length @len, into the transcript as
 * "connect len=N -> result"; it must return @want.
 */
static void pppox_connect(struct __test_metadata *_metadata, int fd,
			  const struct sockaddr_storage *ss, socklen_t len, int want)
{
	int ret = connect(fd, (const struct sockaddr *)ss, len);

	tr_line("connect len=%u -> %s", len, tr_ret(ret, errno));
	EXPECT_EQ(want, ret);
}

/* PPPoE session on a dummy device with a fixed MAC; names are the session's. */
TEST(pppoe_session)
{
	static const unsigned char mac[6] = { 0x02, 0x00, 0x00, 0x4d, 0x00, 0x02 };
	const socklen_t L = sizeof(struct sockaddr_pppox);
	struct sockaddr_storage ss;
	int fd, ret;

	tr_begin("pppoe");
	ASSERT_EQ(0, link_create("dummy", PPPOE_DEV));
	ASSERT_EQ(0, link_set_bytes(if_nametoindex(PPPOE_DEV), IFLA_ADDRESS, mac, 6));
	fd = socket(AF_PPPOX, SOCK_STREAM | SOCK_CLOEXEC, PX_PROTO_OE);
	ASSERT_LE(0, fd);
	/* device down */
	ret = connect(fd, (struct sockaddr *)&ss, pppoe_addr(&ss, 0x4d01));
	tr_line("connect down -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	ASSERT_EQ(0, link_flags(PPPOE_DEV, IFF_UP, 0));
	pppox_connect(_metadata, fd, &ss, L + 1, -1);
	pppox_connect(_metadata, fd, &ss, L, 0);
	names_of(_metadata, "getsockname", getsockname, fd, L, (struct mask){});
	names_of(_metadata, "getpeername", getpeername, fd, L, (struct mask){});
	ret = connect(fd, (struct sockaddr *)&ss, L);
	tr_line("connect again -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	close(fd);
	EXPECT_EQ(0, link_delete(PPPOE_DEV));
}

/* PPTP: bind a call id on 127.0.0.1, connect to another one there. */
TEST(pptp_connect)
{
	const socklen_t L = sizeof(struct sockaddr_pppox);
	struct sockaddr_storage ss;
	int fd, ret;

	tr_begin("pptp");
	fd = socket(AF_PPPOX, SOCK_STREAM | SOCK_CLOEXEC, PX_PROTO_PPTP);
	ASSERT_LE(0, fd);
	/* not bound: no source address */
	ret = connect(fd, (struct sockaddr *)&ss, pptp_addr(&ss, 0x4d21));
	tr_line("connect unbound -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, pptp_addr(&ss, 0x4d20)));
	ret = bind(fd, (struct sockaddr *)&ss, L);
	tr_line("bind again -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	pptp_addr(&ss, 0x4d21);
	pppox_connect(_metadata, fd, &ss, L - 1, -1);
	pppox_connect(_metadata, fd, &ss, L, 0);
	names_of(_metadata, "getsockname", getsockname, fd, L, (struct mask){});
	/* pptp_getname() ignores peer: the peer's name is our own */
	names_of(_metadata, "getpeername", getpeername, fd, L, (struct mask){});
	close(fd);
	/* call id 0: the kernel picks one */
	fd = socket(AF_PPPOX, SOCK_STREAM | SOCK_CLOEXEC, PX_PROTO_PPTP);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, pptp_addr(&ss, 0)));
	names_of(_metadata, "getsockname autobound", getsockname, fd, L,
		 (struct mask){ offsetof(struct sockaddr_pppox, sa_addr.pptp.call_id), 2 });
	close(fd);
}

/*
 * PPPoL2TP: a UDP socket becomes the tunnel when a PPPoL2TP socket connects
 * with session ids 0 (the tunnel's management session); a second socket
 * then connects a session in it. getname() reports the tunnel's peer and
 * the owner's pid (masked), in the sockaddr of the tunnel's version and
 * address family.
 */
struct l2tp_case {
	const char *name;
	int domain, version;
	socklen_t len;
	struct mask pid;
};

/*
 * The four sockaddr_pppol2tp* differ in the layout of their pppol2tp
 * member (v2 or v3 ids, IPv4 or IPv6 addresses), not in its field names.
 */
#define PPPOL2TP_FILL(sp, _fd, tunnel, session)					\
	do {									\
		(sp)->sa_family = AF_PPPOX;					\
		(sp)->sa_protocol = PX_PROTO_OL2TP;				\
		(sp)->pppol2tp.fd = (_fd);					\
		(sp)->pppol2tp.s_tunnel = (tunnel);				\
		(sp)->pppol2tp.d_tunnel = (tunnel) + 1;				\
		(sp)->pppol2tp.s_session = (session);				\
		(sp)->pppol2tp.d_session = (session) ? (session) + 1 : 0;	\
	} while (0)

static void pppol2tp_fill(void *buf, const struct l2tp_case *c, int fd, int tunnel, int session)
{
	memset(buf, 0, SS_LEN);
	if (c->version == 2 && c->domain == AF_INET)
		PPPOL2TP_FILL((struct sockaddr_pppol2tp *)buf, fd, tunnel, session);
	else if (c->version == 2)
		PPPOL2TP_FILL((struct sockaddr_pppol2tpin6 *)buf, fd, tunnel, session);
	else if (c->domain == AF_INET)
		PPPOL2TP_FILL((struct sockaddr_pppol2tpv3 *)buf, fd, tunnel, session);
	else
		PPPOL2TP_FILL((struct sockaddr_pppol2tpv3in6 *)buf, fd, tunnel, session);
}

/* A UDP socket on the loopback address, connected to the next port. */
static int l2tp_udp(int domain, int port)
{
	struct sockaddr_storage a, b;
	socklen_t len;
	int fd = socket(domain, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (domain == AF_INET) {
		len = inet_addr_port(&a, "127.0.0.1", port);
		inet_addr_port(&b, "127.0.0.1", port + 1);
	} else {
		len = inet6_addr_port(&a, "::1", port, 0);
		inet6_addr_port(&b, "::1", port + 1, 0);
	}
	if (fd >= 0 && (bind(fd, (struct sockaddr *)&a, len) ||
			connect(fd, (struct sockaddr *)&b, len))) {
		close(fd);
		return -1;
	}
	return fd;
}

TEST(pppol2tp_tunnel)
{
	static const struct l2tp_case cases[] = {
		{ "pppol2tp_v2_inet", AF_INET, 2, sizeof(struct sockaddr_pppol2tp),
		  { offsetof(struct sockaddr_pppol2tp, pppol2tp.pid), 4 } },
		{ "pppol2tp_v2_inet6", AF_INET6, 2, sizeof(struct sockaddr_pppol2tpin6),
		  { offsetof(struct sockaddr_pppol2tpin6, pppol2tp.pid), 4 } },
		{ "pppol2tp_v3_inet", AF_INET, 3, sizeof(struct sockaddr_pppol2tpv3),
		  { offsetof(struct sockaddr_pppol2tpv3, pppol2tp.pid), 4 } },
		{ "pppol2tp_v3_inet6", AF_INET6, 3, sizeof(struct sockaddr_pppol2tpv3in6),
		  { offsetof(struct sockaddr_pppol2tpv3in6, pppol2tp.pid), 4 } },
	};
	unsigned char buf[SS_LEN];
	size_t i;
	int udp, tun, ses, ret;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct l2tp_case *c = &cases[i];
		int tid = 0x4d40 + 4 * i;

		tr_begin("%s", c->name);
		udp = l2tp_udp(c->domain, 42120 + 2 * i);
		ASSERT_LE(0, udp) TH_LOG("udp: %s", strerror(errno));
		tun = socket(AF_PPPOX, SOCK_DGRAM | SOCK_CLOEXEC, PX_PROTO_OL2TP);
		ses = socket(AF_PPPOX, SOCK_DGRAM | SOCK_CLOEXEC, PX_PROTO_OL2TP);
		ASSERT_LE(0, tun);
		ASSERT_LE(0, ses);
		names_of(_metadata, "getsockname unconnected", getsockname, tun, 0, c->pid);
		pppol2tp_fill(buf, c, udp, tid, 0);
		ret = connect(tun, (struct sockaddr *)buf, c->len - 1);
		tr_line("connect tunnel len=%u -> %s", c->len - 1, tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		ret = connect(tun, (struct sockaddr *)buf, c->len);
		tr_line("connect tunnel len=%u -> %s", c->len, tr_ret(ret, errno));
		ASSERT_EQ(0, ret) TH_LOG("%s", strerror(errno));
		names_of(_metadata, "getsockname tunnel", getsockname, tun, c->len, c->pid);
		names_of(_metadata, "getpeername tunnel", getpeername, tun, c->len, c->pid);
		pppol2tp_fill(buf, c, udp, tid, 0x10);
		ret = connect(ses, (struct sockaddr *)buf, c->len);
		tr_line("connect session len=%u -> %s", c->len, tr_ret(ret, errno));
		ASSERT_EQ(0, ret) TH_LOG("%s", strerror(errno));
		names_of(_metadata, "getsockname session", getsockname, ses, c->len, c->pid);
		close(ses);
		close(tun);
		close(udp);
	}
}

TEST_HARNESS_MAIN

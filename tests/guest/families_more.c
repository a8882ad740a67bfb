// SPDX-License-Identifier: GPL-2.0
/*
 * More address families for lib/family.h, the ones that run on a bare
 * guest with loopback or virtual devices: AF_VSOCK (loopback transport),
 * AF_CAN on a vcan device (raw, bcm, isotp, j1939), AF_TIPC, and the IP
 * protocols with their own bind/connect: SCTP, MPTCP, DCCP and L2TP/IP.
 *
 * Each family's ->bind, ->connect and ->getname are driven with the lengths
 * of the engine (bind at 0 .. INT_MAX, getsockname/getpeername into 0 .. 130
 * byte buffers, connect, accept and recvfrom into the same buffers), and
 * what comes back is written to the transcript that the host compares
 * between the baseline and the patched kernel. Where the engine does not
 * fit the family (TIPC binds with length 0, bcm only connects, isotp and
 * j1939 talk without connect, L2TP and SCTP one-to-many need a payload or
 * a listener) a TEST() below does the same with the family's own rules.
 * What holds on every kernel is asserted: the socket layer's length limits,
 * that a valid address binds, the length each ->getname reports and that
 * no byte past the caller's buffer is ever written.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdlib.h>
#include <linux/can.h>
#include <linux/can/bcm.h>
#include <linux/can/isotp.h>
#include <linux/can/j1939.h>
#include <linux/can/raw.h>
#include <linux/l2tp.h>
#include <linux/tipc.h>
#include <linux/vm_sockets.h>

#include "lib/family.h"
#include "lib/genl.h"
#include "lib/rtnl.h"

/* glibc's <netinet/in.h> hides the one in <linux/in.h> */
#ifndef IPPROTO_L2TP
#define IPPROTO_L2TP 115
#endif

/* Send one datagram from @cli and receive it on @srv into each buffer length. */
static void recv_lens(struct __test_metadata *_metadata, int srv, int cli, const void *to,
		      socklen_t tolen, const void *msg, size_t len, socklen_t exact,
		      struct mask m)
{
	unsigned char buf[SS_LEN + 8];
	char data[256];
	socklen_t n, got;
	size_t i;
	int ret;

	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : exact;
		ret = sendto(cli, msg, len, MSG_NOSIGNAL, to, tolen);
		ASSERT_EQ((int)len, ret) TH_LOG("send: %s", strerror(errno));
		ASSERT_EQ(0, wait_readable(srv));
		got = n;
		memset(buf, MARK, sizeof(buf));
		ret = recvfrom(srv, data, sizeof(data), 0, (struct sockaddr *)buf, &got);
		check_name(_metadata, "recvfrom", ret, errno, buf, n, got, exact, NULL, m);
		EXPECT_EQ((int)len, ret);
	}
}

/* --- AF_VSOCK ---------------------------------------------------------- */

/* The loopback transport: CID 1 (VMADDR_CID_LOCAL). */
static socklen_t vsock_addr(struct sockaddr_storage *ss, unsigned int port)
{
	struct sockaddr_vm *svm = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	svm->svm_family = AF_VSOCK;
	svm->svm_cid = VMADDR_CID_LOCAL;
	svm->svm_port = port;
	return sizeof(*svm);
}

static socklen_t vsock_stream(struct sockaddr_storage *ss, int n)
{
	return vsock_addr(ss, 0x6100 + n);
}

static socklen_t vsock_seqpacket(struct sockaddr_storage *ss, int n)
{
	return vsock_addr(ss, 0x6200 + n);
}

/* An autobound vsock peer differs in svm_port. */
#define VSOCK_PORT_MASK { 4, 4 }

FAMILY_PEER_ROW(vsock_stream, .domain = AF_VSOCK, .type = SOCK_STREAM,
	   .address = vsock_stream, .flags = F_STREAM, .peer_mask = VSOCK_PORT_MASK);
FAMILY_PEER_ROW(vsock_seqpacket, .domain = AF_VSOCK, .type = SOCK_SEQPACKET,
	   .address = vsock_seqpacket, .flags = F_STREAM, .peer_mask = VSOCK_PORT_MASK);

/* Datagrams need a transport with dgram support (VMCI); loopback has none. */
TEST(vsock_dgram)
{
	struct sockaddr_storage ss;
	int fd, err;

	tr_begin("vsock_dgram");
	fd = socket(AF_VSOCK, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	err = errno;
	tr_line("socket -> %s", tr_ret(fd < 0 ? -1 : 0, err));
	if (fd < 0) {
		/* vsock_assign_transport() finds no dgram transport */
		EXPECT_EQ(ENODEV, err);
		return;
	}
	bind_lens(_metadata, AF_VSOCK, SOCK_DGRAM, 0, &ss, vsock_addr(&ss, 0x6300),
		  (struct mask){});
	close(fd);
}

/* --- AF_CAN on vcan ---------------------------------------------------- */

#define VCAN "hmvcan0"

static int vcan_ifindex(void)
{
	return if_nametoindex(VCAN);
}

/* The vcan device, created by the first row that needs it, removed at exit. */
static int can_prepare(void)
{
	int ret = link_create("vcan", VCAN);

	if (ret && ret != -EEXIST)
		return ret;
	return link_flags(VCAN, IFF_UP, 0);
}

static socklen_t can_addr(struct sockaddr_storage *ss)
{
	struct sockaddr_can *can = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	can->can_family = AF_CAN;
	can->can_ifindex = vcan_ifindex();
	return sizeof(*can);
}

static socklen_t can_full(struct sockaddr_storage *ss, int n)
{
	return can_addr(ss);
}

/* The minimum the CAN protocols accept: family and ifindex. */
static socklen_t can_min(struct sockaddr_storage *ss, int n)
{
	can_addr(ss);
	return offsetof(struct sockaddr_can, can_addr);
}

static socklen_t can_isotp(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_can *can = (void *)ss;

	can_addr(ss);
	can->can_addr.tp.rx_id = 0x100 + 2 * n;
	can->can_addr.tp.tx_id = 0x101 + 2 * n;
	return sizeof(*can);
}

/* The shortest address isotp takes: up to the tx/rx ids; also its getname() length. */
#define ISOTP_NAMELEN (offsetof(struct sockaddr_can, can_addr) + \
		       sizeof(((struct sockaddr_can *)0)->can_addr.tp))

static socklen_t can_isotp_min(struct sockaddr_storage *ss, int n)
{
	can_isotp(ss, n);
	return ISOTP_NAMELEN;
}

/* A J1939 node without a NAME, at address 0x20 + n, receiving the PDU1 PGN 0x12300. */
static socklen_t can_j1939(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_can *can = (void *)ss;

	can_addr(ss);
	can->can_addr.j1939.name = J1939_NO_NAME;
	can->can_addr.j1939.addr = 0x20 + n;
	can->can_addr.j1939.pgn = 0x12300;
	return sizeof(*can);
}

/* can_ifindex depends on the devices created before. */
#define CAN_IFINDEX_MASK { 4, 4 }

FAMILY_ROW(can_raw, .domain = AF_CAN, .type = SOCK_RAW, .protocol = CAN_RAW,
	   .prepare = can_prepare, .address = can_full,
	   .name_len = offsetof(struct sockaddr_can, can_addr), .name_mask = CAN_IFINDEX_MASK);
FAMILY_ROW(can_raw_min, .domain = AF_CAN, .type = SOCK_RAW, .protocol = CAN_RAW,
	   .prepare = can_prepare, .address = can_min, .name_mask = CAN_IFINDEX_MASK);
/* bcm has connect() (to a device) but neither bind() nor getname() */
FAMILY_ROW(can_bcm, .domain = AF_CAN, .type = SOCK_DGRAM, .protocol = CAN_BCM,
	   .prepare = can_prepare, .address = can_full, .flags = F_NO_BIND);
FAMILY_ROW(can_isotp, .domain = AF_CAN, .type = SOCK_DGRAM, .protocol = CAN_ISOTP,
	   .prepare = can_prepare, .address = can_isotp, .name_len = ISOTP_NAMELEN,
	   .name_mask = CAN_IFINDEX_MASK);
FAMILY_ROW(can_isotp_min, .domain = AF_CAN, .type = SOCK_DGRAM, .protocol = CAN_ISOTP,
	   .prepare = can_prepare, .address = can_isotp_min, .name_mask = CAN_IFINDEX_MASK);
FAMILY_ROW(can_j1939, .domain = AF_CAN, .type = SOCK_DGRAM, .protocol = CAN_J1939,
	   .prepare = can_prepare, .address = can_j1939, .name_mask = CAN_IFINDEX_MASK);

static pid_t main_pid;

static void __attribute__((constructor)) remember_main(void)
{
	main_pid = getpid();
}

/* The test children _exit(); only the harness itself gets here. */
static void __attribute__((destructor)) remove_devices(void)
{
	if (getpid() == main_pid && vcan_ifindex())
		link_delete(VCAN);
}

/* bcm: connect() to the vcan device, then again (already bound). */
TEST(can_bcm_connect)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, ret;

	tr_begin("can_bcm_connect");
	ASSERT_EQ(0, can_prepare());
	len = can_addr(&ss);
	fd = socket(AF_CAN, SOCK_DGRAM | SOCK_CLOEXEC, CAN_BCM);
	ASSERT_LE(0, fd);
	ret = connect(fd, (struct sockaddr *)&ss, len);
	tr_line("connect len=%u -> %s", len, tr_ret(ret, errno));
	EXPECT_EQ(0, ret);
	ret = connect(fd, (struct sockaddr *)&ss, len);
	tr_line("connect again -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	names_of(_metadata, "getsockname connected", getsockname, fd, 0, (struct mask){});
	names_of(_metadata, "getpeername connected", getpeername, fd, 0, (struct mask){});
	close(fd);
	/* the shortest address bcm takes: family and ifindex */
	fd = socket(AF_CAN, SOCK_DGRAM | SOCK_CLOEXEC, CAN_BCM);
	ASSERT_LE(0, fd);
	ret = connect(fd, (struct sockaddr *)&ss, offsetof(struct sockaddr_can, can_addr));
	tr_line("connect len=%zu -> %s", offsetof(struct sockaddr_can, can_addr),
		tr_ret(ret, errno));
	EXPECT_EQ(0, ret);
	close(fd);
}

static int can_bound(int protocol, int n, socklen_t (*address)(struct sockaddr_storage *, int))
{
	struct sockaddr_storage ss;
	socklen_t len = address(&ss, n);
	int fd = socket(AF_CAN, (protocol == CAN_RAW ? SOCK_RAW : SOCK_DGRAM) | SOCK_CLOEXEC,
			protocol);

	if (fd >= 0 && bind(fd, (struct sockaddr *)&ss, len)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* raw: frames sent on vcan loop back to the other raw sockets on it. */
TEST(can_raw_recvfrom)
{
	struct can_frame cf = { .can_id = 0x123, .len = 1, .data = { 0x5a } };
	struct sockaddr_storage ss;
	socklen_t len;
	int a, b;

	tr_begin("can_raw_recvfrom");
	ASSERT_EQ(0, can_prepare());
	a = can_bound(CAN_RAW, 0, can_full);
	b = can_bound(CAN_RAW, 1, can_full);
	ASSERT_LE(0, a);
	ASSERT_LE(0, b);
	/* to the device named in the address (sendto), then by the binding */
	len = can_addr(&ss);
	recv_lens(_metadata, b, a, &ss, len, &cf, sizeof(cf),
		  offsetof(struct sockaddr_can, can_addr), (struct mask)CAN_IFINDEX_MASK);
	recv_lens(_metadata, b, a, NULL, 0, &cf, sizeof(cf),
		  offsetof(struct sockaddr_can, can_addr), (struct mask)CAN_IFINDEX_MASK);
	close(a);
	close(b);
}

/* isotp: a single frame from one end of a tx/rx pair to the other. */
static socklen_t can_isotp_peer(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_can *can = (void *)ss;

	can_addr(ss);
	can->can_addr.tp.rx_id = 0x101;
	can->can_addr.tp.tx_id = 0x100;
	return sizeof(*can);
}

TEST(can_isotp_recvfrom)
{
	int a, b;

	tr_begin("can_isotp_recvfrom");
	ASSERT_EQ(0, can_prepare());
	a = can_bound(CAN_ISOTP, 0, can_isotp);		/* rx 0x100, tx 0x101 */
	b = can_bound(CAN_ISOTP, 0, can_isotp_peer);	/* rx 0x101, tx 0x100 */
	ASSERT_LE(0, a);
	ASSERT_LE(0, b);
	recv_lens(_metadata, a, b, NULL, 0, "x", 1, ISOTP_NAMELEN,
		  (struct mask)CAN_IFINDEX_MASK);
	close(a);
	close(b);
}

/* j1939: from address 0x21 to 0x20, by sendto() and after connect(). */
TEST(can_j1939_peers)
{
	struct sockaddr_storage to;
	socklen_t len;
	int a, b;

	tr_begin("can_j1939_peers");
	ASSERT_EQ(0, can_prepare());
	a = can_bound(CAN_J1939, 0, can_j1939);
	b = can_bound(CAN_J1939, 1, can_j1939);
	ASSERT_LE(0, a) TH_LOG("bind: %s", strerror(errno));
	ASSERT_LE(0, b) TH_LOG("bind: %s", strerror(errno));
	len = can_j1939(&to, 0);
	recv_lens(_metadata, a, b, &to, len, "x", 1, len, (struct mask)CAN_IFINDEX_MASK);
	ASSERT_EQ(0, connect(b, (struct sockaddr *)&to, len)) TH_LOG("%s", strerror(errno));
	names_of(_metadata, "getpeername connected", getpeername, b, len,
		 (struct mask)CAN_IFINDEX_MASK);
	names_of(_metadata, "getsockname connected", getsockname, b, len,
		 (struct mask)CAN_IFINDEX_MASK);
	recv_lens(_metadata, a, b, NULL, 0, "x", 1, len, (struct mask)CAN_IFINDEX_MASK);
	close(a);
	close(b);
}

/* --- AF_TIPC ----------------------------------------------------------- */

/*
 * TIPC binds service addresses and names sockets by port id: getsockname()
 * and every peer name are TIPC_SOCKET_ADDR {ref = port id, node}. Port ids
 * are random. bind() with length 0 withdraws all bindings and succeeds, so
 * the engine's bind_lengths does not apply; these TESTs do its work.
 */
#define TIPC_REF_MASK { 4, 4 }
#define TIPC_TYPE 0x4d00	/* above TIPC_RESERVED_TYPES */

static socklen_t tipc_service(struct sockaddr_storage *ss, unsigned int instance)
{
	struct sockaddr_tipc *st = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	st->family = AF_TIPC;
	st->addrtype = TIPC_SERVICE_ADDR;
	st->scope = TIPC_CLUSTER_SCOPE;
	st->addr.name.name.type = TIPC_TYPE;
	st->addr.name.name.instance = instance;
	return sizeof(*st);
}

static const struct {
	const char *name;
	int type;
} tipc_types[] = {
	{ "stream", SOCK_STREAM }, { "seqpacket", SOCK_SEQPACKET },
	{ "rdm", SOCK_RDM }, { "dgram", SOCK_DGRAM },
};

TEST(tipc_bind_lengths)
{
	struct sockaddr_storage ss;
	socklen_t len;
	size_t t;
	int fd, ret;

	for (t = 0; t < sizeof(tipc_types) / sizeof(tipc_types[0]); t++) {
		tr_begin("tipc_%s", tipc_types[t].name);
		fd = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC, 0);
		if (fd < 0 && errno == EAFNOSUPPORT)
			SKIP(return, "no AF_TIPC");
		ASSERT_LE(0, fd);
		close(fd);
		len = tipc_service(&ss, 1 + t);
		bind_lens(_metadata, AF_TIPC, tipc_types[t].type, 0, &ss, len,
			  (struct mask)TIPC_REF_MASK);
		/* length 0 is TIPC's "withdraw every binding" */
		fd = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC, 0);
		ASSERT_LE(0, fd);
		ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, len));
		ret = bind(fd, (struct sockaddr *)&ss, 0);
		tr_line("bind len=0 after bind -> %s", tr_ret(ret, errno));
		EXPECT_EQ(0, ret);
		/* a socket address cannot be bound */
		((struct sockaddr_tipc *)&ss)->addrtype = TIPC_SOCKET_ADDR;
		ret = bind(fd, (struct sockaddr *)&ss, len);
		tr_line("bind TIPC_SOCKET_ADDR -> %s", tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		close(fd);
	}
}

TEST(tipc_names)
{
	struct sockaddr_storage ss;
	socklen_t len;
	size_t t;
	int fd;

	for (t = 0; t < sizeof(tipc_types) / sizeof(tipc_types[0]); t++) {
		tr_begin("tipc_%s", tipc_types[t].name);
		fd = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC, 0);
		if (fd < 0 && errno == EAFNOSUPPORT)
			SKIP(return, "no AF_TIPC");
		ASSERT_LE(0, fd);
		names_of(_metadata, "getsockname unbound", getsockname, fd,
			 sizeof(struct sockaddr_tipc), (struct mask)TIPC_REF_MASK);
		len = tipc_service(&ss, 1 + t);
		ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, len));
		names_of(_metadata, "getsockname", getsockname, fd,
			 sizeof(struct sockaddr_tipc), (struct mask)TIPC_REF_MASK);
		names_of(_metadata, "getpeername unconnected", getpeername, fd, 0,
			 (struct mask)TIPC_REF_MASK);
		close(fd);
	}
}

TEST(tipc_connect_lengths)
{
	const socklen_t L = sizeof(struct sockaddr_tipc);
	const socklen_t lens[] = { 0, 1, 2, L - 1, L, L + 1, 129, 1 << 20, (socklen_t)-1 };
	struct sockaddr_storage ss;
	size_t t, i;
	int fd, ret, err;

	for (t = 0; t < sizeof(tipc_types) / sizeof(tipc_types[0]); t++) {
		tr_begin("tipc_%s", tipc_types[t].name);
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			tipc_service(&ss, 0x100 + t);	/* nobody bound there */
			fd = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
			if (fd < 0 && errno == EAFNOSUPPORT)
				SKIP(return, "no AF_TIPC");
			ASSERT_LE(0, fd);
			ret = connect(fd, (struct sockaddr *)&ss, lens[i]);
			err = errno;
			tr_line("connect len=%d -> %s", (int)lens[i], tr_ret(ret, err));
			close(fd);
			/* beyond the socket layer's limits, tipc_connect() takes one length */
			if (lens[i] != L)
				EXPECT_EQ(EINVAL, ret ? err : 0);
		}
	}
}

TEST(tipc_peers)
{
	const socklen_t L = sizeof(struct sockaddr_tipc);
	const struct mask m = TIPC_REF_MASK;
	unsigned char buf[SS_LEN + 8];
	struct sockaddr_storage ss;
	socklen_t n, len, slen;
	size_t t, i;
	int srv, cli, acc;

	for (t = 0; t < sizeof(tipc_types) / sizeof(tipc_types[0]); t++) {
		int stream = tipc_types[t].type == SOCK_STREAM ||
			     tipc_types[t].type == SOCK_SEQPACKET;

		tr_begin("tipc_%s", tipc_types[t].name);
		srv = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC, 0);
		if (srv < 0 && errno == EAFNOSUPPORT)
			SKIP(return, "no AF_TIPC");
		ASSERT_LE(0, srv);
		slen = tipc_service(&ss, 0x200 + t);
		ASSERT_EQ(0, bind(srv, (struct sockaddr *)&ss, slen));
		if (!stream) {
			cli = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC, 0);
			ASSERT_LE(0, cli);
			recv_lens(_metadata, srv, cli, &ss, slen, "x", 1, L, m);
			/* connect() of a connectionless socket only sets the peer */
			ASSERT_EQ(0, connect(cli, (struct sockaddr *)&ss, slen));
			names_of(_metadata, "getpeername connected", getpeername, cli, 0, m);
			recv_lens(_metadata, srv, cli, NULL, 0, "x", 1, L, m);
			close(cli);
			close(srv);
			continue;
		}
		ASSERT_EQ(0, listen(srv, 8));
		for (i = 0; i < N_BUFLENS; i++) {
			struct pollfd p = { .events = POLLOUT };
			int ret, err;

			n = family_buflens[i] != EXACT ? family_buflens[i] : L;
			cli = socket(AF_TIPC, tipc_types[t].type | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
			ASSERT_LE(0, cli);
			/* the server's accept() answers the SYN: connect() first, non-blocking */
			ret = connect(cli, (struct sockaddr *)&ss, slen);
			err = errno;
			if (!i)
				tr_line("connect -> %s", tr_ret(ret, err));
			ASSERT_TRUE(!ret || err == EINPROGRESS) TH_LOG("%s", strerror(err));
			ASSERT_EQ(0, wait_readable(srv));
			len = n;
			memset(buf, MARK, sizeof(buf));
			acc = accept(srv, (struct sockaddr *)buf, &len);
			check_name(_metadata, "accept", acc, errno, buf, n, len, L, NULL, m);
			ASSERT_LE(0, acc);
			p.fd = cli;
			ASSERT_EQ(1, poll(&p, 1, 5000));
			if (!i) {
				names_of(_metadata, "getpeername client", getpeername, cli, L, m);
				names_of(_metadata, "getsockname client", getsockname, cli, L, m);
				names_of(_metadata, "getpeername accepted", getpeername, acc, L, m);
			}
			close(acc);
			close(cli);
		}
		close(srv);
	}
}

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
 * Tunnels made over generic netlink without a socket fd: the kernel makes
 * its own, with kernel_bind() and kernel_connect() of a sockaddr_l2tpip{,6}
 * (IP encapsulation) or a UDP address (udp_sock_create()). The kernel's
 * binding shows in that a user socket cannot take the same address.
 */
static int l2tp_tunnel_create(int family, int domain, int encap, unsigned int id, int port)
{
	struct in6_addr lo6 = IN6ADDR_LOOPBACK_INIT;
	unsigned int lo = htonl(INADDR_LOOPBACK), peer = id + 0x100;
	unsigned char version = 3;
	unsigned short type = encap, sport = port, dport = port + 1;
	struct genl_req req;

	genl_init(&req, family, L2TP_CMD_TUNNEL_CREATE, L2TP_GENL_VERSION);
	rtnl_add(NH(&req), L2TP_ATTR_CONN_ID, &id, 4);
	rtnl_add(NH(&req), L2TP_ATTR_PEER_CONN_ID, &peer, 4);
	rtnl_add(NH(&req), L2TP_ATTR_PROTO_VERSION, &version, 1);
	rtnl_add(NH(&req), L2TP_ATTR_ENCAP_TYPE, &type, 2);
	if (domain == AF_INET) {
		rtnl_add(NH(&req), L2TP_ATTR_IP_SADDR, &lo, 4);
		rtnl_add(NH(&req), L2TP_ATTR_IP_DADDR, &lo, 4);
	} else {
		rtnl_add(NH(&req), L2TP_ATTR_IP6_SADDR, &lo6, 16);
		rtnl_add(NH(&req), L2TP_ATTR_IP6_DADDR, &lo6, 16);
	}
	if (encap == L2TP_ENCAPTYPE_UDP) {
		rtnl_add(NH(&req), L2TP_ATTR_UDP_SPORT, &sport, 2);
		rtnl_add(NH(&req), L2TP_ATTR_UDP_DPORT, &dport, 2);
	}
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

static int l2tp_tunnel_delete(int family, unsigned int id)
{
	struct genl_req req;

	genl_init(&req, family, L2TP_CMD_TUNNEL_DELETE, L2TP_GENL_VERSION);
	rtnl_add(NH(&req), L2TP_ATTR_CONN_ID, &id, 4);
	return nl_talk(NETLINK_GENERIC, NH(&req), NULL, 0);
}

/* A user socket on the tunnel's local address: 0 or -1 with errno. */
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
		ret = l2tp_tunnel_create(family, cases[i].domain, cases[i].encap, id, port);
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

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * The address families that need no device and no IP route: each has a
 * loopback transport or a local node in the kernel. AF_VSOCK (vsock
 * loopback), AF_TIPC (the own node), RDS over its loopback transport,
 * AF_QIPCRTR on the local node (and a remote node behind /dev/qrtr-tun),
 * and the families with bind() but no peer name: AF_MCTP (bind only: no
 * route without an MCTP device), AF_ALG, AF_KEY and AF_KCM.
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
#include <linux/if_alg.h>
#include <linux/kcm.h>
#include <linux/mctp.h>
#include <linux/pfkeyv2.h>
#include <linux/qrtr.h>
#include <linux/tipc.h>
#include <linux/vm_sockets.h>

#include "lib/family.h"
#include "lib/rtnl.h"

/* A row whose family has bind() but no getname(): what the engine does, here. */
static void row_nameless(struct __test_metadata *_metadata, int domain, int type, int protocol,
			 socklen_t (*address)(struct sockaddr_storage *, int))
{
	struct sockaddr_storage ss;
	const socklen_t L = address(&ss, 0);
	const socklen_t lens[] = { 0, 1, 2, L - 1, L, 129, 1 << 20, (socklen_t)-1 };
	size_t i;
	int fd, ret, err;

	bind_lengths(_metadata, &(struct bind_case){ .domain = domain, .type = type,
						  .protocol = protocol, .addr = &ss, .len = L });
	fd = socket(domain, type | SOCK_CLOEXEC, protocol);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, L));
	names_of(_metadata, "getsockname", getsockname, fd, 0, (struct mask){});
	names_of(_metadata, "getpeername unconnected", getpeername, fd, 0, (struct mask){});
	close(fd);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		fd = socket(domain, type | SOCK_CLOEXEC | SOCK_NONBLOCK, protocol);
		ASSERT_LE(0, fd);
		ret = connect(fd, (struct sockaddr *)&ss, lens[i]);
		err = errno;
		tr_line("connect len=%d -> %s", (int)lens[i], tr_ret(ret, err));
		close(fd);
		if ((int)lens[i] < 0 || lens[i] > SS_LEN)
			EXPECT_EQ(EINVAL, ret ? err : 0);
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
	bind_lengths(_metadata, &(struct bind_case){ .domain = AF_VSOCK, .type = SOCK_DGRAM,
						  .addr = &ss, .len = vsock_addr(&ss, 0x6300) });
	close(fd);
}

/* --- AF_TIPC ----------------------------------------------------------- */

/*
 * TIPC binds service addresses and names sockets by port id: getsockname()
 * and every peer name are TIPC_SOCKET_ADDR {ref = port id, node}. Port ids
 * are random. bind() with length 0 withdraws all bindings and succeeds
 * (bind_lengths() with len0_unbinds), and a socket address cannot be
 * bound: these TESTs do the engine's work.
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
		bind_lengths(_metadata, &(struct bind_case){
			.domain = AF_TIPC, .type = tipc_types[t].type, .addr = &ss,
			.len = len, .mask = TIPC_REF_MASK, .len0_unbinds = true });
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

/* --- RDS over the loopback transport ----------------------------------- */

INET_LOOPBACK_ADDR(rds_inet, 42100)
INET6_LOOPBACK_ADDR(rds_inet6, 42110)

FAMILY_PEER_ROW(rds_inet, .domain = AF_RDS, .type = SOCK_SEQPACKET, .address = rds_inet,
	   .flags = F_DGRAM | F_CLIENT_BIND);
FAMILY_PEER_ROW(rds_inet6, .domain = AF_RDS, .type = SOCK_SEQPACKET, .address = rds_inet6,
	   .flags = F_DGRAM | F_CLIENT_BIND);

/* --- AF_QIPCRTR on the local node (1) ------------------------------------ */

static socklen_t qrtr_addr(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_qrtr *sq = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sq->sq_family = AF_QIPCRTR;
	sq->sq_node = 1;		/* qrtr_local_nid */
	sq->sq_port = 0x2100 + n;	/* below the ephemeral range: CAP_NET_ADMIN */
	return sizeof(*sq);
}

/* a client's port comes from the ephemeral range on connect() */
FAMILY_PEER_ROW(qrtr_dgram, .domain = AF_QIPCRTR, .type = SOCK_DGRAM, .address = qrtr_addr,
	   .flags = F_DGRAM, .peer_mask = { 8, 4 });

/*
 * A remote node behind /dev/qrtr-tun: datagrams written there (QRTR v1
 * packets from node 7, port 0x1234) reach the bound socket with the remote
 * name; datagrams sent to that name come out of the tun.
 */
struct qrtr_hdr_v1 {	/* net/qrtr/af_qrtr.c, not UAPI */
	uint32_t version, type, src_node_id, src_port_id, confirm_rx, size;
	uint32_t dst_node_id, dst_port_id;
};

#define QRTR_REMOTE_NODE 7
#define QRTR_REMOTE_PORT 0x1234

TEST(qrtr_tun)
{
	struct {
		struct qrtr_hdr_v1 h;
		char data[4];
	} pkt = { { 1, QRTR_TYPE_DATA, QRTR_REMOTE_NODE, QRTR_REMOTE_PORT, 0, 1, 1, 0x2200 },
		  "x" }, in;
	const socklen_t L = sizeof(struct sockaddr_qrtr);
	struct sockaddr_storage ss, remote;
	unsigned char buf[SS_LEN + 8];
	struct sockaddr_qrtr *sq;
	char data[16];
	socklen_t n, got;
	size_t i;
	int tun, srv, cli, ret, tries;

	tr_begin("qrtr_tun");
	tun = open("/dev/qrtr-tun", O_RDWR | O_CLOEXEC | O_NONBLOCK);
	ASSERT_LE(0, tun) TH_LOG("/dev/qrtr-tun: %s", strerror(errno));
	srv = socket(AF_QIPCRTR, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, srv);
	qrtr_addr(&ss, 0x100);	/* port 0x2200 */
	ASSERT_EQ(0, bind(srv, (struct sockaddr *)&ss, L));
	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : L;
		ASSERT_EQ((int)sizeof(pkt), write(tun, &pkt, sizeof(pkt)))
			TH_LOG("write: %s", strerror(errno));
		ASSERT_EQ(0, wait_readable(srv));
		got = n;
		memset(buf, MARK, sizeof(buf));
		ret = recvfrom(srv, data, sizeof(data), 0, (struct sockaddr *)buf, &got);
		check_name(_metadata, "recvfrom remote", ret, errno, buf, n, got, L, NULL,
			   (struct mask){});
		EXPECT_EQ(1, ret);
	}
	/* to the remote node: out through the tun, after the name service's packets */
	memset(&remote, 0, sizeof(remote));
	sq = (void *)&remote;
	sq->sq_family = AF_QIPCRTR;
	sq->sq_node = QRTR_REMOTE_NODE;
	sq->sq_port = QRTR_REMOTE_PORT;
	ret = sendto(srv, "y", 1, 0, (struct sockaddr *)&remote, L);
	tr_line("sendto remote -> %s", tr_ret(ret, errno));
	EXPECT_EQ(1, ret);
	for (tries = 0; tries < 50; tries++) {
		ret = read(tun, &in, sizeof(in));
		if (ret >= (int)sizeof(in.h) && in.h.type == QRTR_TYPE_DATA)
			break;
		if (ret < 0)
			usleep(10000);
	}
	ASSERT_EQ((int)sizeof(in), ret);
	tr_line("tun read -> %d src=%u:%x dst=%u:%x size=%u", ret, in.h.src_node_id,
		in.h.src_port_id, in.h.dst_node_id, in.h.dst_port_id, in.h.size);
	EXPECT_EQ(QRTR_TYPE_DATA, in.h.type);
	EXPECT_EQ(0x2200, in.h.src_port_id);
	/* a socket connected to the remote name */
	cli = socket(AF_QIPCRTR, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, connect(cli, (struct sockaddr *)&remote, L));
	names_of(_metadata, "getpeername remote", getpeername, cli, L, (struct mask){});
	close(cli);
	close(srv);
	close(tun);
}

/* --- AF_MCTP: bind only (no getname, and no route without an MCTP device) - */

static socklen_t mctp_type(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_mctp *sm = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sm->smctp_family = AF_MCTP;
	sm->smctp_network = MCTP_NET_ANY;
	sm->smctp_addr.s_addr = MCTP_ADDR_ANY;
	sm->smctp_type = 0x7e + n;	/* vendor defined (PCI) */
	return sizeof(*sm);
}

TEST(mctp_dgram)
{
	tr_begin("mctp_dgram");
	row_nameless(_metadata, AF_MCTP, SOCK_DGRAM, 0, mctp_type);
}

/* --- AF_ALG ----------------------------------------------------------- */

static socklen_t alg_sha256(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_alg *sa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sa->salg_family = AF_ALG;
	strcpy((char *)sa->salg_type, "hash");
	strcpy((char *)sa->salg_name, "sha256");
	return sizeof(*sa);
}

TEST(alg_hash)
{
	tr_begin("alg_hash");
	row_nameless(_metadata, AF_ALG, SOCK_SEQPACKET, 0, alg_sha256);
}

/*
 * A keyed hash before its key is set: accept() gives an operation socket
 * with the "nokey" proto_ops, whose sendmsg (address and all) is refused.
 */
TEST(alg_hmac_nokey)
{
	struct sockaddr_storage ss;
	socklen_t len = alg_sha256(&ss, 0);
	int fd, op, ret;

	strcpy((char *)((struct sockaddr_alg *)&ss)->salg_name, "hmac(sha256)");
	tr_begin("alg_hmac_nokey");
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, len)) TH_LOG("%s", strerror(errno));
	op = accept(fd, NULL, NULL);
	ASSERT_LE(0, op) TH_LOG("accept: %s", strerror(errno));
	ret = sendto(op, "x", 1, MSG_DONTWAIT, (struct sockaddr *)&ss, len);
	tr_line("sendto before setkey len=%u -> %s", len, tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	EXPECT_EQ(ENOKEY, errno);
	close(op);
	close(fd);
}

/*
 * accept() makes the operation socket; asking for its peer's name (which
 * AF_ALG does not have) fails the accept() with ECONNABORTED.
 */
TEST(alg_accept)
{
	unsigned char buf[SS_LEN + 8], digest[32];
	struct sockaddr_storage ss;
	socklen_t len = alg_sha256(&ss, 0), n;
	size_t i;
	int fd, op, ret;

	tr_begin("alg_hash");
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, len)) TH_LOG("%s", strerror(errno));
	/* the shortest name: the salg_type and salg_name headers and one byte */
	ret = bind(fd, (struct sockaddr *)&ss, offsetof(struct sockaddr_alg, salg_name) + 1);
	tr_line("bind again len=%zu -> %s", offsetof(struct sockaddr_alg, salg_name) + 1,
		tr_ret(ret, errno));
	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : len;
		memset(buf, MARK, sizeof(buf));
		op = accept(fd, (struct sockaddr *)buf, &n);
		check_name(_metadata, "accept", op, errno, buf,
			   family_buflens[i] != EXACT ? family_buflens[i] : len, n, 0, NULL,
			   (struct mask){});
		if (op >= 0)
			close(op);
	}
	op = accept(fd, NULL, NULL);
	tr_line("accept NULL -> %s", tr_ret(op < 0 ? -1 : 0, errno));
	ASSERT_LE(0, op);
	names_of(_metadata, "getsockname op", getsockname, op, 0, (struct mask){});
	names_of(_metadata, "getpeername op", getpeername, op, 0, (struct mask){});
	ret = send(op, "abc", 3, 0);
	EXPECT_EQ(3, ret);
	ret = read(op, digest, sizeof(digest));
	EXPECT_EQ(32, ret);
	/* SHA-256("abc") begins ba7816bf */
	EXPECT_EQ(0xba, digest[0]);
	close(op);
	close(fd);
}

/* --- AF_KEY, AF_KCM: no bind, connect or getname ------------------------ */

static socklen_t family_only(struct sockaddr_storage *ss, int family)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	return sizeof(struct sockaddr);
}

static socklen_t key_addr(struct sockaddr_storage *ss, int n)
{
	return family_only(ss, AF_KEY);
}

static socklen_t kcm_addr(struct sockaddr_storage *ss, int n)
{
	return family_only(ss, AF_KCM);
}

FAMILY_ROW(key_raw, .domain = AF_KEY, .type = SOCK_RAW, .protocol = PF_KEY_V2,
	   .address = key_addr, .flags = F_NO_BIND);
FAMILY_ROW(kcm_dgram, .domain = AF_KCM, .type = SOCK_DGRAM, .protocol = KCMPROTO_CONNECTED,
	   .address = kcm_addr, .flags = F_NO_BIND);
FAMILY_ROW(kcm_seqpacket, .domain = AF_KCM, .type = SOCK_SEQPACKET,
	   .protocol = KCMPROTO_CONNECTED, .address = kcm_addr, .flags = F_NO_BIND);

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * More address families for lib/family.h (the second half of
 * families_more.c): RDS over its loopback transport, AF_QIPCRTR on the
 * local node, AF_MCTP, AF_ALG, AF_KEY, AF_KCM, AF_XDP on lo, AF_IEEE802154
 * on a tun device of link type ARPHRD_IEEE802154, and AF_PPPOX: PPPoE on a
 * dummy device, PPTP over 127.0.0.1 and PPPoL2TP over a UDP tunnel socket.
 *
 * As in families.c, the rows go through the engine (bind at every length,
 * getsockname/getpeername into 0 .. 130 byte buffers, connect, accept and
 * recvfrom) and write what comes back to the transcript compared between
 * the baseline and the patched kernel; the TEST()s cover what the engine
 * cannot (accept() of AF_ALG, AF_XDP's umem, device-backed connects of
 * the PPP families). Asserted on every kernel: the socket layer's length
 * limits, that a valid address binds, the length each ->getname reports
 * and that nothing is written past the caller's buffer.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/if_alg.h>
#include <linux/if_arp.h>
#include <linux/if_pppol2tp.h>
#include <linux/if_pppox.h>
#include <linux/if_tun.h>
#include <linux/if_xdp.h>
#include <linux/kcm.h>
#include <linux/mctp.h>
#include <linux/pfkeyv2.h>
#include <linux/qrtr.h>

#include "lib/family.h"
#include "lib/rtnl.h"

#ifndef SOL_XDP
#define SOL_XDP 283
#endif

/* A row whose family has bind() but no getname(): what the engine does, here. */
static void row_nameless(struct __test_metadata *_metadata, int domain, int type, int protocol,
			 socklen_t (*address)(struct sockaddr_storage *, int))
{
	struct sockaddr_storage ss;
	const socklen_t L = address(&ss, 0);
	const socklen_t lens[] = { 0, 1, 2, L - 1, L, 129, 1 << 20, (socklen_t)-1 };
	size_t i;
	int fd, ret, err;

	bind_lens(_metadata, domain, type, protocol, &ss, L, (struct mask){});
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

/* --- AF_XDP on lo ------------------------------------------------------ */

#define XDP_FRAMES 16
#define XDP_FRAME 4096

static socklen_t xdp_addr(struct sockaddr_storage *ss, int ifindex)
{
	struct sockaddr_xdp *sx = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sx->sxdp_family = AF_XDP;
	sx->sxdp_flags = XDP_COPY;
	sx->sxdp_ifindex = ifindex;
	sx->sxdp_queue_id = 0;
	return sizeof(*sx);
}

/* A umem with fill and completion rings and an RX ring: what bind() needs. */
static int xdp_socket(void *umem)
{
	struct xdp_umem_reg reg = {
		.addr = (unsigned long)umem,
		.len = XDP_FRAMES * XDP_FRAME,
		.chunk_size = XDP_FRAME,
	};
	int fd = socket(AF_XDP, SOCK_RAW | SOCK_CLOEXEC, 0), size = XDP_FRAMES;

	if (fd < 0)
		return -1;
	if (setsockopt(fd, SOL_XDP, XDP_UMEM_REG, &reg, sizeof(reg)) ||
	    setsockopt(fd, SOL_XDP, XDP_UMEM_FILL_RING, &size, sizeof(size)) ||
	    setsockopt(fd, SOL_XDP, XDP_UMEM_COMPLETION_RING, &size, sizeof(size)) ||
	    setsockopt(fd, SOL_XDP, XDP_RX_RING, &size, sizeof(size))) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The previous socket's pool leaves the queue from a work item: EBUSY for a while. */
static int xdp_bind(int fd, const void *addr, socklen_t len)
{
	int ret, tries = 500;

	while ((ret = bind(fd, addr, len)) && errno == EBUSY && --tries)
		usleep(10000);
	return ret;
}

TEST(xdp)
{
	const socklen_t L = sizeof(struct sockaddr_xdp);
	const socklen_t lens[] = { 0, 1, 2, L - 1, L, L + 1, 128, 129, 130,
				   1 << 20, INT_MAX, (socklen_t)-1 };
	unsigned char buf[SS_LEN + 512];
	struct sockaddr_storage ss;
	void *umem;
	size_t i;
	int fd, ret, err;

	tr_begin("xdp_raw");
	fd = socket(AF_XDP, SOCK_RAW | SOCK_CLOEXEC, 0);
	if (fd < 0 && errno == EAFNOSUPPORT)
		SKIP(return, "no AF_XDP");
	ASSERT_LE(0, fd);
	/* without a umem and rings */
	ret = bind(fd, (struct sockaddr *)&ss, xdp_addr(&ss, 1));
	tr_line("bind without umem -> %s", tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	names_of(_metadata, "getsockname", getsockname, fd, 0, (struct mask){});
	names_of(_metadata, "getpeername", getpeername, fd, 0, (struct mask){});
	ret = connect(fd, (struct sockaddr *)&ss, L);
	tr_line("connect len=%u -> %s", L, tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	close(fd);

	umem = mmap(NULL, XDP_FRAMES * XDP_FRAME, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, umem);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		memset(buf, 0, sizeof(buf));
		xdp_addr((struct sockaddr_storage *)buf, 1);
		fd = xdp_socket(umem);
		ASSERT_LE(0, fd) TH_LOG("umem: %s", strerror(errno));
		ret = xdp_bind(fd, buf, lens[i]);
		err = errno;
		tr_line("bind len=%d -> %s", (int)lens[i], tr_ret(ret, err));
		if (!ret)
			names_of(_metadata, "getsockname bound", getsockname, fd, 0,
				 (struct mask){});
		close(fd);
		if ((int)lens[i] < 0 || lens[i] > SS_LEN)
			EXPECT_EQ(EINVAL, ret ? err : 0);
		if (lens[i] < L)
			EXPECT_EQ(EINVAL, ret ? err : 0);
		if (lens[i] == L)
			EXPECT_EQ(0, ret) TH_LOG("bind: %s", strerror(err));
	}
	/* wrong families */
	for (i = 0; i < 2; i++) {
		memset(buf, 0, sizeof(buf));
		xdp_addr((struct sockaddr_storage *)buf, 1);
		((struct sockaddr *)buf)->sa_family = i ? AF_INET : AF_UNSPEC;
		fd = xdp_socket(umem);
		ASSERT_LE(0, fd);
		ret = xdp_bind(fd, buf, L);
		tr_line("bind family=%d len=%u -> %s", ((struct sockaddr *)buf)->sa_family, L,
			tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		close(fd);
	}
	munmap(umem, XDP_FRAMES * XDP_FRAME);
}

/* --- AF_IEEE802154 on a tun device of link type ARPHRD_IEEE802154 ------- */

/*
 * Without mac802154 (and its hwsim driver) there is no wpan device, but
 * tun takes TUNSETLINK ARPHRD_IEEE802154 (user-space 802.15.4 stacks) and
 * then has an 8-byte, all-zero hardware address: a long (extended) address
 * of zero finds it. Only long addresses are used here: the short-address
 * lookup reads the wpan_dev that such a device does not have.
 */
#define WPAN "hmwpan0"

struct ieee802154_addr_sa {	/* include/net/af_ieee802154.h, not UAPI */
	int addr_type;
	uint16_t pan_id;
	union {
		uint8_t hwaddr[8];
		uint16_t short_addr;
	};
};

struct sockaddr_ieee802154 {
	sa_family_t family;
	struct ieee802154_addr_sa addr;
};

#define IEEE802154_ADDR_LONG 3

static int wpan_tun(void)
{
	struct ifreq ifr = { .ifr_flags = IFF_TUN | IFF_NO_PI };
	int fd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -1;
	strcpy(ifr.ifr_name, WPAN);
	if (ioctl(fd, TUNSETIFF, &ifr) || ioctl(fd, TUNSETLINK, ARPHRD_IEEE802154)) {
		close(fd);
		return -1;
	}
	return fd;
}

static socklen_t wpan_addr(struct sockaddr_storage *ss)
{
	struct sockaddr_ieee802154 *sa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sa->family = AF_IEEE802154;
	sa->addr.addr_type = IEEE802154_ADDR_LONG;
	sa->addr.pan_id = 0x1234;
	return sizeof(*sa);
}

TEST(ieee802154)
{
	static const struct {
		const char *name;
		int type;
	} types[] = { { "ieee802154_dgram", SOCK_DGRAM }, { "ieee802154_raw", SOCK_RAW } };
	const socklen_t L = sizeof(struct sockaddr_ieee802154);
	/* the minimum (8), what a long address needs (18), the struct (20) */
	const socklen_t lens[] = { 0, 1, 2, 7, 8, 17, 18, 19, L, L + 1, 128, 129,
				   1 << 20, (socklen_t)-1 };
	struct sockaddr_storage ss;
	size_t t, i;
	int tun, fd, ret, err;

	for (t = 0; t < 2; t++) {
		tr_begin("%s", types[t].name);
		fd = socket(AF_IEEE802154, types[t].type | SOCK_CLOEXEC, 0);
		if (fd < 0 && errno == EAFNOSUPPORT)
			SKIP(return, "no AF_IEEE802154");
		ASSERT_LE(0, fd);
		/* no device of the type yet */
		ret = bind(fd, (struct sockaddr *)&ss, wpan_addr(&ss));
		tr_line("bind without device -> %s", tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		close(fd);
		tun = wpan_tun();
		ASSERT_LE(0, tun) TH_LOG("tun: %s", strerror(errno));
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			fd = socket(AF_IEEE802154, types[t].type | SOCK_CLOEXEC, 0);
			ASSERT_LE(0, fd);
			wpan_addr(&ss);
			ret = bind(fd, (struct sockaddr *)&ss, lens[i]);
			err = errno;
			tr_line("bind len=%d -> %s", (int)lens[i], tr_ret(ret, err));
			if (!ret && lens[i] == L) {
				names_of(_metadata, "getsockname", getsockname, fd, 0,
					 (struct mask){});
				names_of(_metadata, "getpeername", getpeername, fd, 0,
					 (struct mask){});
			}
			close(fd);
			if ((int)lens[i] < 0 || lens[i] > SS_LEN)
				EXPECT_EQ(EINVAL, ret ? err : 0);
			if (lens[i] == L)
				EXPECT_EQ(0, ret) TH_LOG("bind: %s", strerror(err));
		}
		/* connect: dgram records the destination, raw has none */
		fd = socket(AF_IEEE802154, types[t].type | SOCK_CLOEXEC, 0);
		ASSERT_LE(0, fd);
		ret = connect(fd, (struct sockaddr *)&ss, L);
		/* raw_connect() returns the kernel-internal ENOTSUPP (524): print the number */
		tr_line("connect len=%u -> %s (%d)", L, tr_ret(ret, errno), ret ? errno : 0);
		ret = connect(fd, (struct sockaddr *)&ss, 129);
		tr_line("connect len=129 -> %s", tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		close(fd);
		close(tun);	/* not persistent: the device goes with the fd */
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
	ret = connect(fd, (struct sockaddr *)&ss, L + 1);
	tr_line("connect len=%u -> %s", L + 1, tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	ret = connect(fd, (struct sockaddr *)&ss, L);
	tr_line("connect len=%u -> %s", L, tr_ret(ret, errno));
	EXPECT_EQ(0, ret);
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
	ret = connect(fd, (struct sockaddr *)&ss, pptp_addr(&ss, 0x4d21) - 1);
	tr_line("connect len=%u -> %s", L - 1, tr_ret(ret, errno));
	EXPECT_EQ(-1, ret);
	ret = connect(fd, (struct sockaddr *)&ss, L);
	tr_line("connect len=%u -> %s", L, tr_ret(ret, errno));
	EXPECT_EQ(0, ret);
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

// SPDX-License-Identifier: GPL-2.0
/*
 * The address families that name a network device of their own link type,
 * which the test makes: AF_CAN on a vcan device (raw, bcm, isotp, j1939),
 * AF_IEEE802154 on a tun device of link type ARPHRD_IEEE802154, and AF_XDP
 * on a queue of lo (with a umem).
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
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/can.h>
#include <linux/can/bcm.h>
#include <linux/can/isotp.h>
#include <linux/can/j1939.h>
#include <linux/can/raw.h>
#include <linux/if_arp.h>
#include <linux/if_tun.h>
#include <linux/if_xdp.h>

/* No row here has peers of its own: the CAN TEST()s are their peers. */
#define FAMILY_NO_PEERS

#include "lib/family.h"
#include "lib/rtnl.h"

#ifndef SOL_XDP
#define SOL_XDP 283
#endif

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

typedef socklen_t (*can_address)(struct sockaddr_storage *, int);

/*
 * Two sockets of @protocol on the vcan device: @fd[0] bound to address
 * @n0 of @a0, @fd[1] to address @n1 of @a1.
 */
static void can_two(struct __test_metadata *_metadata, int protocol, int fd[2],
		    can_address a0, int n0, can_address a1, int n1)
{
	ASSERT_EQ(0, can_prepare());
	fd[0] = can_bound(protocol, n0, a0);
	fd[1] = can_bound(protocol, n1, a1);
	ASSERT_LE(0, fd[0]) TH_LOG("bind: %s", strerror(errno));
	ASSERT_LE(0, fd[1]) TH_LOG("bind: %s", strerror(errno));
}

/* raw: frames sent on vcan loop back to the other raw sockets on it. */
TEST(can_raw_recvfrom)
{
	struct can_frame cf = { .can_id = 0x123, .len = 1, .data = { 0x5a } };
	struct sockaddr_storage ss;
	socklen_t len;
	int fd[2];

	tr_begin("can_raw_recvfrom");
	can_two(_metadata, CAN_RAW, fd, can_full, 0, can_full, 1);
	/* to the device named in the address (sendto), then by the binding */
	len = can_addr(&ss);
	recv_lens(_metadata, fd[1], fd[0], &ss, len, &cf, sizeof(cf),
		  offsetof(struct sockaddr_can, can_addr), (struct mask)CAN_IFINDEX_MASK);
	recv_lens(_metadata, fd[1], fd[0], NULL, 0, &cf, sizeof(cf),
		  offsetof(struct sockaddr_can, can_addr), (struct mask)CAN_IFINDEX_MASK);
	close(fd[0]);
	close(fd[1]);
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
	int fd[2];

	tr_begin("can_isotp_recvfrom");
	/* rx 0x100, tx 0x101 and rx 0x101, tx 0x100 */
	can_two(_metadata, CAN_ISOTP, fd, can_isotp, 0, can_isotp_peer, 0);
	recv_lens(_metadata, fd[0], fd[1], NULL, 0, "x", 1, ISOTP_NAMELEN,
		  (struct mask)CAN_IFINDEX_MASK);
	close(fd[0]);
	close(fd[1]);
}

/* j1939: from address 0x21 to 0x20, by sendto() and after connect(). */
TEST(can_j1939_peers)
{
	struct sockaddr_storage to;
	socklen_t len;
	int fd[2], a, b;

	tr_begin("can_j1939_peers");
	can_two(_metadata, CAN_J1939, fd, can_j1939, 0, can_j1939, 1);
	a = fd[0];
	b = fd[1];
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

/* --- AF_IEEE802154 on a tun device of link type ARPHRD_IEEE802154 ------- */

/*
 * No wpan device exists while the tests run (the guest's /init deletes
 * the radios mac802154_hwsim makes at boot), but tun takes TUNSETLINK ARPHRD_IEEE802154 (user-space 802.15.4 stacks) and
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

#define IEEE802154_ADDR_NONE 0
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

/*
 * An address of type IEEE802154_ADDR_NONE (the zero of memset()) that is
 * only as long as ieee802154_sockaddr_check_size() wants for that type
 * (IEEE802154_MIN_NAMELEN, 8 bytes: the family, its padding and
 * addr_type) or one byte longer: there is no PAN ID in it, at bytes 8-9.
 * A kernel without "ieee802154: do not read the PAN ID of an address
 * without one" reads it anyway in raw_bind(), dgram_bind(),
 * dgram_connect() and dgram_sendmsg(); the value is never used for such
 * an address, so the results are the same on every kernel, and the
 * redzone option reports the reads (tests/expect/none.console).
 */
static void ieee802154_none(struct __test_metadata *_metadata, int type, int tun_up)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, ret;

	for (len = 8; len <= 9; len++) {
		memset(&ss, 0, sizeof(ss));
		ss.ss_family = AF_IEEE802154;
		fd = socket(AF_IEEE802154, type | SOCK_CLOEXEC, 0);
		ASSERT_LE(0, fd);
		if (!tun_up) {
			/* unbound: the name is read before the device lookup */
			ret = type == SOCK_DGRAM ?
			      sendto(fd, "x", 1, 0, (struct sockaddr *)&ss, len) : 0;
			if (type == SOCK_DGRAM) {
				tr_line("sendto none len=%u -> %s", len, tr_ret(ret, errno));
				EXPECT_EQ(-1, ret);
			}
			ret = bind(fd, (struct sockaddr *)&ss, len);
			tr_line("bind none len=%u -> %s", len, tr_ret(ret, errno));
			EXPECT_EQ(-1, ret);
		} else if (type == SOCK_DGRAM) {
			/* dgram_connect() wants a bound socket */
			ASSERT_EQ(0, bind(fd, (struct sockaddr *)&ss, wpan_addr(&ss)));
			memset(&ss, 0, sizeof(ss));
			ss.ss_family = AF_IEEE802154;
			ret = connect(fd, (struct sockaddr *)&ss, len);
			tr_line("connect none len=%u -> %s", len, tr_ret(ret, errno));
			EXPECT_EQ(0, ret) TH_LOG("connect: %s", strerror(errno));
		}
		close(fd);
	}
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
		ieee802154_none(_metadata, types[t].type, 0);
		tun = wpan_tun();
		ASSERT_LE(0, tun) TH_LOG("tun: %s", strerror(errno));
		ieee802154_none(_metadata, types[t].type, 1);
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
	ASSERT_TRUE(umem != MAP_FAILED);
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

TEST_HARNESS_MAIN

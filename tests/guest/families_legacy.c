// SPDX-License-Identifier: GPL-2.0
/*
 * The old link-layer address families of the test config through the
 * per-family engine (lib/family.h): AX.25, NET/ROM, ROSE, X.25, AppleTalk,
 * LLC and Phonet. Each needs a device with an address of its own kind, so
 * every row shares one prepare step that builds, once per boot, in init_net
 * (where AX.25, bpqether and lapbether live):
 *
 *   hlegva <-> hlegvb   a veth pair with fixed MACs (LLC, Phonet address 0x40)
 *   hlegaxa, hlegaxb    the bpqether devices bpqether makes on top of them,
 *                       renamed, with the callsigns HLEGA and HLEGB (T1 of
 *                       hlegaxa 300 ms, see legacy_prepare())
 *   hlegx25a, hlegx25b  the lapbether devices on top of them, renamed; an
 *                       X.25 route 4711 -> hlegx25a
 *   nr0, rose0          callsign HLEGN, ROSE address 2624500001, up
 *   lo                  AppleTalk address 19527.18, "routerless" (the default route)
 *
 * The rows prove that bind, connect, getsockname, getpeername, accept and
 * recvfrom carry these addresses between user space and the families'
 * ->bind, ->connect and ->getname unchanged, at every length; where a
 * family cannot run the engine's peers case (no connect for datagrams, a
 * pipe that only accept() completes, the AX.25 datagram match on both
 * ends) the tests of the "legacy" fixture below do it by hand. The last
 * case deletes the devices again.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>	/* before any <linux/if.h> */
#include <linux/atalk.h>
#include <linux/ax25.h>
#include <net/if_arp.h>
#include <linux/llc.h>
#include <linux/netrom.h>
#include <linux/phonet.h>
#include <linux/rose.h>
#include <linux/x25.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#include "lib/family.h"
#include "lib/rtnl.h"

/* sockaddr_llc and sockaddr_pn use these families; older libcs lack them */
#ifndef AF_LLC
#define AF_LLC 26
#endif
#ifndef AF_PHONET
#define AF_PHONET 35
#endif
#ifndef PN_PROTO_PIPE
#define PN_PROTO_PIPE 1
#endif

#define VETH_A		"hlegva"
#define VETH_B		"hlegvb"
#define BPQ_A		"hlegaxa"
#define BPQ_B		"hlegaxb"
#define LAPB_A		"hlegx25a"
#define LAPB_B		"hlegx25b"

static const unsigned char mac_a[6] = { 0x02, 0x4c, 0x45, 0x47, 0x00, 0x0a };
static const unsigned char mac_b[6] = { 0x02, 0x4c, 0x45, 0x47, 0x00, 0x0b };
static const unsigned char rose_addr[5] = { 0x26, 0x24, 0x50, 0x00, 0x01 };
#define AT_NET		0x4c47	/* 19527 */
#define AT_NODE		0x12
#define PN_ADDR		0x40
#define AX25_ADDR_LEN	7
#define X25_ROUTE	"4711"

/* "HLEGA" with SSID 0 -> the shifted AX.25 form */
static ax25_address callsign(const char *call, int ssid)
{
	int i, len = strlen(call);
	ax25_address a;

	for (i = 0; i < 6; i++)
		a.ax25_call[i] = (i < len ? call[i] : ' ') << 1;
	a.ax25_call[6] = 0x60 | ((ssid & 0x0f) << 1);
	return a;
}

/* --- device set-up --------------------------------------------------- */

static int dev_type(const char *name)
{
	char path[128], buf[16] = "";
	int fd, n;

	snprintf(path, sizeof(path), "/sys/class/net/%s/type", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? atoi(buf) : -1;
}

#define MAX_IFINDEX 65536

/* A bitmap of the ifindexes whose device is of @type. */
static void devs_of_type(int type, unsigned char *map)
{
	struct if_nameindex *ni = if_nameindex(), *p;

	memset(map, 0, MAX_IFINDEX / 8);
	for (p = ni; p && p->if_index; p++)
		if (p->if_index < MAX_IFINDEX && dev_type(p->if_name) == type)
			map[p->if_index / 8] |= 1 << (p->if_index % 8);
	if (ni)
		if_freenameindex(ni);
}

/* The one device of @type that is not in @before; renamed to @name. */
static int rename_new(int type, const unsigned char *before, const char *name)
{
	static unsigned char now[MAX_IFINDEX / 8];
	struct ifreq ifr = { 0 };
	unsigned int i;
	int fd, ret;

	devs_of_type(type, now);
	for (i = 1; i < MAX_IFINDEX; i++)
		if ((now[i / 8] & ~before[i / 8]) & (1 << (i % 8)))
			break;
	if (i == MAX_IFINDEX || !if_indextoname(i, ifr.ifr_name))
		return -ENODEV;
	strncpy(ifr.ifr_newname, name, IFNAMSIZ - 1);
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	ret = ioctl(fd, SIOCSIFNAME, &ifr) ? -errno : 0;
	close(fd);
	return ret;
}

static int set_hwaddr(const char *name, int type, const void *addr, int len)
{
	struct ifreq ifr = { 0 };

	ifr.ifr_hwaddr.sa_family = type;
	memcpy(ifr.ifr_hwaddr.sa_data, addr, len);
	return ifreq_ioctl(name, SIOCSIFHWADDR, &ifr);
}

static int is_up(const char *name)
{
	struct ifreq ifr = { 0 };

	return !ifreq_ioctl(name, SIOCGIFFLAGS, &ifr) && (ifr.ifr_flags & IFF_UP);
}

/* Give @name the hardware address @addr (when it differs) and bring it up. */
static int hwaddr_up(const char *name, int type, const void *addr, int len)
{
	struct ifreq ifr = { 0 };
	int ret;

	ret = ifreq_ioctl(name, SIOCGIFHWADDR, &ifr);
	if (ret)
		return ret;
	if (memcmp(ifr.ifr_hwaddr.sa_data, addr, len)) {
		ret = set_hwaddr(name, type, addr, len);
		if (ret)
			return ret;
	}
	return is_up(name) ? 0 : link_flags(name, IFF_UP, 0);
}

/*
 * Bring the ethernet device @eth up: bpqether and lapbether each make a
 * device on top of it (named bpqN, lapbN), which get our names.
 */
static int eth_up(const char *eth, const char *bpq, const char *lapb)
{
	static unsigned char ax[MAX_IFINDEX / 8], x25[MAX_IFINDEX / 8];
	int ret;

	if (if_nametoindex(bpq) && if_nametoindex(lapb))
		return 0;
	if (is_up(eth))
		return -EEXIST;	/* a half-made earlier attempt */
	devs_of_type(ARPHRD_AX25, ax);
	devs_of_type(ARPHRD_X25, x25);
	ret = link_flags(eth, IFF_UP, 0);
	if (!ret)
		ret = rename_new(ARPHRD_AX25, ax, bpq);
	if (!ret)
		ret = rename_new(ARPHRD_X25, x25, lapb);
	return ret;
}

static int atalk_lo(void)
{
	struct ifreq ifr = { 0 };
	struct sockaddr_at *sat = (void *)&ifr.ifr_addr;
	struct atalk_netrange *nr = (void *)sat->sat_zero;
	int fd, ret = 0;

	fd = socket(AF_APPLETALK, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	strcpy(ifr.ifr_name, "lo");
	if (!ioctl(fd, SIOCGIFADDR, &ifr) && sat->sat_addr.s_net == htons(AT_NET) &&
	    sat->sat_addr.s_node == AT_NODE)
		goto out;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	sat->sat_family = AF_APPLETALK;
	sat->sat_addr.s_net = htons(AT_NET);
	sat->sat_addr.s_node = AT_NODE;
	/* the "routerless" range 0-0xfffe: lo becomes the default route */
	nr->nr_phase = 2;
	nr->nr_firstnet = htons(0);
	nr->nr_lastnet = htons(0xfffe);
	if (ioctl(fd, SIOCSIFADDR, &ifr))
		ret = -errno;
out:
	close(fd);
	return ret;
}

/* RTM_NEWADDR / RTM_DELADDR of Phonet address @addr on @ifindex. */
static int phonet_addr(int type, int ifindex, unsigned char addr)
{
	struct {
		struct nlmsghdr nh;
		struct ifaddrmsg ifa;
		char attrs[64];
	} req = {
		.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifaddrmsg)),
		.nh.nlmsg_type = type,
		.nh.nlmsg_flags = NLM_F_REQUEST | (type == RTM_NEWADDR ? NLM_F_CREATE : 0),
		.ifa.ifa_family = AF_PHONET,
		.ifa.ifa_index = ifindex,
	};

	rtnl_add(&req.nh, IFA_LOCAL, &addr, 1);
	return rtnl_talk(&req.nh, NULL, 0);
}

static int x25_route(unsigned long cmd)
{
	struct x25_route_struct rt = { 0 };
	int fd, ret = 0;

	fd = socket(AF_X25, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	strcpy(rt.address.x25_addr, X25_ROUTE);
	rt.sigdigits = strlen(X25_ROUTE);
	strcpy(rt.device, LAPB_A);
	if (ioctl(fd, cmd, &rt))
		ret = -errno;
	close(fd);
	return ret;
}

/* Is 4711 routed to hlegx25a? (adding it again is -EINVAL, not -EEXIST) */
static int x25_routed(void)
{
	char line[256], addr[32], dev[32];
	FILE *f = fopen("/proc/net/x25/route", "r");
	int found = 0;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%31s %*d %31s", addr, dev) == 2 &&
		    !strncmp(addr, X25_ROUTE, strlen(X25_ROUTE)) && !strcmp(dev, LAPB_A))
			found = 1;
	if (f)
		fclose(f);
	return found;
}

/*
 * Build (or find) everything the rows need; each step is skipped when its
 * result is there already. Returns 0 or -errno.
 */
static int legacy_prepare(void)
{
	ax25_address a = callsign("HLEGA", 0), b = callsign("HLEGB", 0);
	ax25_address n = callsign("HLEGN", 0);
	const char *step = "veth";
	int ret = 0;

#define STEP(name, expr) do { if (!ret) { step = name; ret = (expr); } } while (0)
	if (!if_nametoindex(VETH_A)) {
		STEP("veth", veth_create(VETH_A, VETH_B));
		STEP("veth mac", link_set_bytes(if_nametoindex(VETH_A), IFLA_ADDRESS, mac_a, 6));
		STEP("veth mac", link_set_bytes(if_nametoindex(VETH_B), IFLA_ADDRESS, mac_b, 6));
	}
	STEP(VETH_A " up", eth_up(VETH_A, BPQ_A, LAPB_A));
	STEP(VETH_B " up", eth_up(VETH_B, BPQ_B, LAPB_B));
	STEP(BPQ_A, hwaddr_up(BPQ_A, ARPHRD_AX25, &a, AX25_ADDR_LEN));
	STEP(BPQ_B, hwaddr_up(BPQ_B, ARPHRD_AX25, &b, AX25_ADDR_LEN));
	/*
	 * ax25_connect() sends the SABM before it puts the connection in
	 * state 1: across the veth pair the UA comes back within that call
	 * and is dropped, so connections are made by the SABM that T1 sends
	 * again. 300 ms instead of 10 s.
	 */
	STEP("t1", write_file("/proc/sys/net/ax25/" BPQ_A "/t1_timeout", "300"));
	STEP(LAPB_A, is_up(LAPB_A) ? 0 : link_flags(LAPB_A, IFF_UP, 0));
	STEP(LAPB_B, is_up(LAPB_B) ? 0 : link_flags(LAPB_B, IFF_UP, 0));
	STEP("x25 route", x25_routed() ? 0 : x25_route(SIOCADDRT));
	STEP("nr0", hwaddr_up("nr0", ARPHRD_NETROM, &n, AX25_ADDR_LEN));
	STEP("rose0", hwaddr_up("rose0", ARPHRD_ROSE, rose_addr, sizeof(rose_addr)));
	STEP("appletalk lo", atalk_lo());
	STEP("phonet address", phonet_addr(RTM_NEWADDR, if_nametoindex(VETH_A), PN_ADDR));
	if (ret == -EEXIST && !strcmp(step, "phonet address"))
		ret = 0;
#undef STEP
	if (ret)
		fprintf(stderr, "# legacy_prepare: %s: %s\n", step, strerror(-ret));
	return ret;
}

/* --- AF_AX25 ---------------------------------------------------------- */

/* sockaddr_ax25 alone: the callsign of hlegaxa picks the device. */
static socklen_t ax25_short(struct sockaddr_storage *ss, int n)
{
	struct full_sockaddr_ax25 *fsa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	fsa->fsa_ax25.sax25_family = AF_AX25;
	fsa->fsa_ax25.sax25_call = callsign("HLEGA", 0);
	return sizeof(struct sockaddr_ax25);
}

/* The full form with no digipeater. */
static socklen_t ax25_full(struct sockaddr_storage *ss, int n)
{
	ax25_short(ss, n);
	return sizeof(struct full_sockaddr_ax25);
}

/* Any callsign, with the device named by its callsign as the one digipeater. */
static socklen_t ax25_digi(struct sockaddr_storage *ss, int n)
{
	struct full_sockaddr_ax25 *fsa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	fsa->fsa_ax25.sax25_family = AF_AX25;
	fsa->fsa_ax25.sax25_call = callsign("HLEGU", 1 + n);
	fsa->fsa_ax25.sax25_ndigis = 1;
	fsa->fsa_digipeater[0] = callsign("HLEGA", 0);
	return sizeof(struct full_sockaddr_ax25);
}

/* getsockname() always gives the full form: call, ndigis 1, the device. */
#define AX25_NAME sizeof(struct full_sockaddr_ax25)

FAMILY_ROW(ax25_dgram, .domain = AF_AX25, .type = SOCK_DGRAM, .prepare = legacy_prepare,
	   .address = ax25_short, .name_len = AX25_NAME);
FAMILY_ROW(ax25_dgram_full, .domain = AF_AX25, .type = SOCK_DGRAM, .prepare = legacy_prepare,
	   .address = ax25_full, .name_len = AX25_NAME);
FAMILY_ROW(ax25_dgram_digi, .domain = AF_AX25, .type = SOCK_DGRAM, .prepare = legacy_prepare,
	   .address = ax25_digi, .name_len = AX25_NAME);
FAMILY_ROW(ax25_seqpacket, .domain = AF_AX25, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = ax25_short, .name_len = AX25_NAME);
FAMILY_ROW(ax25_seqpacket_digi, .domain = AF_AX25, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = ax25_digi, .name_len = AX25_NAME);

/* --- AF_NETROM -------------------------------------------------------- */

/* The callsign of nr0; getsockname() gives it back as a sockaddr_ax25. */
static socklen_t netrom_short(struct sockaddr_storage *ss, int n)
{
	struct full_sockaddr_ax25 *fsa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	fsa->fsa_ax25.sax25_family = AF_NETROM;
	fsa->fsa_ax25.sax25_call = callsign("HLEGN", 0);
	return sizeof(struct sockaddr_ax25);
}

/* ndigis 1: the digipeater field is the user callsign. */
static socklen_t netrom_user(struct sockaddr_storage *ss, int n)
{
	struct full_sockaddr_ax25 *fsa = (void *)ss;

	netrom_short(ss, n);
	fsa->fsa_ax25.sax25_ndigis = 1;
	fsa->fsa_digipeater[0] = callsign("HLEGU", 1 + n);
	return sizeof(struct full_sockaddr_ax25);
}

/* Connections: legacy.netrom_peers below. */
FAMILY_ROW(netrom_seqpacket, .domain = AF_NETROM, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = netrom_short);
FAMILY_ROW(netrom_seqpacket_user, .domain = AF_NETROM, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = netrom_user,
	   .name_len = sizeof(struct sockaddr_ax25));

/* --- AF_ROSE ---------------------------------------------------------- */

static socklen_t rose_short(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_rose *srose = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	srose->srose_family = AF_ROSE;
	memcpy(&srose->srose_addr, rose_addr, sizeof(rose_addr));
	srose->srose_call = callsign("HLEGR", n);
	return sizeof(*srose);
}

/* The full form with one digipeater. */
static socklen_t rose_full(struct sockaddr_storage *ss, int n)
{
	struct full_sockaddr_rose *srose = (void *)ss;

	rose_short(ss, n);
	srose->srose_ndigis = 1;
	srose->srose_digis[0] = callsign("HLEGD", n);
	return sizeof(*srose);
}

/* ROSE loops calls to the address of rose0 back. */
FAMILY_PEER_ROW(rose_seqpacket, .domain = AF_ROSE, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = rose_short,
	   .name_len = sizeof(struct full_sockaddr_rose), .flags = F_STREAM | F_CLIENT_BIND);
/* (a call with digipeaters gets no answer over the loopback: no peers) */
FAMILY_ROW(rose_seqpacket_full, .domain = AF_ROSE, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = rose_full,
	   .name_len = sizeof(struct full_sockaddr_rose));

/* --- AF_X25 ----------------------------------------------------------- */

/* 4711 is routed to hlegx25a, whose veth peer hlegx25b takes the call. */
static socklen_t x25_addr(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_x25 *sx25 = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sx25->sx25_family = AF_X25;
	strcpy(sx25->sx25_addr.x25_addr, n ? "4712" : X25_ROUTE);
	return sizeof(*sx25);
}

FAMILY_PEER_ROW(x25_seqpacket, .domain = AF_X25, .type = SOCK_SEQPACKET,
	   .prepare = legacy_prepare, .address = x25_addr, .flags = F_STREAM | F_CLIENT_BIND);

/* --- AF_APPLETALK ----------------------------------------------------- */

static socklen_t atalk_addr(struct sockaddr_storage *ss, int net, int node, int port)
{
	struct sockaddr_at *sat = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sat->sat_family = AF_APPLETALK;
	sat->sat_port = port;
	sat->sat_addr.s_net = htons(net);
	sat->sat_addr.s_node = node;
	return sizeof(*sat);
}

static socklen_t atalk_lo_addr(struct sockaddr_storage *ss, int n)
{
	return atalk_addr(ss, AT_NET, AT_NODE, 0x40 + n);
}

/* ATADDR_ANYNET: the primary interface's address comes back. */
static socklen_t atalk_anynet(struct sockaddr_storage *ss, int n)
{
	return atalk_addr(ss, ATADDR_ANYNET, ATADDR_ANYNODE, 0x50 + n);
}

/* ATADDR_ANYNODE in our net. */
static socklen_t atalk_anynode(struct sockaddr_storage *ss, int n)
{
	return atalk_addr(ss, AT_NET, ATADDR_ANYNODE, 0x58 + n);
}

/* ATADDR_ANYPORT: the kernel picks a port. */
static socklen_t atalk_anyport(struct sockaddr_storage *ss, int n)
{
	return atalk_addr(ss, AT_NET, AT_NODE, ATADDR_ANYPORT);
}

#define AT_PORT_MASK { offsetof(struct sockaddr_at, sat_port), 1 }

FAMILY_PEER_ROW(atalk_dgram, .domain = AF_APPLETALK, .type = SOCK_DGRAM, .prepare = legacy_prepare,
	   .address = atalk_lo_addr, .flags = F_DGRAM, .peer_mask = AT_PORT_MASK);
FAMILY_ROW(atalk_dgram_anynet, .domain = AF_APPLETALK, .type = SOCK_DGRAM,
	   .prepare = legacy_prepare, .address = atalk_anynet);
FAMILY_ROW(atalk_dgram_anynode, .domain = AF_APPLETALK, .type = SOCK_DGRAM,
	   .prepare = legacy_prepare, .address = atalk_anynode);
FAMILY_ROW(atalk_dgram_anyport, .domain = AF_APPLETALK, .type = SOCK_DGRAM,
	   .prepare = legacy_prepare, .address = atalk_anyport, .name_mask = AT_PORT_MASK);
FAMILY_ROW(atalk_raw, .domain = AF_APPLETALK, .type = SOCK_RAW, .prepare = legacy_prepare,
	   .address = atalk_lo_addr);

/* --- AF_LLC ----------------------------------------------------------- */

/* Server on hlegva's MAC, client on hlegvb's: frames cross the veth pair. */
static socklen_t llc_addr(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_llc *sllc = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sllc->sllc_family = AF_LLC;
	sllc->sllc_arphrd = ARPHRD_ETHER;
	sllc->sllc_sap = 0x70 + 2 * n;
	memcpy(sllc->sllc_mac, n ? mac_b : mac_a, 6);
	return sizeof(*sllc);
}

FAMILY_ROW(llc_dgram, .domain = AF_LLC, .type = SOCK_DGRAM, .prepare = legacy_prepare,
	   .address = llc_addr);
FAMILY_PEER_ROW(llc_stream, .domain = AF_LLC, .type = SOCK_STREAM, .prepare = legacy_prepare,
	   .address = llc_addr, .flags = F_STREAM | F_CLIENT_BIND);

/* --- AF_PHONET -------------------------------------------------------- */

/* Our address 0x40 and a fixed object (port). */
static socklen_t phonet_addr40(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_pn *spn = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	spn->spn_family = AF_PHONET;
	spn->spn_dev = PN_ADDR;
	spn->spn_obj = 0x21 + n;
	return sizeof(*spn);
}

/* Device 0: no address needed. */
static socklen_t phonet_dev0(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_pn *spn = (void *)ss;

	phonet_addr40(ss, n);
	spn->spn_dev = 0;
	spn->spn_obj = 0x29 + n;
	return sizeof(*spn);
}

FAMILY_ROW(phonet_dgram, .domain = AF_PHONET, .type = SOCK_DGRAM, .prepare = legacy_prepare,
	   .address = phonet_addr40);
FAMILY_ROW(phonet_dgram_dev0, .domain = AF_PHONET, .type = SOCK_DGRAM,
	   .prepare = legacy_prepare, .address = phonet_dev0);
FAMILY_ROW(phonet_pipe, .domain = AF_PHONET, .type = SOCK_SEQPACKET, .protocol = PN_PROTO_PIPE,
	   .prepare = legacy_prepare, .address = phonet_addr40);

/* --- what the engine cannot do ---------------------------------------- */

FIXTURE(legacy)
{
	int ok;
};

FIXTURE_SETUP(legacy)
{
	int ret = legacy_prepare();

	if (ret)
		SKIP(return, "devices: %s", strerror(-ret));
}

FIXTURE_TEARDOWN(legacy)
{
}

static int bound_socket(int domain, int type, int protocol, const void *addr, socklen_t len)
{
	int fd = socket(domain, type | SOCK_CLOEXEC, protocol), err;

	if (fd < 0)
		return -1;
	if (bind(fd, addr, len)) {
		err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

/*
 * AX.25 datagrams: a socket gets a UI frame only when its own callsign and
 * the one it is connected to match the frame, so both ends connect. HLEGA
 * on hlegaxa sends across the veth pair to HLEGB on hlegaxb. (recvfrom()
 * returns 0 for the one byte sent: ax25_rcv() pulls control and PID, and
 * ax25_recvmsg() pulls a PID byte once more; the same on both kernels.)
 */
TEST_F(legacy, ax25_dgram_peers)
{
	struct sockaddr_storage a, b;
	struct full_sockaddr_ax25 *fa = (void *)&a, *fb = (void *)&b;
	int cli, srv;

	tr_begin("legacy_ax25_dgram_peers");
	ax25_short(&a, 0);
	ax25_short(&b, 0);
	fb->fsa_ax25.sax25_call = callsign("HLEGB", 0);
	srv = bound_socket(AF_AX25, SOCK_DGRAM, 0, &b, sizeof(struct sockaddr_ax25));
	ASSERT_LE(0, srv) TH_LOG("bind HLEGB: %s", strerror(errno));
	cli = bound_socket(AF_AX25, SOCK_DGRAM, 0, &a, sizeof(struct sockaddr_ax25));
	ASSERT_LE(0, cli) TH_LOG("bind HLEGA: %s", strerror(errno));
	ASSERT_EQ(0, connect(srv, (struct sockaddr *)fa, sizeof(struct sockaddr_ax25)));
	ASSERT_EQ(0, connect(cli, (struct sockaddr *)fb, sizeof(struct full_sockaddr_ax25)));
	names_of(_metadata, "getpeername client", getpeername, cli, AX25_NAME, (struct mask){ 0 });
	names_of(_metadata, "getsockname client", getsockname, cli, AX25_NAME, (struct mask){ 0 });
	/* AX.25 takes no MSG_NOSIGNAL; recvfrom() returns 0 (see above) */
	recv_each_len(_metadata, srv, cli, NULL, 0, 0, "x", 1, 0, AX25_NAME, (struct mask){ 0 });
	close(cli);
	close(srv);
}

/* LLC datagrams have no connect(): sendto() from hlegvb's MAC to hlegva's. */
TEST_F(legacy, llc_dgram_peers)
{
	struct sockaddr_storage a, b;
	int cli, srv;

	tr_begin("legacy_llc_dgram_peers");
	llc_addr(&a, 0);
	llc_addr(&b, 1);
	srv = bound_socket(AF_LLC, SOCK_DGRAM, 0, &a, sizeof(struct sockaddr_llc));
	ASSERT_LE(0, srv) TH_LOG("bind: %s", strerror(errno));
	cli = bound_socket(AF_LLC, SOCK_DGRAM, 0, &b, sizeof(struct sockaddr_llc));
	ASSERT_LE(0, cli) TH_LOG("bind: %s", strerror(errno));
	recv_each_len(_metadata, srv, cli, &a, sizeof(struct sockaddr_llc), 0, "x", 1, 1,
		      sizeof(struct sockaddr_llc), (struct mask){ 0 });
	close(cli);
	close(srv);
}

/* Phonet datagrams have no connect() either; our address loops back. */
TEST_F(legacy, phonet_dgram_peers)
{
	struct sockaddr_storage a, b;
	int cli, srv;

	tr_begin("legacy_phonet_dgram_peers");
	phonet_addr40(&a, 0x10);
	phonet_addr40(&b, 0x11);
	srv = bound_socket(AF_PHONET, SOCK_DGRAM, 0, &a, sizeof(struct sockaddr_pn));
	ASSERT_LE(0, srv) TH_LOG("bind: %s", strerror(errno));
	cli = bound_socket(AF_PHONET, SOCK_DGRAM, 0, &b, sizeof(struct sockaddr_pn));
	ASSERT_LE(0, cli) TH_LOG("bind: %s", strerror(errno));
	recv_each_len(_metadata, srv, cli, &a, sizeof(struct sockaddr_pn), 0, "x", 1, 1,
		      sizeof(struct sockaddr_pn), (struct mask){ 0 });
	close(cli);
	close(srv);
}

/*
 * A connection-oriented pair: the server bound to @srv listens, a client
 * (bound to client(i) when given) connects without blocking to @to, and
 * accept() takes each connection into each buffer length. The names of
 * both ends of the first connection go to the transcript too; a length
 * of 0 in @want is not checked.
 */
struct conn_case {
	int domain, type, protocol;
	struct sockaddr_storage srv, to;
	socklen_t srv_len, to_len;
	socklen_t (*client)(struct sockaddr_storage *ss, int i);
	int (*client_setup)(int fd, int i);	/* before connect() */
	/* accept, client peer, client own, accepted own, accepted peer */
	socklen_t want[5];
	/* ms to wait for the client to be writable (< 0: assert it), 0: leave the client alone */
	int client_poll;
	int fresh_server;	/* a new listener for each connection */
};

static void conn_peers(struct __test_metadata *_metadata, const struct conn_case *c)
{
	unsigned char buf[SS_LEN + 8];
	struct sockaddr_storage ss;
	struct pollfd p;
	socklen_t n, len;
	int cli, srv, acc, ret, err;
	size_t i;

	srv = bound_socket(c->domain, c->type, c->protocol, &c->srv, c->srv_len);
	ASSERT_LE(0, srv) TH_LOG("bind: %s", strerror(errno));
	ASSERT_EQ(0, listen(srv, 8)) TH_LOG("listen: %s", strerror(errno));
	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : c->want[0];
		if (i && c->fresh_server) {
			close(srv);
			srv = bound_socket(c->domain, c->type, c->protocol, &c->srv, c->srv_len);
			ASSERT_LE(0, srv) TH_LOG("bind: %s", strerror(errno));
			ASSERT_EQ(0, listen(srv, 8)) TH_LOG("listen: %s", strerror(errno));
		}
		if (c->client) {
			len = c->client(&ss, i);
			cli = bound_socket(c->domain, c->type | SOCK_NONBLOCK, c->protocol, &ss, len);
		} else {
			cli = socket(c->domain, c->type | SOCK_NONBLOCK | SOCK_CLOEXEC, c->protocol);
		}
		ASSERT_LE(0, cli) TH_LOG("client: %s", strerror(errno));
		if (c->client_setup)
			ASSERT_EQ(0, c->client_setup(cli, i)) TH_LOG("setup: %s", strerror(errno));
		ret = connect(cli, (struct sockaddr *)&c->to, c->to_len);
		err = errno;
		if (!i)
			tr_line("connect -> %s", tr_ret(ret, err));
		ASSERT_TRUE(ret == 0 || err == EINPROGRESS) TH_LOG("connect: %s", strerror(err));
		ASSERT_EQ(0, wait_readable(srv)) TH_LOG("no connection");
		len = n;
		memset(buf, MARK, sizeof(buf));
		acc = accept(srv, (struct sockaddr *)buf, &len);
		check_name(_metadata, "accept", acc, errno, buf, n, len, c->want[0], NULL,
			   (struct mask){ 0 });
		ASSERT_LE(0, acc) TH_LOG("accept: %s", strerror(errno));
		/*
		 * Let the client complete before both ends close: an AX.25
		 * connection closed on one end while the other is still in
		 * state 1 leaves a control block behind on the accepting end
		 * (state 0, orphaned) that takes the next SABM of that pair.
		 */
		if (c->client_poll < 0 || (!i && c->client_poll)) {
			p = (struct pollfd){ .fd = cli, .events = POLLOUT };
			ret = poll(&p, 1, c->client_poll < 0 ? 5000 : c->client_poll);
			if (!i)
				tr_line("client poll -> %d revents=%#x", ret, p.revents);
			if (c->client_poll < 0)
				ASSERT_EQ(1, ret) TH_LOG("client not connected");
		}
		if (!i && c->client_poll) {
			names_of(_metadata, "getpeername client", getpeername, cli, c->want[1],
				 (struct mask){ 0 });
			names_of(_metadata, "getsockname client", getsockname, cli, c->want[2],
				 (struct mask){ 0 });
		}
		if (!i) {
			names_of(_metadata, "getsockname accepted", getsockname, acc, c->want[3],
				 (struct mask){ 0 });
			names_of(_metadata, "getpeername accepted", getpeername, acc, c->want[4],
				 (struct mask){ 0 });
		}
		close(acc);
		close(cli);
	}
	close(srv);
}

/* HLEGC-i on hlegaxa (by its digipeater field), a callsign per connection. */
static socklen_t ax25_caller(struct sockaddr_storage *ss, int i)
{
	struct full_sockaddr_ax25 *fsa = (void *)ss;

	ax25_digi(ss, 0);
	fsa->fsa_ax25.sax25_call = callsign("HLEGC", i);
	return sizeof(*fsa);
}

/*
 * AX.25 connections across the veth pair, from hlegaxa to HLEGB on
 * hlegaxb; each client calls from a callsign of its own so that no
 * connection still closing is in the way.
 */
TEST_F(legacy, ax25_seqpacket_peers)
{
	struct conn_case c = {
		.domain = AF_AX25, .type = SOCK_SEQPACKET,
		.srv_len = sizeof(struct sockaddr_ax25), .to_len = sizeof(struct sockaddr_ax25),
		.client = ax25_caller,
		.want = { AX25_NAME, AX25_NAME, AX25_NAME, AX25_NAME, AX25_NAME },
		.client_poll = -1,
	};
	struct full_sockaddr_ax25 *fsa = (void *)&c.srv;

	tr_begin("legacy_ax25_seqpacket_peers");
	ax25_short(&c.srv, 0);
	fsa->fsa_ax25.sax25_call = callsign("HLEGB", 0);
	c.to = c.srv;
	conn_peers(_metadata, &c);
}

/*
 * NET/ROM connections to our own node: nr0 loops them back. The engine
 * cannot run these rows' peers case, as getpeername() gives the full form
 * (72 bytes, the user callsign and the node) where getsockname() gives
 * 16. The client binds on its own on connect().
 */
TEST_F(legacy, netrom_peers)
{
	struct conn_case c = {
		.domain = AF_NETROM, .type = SOCK_SEQPACKET,
		.srv_len = sizeof(struct sockaddr_ax25), .to_len = sizeof(struct sockaddr_ax25),
		.want = { AX25_NAME, AX25_NAME, sizeof(struct sockaddr_ax25),
			  sizeof(struct sockaddr_ax25), AX25_NAME },
		.client_poll = -1,
	};

	tr_begin("legacy_netrom_peers");
	netrom_short(&c.srv, 0);
	c.to = c.srv;
	conn_peers(_metadata, &c);
}

/* The same with a user callsign on the client and the full form to connect to. */
TEST_F(legacy, netrom_peers_user)
{
	struct conn_case c = {
		.domain = AF_NETROM, .type = SOCK_SEQPACKET,
		.srv_len = sizeof(struct full_sockaddr_ax25),
		.to_len = sizeof(struct full_sockaddr_ax25),
		.client = netrom_user,
		.want = { AX25_NAME, AX25_NAME, sizeof(struct sockaddr_ax25),
			  sizeof(struct sockaddr_ax25), AX25_NAME },
		.client_poll = -1,
	};

	tr_begin("legacy_netrom_peers_user");
	netrom_user(&c.srv, 0);
	netrom_short(&c.to, 0);
	conn_peers(_metadata, &c);
}

/* A Phonet pipe: the accept() on the far end completes the client's connect. */
static socklen_t phonet_pipe_client(struct sockaddr_storage *ss, int i)
{
	return phonet_addr40(ss, 0x13 + i);
}

/*
 * Children of a listener are found by their pipe handle (1 unless set),
 * and a closed one stays there a while: a handle per connection.
 */
static int phonet_pipe_handle(int fd, int i)
{
	int handle = 0x10 + i;

	return setsockopt(fd, SOL_PNPIPE, PNPIPE_HANDLE, &handle, sizeof(handle));
}

TEST_F(legacy, phonet_pipe_peers)
{
	struct conn_case c = {
		.domain = AF_PHONET, .type = SOCK_SEQPACKET, .protocol = PN_PROTO_PIPE,
		.srv_len = sizeof(struct sockaddr_pn), .to_len = sizeof(struct sockaddr_pn),
		.client = phonet_pipe_client,
		.client_setup = phonet_pipe_handle,
		.fresh_server = 1,
		.want = { sizeof(struct sockaddr_pn), sizeof(struct sockaddr_pn),
			  sizeof(struct sockaddr_pn), sizeof(struct sockaddr_pn),
			  sizeof(struct sockaddr_pn) },
		.client_poll = 2000,
	};

	tr_begin("legacy_phonet_pipe_peers");
	phonet_addr40(&c.srv, 0x12);
	c.to = c.srv;
	conn_peers(_metadata, &c);
}

/* Last: take everything down again (the veth pair takes bpq and lapb along). */
TEST_F(legacy, cleanup)
{
	struct ifreq ifr = { 0 };
	struct sockaddr_at *sat = (void *)&ifr.ifr_addr;
	int fd;

	tr_begin("legacy_cleanup");
	EXPECT_EQ(0, link_flags("nr0", 0, IFF_UP));
	EXPECT_EQ(0, link_flags("rose0", 0, IFF_UP));
	fd = socket(AF_APPLETALK, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	strcpy(ifr.ifr_name, "lo");
	sat->sat_family = AF_APPLETALK;
	EXPECT_EQ(0, ioctl(fd, SIOCDIFADDR, &ifr)) TH_LOG("SIOCDIFADDR: %s", strerror(errno));
	close(fd);
	EXPECT_EQ(0, link_delete(VETH_A));
	EXPECT_EQ(0, if_nametoindex(BPQ_A));
	EXPECT_EQ(0, if_nametoindex(LAPB_B));
}

TEST_HARNESS_MAIN

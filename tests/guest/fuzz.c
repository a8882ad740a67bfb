// SPDX-License-Identifier: GPL-2.0
/*
 * A seeded, bounded fuzzer for the paths that carry a struct sockaddr
 * between user space and the kernel: socket(), bind(), connect(), sendto(),
 * listen(), getsockname(), getpeername() and accept() on sockets of every
 * family of the test config and of random families, types and protocols,
 * the ifreq / arpreq / rtentry / ifconf ioctls on a dummy device, and
 * RTM_SETLINK IFLA_ADDRESS / IFLA_BROADCAST of random lengths.
 *
 * Addresses are valid addresses of each family, mutated, or random bytes;
 * lengths are random (0..300), around sizeof(struct sockaddr_storage)
 * (128, 129, 130), huge or negative. Every buffer the kernel returns an
 * address (or an ifreq, arpreq, ifconf) into sits in canary bytes.
 *
 * It proves, for one seed:
 *   - the budget of calls ran to the end and the fuzzing child exited
 *     normally (no hang: alarm() guard; no crash of the calling process);
 *   - the kernel never wrote past the length it was given, nor anything
 *     when a call failed, and never reported a name longer than
 *     sizeof(struct sockaddr_storage);
 *   - the kernel log has no BUG:, WARNING:, Oops, UBSAN or KASAN line
 *     after the run started (the host checks the whole console too).
 *
 * The fuzzing runs in a child, in the initial network namespace: in any
 * other, AppleTalk, AX.25, Bluetooth, IEEE 802.15.4, LLC, NET/ROM, NFC,
 * ROSE, X.25 and ATM refuse socket() (their create functions check for
 * init_net), and those are the families with the most address handling
 * of their own. With "workbench.fuzz_netns=1" on the kernel command line
 * (and CONFIG_NET_NS) it runs in a namespace of its own instead, where it
 * may touch lo and any ifindex. In the initial namespace it is
 * restricted to its own devices: ioctls and
 * RTM_SETLINK only touch the dummy (and a vcan for the CAN families), routes
 * are bound to the dummy, and both devices are deleted at the end, which
 * drops every address, route and neighbour the run added. All sockets are
 * non-blocking with 1 ms send/receive timeouts; at most NSLOTS are open.
 *
 * The budget is a number of calls, not a time: FUZZ_CALLS (150,000, not
 * counting the setsockopt() calls) took 15 to 42 s of guest time under
 * QEMU TCG on a busy 2-core host. The seed is "workbench.fuzz_seed=N" from the
 * kernel command line, or FUZZ_SEED_DEFAULT; it is printed as "# fuzz seed N",
 * and the per-call counts and the total follow the run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <net/if_arp.h>
#include <net/route.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "lib/rtnl.h"

#define FUZZ_CALLS		150000
#define FUZZ_MIN_CALLS		100000
#define FUZZ_SEED_DEFAULT	20261203ULL
#define FUZZ_GUARD_S		300	/* alarm() in the child: a hang, not a budget */
#define NSLOTS			12	/* sockets open at a time */
#define MAX_REPORTS		32	/* canary reports kept in detail */
#define FUZZ_DIR		"/tmp/fuzz"
#define DUMMY			"zzfuzz0"
#define VCAN			"zzfcan0"
#define DUMMY_MAC		"\x02\x00\x00\x00\x00\x03"	/* AF_LLC binds by it */

/* The kernel's AF_MAX (include/linux/socket.h) in 6.12: AF_MCTP is 45. */
#define KAF_MAX			46
#define SS_LEN			((int)sizeof(struct sockaddr_storage))
#define ABUF			512	/* address buffers: 300 + canary */
#define IFCBUF			4096	/* SIOCGIFCONF buffer */
#ifndef IPPROTO_L2TP
#define IPPROTO_L2TP		115	/* glibc's netinet/in.h lacks it */
#endif

enum op {
	OP_SOCKET, OP_CLOSE, OP_SETSOCKOPT, OP_BIND, OP_CONNECT, OP_SENDTO, OP_LISTEN,
	OP_GETSOCKNAME, OP_GETPEERNAME, OP_ACCEPT,
	OP_SIOCSIFHWADDR, OP_SIOCGIFHWADDR, OP_SIOCSIFADDR, OP_SIOCGIFADDR,
	OP_SIOCSARP, OP_SIOCGARP, OP_SIOCDARP, OP_SIOCADDRT, OP_SIOCDELRT,
	OP_SIOCADDMULTI, OP_SIOCGIFCONF, OP_SETLINK_ADDRESS, OP_SETLINK_BROADCAST,
	OP_MAX
};

static const char *const op_names[OP_MAX] = {
	"socket", "close", "setsockopt", "bind", "connect", "sendto", "listen",
	"getsockname", "getpeername", "accept",
	"SIOCSIFHWADDR", "SIOCGIFHWADDR", "SIOCSIFADDR", "SIOCGIFADDR",
	"SIOCSARP", "SIOCGARP", "SIOCDARP", "SIOCADDRT", "SIOCDELRT",
	"SIOCADDMULTI", "SIOCGIFCONF", "RTM_SETLINK/IFLA_ADDRESS",
	"RTM_SETLINK/IFLA_BROADCAST",
};

/* Shared between the test and the fuzzing child (MAP_SHARED). */
struct fuzz_state {
	unsigned long long seed;
	unsigned long calls[OP_MAX], ok[OP_MAX];
	unsigned long total;
	/* by family: sockets made, binds and getsocknames that worked */
	unsigned long fam_socket[KAF_MAX], fam_bind[KAF_MAX], fam_name[KAF_MAX];
	int started, finished, netns, status;
	unsigned long long kmsg_start;	/* sequence number of our start marker */
	/* the call in flight, for a hang or a crash */
	struct {
		int op, domain, type, protocol, len;
	} cur;
	unsigned long n_reports;
	char report[MAX_REPORTS][240];
	char note[256];
};

static struct fuzz_state *st;

static void __attribute__((constructor)) fuzz_state_map(void)
{
	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st == MAP_FAILED)
		st = NULL;
	else
		memset(st, 0, sizeof(*st));
}

/* "# ..." on stdout, flushed: the harness ends test children with _exit(). */
static void __printf(1, 2) diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("# ", stdout);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* --- random numbers (xorshift64*, seeded by splitmix64) ---------------- */

static uint64_t rs;

static uint64_t rnd(void)
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 0x2545f4914f6cdd1dULL;
}

static unsigned int rn(unsigned int n)
{
	return n ? (unsigned int)((rnd() >> 16) % n) : 0;
}

static void rnd_seed(unsigned long long seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	rs = (z ^ (z >> 31)) | 1;
}

static void rnd_bytes(void *p, size_t n)
{
	unsigned char *b = p;

	while (n--)
		*b++ = rnd() >> 32;
}

/* The value of "workbench.KEY=" on the kernel command line, or NULL. */
static const char *cmdline_value(const char *key)
{
	static char cmdline[4096];
	FILE *f = fopen("/proc/cmdline", "r");
	char *p;

	cmdline[0] = 0;
	if (f) {
		if (!fgets(cmdline, sizeof(cmdline), f))
			cmdline[0] = 0;
		fclose(f);
	}
	p = strstr(cmdline, key);
	return p ? p + strlen(key) : NULL;
}

static unsigned long long seed_from_cmdline(void)
{
	const char *v = cmdline_value("workbench.fuzz_seed=");

	return v ? strtoull(v, NULL, 0) : FUZZ_SEED_DEFAULT;
}

/* --- the child's world ------------------------------------------------- */

static int ifindex_dummy, ifindex_vcan, ctl_fd = -1, nl_fd = -1;

static struct slot {
	int fd, domain, type, protocol;
} slots[NSLOTS];

static void put8(unsigned char *b, int off, unsigned int v)
{
	b[off] = v;
}

static void put16(unsigned char *b, int off, unsigned int v)
{
	memcpy(b + off, &(uint16_t){ v }, 2);
}

static void put16be(unsigned char *b, int off, unsigned int v)
{
	put16(b, off, htons(v));
}

static void put32(unsigned char *b, int off, uint32_t v)
{
	memcpy(b + off, &v, 4);
}

static void put_ip4(unsigned char *b, int off, int n)
{
	static const uint32_t ips[] = { 0x7f000001, 0, 0x7f000002, 0xffffffff,
					0xe0000001, 0x0a000001 };

	put32(b, off, htonl(ips[n % 6]));
}

static void put_ip6(unsigned char *b, int off, int n)
{
	static const unsigned char ips[][16] = {
		{ [15] = 1 },					/* ::1 */
		{ 0 },						/* :: */
		{ [10] = 0xff, [11] = 0xff, 0x7f, 0, 0, 1 },	/* ::ffff:127.0.0.1 */
		{ 0xfe, 0x80, [15] = 1 },			/* fe80::1 */
		{ 0xff, 0x02, [15] = 1 },			/* ff02::1 */
	};

	memcpy(b + off, ips[n % 5], 16);
}

static int pick_ifindex(void)
{
	switch (rn(6)) {
	case 0:
		return 0;
	case 1:
		return st->netns ? 1 : ifindex_dummy;	/* lo only in our own netns */
	case 2:
	case 3:
		return ifindex_dummy;
	case 4:
		return ifindex_vcan;
	default:
		return st->netns ? (int)rnd() : 100000 + rn(1000);
	}
}

/*
 * A valid address of @family (the n-th of a few, so that binds and connects
 * meet) written into @b, which is zeroed first: its natural length.
 */
static int family_addr(int family, int protocol, unsigned char *b, int n)
{
	memset(b, 0, ABUF);
	put16(b, 0, family);
	switch (family) {
	case AF_UNIX:
		switch (n % 3) {
		case 0:		/* abstract */
			b[3] = 'f';
			b[4] = 'z';
			b[5] = '0' + n % 4;
			return 6;
		case 1:		/* a path in the (chroot) working directory */
			b[2] = 's';
			b[3] = '0' + n % 4;
			return 5;
		default:	/* autobind */
			return 2;
		}
	case AF_INET:
	case AF_RDS:
		if (protocol == IPPROTO_L2TP) {	/* sockaddr_l2tpip */
			put_ip4(b, 4, n);
			put32(b, 8, 1 + n % 4);
			return 16;
		}
		put16be(b, 2, n % 5 ? 42000 + n % 4 : 0);
		put_ip4(b, 4, n);
		return 16;
	case AF_INET6:
		put16be(b, 2, n % 5 ? 42000 + n % 4 : 0);
		put_ip6(b, 8, n);
		if (n % 5 == 3)
			put32(b, 24, pick_ifindex());
		if (protocol == IPPROTO_L2TP) {	/* sockaddr_l2tpip6 */
			put32(b, 28, 1 + n % 4);
			return 32;
		}
		return 28;
	case AF_PACKET:
		if (n % 4 == 3) {	/* SOCK_PACKET: a device name in sa_data */
			strcpy((char *)b + 2, n & 4 ? VCAN : DUMMY);
			return 16;
		}
		put16be(b, 2, n % 2 ? 0x0003 /* ETH_P_ALL */ : 0x88b5);
		put32(b, 4, pick_ifindex());
		put16(b, 8, ARPHRD_ETHER);
		put8(b, 11, 6);
		memcpy(b + 12, "\x02\x00\x00\x00\x00\x01", 6);
		return 20;
	case AF_NETLINK:
		put32(b, 4, n % 2 ? 0x7a00 + n % 4 : 0);
		put32(b, 8, n % 3 ? 0 : 1);
		return 12;
	case AF_VSOCK:
		put32(b, 4, 1000 + n % 4);
		put32(b, 8, n % 3 ? 1 /* VMADDR_CID_LOCAL */ : 0xffffffff);
		return 16;
	case AF_CAN:
		put32(b, 4, n % 4 ? ifindex_vcan : ifindex_dummy);
		if (protocol == 7) {	/* CAN_J1939: name, pgn, addr */
			put32(b, 16, 0x40000 | n);
			put8(b, 20, 0x20 + n % 4);
		} else {		/* CAN_ISOTP: rx_id, tx_id */
			put32(b, 8, 0x123 + n % 4);
			put32(b, 12, 0x321 + n % 4);
		}
		return 24;
	case AF_TIPC:
		put8(b, 2, 1 + n % 3);		/* range, service, socket */
		put8(b, 3, 2 + n % 2);		/* cluster, node scope */
		put32(b, 4, 1000 + n % 4);
		put32(b, 8, n % 4);
		put32(b, 12, 10);
		return 16;
	case AF_PPPOX:
		put32(b, 2, protocol);
		if (protocol == 1) {		/* PX_PROTO_OL2TP: sockaddr_pppol2tp */
			put32(b, 10, slots[n % NSLOTS].fd);
			put16(b, 14, AF_INET);
			put16be(b, 16, 1701);
			put_ip4(b, 18, n);
			put16(b, 30, 1 + n % 4);
			put16(b, 32, 1 + n % 4);
			put16(b, 34, 1);
			put16(b, 36, 1);
			return 38;
		}
		if (protocol == 2) {		/* PX_PROTO_PPTP */
			put16(b, 6, 1 + n % 4);
			put_ip4(b, 8, n);
			return 30;
		}
		put16be(b, 6, 1 + n % 4);	/* PPPoE: sid, remote, dev */
		memcpy(b + 8, "\x02\x00\x00\x00\x00\x02", 6);
		strcpy((char *)b + 14, DUMMY);
		return 30;
	case AF_PHONET:
		put8(b, 2, n);
		put8(b, 4, n % 4);
		return 16;
	case AF_LLC:
		put16(b, 2, ARPHRD_ETHER);
		put8(b, 7, 0x40 + 4 * (n % 4));
		memcpy(b + 8, DUMMY_MAC, 6);
		return 16;
	case AF_APPLETALK:
		put8(b, 2, 1 + n % 4);
		put16be(b, 4, 0xff00);
		put8(b, 6, 1);
		return 16;
	case AF_X25:
		memcpy(b + 2, "12345", 4 + n % 2);
		return 18;
	case AF_AX25:
	case AF_NETROM:			/* full_sockaddr_ax25 */
		memcpy(b + 2, "\x9c\x94\x6e\xa0\x40\x40", 6);	/* NOCALL, shifted */
		put8(b, 8, 0x60 | (n % 4) << 1);
		put32(b, 12, n % 3);
		return n % 2 ? 16 : 72;
	case AF_ROSE:			/* sockaddr_rose */
		memcpy(b + 2, "\x12\x34\x56\x78\x90", 5);
		memcpy(b + 7, "\x9c\x94\x6e\xa0\x40\x40", 6);
		put32(b, 16, n % 2);
		return n % 3 ? 28 : 64;
	case AF_ATMPVC:
		put16(b, 8, 0);
		put16(b, 10, n % 4);
		put32(b, 12, 32 + n % 4);
		return 16;
	case AF_ATMSVC:
		put8(b, 2, 0x47);
		return 48;
	case AF_QIPCRTR:
		put32(b, 4, n % 2 ? 1 : 0xffffffff);
		put32(b, 8, 1000 + n % 4);
		return 12;
	case AF_MCTP:
		put32(b, 4, n % 2 ? 1 : 0);
		put8(b, 8, 8 + n % 4);
		put8(b, 9, 1);
		put8(b, 10, 8);
		return 12;
	case AF_ALG:
		strcpy((char *)b + 2, "hash");
		strcpy((char *)b + 24, n % 2 ? "sha256" : "hmac(sha1)");
		return 88;
	case AF_IEEE802154:
		put32(b, 4, 2 + n % 2);		/* short, long */
		put16(b, 8, 0xabcd);
		put16(b, 10, 0x0001 + n % 4);
		return 20;
	case AF_XDP:
		put32(b, 4, pick_ifindex());
		put32(b, 8, n % 2);
		return 16;
	case AF_BLUETOOTH:
		switch (protocol) {
		case 1:				/* sockaddr_hci: dev, channel */
			put16(b, 2, n % 2 ? 0xffff : 0);
			put16(b, 4, n % 4);
			return 6;
		case 2:				/* sockaddr_sco */
			return 8;
		case 3:				/* sockaddr_rc */
			put8(b, 8, 1 + n % 4);
			return 10;
		default:			/* sockaddr_l2 */
			put16(b, 2, 0x1001 + 2 * (n % 4));
			put8(b, 12, n % 3);
			return 14;
		}
	case AF_NFC:
		put32(b, 4, n % 2);
		put32(b, 8, n % 2);
		put32(b, 12, 1 + n % 4);
		if (protocol == 1) {		/* sockaddr_nfc_llcp */
			put8(b, 16, 1 + n % 4);
			put8(b, 17, 0x20);
			memcpy(b + 18, "urn:nfc:sn:fz", 13);
			put32(b, 88, 13);
			return 96;
		}
		return 16;
	case AF_ISDN:
		put8(b, 2, n % 2);
		put8(b, 3, n % 4);
		return 6;
	default:			/* KEY, KCM, and the families we do not know */
		return 16;
	}
}

/* --- the sockets ------------------------------------------------------- */

struct sock_kind {
	int domain, type, protocol;
};

static const struct sock_kind kinds[] = {
	{ AF_UNIX, SOCK_STREAM, 0 }, { AF_UNIX, SOCK_DGRAM, 0 }, { AF_UNIX, SOCK_SEQPACKET, 0 },
	{ AF_INET, SOCK_STREAM, 0 }, { AF_INET, SOCK_DGRAM, 0 }, { AF_INET, SOCK_RAW, 253 },
	{ AF_INET, SOCK_DGRAM, IPPROTO_ICMP }, { AF_INET, SOCK_STREAM, IPPROTO_SCTP },
	{ AF_INET, SOCK_SEQPACKET, IPPROTO_SCTP }, { AF_INET, SOCK_STREAM, IPPROTO_MPTCP },
	{ AF_INET, SOCK_DCCP, IPPROTO_DCCP }, { AF_INET, SOCK_DGRAM, IPPROTO_L2TP },
	{ AF_INET, SOCK_DGRAM, IPPROTO_UDPLITE },
	{ AF_INET6, SOCK_STREAM, 0 }, { AF_INET6, SOCK_DGRAM, 0 }, { AF_INET6, SOCK_RAW, 253 },
	{ AF_INET6, SOCK_DGRAM, IPPROTO_ICMPV6 }, { AF_INET6, SOCK_STREAM, IPPROTO_SCTP },
	{ AF_INET6, SOCK_SEQPACKET, IPPROTO_SCTP }, { AF_INET6, SOCK_STREAM, IPPROTO_MPTCP },
	{ AF_INET6, SOCK_DCCP, IPPROTO_DCCP }, { AF_INET6, SOCK_DGRAM, IPPROTO_L2TP },
	{ AF_PACKET, SOCK_RAW, 0 }, { AF_PACKET, SOCK_DGRAM, 0 }, { AF_PACKET, SOCK_PACKET, 0 },
	{ AF_NETLINK, SOCK_RAW, 0 /* ROUTE */ }, { AF_NETLINK, SOCK_DGRAM, 2 /* USERSOCK */ },
	{ AF_NETLINK, SOCK_RAW, 4 /* SOCK_DIAG */ }, { AF_NETLINK, SOCK_RAW, 6 /* XFRM */ },
	{ AF_NETLINK, SOCK_RAW, 15 /* KOBJECT_UEVENT */ }, { AF_NETLINK, SOCK_RAW, 16 },
	{ AF_VSOCK, SOCK_STREAM, 0 }, { AF_VSOCK, SOCK_SEQPACKET, 0 }, { AF_VSOCK, SOCK_DGRAM, 0 },
	{ AF_CAN, SOCK_RAW, 1 /* CAN_RAW */ }, { AF_CAN, SOCK_DGRAM, 2 /* CAN_BCM */ },
	{ AF_CAN, SOCK_DGRAM, 6 /* CAN_ISOTP */ }, { AF_CAN, SOCK_DGRAM, 7 /* CAN_J1939 */ },
	{ AF_TIPC, SOCK_STREAM, 0 }, { AF_TIPC, SOCK_DGRAM, 0 }, { AF_TIPC, SOCK_SEQPACKET, 0 },
	{ AF_TIPC, SOCK_RDM, 0 },
	{ AF_PPPOX, SOCK_STREAM, 0 /* PX_PROTO_OE */ }, { AF_PPPOX, SOCK_DGRAM, 1 /* OL2TP */ },
	{ AF_PPPOX, SOCK_STREAM, 2 /* PPTP */ },
	{ AF_PHONET, SOCK_DGRAM, 1 }, { AF_PHONET, SOCK_SEQPACKET, 2 },
	{ AF_LLC, SOCK_STREAM, 0 }, { AF_LLC, SOCK_DGRAM, 0 },
	{ AF_APPLETALK, SOCK_DGRAM, 0 }, { AF_X25, SOCK_SEQPACKET, 0 },
	{ AF_AX25, SOCK_SEQPACKET, 0 }, { AF_AX25, SOCK_DGRAM, 0 },
	{ AF_NETROM, SOCK_SEQPACKET, 0 }, { AF_ROSE, SOCK_SEQPACKET, 0 },
	{ AF_RDS, SOCK_SEQPACKET, 0 },
	{ AF_ATMPVC, SOCK_DGRAM, 0 }, { AF_ATMSVC, SOCK_SEQPACKET, 0 },
	{ AF_QIPCRTR, SOCK_DGRAM, 0 }, { AF_MCTP, SOCK_DGRAM, 0 }, { AF_ALG, SOCK_SEQPACKET, 0 },
	{ AF_IEEE802154, SOCK_RAW, 0 }, { AF_IEEE802154, SOCK_DGRAM, 0 },
	{ AF_KCM, SOCK_DGRAM, 0 }, { AF_KCM, SOCK_SEQPACKET, 0 }, { AF_XDP, SOCK_RAW, 0 },
	{ AF_BLUETOOTH, SOCK_SEQPACKET, 0 /* L2CAP */ }, { AF_BLUETOOTH, SOCK_RAW, 1 /* HCI */ },
	{ AF_BLUETOOTH, SOCK_SEQPACKET, 2 /* SCO */ },
	{ AF_BLUETOOTH, SOCK_STREAM, 3 /* RFCOMM */ },
	{ AF_NFC, SOCK_SEQPACKET, 0 /* RAW */ }, { AF_NFC, SOCK_STREAM, 1 /* LLCP */ },
	{ AF_NFC, SOCK_DGRAM, 1 },
	{ AF_ISDN, SOCK_RAW, 0 /* ISDN_P_BASE */ },
	{ AF_ISDN, SOCK_DGRAM, 0x01 /* ISDN_P_TE_S0 */ },
	{ AF_KEY, SOCK_RAW, 2 /* PF_KEY_V2 */ },
};

#define N_KINDS (ARRAY_SIZE(kinds))

static const int wild_families[] = { 0xff, 0x100, 0x7fff, 0x8000, 0xffff, -1, INT_MAX };

static int random_family(void)
{
	if (rn(8))
		return rn(KAF_MAX + 3);
	return wild_families[rn(ARRAY_SIZE(wild_families))];
}

static void note_call(int op, const struct slot *s, int len)
{
	st->cur.op = op;
	st->cur.domain = s ? s->domain : -1;
	st->cur.type = s ? s->type : -1;
	st->cur.protocol = s ? s->protocol : -1;
	st->cur.len = len;
}

/* setsockopt() is bookkeeping: counted, but not in the total */
static void count(int op, long ret)
{
	st->calls[op]++;
	if (op != OP_SETSOCKOPT)
		st->total++;
	if (ret < 0)
		return;
	st->ok[op]++;
	if (st->cur.domain < 0 || st->cur.domain >= KAF_MAX)
		return;
	if (op == OP_SOCKET)
		st->fam_socket[st->cur.domain]++;
	else if (op == OP_BIND)
		st->fam_bind[st->cur.domain]++;
	else if (op == OP_GETSOCKNAME)
		st->fam_name[st->cur.domain]++;
}

/* "family=count ..." of the families with a non-zero count */
static void diag_families(const char *what, const unsigned long *n)
{
	char line[1024];
	int i, len = 0;

	for (i = 0; i < KAF_MAX; i++)
		if (n[i])
			len += snprintf(line + len, sizeof(line) - len, " %d=%lu", i, n[i]);
	diag("fuzz %s by family:%s\n", what, len ? line : " none");
}

static void __printf(1, 2) report(const char *fmt, ...)
{
	va_list ap;

	if (st->n_reports < MAX_REPORTS) {
		va_start(ap, fmt);
		vsnprintf(st->report[st->n_reports], sizeof(st->report[0]), fmt, ap);
		va_end(ap);
	}
	st->n_reports++;
}

static void slot_close(struct slot *s)
{
	long ret;

	if (s->fd < 0)
		return;
	note_call(OP_CLOSE, s, 0);
	ret = close(s->fd);
	count(OP_CLOSE, ret);
	s->fd = -1;
}

static void op_socket(struct slot *s)
{
	const struct timeval tv = { .tv_usec = 1000 };
	int type, flags = SOCK_NONBLOCK | SOCK_CLOEXEC;

	slot_close(s);
	if (rn(4)) {
		const struct sock_kind *k = &kinds[rn(N_KINDS)];

		s->domain = k->domain;
		s->type = k->type;
		s->protocol = k->protocol;
	} else {
		s->domain = random_family();
		type = rn(4) ? 1 + rn(10) : (int)rnd();
		s->type = type & ~(SOCK_NONBLOCK | SOCK_CLOEXEC);
		switch (rn(4)) {
		case 0:
			s->protocol = 0;
			break;
		case 1:
			s->protocol = rn(8);
			break;
		case 2:
			s->protocol = rn(300);
			break;
		default:
			s->protocol = (int)rnd();
		}
	}
	note_call(OP_SOCKET, s, 0);
	s->fd = socket(s->domain, s->type | flags, s->protocol);
	count(OP_SOCKET, s->fd);
	if (s->fd < 0)
		return;
	/* families that wait in sk_rcvtimeo/sk_sndtimeo whatever O_NONBLOCK says */
	note_call(OP_SETSOCKOPT, s, sizeof(tv));
	count(OP_SETSOCKOPT, setsockopt(s->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)));
	count(OP_SETSOCKOPT, setsockopt(s->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)));
}

/* A length for an address whose natural length is @natural. */
static int pick_len(int natural)
{
	static const int huge[] = { 513, 4096, 0x10000, 1 << 20, INT_MAX };
	static const int neg[] = { -1, -2, -128, INT_MIN };
	static const int special[] = { 0, 1, 2, 3, 14, 16, 127, 128, 129, 130 };

	switch (rn(20)) {
	case 0 ... 6:
		return natural;
	case 7 ... 8:
		return natural - 1 - rn(2) + 2 * rn(2) * (1 + rn(2));
	case 9 ... 13:
		return rn(301);
	case 14 ... 16:
		return special[rn(ARRAY_SIZE(special))];
	case 17 ... 18:
		return huge[rn(ARRAY_SIZE(huge))];
	default:
		return neg[rn(ARRAY_SIZE(neg))];
	}
}

static const uint32_t interesting[] = { 0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
					0x7fffffff, 0x80000000, 0xffffffff };

/* Flip, overwrite and extend a few bytes of an address of @len bytes. */
static void mutate(unsigned char *b, int len)
{
	int i, n = 1 + rn(4), span = len > 0 && len < 300 ? len + 4 : 300;
	uint32_t v;

	for (i = 0; i < n; i++) {
		int off = rn(span);

		switch (rn(6)) {
		case 0:
			b[off] ^= 1 << rn(8);
			break;
		case 1:
			b[off] = rnd();
			break;
		case 2:
			v = interesting[rn(ARRAY_SIZE(interesting))];
			memcpy(b + (off & ~3), &v, rn(2) ? 4 : 2);
			break;
		case 3:
			put16(b, 0, random_family());
			break;
		case 4:
			memset(b + off, rn(2) ? 0 : 0xff, 1 + rn(16));
			break;
		default:
			rnd_bytes(b + off, 1 + rn(8));
		}
	}
}

/*
 * An address for a socket of @s (or none): a valid one of its family or of
 * another, mutated or not, or random bytes; returns the length to pass.
 */
static int make_addr(const struct slot *s, unsigned char *b)
{
	int family, protocol = 0, natural;

	switch (rn(10)) {
	case 0 ... 5:
		family = s ? s->domain : kinds[rn(N_KINDS)].domain;
		protocol = s ? s->protocol : 0;
		break;
	case 6 ... 7:
		family = kinds[rn(N_KINDS)].domain;
		protocol = rn(3);
		break;
	default:
		memset(b, 0, ABUF);
		rnd_bytes(b, 2 + rn(300));
		if (rn(2))
			put16(b, 0, s && rn(2) ? s->domain : random_family());
		return pick_len(2 + rn(128));
	}
	natural = family_addr(family, protocol, b, rn(8));
	if (rn(2))
		mutate(b, natural);
	return pick_len(natural);
}

static struct slot *pick_slot(void)
{
	struct slot *s = &slots[rn(NSLOTS)];

	if (s->fd < 0)
		op_socket(s);
	return s->fd >= 0 ? s : NULL;
}

static void op_bind_connect_sendto(int op)
{
	static unsigned char addr[ABUF];
	struct slot *s = pick_slot();
	char data[16];
	long ret;
	int len;

	if (!s)
		return;
	len = make_addr(s, addr);
	note_call(op, s, len);
	switch (op) {
	case OP_BIND:
		ret = bind(s->fd, (struct sockaddr *)addr, len);
		break;
	case OP_CONNECT:
		ret = connect(s->fd, (struct sockaddr *)addr, len);
		break;
	default:
		/*
		 * < sizeof(struct nlmsghdr), < sizeof(struct sadb_msg): no
		 * command runs; < 8: a CAN ISO-TP single frame, no flow control
		 */
		rnd_bytes(data, sizeof(data));
		ret = sendto(s->fd, data, rn(8), MSG_DONTWAIT | MSG_NOSIGNAL,
			     rn(8) ? (struct sockaddr *)addr : NULL, len);
	}
	count(op, ret);
}

static void op_listen(void)
{
	struct slot *s = pick_slot();

	if (!s)
		return;
	note_call(OP_LISTEN, s, 0);
	count(OP_LISTEN, listen(s->fd, rn(9)));
}

/* A length for a buffer the kernel writes a name into. */
static int pick_buflen(void)
{
	switch (rn(10)) {
	case 0 ... 5:
		return rn(301);
	case 6:
		return 128 + rn(3);
	case 7:
		return rn(17);
	case 8:
		return rn(2) ? 1 << 20 : INT_MAX;
	default:
		return rn(2) ? -1 : INT_MIN + rn(4);
	}
}

/*
 * The name the kernel wrote into @buf (ABUF bytes, all @c before the call)
 * for a buffer of @in bytes: nothing on failure, at most @in bytes and a
 * length no longer than sockaddr_storage on success.
 */
static void check_name(const char *what, const struct slot *s, long ret, int err,
		       const unsigned char *buf, int c, int in, int out)
{
	int i, from = 0;

	if (ret >= 0) {
		if (out < 0 || out > SS_LEN)
			report("%s family=%d type=%d proto=%d buflen=%d: length %d > %d",
			       what, s->domain, s->type, s->protocol, in, out, SS_LEN);
		from = in < 0 ? 0 : in;
		if (out >= 0 && out < from)
			from = out;
		if (from > ABUF)
			from = ABUF;
	}
	for (i = from; i < ABUF; i++)
		if (buf[i] != c)
			break;
	if (i < ABUF)
		/* family/type/protocol */
		report("%s %d/%d/%d buflen=%d -> %ld %s len=%d: byte %d = %#x, canary %#x",
		       what, s->domain, s->type, s->protocol, in, ret,
		       ret < 0 ? strerrorname_np(err) ?: "?" : "ok", out, i, buf[i], c);
}

static void op_name(int op)
{
	static unsigned char buf[ABUF];
	struct slot *s = pick_slot();
	socklen_t len;
	long ret;
	int c = rnd() & 0xff, in = pick_buflen(), err, no_addr = 0;

	if (!s)
		return;
	memset(buf, c, sizeof(buf));
	len = in;
	note_call(op, s, in);
	switch (op) {
	case OP_GETSOCKNAME:
		ret = getsockname(s->fd, (struct sockaddr *)buf, &len);
		break;
	case OP_GETPEERNAME:
		ret = getpeername(s->fd, (struct sockaddr *)buf, &len);
		break;
	default:
		no_addr = rn(4) == 0;
		ret = accept4(s->fd, no_addr ? NULL : (struct sockaddr *)buf,
			      no_addr ? NULL : &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
	}
	err = errno;
	count(op, ret);
	if (no_addr)	/* nothing to write into: the buffer stays as it was */
		check_name(op_names[op], s, -1, err, buf, c, in, len);
	else
		check_name(op_names[op], s, ret, err, buf, c, in, len);
	if (op == OP_ACCEPT && ret >= 0) {
		note_call(OP_CLOSE, s, 0);
		count(OP_CLOSE, close(ret));
	}
}

/* --- ioctls and rtnetlink on the devices ------------------------------- */

static void pick_ifname(char *name)
{
	memset(name, 0, IFNAMSIZ);
	switch (rn(10)) {
	case 0 ... 5:
		strcpy(name, DUMMY);
		break;
	case 6:
		strcpy(name, VCAN);
		break;
	case 7:
		strcpy(name, st->netns ? "lo" : "zzfuzz-none");
		break;
	case 8:
		strcpy(name, "zzfuzz-none");
		break;
	default:
		rnd_bytes(name, IFNAMSIZ);
		if (!st->netns && !memcmp(name, "lo", 3))
			name[0] = 'x';
	}
}

/* A sockaddr (16 bytes) in an ifreq or arpreq. */
static void pick_sockaddr(unsigned char *b, int family)
{
	unsigned char a[ABUF];
	int n = family_addr(rn(3) ? family : kinds[rn(N_KINDS)].domain, 0, a, rn(8));

	if (family == ARPHRD_ETHER) {
		put16(a, 0, ARPHRD_ETHER);
		memcpy(a + 2, rn(2) ? DUMMY_MAC : "\x02\x00\x5e\x00\x00\x01", 6);
		if (rn(4) == 0)
			a[2] |= 1;	/* multicast, for SIOCADDMULTI */
	}
	if (rn(2))
		mutate(a, n < 16 ? n : 16);
	if (rn(8) == 0)
		rnd_bytes(a, 16);
	memcpy(b, a, 16);
}

static int ioctl_fd(struct slot **s)
{
	static struct slot ctl;

	ctl.fd = ctl_fd;
	ctl.domain = AF_INET;
	ctl.type = SOCK_DGRAM;
	*s = &ctl;
	if (rn(3) == 0) {
		struct slot *o = &slots[rn(NSLOTS)];

		if (o->fd >= 0)
			*s = o;
	}
	return (*s)->fd;
}

/* Check that nothing of @buf from @from on (all @c before) was written. */
static void check_tail(const char *what, const struct slot *s, long ret, int err,
		       const unsigned char *buf, int c, int from, int size)
{
	int i;

	for (i = from; i < size; i++)
		if (buf[i] != c)
			break;
	if (i < size)
		report("%s fd family=%d -> %ld %s: byte %d of %d = %#x past %d (canary %#x)",
		       what, s->domain, ret, ret < 0 ? strerrorname_np(err) ?: "?" : "ok",
		       i, size, buf[i], from, c);
}

static void op_ifreq(int op)
{
	static const unsigned long cmds[] = {
		[OP_SIOCSIFHWADDR] = SIOCSIFHWADDR, [OP_SIOCGIFHWADDR] = SIOCGIFHWADDR,
		[OP_SIOCSIFADDR] = SIOCSIFADDR, [OP_SIOCGIFADDR] = SIOCGIFADDR,
		[OP_SIOCADDMULTI] = SIOCADDMULTI,
	};
	static unsigned char buf[ABUF];
	struct ifreq *ifr = (void *)buf;
	int c = rnd() & 0xff, fd, err;
	struct slot *s;
	long ret;

	fd = ioctl_fd(&s);
	memset(buf, c, sizeof(buf));
	pick_ifname(ifr->ifr_name);
	if (op == OP_SIOCSIFHWADDR || op == OP_SIOCADDMULTI)
		pick_sockaddr((unsigned char *)&ifr->ifr_hwaddr, ARPHRD_ETHER);
	else if (op == OP_SIOCSIFADDR)
		pick_sockaddr((unsigned char *)&ifr->ifr_addr, AF_INET);
	/* AF_INET6 reads a struct in6_ifreq: its ifindex is at byte 20 */
	if (op == OP_SIOCSIFADDR && s->domain == AF_INET6 && !st->netns)
		put32(buf, 20, ifindex_dummy);
	note_call(op, s, sizeof(*ifr));
	ret = ioctl(fd, cmds[op], buf);
	err = errno;
	count(op, ret);
	/* SIOCADDMULTI's twin, so that the list stays short */
	if (op == OP_SIOCADDMULTI && ret == 0 && rn(2))
		ioctl(fd, SIOCDELMULTI, buf);
	check_tail(op_names[op], s, ret, err, buf, c, sizeof(*ifr), ABUF);
}

static void op_arp(int op)
{
	static const unsigned long cmds[] = {
		[OP_SIOCSARP] = SIOCSARP, [OP_SIOCGARP] = SIOCGARP, [OP_SIOCDARP] = SIOCDARP,
	};
	static unsigned char buf[ABUF];
	struct arpreq *r = (void *)buf;
	int c = rnd() & 0xff, fd, err;
	struct slot *s;
	long ret;

	fd = ioctl_fd(&s);
	memset(buf, c, sizeof(buf));
	pick_sockaddr((unsigned char *)&r->arp_pa, AF_INET);
	pick_sockaddr((unsigned char *)&r->arp_ha, ARPHRD_ETHER);
	pick_sockaddr((unsigned char *)&r->arp_netmask, AF_INET);
	r->arp_flags = rn(2) ? ATF_PERM | ATF_COM : (int)rnd();
	if (st->netns && rn(4) == 0)
		memset(r->arp_dev, 0, sizeof(r->arp_dev));	/* the device by route */
	else
		pick_ifname(r->arp_dev);
	note_call(op, s, sizeof(*r));
	ret = ioctl(fd, cmds[op], buf);
	err = errno;
	count(op, ret);
	check_tail(op_names[op], s, ret, err, buf, c, sizeof(*r), ABUF);
}

static void op_route(int op)
{
	static unsigned char buf[ABUF];
	static char dev[IFNAMSIZ];
	struct rtentry *rt = (void *)buf;
	int c = rnd() & 0xff, fd, err, size = sizeof(*rt);
	struct slot *s;
	long ret;

	fd = ioctl_fd(&s);
	memset(buf, c, sizeof(buf));
	if (s->domain == AF_INET6) {	/* struct in6_rtmsg */
		size = 80;
		rnd_bytes(buf, size);
		if (rn(2))
			put_ip6(buf, 0, rn(5));
		put32(buf, 76, st->netns && rn(2) ? pick_ifindex() : ifindex_dummy);
	} else {
		pick_sockaddr((unsigned char *)&rt->rt_dst, AF_INET);
		pick_sockaddr((unsigned char *)&rt->rt_gateway, AF_INET);
		pick_sockaddr((unsigned char *)&rt->rt_genmask, AF_INET);
		rt->rt_flags = rn(2) ? RTF_UP | (rn(2) ? RTF_GATEWAY : RTF_HOST) : rnd();
		rt->rt_metric = rn(4);
		/* the initial namespace: bound to our dummy, gone with it */
		if (st->netns && rn(3) == 0)
			rt->rt_dev = rn(2) ? NULL : dev;
		else
			rt->rt_dev = dev;
		if (st->netns)
			pick_ifname(dev);
		else
			strcpy(dev, DUMMY);
	}
	note_call(op, s, sizeof(*rt));
	ret = ioctl(fd, op == OP_SIOCADDRT ? SIOCADDRT : SIOCDELRT, buf);
	err = errno;
	count(op, ret);
	/* both only read the request */
	check_tail(op_names[op], s, ret, err, buf, c, size, ABUF);
}

static void op_ifconf(void)
{
	static unsigned char buf[IFCBUF + 64];
	struct ifconf ifc;
	int c = rnd() & 0xff, fd, err, in, from;
	struct slot *s;
	long ret;

	fd = ioctl_fd(&s);
	memset(buf, c, sizeof(buf));
	switch (rn(6)) {
	case 0:
		in = -1 - rn(100);
		break;
	case 1:
		in = IFCBUF;
		break;
	case 2:
		in = 128 + rn(3);
		break;
	default:
		in = rn(301);
	}
	ifc.ifc_len = in;
	ifc.ifc_buf = rn(6) ? (char *)buf : NULL;
	note_call(OP_SIOCGIFCONF, s, in);
	ret = ioctl(fd, SIOCGIFCONF, &ifc);
	err = errno;
	count(OP_SIOCGIFCONF, ret);
	if (ret == 0 && ifc.ifc_buf && (ifc.ifc_len > (in < 0 ? 0 : in) ||
					ifc.ifc_len % (int)sizeof(struct ifreq)))
		report("SIOCGIFCONF fd family=%d ifc_len %d -> %d", s->domain, in, ifc.ifc_len);
	from = in < 0 ? 0 : in;
	if (!ifc.ifc_buf)
		from = 0;
	check_tail("SIOCGIFCONF", s, ret, err, buf, c, from, sizeof(buf));
}

static void op_setlink(int op)
{
	static const int lens[] = { 0, 1, 5, 6, 7, 8, 14, 16, 20, 31, 32, 33, 127, 128,
				    129, 130, 255, 256, 300, 1000 };
	static unsigned char msg[2048], ack[4096];
	struct nlmsghdr *nh = (void *)msg;
	struct ifinfomsg *ifi = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct slot ctl = { .domain = AF_NETLINK, .type = SOCK_RAW };
	int len = rn(2) ? lens[rn(ARRAY_SIZE(lens))] : rn(301);
	long ret;

	memset(msg, 0, sizeof(msg));
	nh->nlmsg_len = NLMSG_LENGTH(sizeof(*ifi));
	nh->nlmsg_type = RTM_SETLINK;
	nh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	ifi->ifi_family = rn(8) ? AF_UNSPEC : rn(KAF_MAX + 3);
	switch (rn(6)) {
	case 0:
		ifi->ifi_index = ifindex_vcan;
		break;
	case 1:
		ifi->ifi_index = st->netns ? pick_ifindex() : 100000 + rn(1000);
		break;
	default:
		ifi->ifi_index = ifindex_dummy;
	}
	rta = (void *)(msg + nh->nlmsg_len);
	rta->rta_type = op == OP_SETLINK_ADDRESS ? IFLA_ADDRESS : IFLA_BROADCAST;
	rta->rta_len = RTA_LENGTH(len);
	rnd_bytes(RTA_DATA(rta), len);
	if (rn(2))
		memcpy(RTA_DATA(rta), "\x02\x00\x5e\x00\x00\x02", len < 6 ? len : 6);
	nh->nlmsg_len += RTA_ALIGN(rta->rta_len);
	if (rn(10) == 0)		/* an attribute that lies about its length */
		rta->rta_len = rn(2) ? rn(4) : rta->rta_len + 1 + rn(64);
	note_call(op, &ctl, len);
	ret = send(nl_fd, msg, nh->nlmsg_len, MSG_DONTWAIT);
	if (ret >= 0) {
		int n = recv(nl_fd, ack, sizeof(ack), MSG_DONTWAIT);

		ret = -1;
		nh = (void *)ack;
		if (n >= (int)NLMSG_LENGTH(sizeof(int)) && nh->nlmsg_type == NLMSG_ERROR)
			ret = *(int *)NLMSG_DATA(nh);
	}
	count(op, ret);
}

/* --- the run ----------------------------------------------------------- */

static void world_setup(void)
{
	struct rlimit rl = { 64, 64 };
	int err;

	signal(SIGPIPE, SIG_IGN);
	setrlimit(RLIMIT_NOFILE, &rl);
	if (cmdline_value("workbench.fuzz_netns=1")) {
		st->netns = unshare(CLONE_NEWNET) == 0;
		if (!st->netns) {
			/* asked for and not had: fail, do not fuzz elsewhere */
			snprintf(st->note, sizeof(st->note),
				 "workbench.fuzz_netns=1: unshare(CLONE_NEWNET): %s",
				 strerror(errno));
			_exit(2);
		}
	}
	if (st->netns)
		link_flags("lo", IFF_UP, 0);
	else
		snprintf(st->note, sizeof(st->note),
			 "in the initial namespace, on %s and %s only", DUMMY, VCAN);
	/*
	 * The ICMP echo sockets of kinds[] are open to the groups of
	 * ping_group_range, none by default: to every group, here (no other
	 * program shares the initial namespace's setting with the fuzzer).
	 */
	err = write_file("/proc/sys/net/ipv4/ping_group_range", "0 2147483647");
	if (err) {
		snprintf(st->note, sizeof(st->note), "ping_group_range: %s", strerror(-err));
		_exit(4);
	}
	link_delete(DUMMY);
	link_delete(VCAN);
	link_create("dummy", DUMMY);
	link_create("vcan", VCAN);
	link_flags(DUMMY, IFF_UP, 0);
	link_flags(VCAN, IFF_UP, 0);
	ifindex_dummy = if_nametoindex(DUMMY);
	ifindex_vcan = if_nametoindex(VCAN);
	link_set_bytes(ifindex_dummy, IFLA_ADDRESS, DUMMY_MAC, 6);
	ctl_fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	nl_fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_ROUTE);
	/* AF_UNIX paths land here, and nowhere else */
	mkdir(FUZZ_DIR, 0700);
	if (chdir(FUZZ_DIR) || chroot("."))
		_exit(3);
}

static void world_teardown(void)
{
	int i;

	for (i = 0; i < NSLOTS; i++)
		slot_close(&slots[i]);
	close(ctl_fd);
	close(nl_fd);
	if (!st->netns) {
		link_delete(DUMMY);
		link_delete(VCAN);
	}
}

static void fuzz_child(void)
{
	int i;

	for (i = 0; i < NSLOTS; i++)
		slots[i].fd = -1;
	rnd_seed(st->seed);
	world_setup();
	if (ifindex_dummy <= 0 || ctl_fd < 0 || nl_fd < 0)
		_exit(2);
	alarm(FUZZ_GUARD_S);
	st->started = 1;
	while (st->total < FUZZ_CALLS) {
		unsigned int r = rn(1000);

		if (r < 90)
			op_socket(&slots[rn(NSLOTS)]);
		else if (r < 120)
			slot_close(&slots[rn(NSLOTS)]);
		else if (r < 250)
			op_bind_connect_sendto(OP_BIND);
		else if (r < 370)
			op_bind_connect_sendto(OP_CONNECT);
		else if (r < 470)
			op_bind_connect_sendto(OP_SENDTO);
		else if (r < 500)
			op_listen();
		else if (r < 590)
			op_name(OP_GETSOCKNAME);
		else if (r < 670)
			op_name(OP_GETPEERNAME);
		else if (r < 720)
			op_name(OP_ACCEPT);
		else if (r < 740)
			op_ifreq(OP_SIOCSIFHWADDR);
		else if (r < 760)
			op_ifreq(OP_SIOCGIFHWADDR);
		else if (r < 780)
			op_ifreq(OP_SIOCSIFADDR);
		else if (r < 800)
			op_ifreq(OP_SIOCGIFADDR);
		else if (r < 820)
			op_arp(OP_SIOCSARP);
		else if (r < 840)
			op_arp(OP_SIOCGARP);
		else if (r < 855)
			op_arp(OP_SIOCDARP);
		else if (r < 875)
			op_route(OP_SIOCADDRT);
		else if (r < 890)
			op_route(OP_SIOCDELRT);
		else if (r < 910)
			op_ifreq(OP_SIOCADDMULTI);
		else if (r < 930)
			op_ifconf();
		else if (r < 965)
			op_setlink(OP_SETLINK_ADDRESS);
		else
			op_setlink(OP_SETLINK_BROADCAST);
	}
	alarm(0);
	st->cur.op = -1;
	world_teardown();
	st->finished = 1;
	_exit(0);
}

/* --- the kernel log ---------------------------------------------------- */

/*
 * What makes a kernel log line trouble: the same words as the host's judge
 * of the console, TROUBLE in scripts/console.py (tests/tools/test_console.py
 * checks that the two lists agree).
 */
static const char *const kmsg_bad[] = {
	"BUG:", "KASAN", "UBSAN", "WARNING:", "field-spanning",
	"detected buffer overflow", "Oops", "Kernel panic", "kernel BUG",
	"Call Trace:",
};

/* Write @text to the kernel log; return the sequence number it got. */
static unsigned long long kmsg_mark(const char *text)
{
	unsigned long long seq = 0, s;
	char rec[2048];
	int fd, n;

	fd = open("/dev/kmsg", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0;
	lseek(fd, 0, SEEK_END);
	/* a record without its newline stays open, and unread, until the next one */
	snprintf(rec, sizeof(rec), "%s\n", text);
	if (write(fd, rec, strlen(rec)) < 0)
		goto out;
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			break;
		rec[n] = 0;
		if (sscanf(rec, "%*u,%llu,", &s) == 1 && strstr(rec, text))
			seq = s;
	}
out:
	close(fd);
	return seq;
}

FIXTURE(fuzz)
{
};

FIXTURE_SETUP(fuzz)
{
	ASSERT_TRUE(st != NULL);
}

FIXTURE_TEARDOWN(fuzz)
{
}

/* The whole budget of calls, in a child, which must exit normally. */
TEST_F_TIMEOUT(fuzz, run, FUZZ_GUARD_S + 60)
{
	struct timespec t0, t1;
	char text[96];
	pid_t pid;
	int i, status;

	st->seed = seed_from_cmdline();
	diag("fuzz seed %llu\n", st->seed);
	snprintf(text, sizeof(text), "fuzz: start, seed %llu", st->seed);
	st->kmsg_start = kmsg_mark(text);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		fuzz_child();
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	snprintf(text, sizeof(text), "fuzz: end, seed %llu", st->seed);
	kmsg_mark(text);
	st->status = status;
	if (st->note[0])
		diag("%s\n", st->note);
	diag("fuzz network namespace: %s\n", st->netns ? "own" : "initial");
	for (i = 0; i < OP_MAX; i++)
		diag("fuzz calls %-26s %7lu (%lu returned >= 0)\n", op_names[i], st->calls[i],
		     st->ok[i]);
	diag_families("sockets", st->fam_socket);
	diag_families("binds that worked", st->fam_bind);
	diag_families("getsocknames that worked", st->fam_name);
	diag("fuzz calls total %lu in %.1f s\n", st->total,
	     (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0 && st->finished)
		TH_LOG("fuzz child: %s %d; in flight: %s family=%d type=%d proto=%d len=%d",
		       WIFEXITED(status) ? "exit" : "signal",
		       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
		       st->cur.op >= 0 && st->cur.op < OP_MAX ? op_names[st->cur.op] : "-",
		       st->cur.domain, st->cur.type, st->cur.protocol, st->cur.len);
	EXPECT_LE(FUZZ_MIN_CALLS, st->total);
}

/* No byte written past a buffer, no name longer than sockaddr_storage. */
TEST_F(fuzz, canaries)
{
	unsigned long i;

	ASSERT_TRUE(st->started) TH_LOG("the fuzz run did not start");
	for (i = 0; i < st->n_reports && i < MAX_REPORTS; i++)
		TH_LOG("%s", st->report[i]);
	EXPECT_EQ(0, st->n_reports) TH_LOG("%lu canary reports, seed %llu", st->n_reports,
					   st->seed);
}

/* No BUG:, WARNING:, Oops, UBSAN or KASAN line since the run started. */
TEST_F(fuzz, kernel_log)
{
	unsigned long long seq;
	unsigned long bad = 0, seen = 0;
	char rec[2048], *msg;
	size_t i;
	int fd, n;

	ASSERT_TRUE(st->started) TH_LOG("the fuzz run did not start");
	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("/dev/kmsg: %s", strerror(errno));
	if (!st->kmsg_start)
		TH_LOG("no start marker in the kernel log: checking all of it");
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE) {
			TH_LOG("kernel log records were overwritten before they were read");
			continue;
		}
		if (n <= 0)
			break;
		rec[n] = 0;
		if (sscanf(rec, "%*u,%llu,", &seq) != 1 || seq < st->kmsg_start)
			continue;
		seen++;
		/*
		 * "prefix;text\n", then the record's dictionary lines: log the
		 * text alone. TH_LOG() ends the line itself; the record's own
		 * newline would add an empty line, which is not KTAP.
		 */
		msg = strchr(rec, ';') ? strchr(rec, ';') + 1 : rec;
		msg[strcspn(msg, "\n")] = 0;
		for (i = 0; i < ARRAY_SIZE(kmsg_bad); i++)
			if (strstr(msg, kmsg_bad[i]))
				break;
		if (i < ARRAY_SIZE(kmsg_bad)) {
			if (bad++ < 20)
				TH_LOG("kernel: %s", msg);
		}
	}
	close(fd);
	diag("fuzz kernel log: %lu records since the start marker\n", seen);
	EXPECT_EQ(0, bad) TH_LOG("%lu bad kernel log lines, seed %llu", bad, st->seed);
}

TEST_HARNESS_MAIN

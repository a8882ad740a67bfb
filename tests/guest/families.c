// SPDX-License-Identifier: GPL-2.0
/*
 * The address families of the test config, one row each (lib/family.h runs
 * bind, connect, getsockname, getpeername, accept and recvfrom on every row
 * and writes the transcript that the host compares between the baseline
 * and the patched kernel).
 *
 * Each row names the family, the socket type, how to build a valid local
 * address and what getsockname() must report for it, and which bytes of a
 * returned address depend on the run.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <linux/netlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <sys/un.h>

#include "lib/family.h"

/* --- AF_UNIX ----------------------------------------------------------- */

/* A pathname in /tmp, removed first so that it can be bound again. */
static socklen_t unix_path(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_un *sun = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sun->sun_family = AF_UNIX;
	snprintf(sun->sun_path, sizeof(sun->sun_path), "/tmp/family-%d", n);
	unlink(sun->sun_path);
	return offsetof(struct sockaddr_un, sun_path) + strlen(sun->sun_path) + 1;
}

/* An abstract name that fills sun_path: NUL + 107 bytes, 110 in all. */
static socklen_t unix_abstract(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_un *sun = (void *)ss;
	size_t i;

	memset(ss, 0, sizeof(*ss));
	sun->sun_family = AF_UNIX;
	for (i = 1; i < sizeof(sun->sun_path); i++)
		sun->sun_path[i] = 'a' + (i + n) % 26;
	return sizeof(*sun);
}

/* Only the family: the kernel picks an abstract name of 5 hex digits. */
static socklen_t unix_autobind(struct sockaddr_storage *ss, int n)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = AF_UNIX;
	return sizeof(sa_family_t);
}

FAMILY_PEER_ROW(unix_stream_path, .domain = AF_UNIX, .type = SOCK_STREAM,
	   .address = unix_path, .flags = F_STREAM);
FAMILY_PEER_ROW(unix_stream_abstract, .domain = AF_UNIX, .type = SOCK_STREAM,
	   .address = unix_abstract, .flags = F_STREAM);
FAMILY_PEER_ROW(unix_seqpacket_abstract, .domain = AF_UNIX, .type = SOCK_SEQPACKET,
	   .address = unix_abstract, .flags = F_STREAM);
FAMILY_PEER_ROW(unix_dgram_path, .domain = AF_UNIX, .type = SOCK_DGRAM,
	   .address = unix_path, .flags = F_DGRAM | F_CLIENT_BIND);
FAMILY_PEER_ROW(unix_dgram_abstract, .domain = AF_UNIX, .type = SOCK_DGRAM,
	   .address = unix_abstract, .flags = F_DGRAM | F_CLIENT_BIND);
FAMILY_PEER_ROW(unix_stream_autobind, .domain = AF_UNIX, .type = SOCK_STREAM,
	   .address = unix_autobind, .name_len = 8, .flags = F_STREAM,
	   .name_mask = { 3, 5 });
FAMILY_PEER_ROW(unix_dgram_autobind, .domain = AF_UNIX, .type = SOCK_DGRAM,
	   .address = unix_autobind, .name_len = 8, .flags = F_DGRAM,
	   .name_mask = { 3, 5 });

/* --- AF_INET, AF_INET6 ------------------------------------------------- */

/* 127.0.0.1 and ::1, each row on ports of its own (see lib/family.h) */
INET_LOOPBACK_ADDR(inet_tcp, 41000)
INET_LOOPBACK_ADDR(inet_udp, 41010)
INET6_LOOPBACK_ADDR(inet6_tcp, 41020)
INET6_LOOPBACK_ADDR(inet6_udp, 41030)

/* A link-local address on lo (ifindex 1): the scope id comes back. */
static socklen_t inet6_scoped(struct sockaddr_storage *ss, int n)
{
	return inet6_addr_port(ss, "fe80::1", 41040 + n, 1);
}

static int freebind6(int fd)
{
	int one = 1;

	return setsockopt(fd, IPPROTO_IPV6, IPV6_FREEBIND, &one, sizeof(one));
}

/* An autobound INET peer differs in its port. */
#define PORT_MASK { 2, 2 }

FAMILY_PEER_ROW(inet_tcp, .domain = AF_INET, .type = SOCK_STREAM,
	   .address = inet_tcp, .flags = F_STREAM, .peer_mask = PORT_MASK);
FAMILY_PEER_ROW(inet_udp, .domain = AF_INET, .type = SOCK_DGRAM,
	   .address = inet_udp, .flags = F_DGRAM, .peer_mask = PORT_MASK);
FAMILY_ROW(inet_raw, .domain = AF_INET, .type = SOCK_RAW, .protocol = 253,
	   .address = inet_udp);
/* ICMP echo sockets are open to the groups in ping_group_range (none by default). */
static int ping_groups(void)
{
	int fd = open("/proc/sys/net/ipv4/ping_group_range", O_WRONLY);
	int ok;

	if (fd < 0)
		return -errno;
	ok = write(fd, "0 2147483647", 12) == 12;
	close(fd);
	return ok ? 0 : -EIO;
}

FAMILY_ROW(inet_icmp, .domain = AF_INET, .type = SOCK_DGRAM, .protocol = IPPROTO_ICMP,
	   .prepare = ping_groups, .address = inet_udp);
FAMILY_PEER_ROW(inet6_tcp, .domain = AF_INET6, .type = SOCK_STREAM,
	   .address = inet6_tcp, .flags = F_STREAM, .peer_mask = PORT_MASK);
FAMILY_PEER_ROW(inet6_udp, .domain = AF_INET6, .type = SOCK_DGRAM,
	   .address = inet6_udp, .flags = F_DGRAM, .peer_mask = PORT_MASK);
FAMILY_ROW(inet6_udp_scoped, .domain = AF_INET6, .type = SOCK_DGRAM,
	   .address = inet6_scoped, .setup_fd = freebind6);
FAMILY_ROW(inet6_raw, .domain = AF_INET6, .type = SOCK_RAW, .protocol = 253,
	   .address = inet6_udp);
FAMILY_ROW(inet6_icmp, .domain = AF_INET6, .type = SOCK_DGRAM, .protocol = IPPROTO_ICMPV6,
	   .prepare = ping_groups, .address = inet6_udp);

/* --- AF_PACKET --------------------------------------------------------- */

/* sockaddr_ll on lo; getsockname() adds lo's 6-byte hardware address. */
static socklen_t packet_ll(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_ll *sll = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sll->sll_family = AF_PACKET;
	sll->sll_protocol = htons(0x88b5 + n);	/* a local experimental ethertype */
	sll->sll_ifindex = 1;
	return sizeof(*sll);
}

/* SOCK_PACKET binds by device name, in the 14 bytes of sa_data. */
static socklen_t packet_spkt(struct sockaddr_storage *ss, int n)
{
	struct sockaddr *sa = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sa->sa_family = AF_PACKET;
	strcpy(sa->sa_data, "lo");
	return sizeof(*sa);
}

FAMILY_ROW(packet_raw, .domain = AF_PACKET, .type = SOCK_RAW,
	   .address = packet_ll, .name_len = offsetof(struct sockaddr_ll, sll_addr) + 6);
FAMILY_ROW(packet_dgram, .domain = AF_PACKET, .type = SOCK_DGRAM,
	   .address = packet_ll, .name_len = offsetof(struct sockaddr_ll, sll_addr) + 6);
FAMILY_ROW(packet_spkt, .domain = AF_PACKET, .type = SOCK_PACKET,
	   .address = packet_spkt);

/* --- AF_NETLINK -------------------------------------------------------- */

static socklen_t netlink_pid(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_nl *snl = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	snl->nl_family = AF_NETLINK;
	snl->nl_pid = 0x7000 + n;
	return sizeof(*snl);
}

/* nl_pid 0: the kernel picks the port id. */
static socklen_t netlink_auto(struct sockaddr_storage *ss, int n)
{
	struct sockaddr_nl *snl = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	snl->nl_family = AF_NETLINK;
	snl->nl_groups = 1;	/* RTMGRP_LINK */
	return sizeof(*snl);
}

FAMILY_PEER_ROW(netlink_usersock, .domain = AF_NETLINK, .type = SOCK_DGRAM,
	   .protocol = NETLINK_USERSOCK, .address = netlink_pid, .flags = F_DGRAM,
	   .peer_mask = { 4, 4 });
FAMILY_ROW(netlink_route_auto, .domain = AF_NETLINK, .type = SOCK_RAW,
	   .protocol = NETLINK_ROUTE, .address = netlink_auto, .name_mask = { 4, 4 });

/*
 * The rows' fixed ports (41000-41049) lie below the ephemeral ports, which
 * /init moves above every fixed port of the guest programs (EPHEMERAL_PORTS
 * in tests/init/init.c): else a connect() of length_sweep to a row's port
 * may take that port as its source, connect to itself and leave a
 * TIME_WAIT that makes the next bind() of the port fail.
 */
TEST(ephemeral_ports_above_fixed_ports)
{
	unsigned int lo, hi;
	FILE *f = fopen("/proc/sys/net/ipv4/ip_local_port_range", "r");

	ASSERT_TRUE(f != NULL) TH_LOG("ip_local_port_range: %s", strerror(errno));
	ASSERT_EQ(2, fscanf(f, "%u %u", &lo, &hi));
	fclose(f);
	EXPECT_LT(47999, lo) TH_LOG("ephemeral ports %u-%u", lo, hi);
}

TEST_HARNESS_MAIN

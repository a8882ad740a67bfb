// SPDX-License-Identifier: GPL-2.0
/*
 * Regression test of "af_packet: clear the device name of SOCK_PACKET
 * addresses to its end" (patch 15). recvmsg() on a SOCK_PACKET socket
 * returns an 18-byte struct sockaddr_pkt that packet_rcv_spkt() builds in
 * the packet's skb->cb; its spkt_device must hold the device name and
 * zeroes after it. A frame that GRO held before passing it up carries
 * GRO's own data in skb->cb (struct napi_gro_cb: the skb's address and
 * jiffies in bytes 0 to 15), which a copy of the name that stops at the
 * NUL leaves in the rest of spkt_device.
 *
 * Each row makes a veth pair "a" and "b" (GRO on for "a", so that veth
 * hands what "b" sends to GRO; TSO off for "b", which veth asks of a
 * sender before it does), writes one TCP segment (ACK, no PSH: GRO holds
 * it until the end of the poll) from "b" with an AF_PACKET raw socket,
 * and reads it on "a" with a SOCK_PACKET socket; the row's result is the
 * number of bytes after "a\0" in spkt_device that are not zero.
 *
 * root: in the network namespace /init gives this program. userns: uid
 * 65534 in a user and network namespace of its own, where it has
 * CAP_NET_ADMIN (the veth pair) and CAP_NET_RAW (the SOCK_PACKET socket).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/ethtool.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/sockios.h>
#include <netinet/ip.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <string.h>
#include <sys/time.h>

#include "kselftest_harness.h"
#include "lib/child.h"
#include "lib/rtnl.h"

/* ETHTOOL_SGRO or ETHTOOL_STSO (@cmd) to @on on @name */
static int ethtool_set(const char *name, __u32 cmd, __u32 on)
{
	struct ethtool_value ev = { .cmd = cmd, .data = on };
	struct ifreq ifr = { .ifr_data = (void *)&ev };

	return ifreq_ioctl(name, SIOCETHTOOL, &ifr);
}

static uint16_t csum(const void *data, size_t len, uint32_t sum)
{
	const uint8_t *p = data;

	for (; len > 1; p += 2, len -= 2)
		sum += (p[0] << 8) | p[1];
	if (len)
		sum += p[0] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return htons(~sum & 0xffff);
}

/* One TCP segment from 10.9.0.2 to 10.9.0.1, ACK only, with 8 bytes */
static size_t tcp_frame(uint8_t *f, const uint8_t *dst, const uint8_t *src)
{
	struct ethhdr *eth = (struct ethhdr *)f;
	struct iphdr *ip = (struct iphdr *)(eth + 1);
	struct tcphdr *th = (struct tcphdr *)(ip + 1);
	uint8_t *data = (uint8_t *)(th + 1);
	struct {
		uint32_t saddr, daddr;
		uint8_t zero, proto;
		uint16_t len;
	} __attribute__((packed)) ph;
	uint8_t buf[sizeof(ph) + sizeof(*th) + 8];

	memcpy(eth->h_dest, dst, ETH_ALEN);
	memcpy(eth->h_source, src, ETH_ALEN);
	eth->h_proto = htons(ETH_P_IP);
	memset(ip, 0, sizeof(*ip));
	ip->version = 4;
	ip->ihl = 5;
	ip->tot_len = htons(sizeof(*ip) + sizeof(*th) + 8);
	ip->ttl = 64;
	ip->protocol = IPPROTO_TCP;
	ip->saddr = htonl(0x0a090002);
	ip->daddr = htonl(0x0a090001);
	ip->check = csum(ip, sizeof(*ip), 0);
	memset(th, 0, sizeof(*th));
	th->source = htons(40000);
	th->dest = htons(40001);
	th->seq = htonl(1);
	th->ack_seq = htonl(1);
	th->doff = 5;
	th->ack = 1;
	th->window = htons(1024);
	memcpy(data, "spktspkt", 8);
	ph = (typeof(ph)){ ip->saddr, ip->daddr, 0, IPPROTO_TCP,
			   htons(sizeof(*th) + 8) };
	memcpy(buf, &ph, sizeof(ph));
	memcpy(buf + sizeof(ph), th, sizeof(*th) + 8);
	th->check = csum(buf, sizeof(buf), 0);
	return sizeof(*eth) + sizeof(*ip) + sizeof(*th) + 8;
}

/*
 * The pair, the segment, the SOCK_PACKET read: the number of non-zero
 * bytes after the name's NUL in spkt_device, or -errno.
 */
static int spkt_stale_bytes(void)
{
	struct timeval tv = { .tv_sec = 2 };
	struct sockaddr_ll to = { .sll_family = AF_PACKET, .sll_halen = ETH_ALEN };
	struct ifreq a = { 0 }, b = { 0 };
	uint8_t frame[128], got[256];
	int spkt, raw, ret, i, n;

	ret = veth_create("a", "b");
	if (!ret)
		ret = ethtool_set("a", ETHTOOL_SGRO, 1);
	if (!ret)
		ret = ethtool_set("b", ETHTOOL_STSO, 0);
	if (!ret)
		ret = link_flags("a", IFF_UP, 0);
	if (!ret)
		ret = link_flags("b", IFF_UP, 0);
	if (!ret)
		ret = ifreq_ioctl("a", SIOCGIFHWADDR, &a);
	if (!ret)
		ret = ifreq_ioctl("b", SIOCGIFHWADDR, &b);
	if (ret)
		return ret;
	spkt = socket(AF_PACKET, SOCK_PACKET, htons(ETH_P_ALL));
	if (spkt < 0)
		return -errno;
	setsockopt(spkt, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	raw = socket(AF_PACKET, SOCK_RAW, 0);
	if (raw < 0) {
		ret = -errno;
		close(spkt);
		return ret;
	}
	to.sll_ifindex = if_nametoindex("b");
	memcpy(to.sll_addr, a.ifr_hwaddr.sa_data, ETH_ALEN);
	n = tcp_frame(frame, (uint8_t *)a.ifr_hwaddr.sa_data,
		      (uint8_t *)b.ifr_hwaddr.sa_data);
	ret = sendto(raw, frame, n, 0, (struct sockaddr *)&to, sizeof(to)) == n ? 0 : -EIO;
	/* skip what "b" sent as seen on "b", and IPv6 frames */
	while (!ret) {
		struct sockaddr_pkt from;
		socklen_t len = sizeof(from);

		memset(&from, 0, sizeof(from));
		n = recvfrom(spkt, got, sizeof(got), 0, (struct sockaddr *)&from, &len);
		if (n < 0) {
			ret = -errno;
			break;
		}
		if (len != sizeof(from) || strcmp((char *)from.spkt_device, "a") ||
		    n < (int)sizeof(struct ethhdr) || got[12] != 0x08 || got[13] ||
		    memcmp(got + ETH_ALEN, b.ifr_hwaddr.sa_data, ETH_ALEN))
			continue;
		for (i = 2; i < (int)sizeof(from.spkt_device); i++)
			ret += from.spkt_device[i] != 0;
		if (ret)
			printf("# spkt_device after \"a\\0\": %d of 12 bytes not zero\n", ret);
		break;
	}
	close(raw);
	close(spkt);
	return ret;
}

ROOT_AND_USERNS_ROWS(spkt)

FIXTURE_TEARDOWN(spkt)
{
	/* the root row's pair; the user's went with its namespace */
	if (!variant->userns)
		link_delete("a");
}

/* The row's identity and namespaces, then spkt_stale_bytes() */
static int spkt_child(const void *arg)
{
	const FIXTURE_VARIANT(spkt) *variant = arg;

	int ret = variant->userns ? nobody_in_own_netns() : 0;

	return ret ? ret : spkt_stale_bytes();
}

TEST_F(spkt, name_has_no_stale_bytes)
{
	int ret;

	ASSERT_EQ(0, in_child(spkt_child, variant, &ret));
	EXPECT_EQ(0, ret);
}

TEST_HARNESS_MAIN

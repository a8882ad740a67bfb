// SPDX-License-Identifier: GPL-2.0
/*
 * Regression test of "net/sched: etf: clear the whole error report of a
 * dropped packet". When the ETF qdisc drops a packet of a socket that
 * asked for SOF_TXTIME_REPORT_ERRORS, report_sock_error() queues a clone
 * of it on the socket's error queue with the report in the clone's
 * skb->cb (struct sock_exterr_skb), but fills in only its ee part. The
 * rest is what earlier layers left in skb->cb: bytes 0 to 3, read as the
 * report's iif, hold qdisc_skb_cb's pkt_len; for TCP, bytes 40 to 47 hold
 * TCP_SKB_CB(skb)->tx.delivered_mstamp of a segment sent before, read as
 * addr_offset and port. ip_recv_error() takes a non-zero port for an
 * address to report: recvmsg(MSG_ERRQUEUE) returns a 16-byte msg_name
 * whose sin_port is two bytes of that timestamp and whose sin_addr is
 * four bytes read at the packet's network header plus the other two
 * bytes (0 to 65535). With SOF_TIMESTAMPING_OPT_CMSG and IP_PKTINFO, the
 * report's IP_PKTINFO names interface pkt_len.
 *
 * Each row makes a dummy device "etf0" with 10.9.0.1 (a link that takes
 * every packet and delivers none), a TCP socket to 10.9.0.2 established
 * with TCP_REPAIR (no peer answers on a dummy link), with SO_TXTIME
 * (CLOCK_TAI, SOF_TXTIME_REPORT_ERRORS), SO_TIMESTAMPING
 * (SOF_TIMESTAMPING_OPT_CMSG) and IP_PKTINFO. It sends 8 bytes while the
 * device has no qdisc, so that the segment goes out and gets its
 * delivered_mstamp, then makes ETF (CLOCK_TAI) the root qdisc. TCP's
 * retransmission (its timeout is 3 s: a repaired socket has no RTT
 * sample) carries a CLOCK_MONOTONIC time, long past in CLOCK_TAI: ETF
 * drops it and reports EINVAL, SO_EE_CODE_TXTIME_INVALID_PARAM. The row
 * reads that report and checks that no address comes with it (ETF has
 * none to give: the report is of its own making), and that its
 * IP_PKTINFO names etf0.
 *
 * A kernel without the fix reads at the network header plus the low 16
 * bits of the segment's send time in microseconds, whoever calls
 * recvmsg(MSG_ERRQUEUE) (the syscall always passes a name buffer). So
 * that the read stays inside the skb's head (headers, then 320 bytes of
 * skb_shared_info) on such a kernel, the row keeps a socket only when
 * that time, which lies between CLOCK_MONOTONIC before and after send(),
 * ends in at most 352 (and its next 16 bits, the port, are not zero); it
 * drops the socket silently and tries again otherwise. Before send() it
 * waits for a clock value that ends in less than 256 (the test kernels
 * have run on the jiffies clocksource, 4 ms steps, after the TSC
 * watchdog under TCG marked the TSC unstable). A machine on which no send()
 * within 75 s is that fast skips the row (the arm64 baseline under TCG:
 * tests/expect/none-arm64.skip). A kernel with the fix (part A, on its
 * command line) reads nothing there, so its rows keep the first socket,
 * whatever its send time: they do not depend on the machine's speed (a
 * make check whose fixes kernel booted beside the baseline's found no
 * send() faster than 467 us within 30 s; with 30 s, a baseline booted
 * alone on the same machine once found none faster than 462 us for one of
 * its four rows, hence 75 s).
 *
 * root: in the network namespace /init gives this program. userns: uid
 * 65534 in a user and network namespace of its own, where it has
 * CAP_NET_ADMIN (the device, the qdisc, TCP_REPAIR, SO_TXTIME with
 * CLOCK_TAI).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/errqueue.h>
#include <linux/net_tstamp.h>
#include <linux/pkt_sched.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "kselftest_harness.h"
#include "lib/child.h"
#include "lib/rtnl.h"

#ifndef SO_TXTIME
#define SO_TXTIME 61
#endif

/* RTM_NEWQDISC: ETF with CLOCK_TAI as the root qdisc of @ifindex */
static int etf_add(int ifindex)
{
	struct {
		struct nlmsghdr nh;
		struct tcmsg tcm;
		char attrs[256];
	} req = {
		.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct tcmsg)),
		.nh.nlmsg_type = RTM_NEWQDISC,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_CREATE | NLM_F_EXCL,
		.tcm.tcm_family = AF_UNSPEC,
		.tcm.tcm_ifindex = ifindex,
		.tcm.tcm_parent = TC_H_ROOT,
	};
	struct tc_etf_qopt qopt = { .delta = 0, .clockid = CLOCK_TAI };
	struct rtattr *opts;

	rtnl_add(&req.nh, TCA_KIND, "etf", 4);
	opts = rtnl_add(&req.nh, TCA_OPTIONS, NULL, 0);
	rtnl_add(&req.nh, TCA_ETF_PARMS, &qopt, sizeof(qopt));
	rtnl_end_nest(&req.nh, opts);
	return rtnl_talk(&req.nh, NULL, 0);
}

/* "etf0", a dummy device with 10.9.0.1/8, up: its ifindex or -errno */
static int dummy_up(void)
{
	struct ifreq ifr = { 0 };
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
	int ret, ifindex;

	ret = link_create("dummy", "etf0");
	if (!ret) {
		sin->sin_family = AF_INET;
		sin->sin_addr.s_addr = htonl(0x0a090001);
		ret = ifreq_ioctl("etf0", SIOCSIFADDR, &ifr);
	}
	if (!ret)
		ret = link_flags("etf0", IFF_UP, 0);
	if (ret)
		return ret;
	ifindex = if_nametoindex("etf0");
	return ifindex ? ifindex : -errno;
}

/* Close @fd without a FIN or a reset: TCP_REPAIR first */
static void repaired_close(int fd)
{
	int on = TCP_REPAIR_ON;

	setsockopt(fd, IPPROTO_TCP, TCP_REPAIR, &on, sizeof(on));
	close(fd);
}

/*
 * A TCP socket from 10.9.0.1:40000 to 10.9.0.2:40001, established with
 * TCP_REPAIR and a send window of 64 KiB, with SO_TXTIME (CLOCK_TAI,
 * report errors), SO_TIMESTAMPING (OPT_CMSG) and IP_PKTINFO: its fd or
 * -errno.
 */
static int repaired_socket(void)
{
	struct sock_txtime txt = { .clockid = CLOCK_TAI, .flags = SOF_TXTIME_REPORT_ERRORS };
	struct sockaddr_in src = { .sin_family = AF_INET, .sin_port = htons(40000),
				   .sin_addr.s_addr = htonl(0x0a090001) };
	struct sockaddr_in dst = { .sin_family = AF_INET, .sin_port = htons(40001),
				   .sin_addr.s_addr = htonl(0x0a090002) };
	int on = TCP_REPAIR_ON, off = TCP_REPAIR_OFF_NO_WP, one = 1, ret = 0;
	int tsflags = SOF_TIMESTAMPING_OPT_CMSG;
	struct tcp_repair_window w;
	socklen_t len = sizeof(w);
	int fd;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return -errno;
	if (setsockopt(fd, IPPROTO_TCP, TCP_REPAIR, &on, sizeof(on)) ||
	    bind(fd, (struct sockaddr *)&src, sizeof(src)) ||
	    connect(fd, (struct sockaddr *)&dst, sizeof(dst)) ||
	    getsockopt(fd, IPPROTO_TCP, TCP_REPAIR_WINDOW, &w, &len))
		ret = -errno;
	if (!ret) {
		w.snd_wnd = 65535;
		w.max_window = 65535;
		if (setsockopt(fd, IPPROTO_TCP, TCP_REPAIR_WINDOW, &w, sizeof(w)) ||
		    setsockopt(fd, IPPROTO_TCP, TCP_REPAIR, &off, sizeof(off)) ||
		    setsockopt(fd, SOL_SOCKET, SO_TXTIME, &txt, sizeof(txt)) ||
		    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &tsflags, sizeof(tsflags)) ||
		    setsockopt(fd, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one)))
			ret = -errno;
	}
	if (ret) {
		repaired_close(fd);
		return ret;
	}
	return fd;
}

/* how long to look for a send() that fits the window */
#define WINDOW_SEARCH_US 75000000ULL

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000ULL + ts.tv_nsec / 1000;
}

/*
 * A socket of repaired_socket() that has sent 8 bytes at a time whose
 * microseconds end in at most 352 and whose next 16 bits are not zero
 * (above), or at any time with @any: its fd, or -errno (-ETIME: no such
 * time within 75 s, as on a machine where every send() takes longer than
 * the window; the fastest is printed). The socket is made first, so that
 * only send() lies between the two clock reads.
 */
static int socket_sent_in_phase(bool any)
{
	uint64_t start = now_us(), t0, t1, fastest = UINT64_MAX;
	int fd;

	while (now_us() - start < WINDOW_SEARCH_US) {
		fd = repaired_socket();
		if (fd < 0)
			return fd;
		do {
			t0 = now_us();
		} while (((t0 & 0xffff) >= 256 || !((t0 >> 16) & 0xffff)) &&
			 t0 - start < WINDOW_SEARCH_US);
		if (send(fd, "etf-etf-", 8, 0) != 8) {
			repaired_close(fd);
			return -EIO;
		}
		t1 = now_us();
		if (any)
			return fd;
		if (t0 >> 16 == t1 >> 16 && (t1 & 0xffff) <= 352 && ((t0 >> 16) & 0xffff))
			return fd;
		if (t1 - t0 < fastest)
			fastest = t1 - t0;
		repaired_close(fd);
	}
	printf("# no send time that ends in at most 352 us within 75 s (fastest send(): %llu us)\n",
	       (unsigned long long)fastest);
	return -ETIME;
}

struct etf_report {
	int namelen;		/* msg_namelen of the report */
	int pktinfo_ifindex;	/* ipi_ifindex of its IP_PKTINFO, -1 without */
};

/*
 * The device, the socket, the send, the qdisc, the report: 0 with @r
 * filled in, or -errno (-ENOMSG: no report of ETF within 10 s).
 */
static int etf_report(struct etf_report *r, int *ifindex)
{
	char data[64], control[512];
	struct sockaddr_in from;
	struct iovec iov = { data, sizeof(data) };
	struct msghdr msg = {
		.msg_name = &from, .msg_namelen = sizeof(from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	struct pollfd pfd = { .events = POLLERR };
	struct sock_extended_err *ee = NULL;
	struct cmsghdr *cm;
	int fd, ret;

	*ifindex = dummy_up();
	if (*ifindex < 0) {
		printf("# etf0: %s\n", strerror(-*ifindex));
		return *ifindex;
	}
	fd = socket_sent_in_phase(kernel_has_fixes());
	if (fd < 0) {
		printf("# socket: %s\n", strerror(-fd));
		return fd;
	}
	ret = etf_add(*ifindex);
	if (ret) {
		printf("# qdisc etf: %s\n", strerror(-ret));
		goto out;
	}
	pfd.fd = fd;
	if (poll(&pfd, 1, 10000) != 1 || !(pfd.revents & POLLERR)) {
		printf("# no report on the error queue within 10 s\n");
		ret = -ENOMSG;
		goto out;
	}
	memset(&from, 0, sizeof(from));
	if (recvmsg(fd, &msg, MSG_ERRQUEUE) < 0) {
		ret = -errno;
		printf("# recvmsg: %s\n", strerror(errno));
		goto out;
	}
	r->pktinfo_ifindex = -1;
	for (cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm)) {
		if (cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_RECVERR)
			ee = (struct sock_extended_err *)CMSG_DATA(cm);
		if (cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_PKTINFO)
			r->pktinfo_ifindex = ((struct in_pktinfo *)CMSG_DATA(cm))->ipi_ifindex;
	}
	if (!ee || ee->ee_origin != SO_EE_ORIGIN_TXTIME || ee->ee_errno != EINVAL ||
	    ee->ee_code != SO_EE_CODE_TXTIME_INVALID_PARAM) {
		printf("# not ETF's report: origin %d errno %d code %d\n",
		       ee ? ee->ee_origin : -1, ee ? (int)ee->ee_errno : -1,
		       ee ? ee->ee_code : -1);
		ret = -ENOMSG;
		goto out;
	}
	r->namelen = msg.msg_namelen;
	if (r->namelen)
		printf("# msg_name of ETF's report: %d bytes, port %u, addr %08x\n",
		       r->namelen, ntohs(from.sin_port), ntohl(from.sin_addr.s_addr));
	printf("# IP_PKTINFO of ETF's report: ifindex %d (etf0: %d)\n",
	       r->pktinfo_ifindex, *ifindex);
out:
	repaired_close(fd);
	return ret;
}

ROOT_AND_USERNS_ROWS(etf)

FIXTURE_TEARDOWN(etf)
{
	/* the root row's device; the user's went with its namespace */
	if (!variant->userns)
		link_delete("etf0");
}

struct etf_case {
	const FIXTURE_VARIANT(etf) *variant;
	bool pktinfo;	/* the row's result: the IP_PKTINFO check, not the name */
};

/*
 * The row's identity and namespaces, then etf_report(): msg_namelen, or
 * 0 if IP_PKTINFO names etf0 and its ipi_ifindex (-1: none) if not; or
 * -errno.
 */
static int etf_child(const void *arg)
{
	const struct etf_case *c = arg;
	struct etf_report r;
	int ret, ifindex;

	ret = c->variant->userns ? nobody_in_own_netns() : 0;
	if (!ret)
		ret = etf_report(&r, &ifindex);
	if (ret)
		return ret;
	if (!c->pktinfo)
		return r.namelen;
	return r.pktinfo_ifindex == ifindex ? 0 : r.pktinfo_ifindex;
}

/* ETF has no address to give with a report of its own making */
TEST_F_TIMEOUT(etf, report_has_no_address, 120)
{
	struct etf_case c = { variant, false };
	int ret;

	ASSERT_EQ(0, in_child(etf_child, &c, &ret));
	if (ret == -ETIME)
		SKIP(return, "every send() took longer than the window that keeps an unfixed kernel's read inside the skb head");
	EXPECT_EQ(0, ret);
}

/* The report's IP_PKTINFO names the device that dropped the packet */
TEST_F_TIMEOUT(etf, report_names_the_device, 120)
{
	struct etf_case c = { variant, true };
	int ret;

	ASSERT_EQ(0, in_child(etf_child, &c, &ret));
	if (ret == -ETIME)
		SKIP(return, "every send() took longer than the window that keeps an unfixed kernel's read inside the skb head");
	EXPECT_EQ(0, ret);
}

TEST_HARNESS_MAIN

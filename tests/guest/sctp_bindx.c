// SPDX-License-Identifier: GPL-2.0
/*
 * Regression test of "sctp: map the v4-mapped addresses of a bindx array
 * before walking it" (patch 17). SCTP_SOCKOPT_BINDX_ADD and
 * SCTP_SOCKOPT_BINDX_REM take a packed array of sockaddr_in (16 bytes)
 * and sockaddr_in6 (28 bytes). A v4-mapped address (::ffff:a.b.c.d)
 * stands for its IPv4 address: for an add on an AF_INET6 socket that is
 * not IPV6_V6ONLY, and for a remove on any socket that is not, the check
 * of the element rewrites it in place into a sockaddr_in. A later walk of
 * the array (the undo of a call that fails half-way; the ASCONF chunk
 * that tells the peer) then steps 16 bytes into the 28-byte element and
 * reads family 0 there.
 *
 * Every case runs as uid 65534, without capabilities, in the network
 * namespace /init gives the program, where 127.0.0.1 to 127.0.0.4 are
 * local (lo) and 192.0.2.1 is not. Its socket is bound to 127.0.0.1
 * first; its result is the errno of the bindx call under test, the set of
 * 127.0.0.1-4 the socket is bound to afterwards (SCTP_GET_LOCAL_ADDRS), and
 * for the ASCONF cases the set its peer knows (SCTP_GET_PEER_ADDRS of the
 * accepted socket). The same calls with sockaddr_in elements are the
 * controls: both kernels undo and announce those.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/sctp.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "kselftest_harness.h"
#include "lib/child.h"

#ifndef SOL_SCTP
#define SOL_SCTP 132
#endif

#define MAPPED AF_INET6	/* an element ::ffff:V4 (28 bytes) */
#define PLAIN AF_INET	/* an element V4 (16 bytes) */

struct elem {
	int family;	/* MAPPED or PLAIN, 0 ends the array */
	const char *v4;
};

struct bindx_case {
	int domain;		/* of the socket: AF_INET6 or AF_INET */
	bool v6only;		/* IPV6_V6ONLY, bound to ::1 instead */
	bool asconf;		/* AUTH and ASCONF on, connected to a peer */
	struct elem add[4];	/* bound before the call under test (at most 3) */
	int op;			/* the call: SCTP_SOCKOPT_BINDX_ADD or _REM */
	struct elem arg[4];	/* its array */
	int tail;		/* bytes of a sockaddr_in cut short after it */
};

/* result: errno << 16 | the peer's set << 8 | the socket's set */
#define SET(a, b, c) ((a) | (b) << 1 | (c) << 2)	/* 127.0.0.1-3 */
#define DOT4 0x08	/* 127.0.0.4 */
#define OTHER 0x80	/* an address that is none of 127.0.0.1-4 */
#define RESULT(err, local, peer) ((err) << 16 | (peer) << 8 | (local))

/* pack @e into @buf as bindx wants it (port 0): its length */
static int pack(char *buf, const struct elem *e)
{
	int len = 0;

	for (; e->family; e++) {
		struct sockaddr_in6 a6 = { .sin6_family = AF_INET6 };
		struct sockaddr_in a4 = { .sin_family = AF_INET };

		if (e->family == MAPPED) {
			a6.sin6_addr.s6_addr[10] = 0xff;
			a6.sin6_addr.s6_addr[11] = 0xff;
			inet_pton(AF_INET, e->v4, &a6.sin6_addr.s6_addr[12]);
			memcpy(buf + len, &a6, sizeof(a6));
			len += sizeof(a6);
		} else {
			inet_pton(AF_INET, e->v4, &a4.sin_addr);
			memcpy(buf + len, &a4, sizeof(a4));
			len += sizeof(a4);
		}
	}
	return len;
}

/*
 * The set of 127.0.0.x (x = 1 to 4: bits 0 to 3) that @optname
 * (SCTP_GET_LOCAL_ADDRS of the socket or SCTP_GET_PEER_ADDRS of its
 * association) lists, OTHER for any other address; or -errno. The walk
 * is bounded by addr_num and the buffer: the length SCTP_GET_LOCAL_ADDRS
 * returns leaves out the 8 bytes of struct sctp_getaddrs.
 */
static int addr_set(int fd, int optname)
{
	union {
		struct sctp_getaddrs ga;
		char buf[sizeof(struct sctp_getaddrs) + 8 * sizeof(struct sockaddr_in6)];
	} u;
	char *p, *end = u.buf + sizeof(u);
	socklen_t len = sizeof(u);
	int i, set = 0;

	memset(&u, 0, sizeof(u));
	if (getsockopt(fd, SOL_SCTP, optname, &u, &len))
		return -errno;
	p = (char *)u.ga.addrs;
	for (i = 0; i < (int)u.ga.addr_num; i++) {
		struct sockaddr_in6 a6;
		struct sockaddr_in a4;
		sa_family_t family;
		uint32_t a;

		if (p + sizeof(a4) > end)
			return -EMSGSIZE;
		memcpy(&family, p, sizeof(family));
		if (family == AF_INET) {
			memcpy(&a4, p, sizeof(a4));
			a = ntohl(a4.sin_addr.s_addr);
			p += sizeof(a4);
		} else if (family == AF_INET6 && p + sizeof(a6) <= end) {
			memcpy(&a6, p, sizeof(a6));
			p += sizeof(a6);
			if (!IN6_IS_ADDR_V4MAPPED(&a6.sin6_addr)) {
				set |= OTHER;
				continue;
			}
			memcpy(&a, &a6.sin6_addr.s6_addr[12], sizeof(a));
			a = ntohl(a);
		} else {
			return -EPROTO;
		}
		if (a >= 0x7f000001 && a <= 0x7f000004)
			set |= 1 << (a - 0x7f000001);
		else
			set |= OTHER;
	}
	return set;
}

/* AUTH and ASCONF on: ASCONF chunks are sent, and authenticated */
static int asconf_on(int fd)
{
	struct sctp_assoc_value on = { .assoc_value = 1 };

	return setsockopt(fd, SOL_SCTP, SCTP_AUTH_SUPPORTED, &on, sizeof(on)) ||
	       setsockopt(fd, SOL_SCTP, SCTP_ASCONF_SUPPORTED, &on, sizeof(on)) ?
	       -errno : 0;
}

/* 127.0.0.1 port 0 as @domain writes it (mapped for AF_INET6), or ::1 */
static int bind_first(int fd, int domain, bool v6only)
{
	struct sockaddr_in6 a6 = { .sin6_family = AF_INET6 };
	struct sockaddr_in a4 = { .sin_family = AF_INET };
	struct elem one[] = { { MAPPED, "127.0.0.1" }, { } };

	if (domain == AF_INET) {
		a4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return bind(fd, (struct sockaddr *)&a4, sizeof(a4)) ? -errno : 0;
	}
	if (v6only)
		a6.sin6_addr = in6addr_loopback;
	else
		pack((char *)&a6, one);
	return bind(fd, (struct sockaddr *)&a6, sizeof(a6)) ? -errno : 0;
}

/*
 * A listening AF_INET socket on 127.0.0.1, with AUTH and ASCONF on,
 * connected to by @fd; the accepted socket, or -errno.
 */
static int peer_of(int fd)
{
	struct sockaddr_in a4 = { .sin_family = AF_INET };
	socklen_t len = sizeof(a4);
	int lfd, afd = -1, ret;

	lfd = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP);
	if (lfd < 0)
		return -errno;
	a4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ret = asconf_on(lfd);
	if (!ret && (bind(lfd, (struct sockaddr *)&a4, sizeof(a4)) ||
		     getsockname(lfd, (struct sockaddr *)&a4, &len) ||
		     listen(lfd, 1) ||
		     connect(fd, (struct sockaddr *)&a4, sizeof(a4))))
		ret = -errno;
	if (!ret) {
		afd = accept(lfd, NULL, NULL);
		if (afd < 0)
			ret = -errno;
	}
	close(lfd);
	return ret ? ret : afd;
}

/*
 * The peer's set once it is @want, or after 10 s: longer than SCTP's
 * initial retransmission timeout (3 s), in case an ASCONF is resent.
 */
static int peer_set(int afd, int want)
{
	int i, set = 0;

	for (i = 0; i < 100; i++) {
		set = addr_set(afd, SCTP_GET_PEER_ADDRS);
		if (set < 0 || set == want)
			break;
		poll(NULL, 0, 100);
	}
	return set;
}

/* as uid 65534: the case's socket and calls; RESULT() or -errno */
static int bindx_child(const void *arg)
{
	const struct bindx_case *c = arg;
	int fd, afd = -1, ret, one = 1, len, local, peer = 0, err = 0;
	char buf[4 * sizeof(struct sockaddr_in6) + 32];

	ret = become_nobody();
	if (ret)
		return ret;
	fd = socket(c->domain, c->asconf ? SOCK_STREAM : SOCK_SEQPACKET, IPPROTO_SCTP);
	if (fd < 0)
		return -errno;
	if (c->v6only && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one)))
		ret = -errno;
	if (!ret && c->asconf)
		ret = asconf_on(fd);
	if (!ret)
		ret = bind_first(fd, c->domain, c->v6only);
	if (!ret && c->asconf) {
		afd = peer_of(fd);
		if (afd < 0)
			ret = afd;
	}
	len = pack(buf, c->add);
	if (!ret && len && setsockopt(fd, SOL_SCTP, SCTP_SOCKOPT_BINDX_ADD, buf, len))
		ret = -errno;
	/* the peer has learnt the addresses added before the call */
	if (!ret && len && afd >= 0) {
		local = addr_set(fd, SCTP_GET_LOCAL_ADDRS);
		peer = local < 0 ? local : peer_set(afd, local);
		ret = peer < 0 ? peer : peer == local ? 0 : -ETIMEDOUT;
	}
	if (ret) {
		printf("# setup failed: %s\n", strerror(-ret));
		goto out;
	}

	len = pack(buf, c->arg);
	memset(buf + len, 0, c->tail);
	if (c->tail >= (int)sizeof(sa_family_t)) {
		sa_family_t inet = AF_INET;

		memcpy(buf + len, &inet, sizeof(inet));
	}
	if (setsockopt(fd, SOL_SCTP, c->op, buf, len + c->tail))
		err = errno;
	local = addr_set(fd, SCTP_GET_LOCAL_ADDRS);
	if (local >= 0 && afd >= 0)
		peer = peer_set(afd, local);
	if (local < 0 || peer < 0) {
		ret = local < 0 ? local : peer;
		goto out;
	}
	printf("# bindx: %s; bound: %#x; the peer knows: %#x\n",
	       err ? strerror(err) : "0", local, peer);
	ret = RESULT(err, local, peer);
out:
	if (afd >= 0)
		close(afd);
	close(fd);
	/* in_child() ends the process with _exit() */
	fflush(stdout);
	return ret;
}

static void check(struct __test_metadata *_metadata, const struct bindx_case *c,
		  int want)
{
	int ret;

	ASSERT_EQ(0, in_child(bindx_child, c, &ret));
	ASSERT_LE(0, ret) TH_LOG("setup: %s", strerror(-ret));
	EXPECT_EQ(want, ret);
}

#define M(a) { MAPPED, a }
#define P(a) { PLAIN, a }

/*
 * Removing three mapped addresses fails at the third, which is not
 * bound (127.0.0.4 keeps the socket from running out of addresses
 * first): the first two are bound again, as they would be as sockaddr_in.
 */
TEST(rem_undone_mapped)
{
	struct bindx_case c = {
		AF_INET6, false, false,
		{ M("127.0.0.2"), M("127.0.0.3"), M("127.0.0.4") },
		SCTP_SOCKOPT_BINDX_REM,
		{ M("127.0.0.2"), M("127.0.0.3"), M("127.0.0.9") },
	};

	check(_metadata, &c, RESULT(EINVAL, SET(1, 1, 1) | DOT4, 0));
}

TEST(rem_undone_plain)
{
	struct bindx_case c = {
		AF_INET6, false, false,
		{ P("127.0.0.2"), P("127.0.0.3"), P("127.0.0.4") },
		SCTP_SOCKOPT_BINDX_REM,
		{ P("127.0.0.2"), P("127.0.0.3"), P("127.0.0.9") },
	};

	check(_metadata, &c, RESULT(EINVAL, SET(1, 1, 1) | DOT4, 0));
}

/* The same on an AF_INET socket, which takes mapped addresses to remove */
TEST(inet_rem_undone_mapped)
{
	struct bindx_case c = {
		AF_INET, false, false,
		{ P("127.0.0.2"), P("127.0.0.3"), P("127.0.0.4") },
		SCTP_SOCKOPT_BINDX_REM,
		{ M("127.0.0.2"), M("127.0.0.3"), M("127.0.0.9") },
	};

	check(_metadata, &c, RESULT(EINVAL, SET(1, 1, 1) | DOT4, 0));
}

/*
 * Adding three mapped addresses fails at the third, which is not local:
 * the first two are unbound again.
 */
TEST(add_undone_mapped)
{
	struct bindx_case c = {
		AF_INET6, false, false, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ M("127.0.0.2"), M("127.0.0.3"), M("192.0.2.1") },
	};

	check(_metadata, &c, RESULT(EADDRNOTAVAIL, SET(1, 0, 0), 0));
}

TEST(add_undone_plain)
{
	struct bindx_case c = {
		AF_INET6, false, false, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ P("127.0.0.2"), P("127.0.0.3"), P("192.0.2.1") },
	};

	check(_metadata, &c, RESULT(EADDRNOTAVAIL, SET(1, 0, 0), 0));
}

/* A mixed array that succeeds: each element bound once */
TEST(add_mixed)
{
	struct bindx_case c = {
		AF_INET6, false, false, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ M("127.0.0.2"), P("127.0.0.3") },
	};

	check(_metadata, &c, RESULT(0, SET(1, 1, 1), 0));
}

/*
 * With ASCONF, the addresses added to a socket with an association are
 * announced to the peer: two mapped ones, and (the control, which
 * already worked) a plain one followed by a mapped one.
 */
TEST(asconf_add_mapped)
{
	struct bindx_case c = {
		AF_INET6, false, true, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ M("127.0.0.2"), M("127.0.0.3") },
	};

	check(_metadata, &c, RESULT(0, SET(1, 1, 1), SET(1, 1, 1)));
}

TEST(asconf_add_mapped_last)
{
	struct bindx_case c = {
		AF_INET6, false, true, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ P("127.0.0.2"), M("127.0.0.3") },
	};

	check(_metadata, &c, RESULT(0, SET(1, 1, 1), SET(1, 1, 1)));
}

/*
 * Removing two addresses with ASCONF: the peer forgets them (the plain
 * ones are the control).
 */
TEST(asconf_rem_mapped)
{
	struct bindx_case c = {
		AF_INET6, false, true,
		{ P("127.0.0.2"), P("127.0.0.3") },
		SCTP_SOCKOPT_BINDX_REM,
		{ M("127.0.0.2"), M("127.0.0.3") },
	};

	check(_metadata, &c, RESULT(0, SET(1, 0, 0), SET(1, 0, 0)));
}

TEST(asconf_rem_plain)
{
	struct bindx_case c = {
		AF_INET6, false, true,
		{ P("127.0.0.2"), P("127.0.0.3") },
		SCTP_SOCKOPT_BINDX_REM,
		{ P("127.0.0.2"), P("127.0.0.3") },
	};

	check(_metadata, &c, RESULT(0, SET(1, 0, 0), SET(1, 0, 0)));
}

/*
 * Arrays that both kernels refuse, with nothing bound: they must stay
 * refused (the first two are not the patch's to map; the counting walk
 * refuses the last two before the patch's code runs).
 */
TEST(v6only_refuses_mapped)
{
	struct bindx_case c = {
		AF_INET6, true, false, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ M("127.0.0.2") },
	};

	check(_metadata, &c, RESULT(EINVAL, OTHER, 0));
}

TEST(inet_refuses_mapped)
{
	struct bindx_case c = {
		AF_INET, false, false, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ M("127.0.0.2") },
	};

	check(_metadata, &c, RESULT(EINVAL, SET(1, 0, 0), 0));
}

/* 12 bytes of a sockaddr_in after a mapped element */
TEST(cut_element_after_mapped)
{
	struct bindx_case c = {
		AF_INET6, false, false, { },
		SCTP_SOCKOPT_BINDX_ADD,
		{ M("127.0.0.2") }, 12,
	};

	check(_metadata, &c, RESULT(EINVAL, SET(1, 0, 0), 0));
}

/* 1 byte after a mapped element: not even a family (checked before
 * the call would refuse to remove the socket's only address)
 */
TEST(cut_family_after_mapped)
{
	struct bindx_case c = {
		AF_INET6, false, false, { },
		SCTP_SOCKOPT_BINDX_REM,
		{ M("127.0.0.1") }, 1,
	};

	check(_metadata, &c, RESULT(EINVAL, SET(1, 0, 0), 0));
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * Who can reach the paths that some fixes of part A change, where the
 * other tests show the effect as root:
 *  - isotp, l2tp_ip6 and tipc bind (patches 9-11): uid 65534, without any
 *    capability, makes the socket and binds with an address shorter than
 *    the checks want. The result is the same on every kernel; on a kernel
 *    without part A the bind reads past addr_len, which the redzone option
 *    (DEBUG_NET_SOCKADDR_REDZONE, on in the test kernels) reports: those
 *    reports are pinned in tests/expect/none.console with the others.
 *  - AF_IEEE802154 datagram sockets (patch 18): uid 65534 binds and sends
 *    with an address of type IEEE802154_ADDR_NONE (all zero) of 8 bytes,
 *    which has no PAN ID; a kernel without the fix reads one (bytes 8-9),
 *    reported as above. Its connect() of an unbound socket fails before
 *    the read, and it cannot make a raw socket (raw_bind() needs
 *    CAP_NET_RAW); in a user and network namespace of its own, the
 *    family does not exist there (-EAFNOSUPPORT). No wpan device exists
 *    while the tests run.
 *  - X.25 and AppleTalk (patches 12 and 13): uid 65534 makes the socket in
 *    the initial network namespace; in a user and network namespace of its
 *    own, the family does not exist there (-EAFNOSUPPORT).
 * Each test is a process of its own, so a row changes its own identity.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/can.h>
#include <linux/tipc.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "lib/child.h"

#ifndef IPPROTO_L2TP
#define IPPROTO_L2TP 115
#endif
#ifndef CAN_ISOTP
#define CAN_ISOTP 6
#endif

FIXTURE(reach)
{
};

FIXTURE_VARIANT(reach)
{
	int domain, type, protocol;
	bool userns;		/* in a new user and network namespace */
	int socket_err;		/* -errno of socket() */
	int len;		/* bind() with this addr_len; -1: no bind */
	bool send;		/* sendto() of one byte in bind()'s place */
	bool connect;		/* connect() in bind()'s place */
	int bind_err;		/* -errno of bind() (or sendto()) */
};

/* isotp_bind() read the CAN ids (bytes 8-15) before the length check */
FIXTURE_VARIANT_ADD(reach, isotp_short_bind)
{
	.domain = AF_CAN, .type = SOCK_DGRAM, .protocol = CAN_ISOTP,
	.len = 8, .bind_err = -EINVAL,
};

/* l2tp_ip6_bind() read the family before the length check */
FIXTURE_VARIANT_ADD(reach, l2tp_ip6_empty_bind)
{
	.domain = AF_INET6, .type = SOCK_DGRAM, .protocol = IPPROTO_L2TP,
	.len = 0, .bind_err = -EINVAL,
};

/* tipc_bind() read the address type of a zero-length (withdraw-all) bind */
FIXTURE_VARIANT_ADD(reach, tipc_empty_bind)
{
	.domain = AF_TIPC, .type = SOCK_RDM, .len = 0, .bind_err = 0,
};

/* dgram_bind() and dgram_sendmsg() read the PAN ID of an address without one */
FIXTURE_VARIANT_ADD(reach, ieee802154_none_bind)
{
	.domain = AF_IEEE802154, .type = SOCK_DGRAM, .len = 8, .bind_err = -ENODEV,
};

FIXTURE_VARIANT_ADD(reach, ieee802154_none_sendto)
{
	.domain = AF_IEEE802154, .type = SOCK_DGRAM, .len = 8, .send = true,
	.bind_err = -ENXIO,
};

/* dgram_connect() refuses an unbound socket before it reads the address */
FIXTURE_VARIANT_ADD(reach, ieee802154_none_connect_unbound)
{
	.domain = AF_IEEE802154, .type = SOCK_DGRAM, .len = 8, .connect = true,
	.bind_err = -ENETUNREACH,
};

/* raw sockets, and so raw_bind(), need CAP_NET_RAW */
FIXTURE_VARIANT_ADD(reach, ieee802154_raw_socket)
{
	.domain = AF_IEEE802154, .type = SOCK_RAW, .socket_err = -EPERM, .len = -1,
};

FIXTURE_VARIANT_ADD(reach, ieee802154_socket_userns)
{
	.domain = AF_IEEE802154, .type = SOCK_DGRAM, .userns = true,
	.socket_err = -EAFNOSUPPORT, .len = -1,
};

FIXTURE_VARIANT_ADD(reach, x25_socket)
{
	.domain = AF_X25, .type = SOCK_SEQPACKET, .len = -1,
};

FIXTURE_VARIANT_ADD(reach, x25_socket_userns)
{
	.domain = AF_X25, .type = SOCK_SEQPACKET, .userns = true,
	.socket_err = -EAFNOSUPPORT, .len = -1,
};

FIXTURE_VARIANT_ADD(reach, appletalk_socket)
{
	.domain = AF_APPLETALK, .type = SOCK_DGRAM, .len = -1,
};

FIXTURE_VARIANT_ADD(reach, appletalk_socket_userns)
{
	.domain = AF_APPLETALK, .type = SOCK_DGRAM, .userns = true,
	.socket_err = -EAFNOSUPPORT, .len = -1,
};

FIXTURE_SETUP(reach)
{
	ASSERT_EQ(0, variant->userns ? nobody_in_own_netns() : become_nobody());
}

FIXTURE_TEARDOWN(reach)
{
}

TEST_F(reach, as_nobody)
{
	struct sockaddr_storage ss;
	int fd;

	fd = socket(variant->domain, variant->type, variant->protocol);
	ASSERT_EQ(variant->socket_err, fd < 0 ? -errno : 0);
	if (fd < 0)
		return;
	if (variant->len >= 0) {
		memset(&ss, 0, sizeof(ss));
		ss.ss_family = variant->domain;
		if (variant->connect) {
			EXPECT_EQ(variant->bind_err,
				  connect(fd, (struct sockaddr *)&ss, variant->len) ? -errno : 0);
		} else if (variant->send) {
			EXPECT_EQ(variant->bind_err,
				  sendto(fd, "x", 1, 0, (struct sockaddr *)&ss,
					 variant->len) < 0 ? -errno : 0);
		} else {
			EXPECT_EQ(variant->bind_err,
				  bind(fd, (struct sockaddr *)&ss, variant->len) ? -errno : 0);
		}
	}
	close(fd);
}

TEST_HARNESS_MAIN

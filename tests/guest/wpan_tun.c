// SPDX-License-Identifier: GPL-2.0
/*
 * Regression test of "ieee802154: socket: ...": AF_IEEE802154 datagram
 * sockets look devices up by link type ARPHRD_IEEE802154 and then use their
 * ieee802154_ptr (struct wpan_dev). A tun device can take that link type
 * with TUNSETLINK and has no wpan_dev.
 *
 * Each row creates such a tun device, then binds and/or sends on an
 * AF_IEEE802154 datagram socket. A short address and a datagram sent
 * through the tun device need a wpan_dev: with the fix they fail cleanly
 * (-ENODEV, -ENXIO); without it they are a NULL pointer dereference (the
 * rows marked .crashes, skipped there, saying why: the guest would hang).
 * Binding to the tun device's extended address works on both.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/if_tun.h>
#include <net/if_arp.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "lib/rtnl.h"

#ifndef AF_IEEE802154
#define AF_IEEE802154 36
#endif

/* include/net/af_ieee802154.h, which is not UAPI */
enum { WPAN_ADDR_NONE, WPAN_ADDR_SHORT = 2, WPAN_ADDR_LONG };

struct wpan_sockaddr {
	sa_family_t family;
	struct {
		int addr_type;
		uint16_t pan_id;
		union {
			uint8_t hwaddr[8];
			uint16_t short_addr;
		};
	} addr;
};

#define TUN_NAME "wpantun0"

FIXTURE(wpan_tun)
{
	int tun, fd;
	uint8_t hwaddr[8];	/* the tun device's address */
};

FIXTURE_VARIANT(wpan_tun)
{
	int bind_type;		/* WPAN_ADDR_NONE: no bind */
	bool send;		/* sendto() a short address after the bind */
	bool crashes;		/* a NULL dereference without the fix */
	int bind_err;		/* -errno of bind() */
	int send_err;		/* -errno of sendto() */
};

/* ieee802154_get_dev() reads tmp->ieee802154_ptr->pan_id for a short address */
FIXTURE_VARIANT_ADD(wpan_tun, bind_short)
{
	.bind_type = WPAN_ADDR_SHORT, .crashes = true, .bind_err = -ENODEV,
};

/* dev_getbyhwaddr_rcu() finds the tun device by its address: unchanged */
FIXTURE_VARIANT_ADD(wpan_tun, bind_long)
{
	.bind_type = WPAN_ADDR_LONG,
};

/* ... and dgram_sendmsg() then uses the wpan_dev of the tun device */
FIXTURE_VARIANT_ADD(wpan_tun, bind_long_send)
{
	.bind_type = WPAN_ADDR_LONG, .send = true, .crashes = true, .send_err = -ENXIO,
};

/* dgram_sendmsg() takes the first ARPHRD_IEEE802154 device: the tun */
FIXTURE_VARIANT_ADD(wpan_tun, send_unbound)
{
	.bind_type = WPAN_ADDR_NONE, .send = true, .crashes = true, .send_err = -ENXIO,
};

FIXTURE_SETUP(wpan_tun)
{
	struct ifreq ifr = { .ifr_flags = IFF_TUN | IFF_NO_PI };

	self->tun = open("/dev/net/tun", O_RDWR);
	ASSERT_LE(0, self->tun);
	strcpy(ifr.ifr_name, TUN_NAME);
	ASSERT_EQ(0, ioctl(self->tun, TUNSETIFF, &ifr));
	ASSERT_EQ(0, ioctl(self->tun, TUNSETLINK, (unsigned long)ARPHRD_IEEE802154));
	/* TUNSETLINK gave it the 8-byte address length of the link type */
	ASSERT_EQ(8, link_get_bytes(if_nametoindex(TUN_NAME), IFLA_ADDRESS,
				    self->hwaddr, sizeof(self->hwaddr)));
	ASSERT_EQ(0, link_flags(TUN_NAME, IFF_UP, 0));
	self->fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(wpan_tun)
{
	close(self->fd);
	close(self->tun);
}

TEST_F(wpan_tun, bind_send)
{
	struct wpan_sockaddr sa = { .family = AF_IEEE802154 };
	int ret;

	if (variant->crashes && !kernel_is_patched())
		SKIP(return, "this kernel lacks the fix: the row dereferences NULL");

	sa.addr.pan_id = 0x1234;
	if (variant->bind_type == WPAN_ADDR_SHORT) {
		sa.addr.addr_type = WPAN_ADDR_SHORT;
		sa.addr.short_addr = 0x0001;
	} else if (variant->bind_type == WPAN_ADDR_LONG) {
		/* the raw bytes of dev_addr, as dev_getbyhwaddr_rcu() compares */
		sa.addr.addr_type = WPAN_ADDR_LONG;
		memcpy(sa.addr.hwaddr, self->hwaddr, sizeof(sa.addr.hwaddr));
	}
	if (variant->bind_type != WPAN_ADDR_NONE) {
		ret = bind(self->fd, (struct sockaddr *)&sa, sizeof(sa)) ? -errno : 0;
		EXPECT_EQ(variant->bind_err, ret);
	}
	if (variant->send) {
		struct wpan_sockaddr to = { .family = AF_IEEE802154 };

		to.addr.addr_type = WPAN_ADDR_SHORT;
		to.addr.pan_id = 0x1234;
		to.addr.short_addr = 0x0002;
		ret = sendto(self->fd, "x", 1, 0, (struct sockaddr *)&to, sizeof(to)) < 0 ?
		      -errno : 0;
		EXPECT_EQ(variant->send_err, ret);
	}
}

TEST_HARNESS_MAIN

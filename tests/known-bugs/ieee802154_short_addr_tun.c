// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel bug the family suite found, on the baseline and the patched
 * kernel alike (not caused by the series): binding an AF_IEEE802154
 * socket to a *short* address makes ieee802154_get_dev() read the
 * ieee802154_ptr of every ARPHRD_IEEE802154 device, and a tun device set
 * to that link type (TUNSETLINK) has none: KASAN null-ptr-deref in range
 * [0x38-0x3f] at ieee802154_get_dev+0x1c1, the guest hangs. A tun needs
 * only CAP_NET_ADMIN in a network namespace.
 *
 * Not in tests/guest/ (the suite would crash on both kernels); to see it:
 *   BUILD=/tmp/x GUEST_TESTS=$PWD/tests/known-bugs/ieee802154_short_addr_tun.c \
 *       sh scripts/make-initramfs.sh main && BUILD=/tmp/x sh scripts/boot.sh main
 * (with /tmp/x/main/{linux,obj} linked to build/main/{linux,obj}).
 * families_more2.c binds long addresses only, which do not take this path.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <net/if.h>
#include <linux/if_tun.h>
#include <linux/if_arp.h>
struct sa154 {
	sa_family_t family;
	int addr_type;
	uint16_t pan_id;
	union {
		uint8_t hw[8];
		uint16_t short_addr;
	};
};
int main(void)
{
	struct ifreq ifr = { .ifr_flags = IFF_TUN | IFF_NO_PI };
	struct sa154 sa = { .family = AF_IEEE802154, .addr_type = 2,
			     .pan_id = 0x1234, .short_addr = 1 };
	int tun = open("/dev/net/tun", O_RDWR), fd, ret;

	printf("TAP version 13\n1..1\n");
	strcpy(ifr.ifr_name, "wpanrepro0");
	printf("# TUNSETIFF %d\n", ioctl(tun, TUNSETIFF, &ifr));
	printf("# TUNSETLINK %d\n", ioctl(tun, TUNSETLINK, ARPHRD_IEEE802154));
	fflush(stdout);
	fd = socket(AF_IEEE802154, SOCK_DGRAM, 0);
	ret = bind(fd, (struct sockaddr *)&sa, sizeof(sa));
	printf("# bind short -> %d %s\nok 1 wpan\n", ret, ret ? strerror(errno) : "");
	return 0;
}

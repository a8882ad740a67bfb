// SPDX-License-Identifier: GPL-2.0
/*
 * What user space sees of struct sockaddr and friends: their layout, and
 * getsockname() round trips for addresses longer than the 14 bytes of
 * sa_data (AF_INET6: 28 bytes, an AF_UNIX abstract name: 110 bytes).
 *
 * Every case is a row: adding a family is adding a FIXTURE_VARIANT_ADD.
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <net/route.h>
#include <netinet/in.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define ROW(expr, want) { #expr, (expr), (want) }
/* The value for a 64-bit program, and for a 32-bit one (i386). */
#define LP64(v64, v32) (sizeof(long) == 8 ? (v64) : (v32))

TEST(layout)
{
	static const struct {
		const char *what;
		size_t got, want;
	} rows[] = {
		ROW(sizeof(struct sockaddr), 16),
		ROW(offsetof(struct sockaddr, sa_family), 0),
		ROW(offsetof(struct sockaddr, sa_data), 2),
		ROW(sizeof(((struct sockaddr *)0)->sa_data), 14),
		ROW(_Alignof(struct sockaddr), 2),
		ROW(sizeof(struct sockaddr_storage), 128),
		ROW(offsetof(struct sockaddr_storage, ss_family), 0),
		ROW(_Alignof(struct sockaddr_storage), LP64(8, 4)),
		ROW(sizeof(struct sockaddr_in), 16),
		ROW(sizeof(struct sockaddr_in6), 28),
		ROW(sizeof(struct sockaddr_un), 110),
		ROW(sizeof(struct ifreq), LP64(40, 32)),
		ROW(offsetof(struct ifreq, ifr_hwaddr), 16),
		ROW(sizeof(struct arpreq), 68),
		ROW(offsetof(struct arpreq, arp_ha), 16),
		ROW(offsetof(struct arpreq, arp_flags), 32),
		ROW(offsetof(struct arpreq, arp_netmask), 36),
		ROW(sizeof(struct rtentry), LP64(120, 84)),
		ROW(offsetof(struct rtentry, rt_gateway), LP64(24, 20)),
		ROW(offsetof(struct rtentry, rt_genmask), LP64(40, 36)),
	};
	size_t i;

	/* the braces matter: EXPECT_EQ() is more than one statement */
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		EXPECT_EQ(rows[i].want, rows[i].got)
			TH_LOG("%s is %zu, want %zu", rows[i].what, rows[i].got, rows[i].want);
	}
}

FIXTURE(name)
{
	int fd;
	struct sockaddr_storage addr;
	socklen_t len;
};

FIXTURE_VARIANT(name)
{
	int family;
	int type;
	const char *addr;	/* text form; for AF_UNIX: abstract name */
	unsigned short port;
	socklen_t want_len;	/* what getsockname() must report */
};

FIXTURE_VARIANT_ADD(name, inet_loopback)
{
	.family = AF_INET, .type = SOCK_DGRAM, .addr = "127.0.0.1",
	.port = 40001, .want_len = sizeof(struct sockaddr_in),
};

FIXTURE_VARIANT_ADD(name, inet6_loopback)
{
	.family = AF_INET6, .type = SOCK_DGRAM, .addr = "::1",
	.port = 40002, .want_len = sizeof(struct sockaddr_in6),
};

FIXTURE_VARIANT_ADD(name, inet6_any)
{
	.family = AF_INET6, .type = SOCK_STREAM, .addr = "::",
	.port = 40003, .want_len = sizeof(struct sockaddr_in6),
};

/* 1 NUL + 107 name bytes fill sun_path: the longest address AF_UNIX has. */
FIXTURE_VARIANT_ADD(name, unix_abstract_107)
{
	.family = AF_UNIX, .type = SOCK_STREAM,
	.addr = "abstract-name-of-one-hundred-and-seven-bytes-"
		"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
	.want_len = sizeof(struct sockaddr_un),
};

FIXTURE_SETUP(name)
{
	struct sockaddr_in *sin = (void *)&self->addr;
	struct sockaddr_in6 *sin6 = (void *)&self->addr;
	struct sockaddr_un *sun = (void *)&self->addr;

	memset(&self->addr, 0, sizeof(self->addr));
	self->addr.ss_family = variant->family;
	switch (variant->family) {
	case AF_INET:
		sin->sin_port = htons(variant->port);
		ASSERT_EQ(1, inet_pton(AF_INET, variant->addr, &sin->sin_addr));
		self->len = sizeof(*sin);
		break;
	case AF_INET6:
		sin6->sin6_port = htons(variant->port);
		ASSERT_EQ(1, inet_pton(AF_INET6, variant->addr, &sin6->sin6_addr));
		self->len = sizeof(*sin6);
		break;
	case AF_UNIX:
		ASSERT_EQ(107, strlen(variant->addr));
		memcpy(sun->sun_path + 1, variant->addr, 107);
		self->len = offsetof(struct sockaddr_un, sun_path) + 1 + 107;
		break;
	}
	self->fd = socket(variant->family, variant->type, 0);
	ASSERT_LE(0, self->fd);
	ASSERT_EQ(0, bind(self->fd, (struct sockaddr *)&self->addr, self->len));
}

FIXTURE_TEARDOWN(name)
{
	close(self->fd);
}

/* The whole address comes back, byte for byte. */
TEST_F(name, getsockname_roundtrip)
{
	struct sockaddr_storage got;
	socklen_t len = sizeof(got);

	memset(&got, 0xa5, sizeof(got));
	ASSERT_EQ(0, getsockname(self->fd, (struct sockaddr *)&got, &len));
	EXPECT_EQ(variant->want_len, len);
	EXPECT_EQ(variant->family, got.ss_family);
	EXPECT_EQ(0, memcmp(&got, &self->addr, variant->want_len));
}

/*
 * A short buffer gets the first bytes and the full length; nothing past the
 * buffer is written.
 */
TEST_F(name, getsockname_truncates)
{
	static const socklen_t lens[] = { 0, 1, 2, 14, 16, 28, 110, 128 };
	unsigned char got[sizeof(struct sockaddr_storage) + 8];
	size_t i, j;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		socklen_t len = lens[i];
		size_t copied = len < variant->want_len ? len : variant->want_len;

		memset(got, 0xa5, sizeof(got));
		ASSERT_EQ(0, getsockname(self->fd, (struct sockaddr *)got, &len));
		EXPECT_EQ(variant->want_len, len) TH_LOG("buffer %u", lens[i]);
		EXPECT_EQ(0, memcmp(got, &self->addr, copied)) TH_LOG("buffer %u", lens[i]);
		for (j = copied; j < sizeof(got); j++)
			if (got[j] != 0xa5)
				break;
		EXPECT_EQ(sizeof(got), j) TH_LOG("buffer %u: byte %zu written", lens[i], j);
	}
}

TEST_HARNESS_MAIN

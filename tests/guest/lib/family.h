/* SPDX-License-Identifier: GPL-2.0 */
/*
 * family.h - one suite for every address family: a FIXTURE whose variants
 * are the rows of a table (one row per family, socket type and kind of
 * address), in the manner of tools/testing/selftests/net/bind_wildcard.c.
 * A program includes this header, defines its rows with FAMILY_ROW() (or
 * FAMILY_PEER_ROW(), below) and ends with TEST_HARNESS_MAIN.
 *
 * For each row it exercises the paths that carry a struct sockaddr between
 * user space and the family's ->bind, ->connect and ->getname:
 *
 *   bind_lengths     bind() a valid address at lengths 0, 1, 2, exact - 1,
 *                    exact, exact + 1, 128, 129, 130, 1 MiB, INT_MAX and -1,
 *                    and with a wrong family, each on a new socket;
 *   names            getsockname() and getpeername() into buffers of 0, 1,
 *                    2, 14, 16, exact, 128 and 130 bytes: return value,
 *                    errno, reported length, the bytes copied and that no
 *                    byte past the buffer is written;
 *   connect_lengths  connect() at the same lengths (non-blocking);
 *   length_sweep     bind(), connect(), sendto() and sendmsg() at every
 *                    length from 0 to 130, with the valid address and with
 *                    random bytes: KASAN's test (exact-length addresses);
 *   peers            (fixture family_peers: the rows declared with
 *                    FAMILY_PEER_ROW) for connection-oriented rows: listen,
 *                    connect and accept() into each buffer length,
 *                    getpeername() of both ends; for datagram rows:
 *                    connect, send and recvfrom() into each buffer length.
 *                    A row without peers has no peers case at all (not a
 *                    skipped one).
 *
 * Everything observed goes to the transcript (lib/transcript.h); run-
 * dependent bytes (ephemeral ports, autobind names, port ids, ifindexes)
 * are masked by the row first. The checks that hold on every kernel
 * (lengths above sizeof(struct sockaddr_storage) are EINVAL, a valid bind
 * works, getname never writes past the buffer, ...) are asserted here; the
 * rest is proven by comparing the transcripts of the two kernels.
 *
 * At the end, helpers for the rows and TEST()s of the family programs:
 * INET and INET6 addresses; bind_lengths() serves the rows' case of that
 * name and the TEST()s of sockets no row can make.
 */
#ifndef GUEST_FAMILY_H
#define GUEST_FAMILY_H

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sockcall.h"
#include "transcript.h"

#define SS_LEN ((socklen_t)sizeof(struct sockaddr_storage))
#define MARK 0xa5

/* row flags */
#define F_STREAM	0x01	/* listen(), connect(), accept() */
#define F_DGRAM		0x02	/* connect(), send(), recvfrom() */
#define F_NO_BIND	0x04	/* the family has no bind (sock_no_bind): names only */
#define F_CLIENT_BIND	0x08	/* peers: bind the client to address 1 first */

/* Bytes of a returned address that differ from run to run. */
struct mask {
	unsigned char off, len;
};

FIXTURE(family)
{
	int fd;				/* bound to address 0 (unless F_NO_BIND) */
	struct sockaddr_storage addr;	/* address 0 */
	socklen_t len;
	socklen_t name_len;		/* what getsockname() reports for it */
};

FIXTURE_VARIANT(family)
{
	const char *id;
	int domain, type, protocol;
	/* devices, modules of state the row needs; -errno skips the row */
	int (*prepare)(void);
	/* socket options etc. on each new socket; -errno fails */
	int (*setup_fd)(int fd);
	/* the n-th valid local address (0: the server, 1: a client) */
	socklen_t (*address)(struct sockaddr_storage *ss, int n);
	socklen_t name_len;	/* getsockname() length after bind; 0: as bound */
	unsigned int flags;
	struct mask name_mask;	/* in our own name */
	struct mask peer_mask;	/* in an autobound peer's name */
	bool peer_row;		/* declared with FAMILY_PEER_ROW() */
};

/*
 * The rows that have peers (F_STREAM or F_DGRAM) are also the variants of
 * this fixture, whose one test is peers: each variant points to its row.
 * A program without such rows defines FAMILY_NO_PEERS before including
 * this header (the harness would run the test once without a variant).
 */
#ifndef FAMILY_NO_PEERS
FIXTURE(family_peers)
{
	FIXTURE_DATA(family) f;
};

FIXTURE_VARIANT(family_peers)
{
	const FIXTURE_VARIANT(family) *row;
};
#endif

/* An AF_UNIX bind of the family alone autobinds: 5 random hex digits. */
static const struct mask unix_autobind_mask = { 3, 5 };

/* A row: FAMILY_ROW(id, .domain = ..., ...) */
#define FAMILY_ROW(_id, ...) \
	FIXTURE_VARIANT_ADD(family, _id) { .id = #_id, __VA_ARGS__ }

/* A row with peers (F_STREAM or F_DGRAM): FAMILY_PEER_ROW(id, ...) */
#define FAMILY_PEER_ROW(_id, ...) \
	FAMILY_ROW(_id, __VA_ARGS__, .peer_row = true); \
	FIXTURE_VARIANT_ADD(family_peers, _id) { .row = &_family_##_id##_variant }

static inline void mask_bytes(void *buf, socklen_t n, struct mask m)
{
	if (m.len && m.off < n)
		memset((char *)buf + m.off, 'X', m.off + m.len <= n ? m.len : n - m.off);
}

static inline int family_socket(const FIXTURE_VARIANT(family) *v, int flags)
{
	int fd = socket(v->domain, v->type | SOCK_CLOEXEC | flags, v->protocol);

	if (fd >= 0 && v->setup_fd && v->setup_fd(fd)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Write "<what> -> <ret> len=<n> addr=<hex>" with the row's mask applied. */
static inline void tr_addr(const char *what, int ret, int err, const void *buf,
			   socklen_t buflen, socklen_t len, struct mask m)
{
	unsigned char copy[SS_LEN + 16];
	char hex[2 * sizeof(copy) + 2];
	socklen_t n = len < buflen ? len : buflen;

	if (ret < 0) {
		tr_line("%s -> %s", what, tr_ret(ret, err));
		return;
	}
	if (n > sizeof(copy))
		n = sizeof(copy);
	memcpy(copy, buf, n);
	mask_bytes(copy, n, m);
	tr_line("%s -> %s len=%u addr=%s", what, tr_ret(ret, err), len, tr_hex(hex, copy, n));
}

typedef int (*name_fn)(int, struct sockaddr *, socklen_t *);

#define EXACT ((socklen_t)-2)	/* the length of the address at hand */
static const socklen_t family_buflens[] = { 0, 1, 2, 14, 16, EXACT, 128, 130 };
#define N_BUFLENS (sizeof(family_buflens) / sizeof(family_buflens[0]))

/*
 * getsockname()/getpeername()/accept() into a buffer of @buflen bytes that
 * sits in MARK bytes: the call must report @want (when not 0), copy
 * min(buflen, reported) bytes, equal to @full when given, and write
 * nothing else.
 */
static inline int check_name(struct __test_metadata *_metadata, const char *what,
			     int ret, int err, unsigned char *buf, socklen_t buflen,
			     socklen_t len, socklen_t want, const unsigned char *full,
			     struct mask m)
{
	socklen_t copied, i;
	char label[96];

	snprintf(label, sizeof(label), "%s buf=%u", what, buflen);
	tr_addr(label, ret, err, buf, buflen, len, m);
	if (ret < 0)
		return -1;
	if (want)
		EXPECT_EQ(want, len) TH_LOG("%s: reported length", label);
	copied = len < buflen ? len : buflen;
	for (i = copied; i < SS_LEN + 8; i++)
		if (buf[i] != MARK)
			break;
	EXPECT_EQ(SS_LEN + 8, i) TH_LOG("%s: byte %u past %u written", label, i, copied);
	if (full)
		EXPECT_EQ(0, memcmp(buf, full, copied)) TH_LOG("%s: bytes differ", label);
	return 0;
}

/* One getsockname()/getpeername() per buffer length. */
static inline void names_of(struct __test_metadata *_metadata, const char *what,
			    name_fn fn, int fd, socklen_t want, struct mask m)
{
	unsigned char full[SS_LEN + 8], buf[SS_LEN + 8];
	socklen_t len, n, full_len;
	size_t i;
	int ret;

	len = SS_LEN;
	memset(full, MARK, sizeof(full));
	ret = fn(fd, (struct sockaddr *)full, &len);
	full_len = ret < 0 ? SS_LEN : len;
	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : (want ? want : full_len);
		len = n;
		memset(buf, MARK, sizeof(buf));
		ret = fn(fd, (struct sockaddr *)buf, &len);
		check_name(_metadata, what, ret, errno, buf, n, len, want, full, m);
	}
}

/* The set-up of both fixtures: the row's state, a socket, address 0. */
static inline void family_row_setup(struct __test_metadata *_metadata,
				    const FIXTURE_VARIANT(family) *variant,
				    FIXTURE_DATA(family) *self)
{
	int ret;

	tr_begin("%s", variant->id);
	self->fd = -1;
	/* FAMILY_ROW or FAMILY_PEER_ROW: the row's flags decide, not its author. */
	ASSERT_EQ(!!(variant->flags & (F_STREAM | F_DGRAM)), variant->peer_row)
		TH_LOG("%s: a row with F_STREAM or F_DGRAM is a FAMILY_PEER_ROW, no other is",
		       variant->id);
	if (variant->prepare) {
		ret = variant->prepare();
		if (ret)
			SKIP(return, "%s: %s", variant->id, strerror(-ret));
	}
	self->fd = family_socket(variant, 0);
	if (self->fd < 0 && (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT ||
			     errno == ESOCKTNOSUPPORT))
		SKIP(return, "%s: socket: %s", variant->id, strerror(errno));
	ASSERT_LE(0, self->fd) TH_LOG("socket: %s", strerror(errno));
	self->len = variant->address(&self->addr, 0);
	self->name_len = variant->name_len ? variant->name_len : self->len;
}

FIXTURE_SETUP(family)
{
	family_row_setup(_metadata, variant, self);
}

FIXTURE_TEARDOWN(family)
{
	if (self->fd >= 0)
		close(self->fd);
}

#ifndef FAMILY_NO_PEERS
FIXTURE_SETUP(family_peers)
{
	self->f.fd = -1;
	ASSERT_TRUE(variant != NULL)
		TH_LOG("no FAMILY_PEER_ROW in this program: define FAMILY_NO_PEERS");
	family_row_setup(_metadata, variant->row, &self->f);
}

FIXTURE_TEARDOWN(family_peers)
{
	if (self->f.fd >= 0)
		close(self->f.fd);
}
#endif

/*
 * What bind_lengths() binds: a new socket(@domain, @type, @protocol) for
 * each bind, passed to @setup_fd (when set), and an address of @len bytes,
 * made again for each bind by @address (a row's: it may unlink the path it
 * names) or else copied from @addr. getsockname() of a bound socket is
 * masked with @mask.
 */
struct bind_case {
	int domain, type, protocol;
	int (*setup_fd)(int fd);
	socklen_t (*address)(struct sockaddr_storage *ss, int n);
	const void *addr;
	socklen_t len;
	struct mask mask;
	bool len0_unbinds;	/* TIPC: length 0 withdraws every binding */
};

/*
 * bind() at every length and with wrong families, each on a new socket,
 * and getsockname() of those that bind ("bind ... -> 0, getsockname ->
 * ..."): the rows' bind_lengths case, and the TEST()s of sockets no row
 * can make.
 */
static inline void bind_lengths(struct __test_metadata *_metadata, const struct bind_case *c)
{
	const socklen_t L = c->len;
	const socklen_t lens[] = { 0, 1, 2, L - 1, L, L + 1, 128, 129, 130,
				   1 << 20, INT_MAX, (socklen_t)-1 };
	const int wrong[] = { AF_UNSPEC, c->domain == AF_INET ? AF_INET6 : AF_INET, 0x7fff };
	const size_t nlens = sizeof(lens) / sizeof(lens[0]);
	unsigned char buf[SS_LEN + 512], name[SS_LEN + 8];
	char what[96];
	size_t i;
	int fd, ret, err;

	for (i = 0; i < nlens + sizeof(wrong) / sizeof(wrong[0]); i++) {
		socklen_t len = i < nlens ? lens[i] : L;

		memset(buf, 0, sizeof(buf));
		if (c->address)
			c->address((struct sockaddr_storage *)buf, 0);
		else
			memcpy(buf, c->addr, L);
		if (i >= nlens) {
			int fam = wrong[i - nlens];

			((struct sockaddr *)buf)->sa_family = fam;
			snprintf(what, sizeof(what), "bind family=%d len=%u", fam, len);
		} else {
			snprintf(what, sizeof(what), "bind len=%d", (int)len);
		}
		fd = socket(c->domain, c->type | SOCK_CLOEXEC, c->protocol);
		if (fd >= 0 && c->setup_fd && c->setup_fd(fd)) {
			close(fd);
			fd = -1;
		}
		ASSERT_LE(0, fd);
		ret = bind(fd, (struct sockaddr *)buf, len);
		err = errno;
		if (ret == 0) {
			socklen_t n = SS_LEN;
			int got;

			/* the bind's own result is judged below, not the name's */
			memset(name, MARK, sizeof(name));
			got = getsockname(fd, (struct sockaddr *)name, &n);
			strcat(what, " -> 0, getsockname");
			tr_addr(what, got, errno, name, SS_LEN, n,
				c->domain == AF_UNIX && len == sizeof(sa_family_t) ?
				unix_autobind_mask : c->mask);
		} else {
			tr_line("%s -> %s", what, tr_ret(ret, err));
		}
		close(fd);
		/* what the socket layer decides for every family */
		if ((int)len < 0 || len > SS_LEN)
			EXPECT_EQ(EINVAL, ret ? err : 0) TH_LOG("%s", what);
		if ((len == 0 && !c->len0_unbinds) || len == 1)
			EXPECT_EQ(-1, ret) TH_LOG("%s", what);
		if (len == L && i < nlens)
			EXPECT_EQ(0, ret) TH_LOG("%s: %s", what, strerror(err));
	}
}

/* The row's address at every length and with wrong families. */
TEST_F(family, bind_lengths)
{
	if (variant->flags & F_NO_BIND) {
		int ret = bind(self->fd, (struct sockaddr *)&self->addr, self->len);

		tr_line("bind len=%u -> %s", self->len, tr_ret(ret, errno));
		EXPECT_EQ(-1, ret);
		return;
	}
	bind_lengths(_metadata, &(struct bind_case){
		.domain = variant->domain, .type = variant->type,
		.protocol = variant->protocol, .setup_fd = variant->setup_fd,
		.address = variant->address, .len = self->len,
		.mask = variant->name_mask });
}

/* getsockname() of the bound socket, getpeername() of an unconnected one. */
TEST_F(family, names)
{
	if (!(variant->flags & F_NO_BIND))
		ASSERT_EQ(0, bind(self->fd, (struct sockaddr *)&self->addr, self->len))
			TH_LOG("bind: %s", strerror(errno));
	names_of(_metadata, "getsockname", getsockname, self->fd,
		 variant->flags & F_NO_BIND ? 0 : self->name_len, variant->name_mask);
	names_of(_metadata, "getpeername unconnected", getpeername, self->fd, 0,
		 variant->name_mask);
}

/* connect() at every length, non-blocking, to address 0 (nobody there). */
TEST_F(family, connect_lengths)
{
	const socklen_t L = self->len;
	const socklen_t lens[] = { 0, 1, 2, L - 1, 129, 1 << 20, (socklen_t)-1 };
	unsigned char buf[SS_LEN + 512];
	size_t i;
	int fd, ret, err;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		memset(buf, 0, sizeof(buf));
		variant->address((struct sockaddr_storage *)buf, 0);
		fd = family_socket(variant, SOCK_NONBLOCK);
		ASSERT_LE(0, fd);
		ret = connect(fd, (struct sockaddr *)buf, lens[i]);
		err = errno;
		tr_line("connect len=%d -> %s", (int)lens[i], tr_ret(ret, err));
		close(fd);
		if ((int)lens[i] < 0 || lens[i] > SS_LEN)
			EXPECT_EQ(EINVAL, ret ? err : 0) TH_LOG("connect len=%d", (int)lens[i]);
	}
}

/*
 * bind(), connect(), sendto() and sendmsg() with every length from 0 to
 * sizeof(struct sockaddr_storage) + 2, each with two addresses: the row's
 * address 0 followed by MARK bytes, and the row's family followed by
 * random bytes (seeded by the row, so a run repeats). Non-blocking sockets,
 * a new one after every call that may have changed the socket's state.
 * Nothing about the results is asserted (they are counted in the
 * diagnostics): the oracle is the kernel. The test kernels hand protocols
 * exact-length copies of these addresses (DEBUG_NET_SOCKADDR_REDZONE), so a
 * read past the length is a KASAN report, and the host fails the run on it.
 */
static inline unsigned int sweep_rand(unsigned int *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

TEST_F(family, length_sweep)
{
	unsigned char buf[SS_LEN + 8];
	unsigned int calls[SOCK_OPS] = {}, ok[SOCK_OPS] = {}, seed = 2166136261u;
	socklen_t len;
	const char *c;
	int op, kind, fd = -1, ret;
	size_t i;

	for (c = variant->id; *c; c++)
		seed = (seed ^ (unsigned char)*c) * 16777619u;
	for (op = 0; op < SOCK_OPS; op++) {
		for (len = 0; len <= SS_LEN + 2; len++) {
			for (kind = 0; kind < 2; kind++) {
				memset(buf, MARK, sizeof(buf));
				variant->address((struct sockaddr_storage *)buf, 0);
				if (kind)
					for (i = sizeof(sa_family_t); i < sizeof(buf); i++)
						buf[i] = sweep_rand(&seed);
				if (fd < 0)
					fd = family_socket(variant, SOCK_NONBLOCK);
				ASSERT_LE(0, fd) TH_LOG("socket: %s", strerror(errno));
				ret = sock_op_call(op, fd, buf, len);
				calls[op]++;
				if (ret >= 0)
					ok[op]++;
				if (ret >= 0 || errno == EINPROGRESS || errno == EALREADY ||
				    errno == EISCONN) {
					close(fd);
					fd = -1;
				}
			}
		}
	}
	if (fd >= 0)
		close(fd);
	for (op = 0; op < SOCK_OPS; op++) {
		ksft_print_msg("sweep %s %s: %u calls, %u succeeded\n", variant->id,
			       sock_op_name[op], calls[op], ok[op]);
		EXPECT_EQ(2 * (SS_LEN + 3), calls[op]);
	}
}

static inline int wait_readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 5000) == 1 ? 0 : -1;
}

/*
 * Send @len bytes of @msg from @cli (with @flags, to @to or, when @to is
 * NULL, to the connected peer) and recvfrom() them on @srv into each
 * buffer length of the engine: the name returned must be as check_name()
 * wants it, and recvfrom() must return @want.
 */
static inline void recv_each_len(struct __test_metadata *_metadata, int srv, int cli,
				 const void *to, socklen_t tolen, int flags, const void *msg,
				 size_t len, int want, socklen_t exact, struct mask m)
{
	unsigned char buf[SS_LEN + 8];
	char data[256];
	socklen_t n, got;
	size_t i;
	int ret;

	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : exact;
		ret = sendto(cli, msg, len, flags, to, to ? tolen : 0);
		ASSERT_EQ((int)len, ret) TH_LOG("send: %s", strerror(errno));
		ASSERT_EQ(0, wait_readable(srv));
		got = n;
		memset(buf, MARK, sizeof(buf));
		ret = recvfrom(srv, data, sizeof(data), 0, (struct sockaddr *)buf, &got);
		check_name(_metadata, "recvfrom", ret, errno, buf, n, got, exact, NULL, m);
		EXPECT_EQ(want, ret);
	}
}

/* recv_each_len() with MSG_NOSIGNAL, recvfrom() returning all @len bytes. */
static inline void recv_lens(struct __test_metadata *_metadata, int srv, int cli, const void *to,
			     socklen_t tolen, const void *msg, size_t len, socklen_t exact,
			     struct mask m)
{
	recv_each_len(_metadata, srv, cli, to, tolen, MSG_NOSIGNAL, msg, len, (int)len, exact, m);
}

/* A client socket connected to the server; -1 with errno on failure. */
static inline int family_client(const FIXTURE_VARIANT(family) *variant,
				FIXTURE_DATA(family) *self)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd = family_socket(variant, 0);

	if (fd < 0)
		return -1;
	if (variant->flags & F_CLIENT_BIND) {
		len = variant->address(&ss, 1);
		if (bind(fd, (struct sockaddr *)&ss, len))
			goto fail;
	}
	if (connect(fd, (struct sockaddr *)&self->addr, self->len))
		goto fail;
	return fd;
fail:
	len = errno;
	close(fd);
	errno = len;
	return -1;
}

#ifndef FAMILY_NO_PEERS
/* Addresses that travel with connections and datagrams. */
TEST_F(family_peers, peers)
{
	const FIXTURE_VARIANT(family) *row = variant->row;
	FIXTURE_DATA(family) *f = &self->f;
	unsigned char buf[SS_LEN + 8];
	socklen_t n, len;
	char what[64];
	size_t i;
	int cli, acc, ret;

	ASSERT_EQ(0, bind(f->fd, (struct sockaddr *)&f->addr, f->len))
		TH_LOG("bind: %s", strerror(errno));
	/* clients connect to the name the server got (autobind picks one) */
	f->len = SS_LEN;
	ASSERT_EQ(0, getsockname(f->fd, (struct sockaddr *)&f->addr, &f->len));
	if (row->flags & F_STREAM)
		ASSERT_EQ(0, listen(f->fd, 8)) TH_LOG("listen: %s", strerror(errno));

	for (i = 0; i < N_BUFLENS; i++) {
		n = family_buflens[i] != EXACT ? family_buflens[i] : f->name_len;
		cli = family_client(row, f);
		ASSERT_LE(0, cli) TH_LOG("client: %s", strerror(errno));
		if (!i) {
			names_of(_metadata, "getpeername client", getpeername, cli,
				 f->name_len, row->name_mask);
			names_of(_metadata, "getsockname client", getsockname, cli,
				 0, row->peer_mask);
		}
		if (row->flags & F_STREAM) {
			len = n;
			memset(buf, MARK, sizeof(buf));
			ASSERT_EQ(0, wait_readable(f->fd));
			acc = accept(f->fd, (struct sockaddr *)buf, &len);
			snprintf(what, sizeof(what), "accept");
			check_name(_metadata, what, acc, errno, buf, n, len, 0, NULL,
				   row->peer_mask);
			ASSERT_LE(0, acc);
			if (!i)
				names_of(_metadata, "getpeername accepted", getpeername, acc,
					 0, row->peer_mask);
			close(acc);
		} else {
			ASSERT_EQ(1, send(cli, "x", 1, 0)) TH_LOG("send: %s", strerror(errno));
			ASSERT_EQ(0, wait_readable(f->fd));
			len = n;
			memset(buf, MARK, sizeof(buf));
			ret = recvfrom(f->fd, what, sizeof(what), 0, (struct sockaddr *)buf, &len);
			check_name(_metadata, "recvfrom", ret, errno, buf, n, len, 0, NULL,
				   row->peer_mask);
			EXPECT_EQ(1, ret);
		}
		close(cli);
	}
}
#endif

/* An AF_INET address: @ip (text) and @port. Returns its length. */
static inline socklen_t inet_addr_port(struct sockaddr_storage *ss, const char *ip, int port)
{
	struct sockaddr_in *sin = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sin->sin_family = AF_INET;
	sin->sin_port = htons(port);
	inet_pton(AF_INET, ip, &sin->sin_addr);
	return sizeof(*sin);
}

/* An AF_INET6 address: @ip (text), @port and @scope id. Returns its length. */
static inline socklen_t inet6_addr_port(struct sockaddr_storage *ss, const char *ip, int port,
					unsigned int scope)
{
	struct sockaddr_in6 *sin6 = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	sin6->sin6_family = AF_INET6;
	sin6->sin6_port = htons(port);
	sin6->sin6_scope_id = scope;
	inet_pton(AF_INET6, ip, &sin6->sin6_addr);
	return sizeof(*sin6);
}

/* A row's ->address: 127.0.0.1 (or ::1) at port @port + n. */
#define INET_LOOPBACK_ADDR(fn, port)					\
	static socklen_t fn(struct sockaddr_storage *ss, int n)		\
	{								\
		return inet_addr_port(ss, "127.0.0.1", (port) + n);	\
	}
#define INET6_LOOPBACK_ADDR(fn, port)					\
	static socklen_t fn(struct sockaddr_storage *ss, int n)		\
	{								\
		return inet6_addr_port(ss, "::1", (port) + n, 0);	\
	}

#endif /* GUEST_FAMILY_H */

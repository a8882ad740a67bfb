// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring's way to a protocol's address handling: IORING_OP_BIND,
 * IORING_OP_CONNECT, IORING_OP_SEND with a destination and
 * IORING_OP_SENDMSG, at every address length from 0 to
 * sizeof(struct sockaddr_storage) + 2, for the families whose results do
 * not depend on timing (UDP over IPv4 and IPv6, AF_UNIX datagrams with a
 * path and an abstract name). io_uring copies the address at prep time into
 * a buffer of its own and calls the same entry points as the syscalls
 * (__sys_bind_socket(), __sys_connect_file(), sock_sendmsg()), so each
 * operation must give what the syscall gives for the same socket, address
 * and length: that is asserted, length by length, on a new socket each.
 * With the redzone after socket addresses (DEBUG_NET_SOCKADDR_REDZONE) the
 * protocol sees exactly the given length here too; the KMSAN kernel sees
 * what io_uring's own prep code reads of its buffer.
 *
 * Raw system calls: Debian 12's headers (Linux 6.1) predate IORING_OP_BIND,
 * whose number is taken from the 6.12 UAPI header.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/io_uring.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "lib/sockcall.h"

#define OP_BIND		56	/* IORING_OP_BIND, include/uapi/linux/io_uring.h (6.11+) */
#define SS_LEN		((int)sizeof(struct sockaddr_storage))
#define MARK		0xa5

struct ring {
	int fd;
	unsigned int *sq_tail, *sq_mask, *sq_array, *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

static int ring_init(struct ring *r)
{
	struct io_uring_params p = {};
	void *sq, *cq;

	r->fd = syscall(__NR_io_uring_setup, 4, &p);
	if (r->fd < 0)
		return -1;
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, IORING_OFF_CQ_RING);
	r->sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe),
		       PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || r->sqes == MAP_FAILED)
		return -1;
	r->sq_tail = sq + p.sq_off.tail;
	r->sq_mask = sq + p.sq_off.ring_mask;
	r->sq_array = sq + p.sq_off.array;
	r->cq_head = cq + p.cq_off.head;
	r->cq_tail = cq + p.cq_off.tail;
	r->cq_mask = cq + p.cq_off.ring_mask;
	r->cqes = cq + p.cq_off.cqes;
	return 0;
}

/* Submit one SQE and wait for its completion: its res (-errno on failure). */
static int ring_do(struct ring *r, const struct io_uring_sqe *sqe)
{
	unsigned int tail = *r->sq_tail, head, i = tail & *r->sq_mask;
	int res;

	r->sqes[i] = *sqe;
	r->sq_array[i] = i;
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, r->fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) != 1)
		return -10000 - errno;
	head = *r->cq_head;
	if (head == __atomic_load_n(r->cq_tail, __ATOMIC_ACQUIRE))
		return -20000;
	res = r->cqes[head & *r->cq_mask].res;
	__atomic_store_n(r->cq_head, head + 1, __ATOMIC_RELEASE);
	return res;
}

struct fam {
	const char *name;
	int domain, type;
	socklen_t (*address)(struct sockaddr_storage *ss);
};

static socklen_t inet_lo(struct sockaddr_storage *ss)
{
	struct sockaddr_in *sin = (void *)ss;

	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin->sin_port = htons(47001);
	return sizeof(*sin);
}

static socklen_t inet6_lo(struct sockaddr_storage *ss)
{
	struct sockaddr_in6 *sin6 = (void *)ss;

	sin6->sin6_family = AF_INET6;
	sin6->sin6_addr = in6addr_loopback;
	sin6->sin6_port = htons(47002);
	return sizeof(*sin6);
}

static socklen_t unix_path(struct sockaddr_storage *ss)
{
	struct sockaddr_un *sun = (void *)ss;

	sun->sun_family = AF_UNIX;
	strcpy(sun->sun_path, "/tmp/uring-sock");
	unlink(sun->sun_path);
	return offsetof(struct sockaddr_un, sun_path) + strlen(sun->sun_path) + 1;
}

static socklen_t unix_abstract(struct sockaddr_storage *ss)
{
	struct sockaddr_un *sun = (void *)ss;

	sun->sun_family = AF_UNIX;
	memcpy(sun->sun_path, "\0uring-abstract", 15);
	return offsetof(struct sockaddr_un, sun_path) + 15;
}

static const struct fam fams[] = {
	{ "inet_udp", AF_INET, SOCK_DGRAM, inet_lo },
	{ "inet6_udp", AF_INET6, SOCK_DGRAM, inet6_lo },
	{ "unix_dgram_path", AF_UNIX, SOCK_DGRAM, unix_path },
	{ "unix_dgram_abstract", AF_UNIX, SOCK_DGRAM, unix_abstract },
};


/* A path bind creates a file: remove the one this length named, if any. */
static void unix_unlink(const unsigned char *buf, int len)
{
	const struct sockaddr_un *sun = (const void *)buf;
	int n = len - (int)offsetof(struct sockaddr_un, sun_path);
	char path[sizeof(sun->sun_path) + 1] = "";

	if (sun->sun_family != AF_UNIX || n <= 0 || !sun->sun_path[0])
		return;
	memcpy(path, sun->sun_path, n < (int)sizeof(sun->sun_path) ? n : (int)sizeof(sun->sun_path));
	unlink(path);
}

/* The syscall's result for a new socket: 0 or -errno. */
static int by_syscall(int op, int fd, const void *addr, socklen_t len)
{
	int ret = sock_op_call(op, fd, addr, len);

	return ret < 0 ? -errno : ret;
}

/* The same through io_uring. */
static int by_uring(struct ring *r, int op, int fd, const void *addr, socklen_t len)
{
	static char byte = 'x';
	static struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	static struct msghdr msg;
	struct io_uring_sqe sqe = { .fd = fd };

	switch (op) {
	case SOCK_OP_BIND:
		sqe.opcode = OP_BIND;
		sqe.addr = (unsigned long)addr;
		sqe.addr2 = len;
		break;
	case SOCK_OP_CONNECT:
		sqe.opcode = IORING_OP_CONNECT;
		sqe.addr = (unsigned long)addr;
		sqe.off = len;		/* addr2 */
		break;
	case SOCK_OP_SENDTO:
		sqe.opcode = IORING_OP_SEND;
		sqe.addr = (unsigned long)&byte;
		sqe.len = 1;
		sqe.msg_flags = MSG_DONTWAIT;
		sqe.addr2 = (unsigned long)addr;
		sqe.addr_len = len;
		break;
	default:
		msg = (struct msghdr){ .msg_name = (void *)addr, .msg_namelen = len,
				       .msg_iov = &iov, .msg_iovlen = 1 };
		sqe.opcode = IORING_OP_SENDMSG;
		sqe.addr = (unsigned long)&msg;
		sqe.len = 1;
		sqe.msg_flags = MSG_DONTWAIT;
		break;
	}
	return ring_do(r, &sqe);
}

FIXTURE(uring)
{
	struct ring r;
};

FIXTURE_VARIANT(uring)
{
	int op;
};

FIXTURE_VARIANT_ADD(uring, bind) { .op = SOCK_OP_BIND };
FIXTURE_VARIANT_ADD(uring, connect) { .op = SOCK_OP_CONNECT };
FIXTURE_VARIANT_ADD(uring, send) { .op = SOCK_OP_SENDTO };
FIXTURE_VARIANT_ADD(uring, sendmsg) { .op = SOCK_OP_SENDMSG };

FIXTURE_SETUP(uring)
{
	ASSERT_EQ(0, ring_init(&self->r)) TH_LOG("io_uring: %s", strerror(errno));
}

FIXTURE_TEARDOWN(uring)
{
	close(self->r.fd);
}

/* Every length, for every family: io_uring's result is the syscall's. */
TEST_F(uring, same_as_syscall)
{
	/* send's addr_len is a u16 of the SQE; lengths above 128 are EINVAL anyway */
	const int max = SS_LEN + 2;
	unsigned char buf[SS_LEN + 8];
	unsigned int calls = 0, ok = 0;
	size_t f;
	int len, want, got, fd;

	for (f = 0; f < sizeof(fams) / sizeof(fams[0]); f++) {
		for (len = 0; len <= max; len++) {
			memset(buf, MARK, sizeof(buf));
			fams[f].address((struct sockaddr_storage *)buf);
			unix_unlink(buf, len);	/* whatever another test left there */
			fd = socket(fams[f].domain, fams[f].type | SOCK_NONBLOCK, 0);
			ASSERT_LE(0, fd);
			want = by_syscall(variant->op, fd, buf, len);
			close(fd);
			unix_unlink(buf, len);

			memset(buf, MARK, sizeof(buf));
			fams[f].address((struct sockaddr_storage *)buf);
			fd = socket(fams[f].domain, fams[f].type | SOCK_NONBLOCK, 0);
			ASSERT_LE(0, fd);
			got = by_uring(&self->r, variant->op, fd, buf, len);
			close(fd);
			unix_unlink(buf, len);
			calls++;
			ok += got >= 0;
			EXPECT_EQ(want, got)
				TH_LOG("%s %s len=%d: syscall %d, io_uring %d", fams[f].name,
				       sock_op_name[variant->op], len, want, got);
		}
	}
	ksft_print_msg("uring %s: %u calls, %u succeeded\n", sock_op_name[variant->op], calls, ok);
	EXPECT_EQ(4 * (max + 1), calls);
	EXPECT_LT(0, ok);
}

TEST_HARNESS_MAIN

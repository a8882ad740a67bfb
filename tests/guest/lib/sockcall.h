/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sockcall.h - the four calls that hand the kernel a socket address with a
 * length, by number: bind(), connect(), and a one-byte message through
 * sendto() and through sendmsg() (non-blocking, no SIGPIPE). The length
 * sweeps of family.h and of uring.c (which compares io_uring with these)
 * both go through sock_op_call().
 */
#ifndef GUEST_SOCKCALL_H
#define GUEST_SOCKCALL_H

#include <sys/socket.h>
#include <sys/uio.h>

enum { SOCK_OP_BIND, SOCK_OP_CONNECT, SOCK_OP_SENDTO, SOCK_OP_SENDMSG, SOCK_OPS };
static const char *const sock_op_name[SOCK_OPS] = { "bind", "connect", "sendto", "sendmsg" };

/* The call's return value (-1 with errno on failure). */
static inline int sock_op_call(int op, int fd, const void *addr, socklen_t len)
{
	char byte = 'x';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { .msg_name = (void *)addr, .msg_namelen = len,
			      .msg_iov = &iov, .msg_iovlen = 1 };

	switch (op) {
	case SOCK_OP_BIND:
		return bind(fd, addr, len);
	case SOCK_OP_CONNECT:
		return connect(fd, addr, len);
	case SOCK_OP_SENDTO:
		return sendto(fd, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL, addr, len);
	default:
		return sendmsg(fd, &msg, MSG_DONTWAIT | MSG_NOSIGNAL);
	}
}

#endif

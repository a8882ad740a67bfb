// SPDX-License-Identifier: GPL-2.0
/*
 * sockaddr_bench - time tight loops of the socket calls that the sockaddr
 * series changes (getsockname/getpeername through proto_ops->getname, bind,
 * connect, accept, and the link-layer address setters RTM_SETLINK
 * IFLA_ADDRESS and SIOCSIFHWADDR), so that the host can compare the
 * baseline ("none") and the patched ("main") kernel.
 *
 * It is meant to run under QEMU -icount shift=0,align=off,sleep=off: the
 * guest clock then advances by one nanosecond per executed instruction, so
 * CLOCK_MONOTONIC measures the instructions the guest ran (kernel and user)
 * rather than the host's load, and two boots of the same kernel give nearly
 * the same figures. Under plain TCG or KVM the figures are wall-clock time.
 *
 * Every loop runs R times (default 7) over N operations after an untimed
 * warm-up of N/10; "workbench.bench_runs=R" and "workbench.bench_scale=F"
 * (N in percent of the default) on the kernel command line change both. The
 * figures go to /tmp/transcript/sockaddr_bench.json, for the host's report:
 *	{"runs": R, "scale": F, "loops": [
 *	 {"name": NAME, "n": N, "ns": [TOTAL_NS of each run]}, ...
 *	]}
 * and stdout carries one KTAP result per loop, with its median in a comment
 * line. Every call is checked: an unexpected result ends the program with
 * "not ok" and exit status 1, and leaves the JSON unfinished.
 *
 * It works in the initial network namespace (the benchmark kernel has no
 * CONFIG_NET_NS), on the lo that /init brought up: the dummy device and the
 * AF_UNIX pathname sockets are removed at exit, also after a failure.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if_arp.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "../guest/lib/rtnl.h"

#define OUT_DIR		"/tmp/transcript"
#define OUT_FILE	OUT_DIR "/sockaddr_bench.json"
#define MAX_RUNS	101
#define BATCH		64	/* connections per connect/accept batch, < backlog */
#define BACKLOG		128
#define DUMMY		"sabench0"

/* long enough that the sun_path copy is more than a few bytes */
#define PATH_NAME	"/tmp/sockaddr_bench.getsockname.sock"
#define PATH_PEER	"/tmp/sockaddr_bench.getpeername.sock"
#define PATH_CONN	"/tmp/sockaddr_bench.connect.sock"
#define ABSTRACT_NAME	"sockaddr_bench.abstract.bind"

static FILE *out;
static int runs = 7, scale = 100, test_no;
static const char *test_name;

/* ---------------------------------------------------------------------- */

static void fail(const char *fmt, ...)
{
	va_list ap;

	printf("# %s: ", test_name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\nnot ok %d - %s\n", test_no, test_name);
	fflush(stdout);
	exit(1);
}

#define CHECK(cond, what) \
	do { \
		if (!(cond)) \
			fail("%s: %s (errno %d)", what, strerror(errno), errno); \
	} while (0)

/* rtnl.h helpers return 0 or -errno */
#define CHECK_RET(ret, what) \
	do { \
		int __r = (ret); \
		if (__r) \
			fail("%s: %s (%d)", what, strerror(-__r), __r); \
	} while (0)

static unsigned long long now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		fail("clock_gettime: %s", strerror(errno));
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int dummy_created;

static void cleanup(void)
{
	if (dummy_created)
		link_delete(DUMMY);
	unlink(PATH_NAME);
	unlink(PATH_PEER);
	unlink(PATH_CONN);
}

static void read_cmdline(void)
{
	char line[4096] = "", *p;
	FILE *f = fopen("/proc/cmdline", "r");

	if (f) {
		if (!fgets(line, sizeof(line), f))
			line[0] = 0;
		fclose(f);
	}
	p = strstr(line, "workbench.bench_runs=");
	if (p)
		runs = atoi(p + strlen("workbench.bench_runs="));
	p = strstr(line, "workbench.bench_scale=");
	if (p)
		scale = atoi(p + strlen("workbench.bench_scale="));
	if (runs < 1)
		runs = 1;
	if (runs > MAX_RUNS)
		runs = MAX_RUNS;
	if (scale < 1)
		scale = 1;
}

/* ---------------------------------------------------------------------- */

/*
 * One benchmark: @setup prepares its state, @run performs @n operations and
 * returns the nanoseconds they took (a loop may leave untimed book-keeping
 * out of the figure), @teardown frees the state.
 */
struct bench {
	const char *name;
	long n;			/* default operations per run */
	long multiple;		/* n is rounded up to a multiple of this */
	void (*setup)(void);
	unsigned long long (*run)(long n);
	void (*teardown)(void);
};

static int fd_a = -1, fd_b = -1, fd_c = -1;
static socklen_t expect_len;

static void close_all(void)
{
	if (fd_a >= 0)
		CHECK(!close(fd_a), "close");
	if (fd_b >= 0)
		CHECK(!close(fd_b), "close");
	if (fd_c >= 0)
		CHECK(!close(fd_c), "close");
	fd_a = fd_b = fd_c = -1;
}

static socklen_t unix_path_addr(struct sockaddr_un *sun, const char *path)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	strcpy(sun->sun_path, path);
	return offsetof(struct sockaddr_un, sun_path) + strlen(path) + 1;
}

static socklen_t loopback6(struct sockaddr_in6 *sin6, unsigned short port)
{
	memset(sin6, 0, sizeof(*sin6));
	sin6->sin6_family = AF_INET6;
	sin6->sin6_addr = in6addr_loopback;
	sin6->sin6_port = port;
	return sizeof(*sin6);
}

/* A TCP listener on [::1]:ephemeral in fd_a; its address in @sin6. */
static void tcp6_listener(struct sockaddr_in6 *sin6)
{
	socklen_t len = loopback6(sin6, 0);

	fd_a = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd_a >= 0, "socket(AF_INET6, SOCK_STREAM)");
	CHECK(!bind(fd_a, (struct sockaddr *)sin6, len), "bind [::1]:0");
	CHECK(!listen(fd_a, BACKLOG), "listen");
	CHECK(!getsockname(fd_a, (struct sockaddr *)sin6, &len), "getsockname");
	CHECK(len == sizeof(*sin6), "getsockname length");
}

/* An AF_UNIX stream listener bound to @path in fd_a. */
static void unix_listener(const char *path)
{
	struct sockaddr_un sun;
	socklen_t len = unix_path_addr(&sun, path);

	unlink(path);
	fd_a = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd_a >= 0, "socket(AF_UNIX)");
	CHECK(!bind(fd_a, (struct sockaddr *)&sun, len), "bind pathname");
	CHECK(!listen(fd_a, BACKLOG), "listen");
}

/* The getname loops: fd_b is the socket, expect_len the answer's length. */
static unsigned long long run_getname(long n, const char *what,
				      int (*getname)(int, struct sockaddr *, socklen_t *))
{
	struct sockaddr_storage ss;
	unsigned long long t0, t1;
	socklen_t len;
	long i;

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		len = sizeof(ss);
		if (getname(fd_b, (struct sockaddr *)&ss, &len))
			fail("%s: %s", what, strerror(errno));
		if (len != expect_len)
			fail("%s: length %u, expected %u", what, len, expect_len);
	}
	t1 = now_ns();
	return t1 - t0;
}

static unsigned long long run_getsockname(long n)
{
	return run_getname(n, "getsockname", getsockname);
}

static unsigned long long run_getpeername(long n)
{
	return run_getname(n, "getpeername", getpeername);
}

/* 1. getsockname on an AF_UNIX stream socket bound to a pathname */
static void setup_unix_getsockname(void)
{
	struct sockaddr_un sun;

	expect_len = unix_path_addr(&sun, PATH_NAME);
	unlink(PATH_NAME);
	fd_b = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd_b >= 0, "socket(AF_UNIX)");
	CHECK(!bind(fd_b, (struct sockaddr *)&sun, expect_len), "bind pathname");
}

/*
 * 2. getpeername on a connected AF_UNIX stream socket. A socketpair's ends
 * are unnamed, so getpeername would copy only sun_family; here the client
 * connects to a listener bound to a pathname, and its peer (the accepted
 * socket) shares the listener's address: getpeername copies the whole path.
 */
static void setup_unix_getpeername(void)
{
	struct sockaddr_un sun;
	socklen_t len = unix_path_addr(&sun, PATH_PEER);

	unix_listener(PATH_PEER);
	expect_len = len;
	fd_b = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd_b >= 0, "socket(AF_UNIX)");
	CHECK(!connect(fd_b, (struct sockaddr *)&sun, len), "connect pathname");
	fd_c = accept(fd_a, NULL, NULL);
	CHECK(fd_c >= 0, "accept");
}

/* 3. getsockname on an AF_INET6 UDP socket bound to [::1]:0 */
static void setup_inet6_getsockname(void)
{
	struct sockaddr_in6 sin6;
	socklen_t len = loopback6(&sin6, 0);

	fd_b = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	CHECK(fd_b >= 0, "socket(AF_INET6, SOCK_DGRAM)");
	CHECK(!bind(fd_b, (struct sockaddr *)&sin6, len), "bind [::1]:0");
	expect_len = sizeof(sin6);
}

/* 4. getpeername on an AF_INET6 TCP socket connected over ::1 */
static void setup_inet6_getpeername(void)
{
	struct sockaddr_in6 sin6;

	tcp6_listener(&sin6);
	fd_b = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd_b >= 0, "socket(AF_INET6, SOCK_STREAM)");
	CHECK(!connect(fd_b, (struct sockaddr *)&sin6, sizeof(sin6)), "connect [::1]");
	fd_c = accept(fd_a, NULL, NULL);
	CHECK(fd_c >= 0, "accept");
	expect_len = sizeof(sin6);
}

/* 5a. socket(AF_INET6, SOCK_DGRAM) + bind [::1]:0 + close */
static unsigned long long run_inet6_bind(long n)
{
	struct sockaddr_in6 sin6;
	socklen_t len = loopback6(&sin6, 0);
	unsigned long long t0, t1;
	long i;
	int fd;

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			fail("socket(AF_INET6, SOCK_DGRAM): %s", strerror(errno));
		if (bind(fd, (struct sockaddr *)&sin6, len))
			fail("bind [::1]:0: %s", strerror(errno));
		if (close(fd))
			fail("close: %s", strerror(errno));
	}
	t1 = now_ns();
	return t1 - t0;
}

/* 5b. socket(AF_UNIX, SOCK_STREAM) + bind to an abstract name + close */
static unsigned long long run_unix_abstract_bind(long n)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	socklen_t len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(ABSTRACT_NAME);
	unsigned long long t0, t1;
	long i;
	int fd;

	memcpy(sun.sun_path + 1, ABSTRACT_NAME, strlen(ABSTRACT_NAME));
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			fail("socket(AF_UNIX): %s", strerror(errno));
		if (bind(fd, (struct sockaddr *)&sun, len))
			fail("bind abstract: %s", strerror(errno));
		if (close(fd))
			fail("close: %s", strerror(errno));
	}
	t1 = now_ns();
	return t1 - t0;
}

/*
 * 6. socket(AF_UNIX, SOCK_STREAM) + connect to a pathname listener + close,
 * timed in batches of BATCH; between batches (untimed) the listener accepts
 * and closes the BATCH queued connections so that connect never waits for
 * backlog room.
 */
static void setup_unix_connect(void)
{
	unix_listener(PATH_CONN);
}

static unsigned long long run_unix_connect(long n)
{
	struct sockaddr_un sun;
	socklen_t len = unix_path_addr(&sun, PATH_CONN);
	unsigned long long total = 0, t0;
	long i, j;
	int fd;

	for (i = 0; i < n; i += BATCH) {
		t0 = now_ns();
		for (j = 0; j < BATCH; j++) {
			fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
			if (fd < 0)
				fail("socket(AF_UNIX): %s", strerror(errno));
			if (connect(fd, (struct sockaddr *)&sun, len))
				fail("connect pathname: %s", strerror(errno));
			if (close(fd))
				fail("close: %s", strerror(errno));
		}
		total += now_ns() - t0;
		for (j = 0; j < BATCH; j++) {
			fd = accept(fd_a, NULL, NULL);
			if (fd < 0)
				fail("accept: %s", strerror(errno));
			if (close(fd))
				fail("close: %s", strerror(errno));
		}
	}
	return total;
}

/*
 * 7. accept() on an AF_INET6 TCP listener on ::1, asking for the peer's
 * address: BATCH clients connect first (untimed; the loopback handshake
 * completes inside connect), then the BATCH accepts are timed. All sockets
 * close with SO_LINGER 0 (a reset, no TIME_WAIT) so the ports never run out.
 */
static struct sockaddr_in6 tcp_addr;

static void setup_inet6_accept(void)
{
	tcp6_listener(&tcp_addr);
}

static void close_reset(int fd)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };

	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)))
		fail("SO_LINGER: %s", strerror(errno));
	if (close(fd))
		fail("close: %s", strerror(errno));
}

static unsigned long long run_inet6_accept(long n)
{
	int clients[BATCH], accepted[BATCH];
	struct sockaddr_storage ss;
	unsigned long long total = 0, t0;
	socklen_t len;
	long i, j;

	for (i = 0; i < n; i += BATCH) {
		for (j = 0; j < BATCH; j++) {
			clients[j] = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
			if (clients[j] < 0)
				fail("socket(AF_INET6, SOCK_STREAM): %s", strerror(errno));
			if (connect(clients[j], (struct sockaddr *)&tcp_addr, sizeof(tcp_addr)))
				fail("connect [::1]: %s", strerror(errno));
		}
		t0 = now_ns();
		for (j = 0; j < BATCH; j++) {
			len = sizeof(ss);
			accepted[j] = accept(fd_a, (struct sockaddr *)&ss, &len);
			if (accepted[j] < 0)
				fail("accept: %s", strerror(errno));
			if (len != sizeof(struct sockaddr_in6))
				fail("accept: address length %u", len);
		}
		total += now_ns() - t0;
		for (j = 0; j < BATCH; j++) {
			close_reset(accepted[j]);
			close_reset(clients[j]);
		}
	}
	return total;
}

/*
 * 8./9. Setting the link-layer address of a dummy device (left down, so no
 * address-change work in IPv6 or neighbour code) to one of two unicast MACs
 * in turn, so that every call really changes it. link_set_bytes() opens and
 * closes its own NETLINK_ROUTE socket per request, as the guest tests do;
 * that cost is part of the RTM_SETLINK figure. The ioctl uses one socket.
 */
static const unsigned char macs[2][6] = {
	{ 0x02, 0x00, 0x5e, 0x10, 0x20, 0x30 },
	{ 0x02, 0x00, 0x5e, 0x40, 0x50, 0x60 },
};
static int dummy_ifindex;
static long mac_sets;

static void setup_dummy(void)
{
	CHECK_RET(link_create("dummy", DUMMY), "RTM_NEWLINK dummy");
	dummy_created = 1;
	dummy_ifindex = if_nametoindex(DUMMY);
	CHECK(dummy_ifindex > 0, "if_nametoindex");
	mac_sets = 0;
}

static void teardown_dummy(void)
{
	unsigned char mac[6];
	int len;

	/* the last address set must be the one the device has */
	len = link_get_bytes(dummy_ifindex, IFLA_ADDRESS, mac, sizeof(mac));
	if (len != 6)
		fail("RTM_GETLINK IFLA_ADDRESS: %d", len);
	if (mac_sets && memcmp(mac, macs[(mac_sets - 1) & 1], 6))
		fail("the device does not have the last address set");
	close_all();
	dummy_created = 0;
	CHECK_RET(link_delete(DUMMY), "RTM_DELLINK");
}

static unsigned long long run_setlink(long n)
{
	unsigned long long t0, t1;
	long i;
	int ret;

	t0 = now_ns();
	for (i = 0; i < n; i++) {
		ret = link_set_bytes(dummy_ifindex, IFLA_ADDRESS, macs[mac_sets++ & 1], 6);
		if (ret)
			fail("RTM_SETLINK IFLA_ADDRESS: %s (%d)", strerror(-ret), ret);
	}
	t1 = now_ns();
	return t1 - t0;
}

static void setup_ioctl(void)
{
	setup_dummy();
	fd_b = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	CHECK(fd_b >= 0, "socket(AF_INET, SOCK_DGRAM)");
}

static unsigned long long run_ioctl(long n)
{
	unsigned long long t0, t1;
	struct ifreq ifr[2];
	long i;
	int k;

	for (k = 0; k < 2; k++) {
		memset(&ifr[k], 0, sizeof(ifr[k]));
		strcpy(ifr[k].ifr_name, DUMMY);
		ifr[k].ifr_hwaddr.sa_family = ARPHRD_ETHER;
		memcpy(ifr[k].ifr_hwaddr.sa_data, macs[k], 6);
	}
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		/* the ioctl may write into the ifreq: use a fresh copy each time */
		struct ifreq req = ifr[mac_sets++ & 1];

		if (ioctl(fd_b, SIOCSIFHWADDR, &req))
			fail("SIOCSIFHWADDR: %s", strerror(errno));
	}
	t1 = now_ns();
	return t1 - t0;
}

/*
 * Default N: about 0.2 s of icount guest time per run on the KASAN test
 * kernel, where one op costs (guest ns = instructions): getname ~1.3k,
 * bind + close ~150-180k, unix connect ~220k, accept ~95k, RTM_SETLINK
 * ~470k (with its netlink socket), SIOCSIFHWADDR ~160k. With R = 7 the
 * whole program then runs ~15 s of guest time, about 3-4 min under
 * -icount on TCG. The accept loop's untimed connects and closes cost
 * more than the accepts, hence its smaller figure.
 */
static const struct bench benches[] = {
	{ "unix_getsockname", 160000, 1, setup_unix_getsockname, run_getsockname, close_all },
	{ "unix_getpeername", 160000, 1, setup_unix_getpeername, run_getpeername, close_all },
	{ "inet6_udp_getsockname", 150000, 1, setup_inet6_getsockname, run_getsockname, close_all },
	{ "inet6_tcp_getpeername", 150000, 1, setup_inet6_getpeername, run_getpeername, close_all },
	{ "inet6_udp_bind_close", 1300, 1, NULL, run_inet6_bind, NULL },
	{ "unix_abstract_bind_close", 1100, 1, NULL, run_unix_abstract_bind, NULL },
	{ "unix_connect", 896, BATCH, setup_unix_connect, run_unix_connect, close_all },
	{ "inet6_tcp_accept", 1024, BATCH, setup_inet6_accept, run_inet6_accept, close_all },
	{ "rtm_setlink_address", 420, 1, setup_dummy, run_setlink, teardown_dummy },
	{ "siocsifhwaddr", 1250, 1, setup_ioctl, run_ioctl, teardown_dummy },
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void bench_one(const struct bench *b)
{
	long n = (b->n * scale + 99) / 100, warm;
	double per_op[MAX_RUNS], median;
	unsigned long long ns[MAX_RUNS], start = now_ns();
	int r;

	n = (n + b->multiple - 1) / b->multiple * b->multiple;
	warm = (n / 10 + b->multiple - 1) / b->multiple * b->multiple;
	if (b->setup)
		b->setup();
	if (warm)
		b->run(warm);
	for (r = 0; r < runs; r++) {
		ns[r] = b->run(n);
		per_op[r] = (double)ns[r] / n;
	}
	/* the loops' names are C identifiers: nothing to escape */
	fprintf(out, "%s\n {\"name\": \"%s\", \"n\": %ld, \"ns\": [",
		b == benches ? "" : ",", b->name, n);
	for (r = 0; r < runs; r++)
		fprintf(out, "%s%llu", r ? ", " : "", ns[r]);
	fprintf(out, "]}");
	if (b->teardown)
		b->teardown();
	qsort(per_op, runs, sizeof(per_op[0]), cmp_double);
	median = runs & 1 ? per_op[runs / 2] : (per_op[runs / 2 - 1] + per_op[runs / 2]) / 2;
	fflush(out);
	printf("# %s n=%ld runs=%d median_ns_per_op=%.2f min=%.2f max=%.2f loop_ms=%llu\n",
	       b->name, n, runs, median, per_op[0], per_op[runs - 1],
	       (now_ns() - start) / 1000000);
}

int main(void)
{
	int i, k = sizeof(benches) / sizeof(benches[0]);

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..%d\n", k);
	test_no = 1;
	test_name = benches[0].name;
	read_cmdline();
	printf("# runs=%d scale=%d%%\n", runs, scale);
	CHECK_RET(link_flags("lo", IFF_UP, 0), "lo up");
	atexit(cleanup);
	CHECK(!mkdir(OUT_DIR, 0755) || errno == EEXIST, "mkdir " OUT_DIR);
	out = fopen(OUT_FILE, "w");
	CHECK(out != NULL, "fopen " OUT_FILE);
	fprintf(out, "{\"runs\": %d, \"scale\": %d, \"loops\": [", runs, scale);

	for (i = 0; i < k; i++) {
		test_no = i + 1;
		test_name = benches[i].name;
		bench_one(&benches[i]);
		printf("ok %d - %s\n", test_no, test_name);
	}
	fprintf(out, "\n]}\n");
	CHECK(!fclose(out), "fclose " OUT_FILE);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup BPF sock_addr programs read the socket address that the series
 * retypes (struct sockaddr_unsized in __cgroup_bpf_run_filter_sock_addr()
 * and struct bpf_sock_addr_kern), and a connect program is what makes
 * connect() call proto::pre_connect.
 *
 * Every hook that passes an address runs here: bind, connect, UDP sendmsg
 * and recvmsg, getpeername and getsockname on AF_INET and AF_INET6 (TCP,
 * UDP and ICMP echo sockets for connect), and connect, sendmsg, recvmsg,
 * getpeername and getsockname on AF_UNIX. A program attached to the root
 * cgroup stores what it read from its context (user_family, user_port,
 * user_ip4 or user_ip6, the number of runs) in an array map, and allows the
 * call, denies it or rewrites the port; the test checks the call's result
 * and its effect, and writes both to the transcript.
 *
 * A connect program also calls bpf_bind() at every length edge of the
 * helper's address: shorter than sa_family, shorter than the family's
 * address, exact, longer, another family, port 0. Programs the verifier
 * must refuse are loaded too (a bpf_bind() buffer of 0 bytes or past the
 * stack, a write to user_family, a getpeername program that returns 0):
 * each must fail to load with an error.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/bpf.h>
#include <netinet/in.h>
#include <stddef.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>

#include "kselftest_harness.h"
#include "lib/transcript.h"
#include "bpf_insn.h"

/* Attach types newer than the build host's linux/bpf.h (Linux 6.7). */
#define CG_UNIX_CONNECT		49
#define CG_UNIX_SENDMSG		50
#define CG_UNIX_RECVMSG		51
#define CG_UNIX_GETPEERNAME	52
#define CG_UNIX_GETSOCKNAME	53

#define CGROUP_DIR "/tmp/cgroup2"

/* What a program saw, one map value; offsets are used by the programs. */
struct seen {
	__u32 family;		/* 0: user_family */
	__u32 runs;		/* 4 */
	__u32 port;		/* 8: user_port, network order */
	__u32 ip[4];		/* 12: user_ip4 or user_ip6 */
	__s32 bind_ret;		/* 28: what bpf_bind() returned */
};

struct prog {
	int attach;		/* enum bpf_attach_type */
	int family;		/* which user_* fields the hook may read */
	int verdict;		/* 1: allow, 0: deny */
	int match, to;		/* rewrite user_port @match to @to (host order) */
	int bind_family;	/* bpf_bind() from a connect hook: family, */
	int bind_len;		/* length (-1: no call), */
	int bind_port;		/* and port of 127.0.0.1 or ::1 */
	int write_family;	/* refused: a store to user_family */
};

/* The sockaddr bpf_bind() gets: 48 zeroed bytes at the top of the stack. */
#define BIND_BUF 48

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static int map_create(void)
{
	union bpf_attr a = {
		.map_type = BPF_MAP_TYPE_ARRAY,
		.key_size = 4,
		.value_size = sizeof(struct seen),
		.max_entries = 1,
	};

	return sys_bpf(BPF_MAP_CREATE, &a);
}

static int map_read(int map, struct seen *s)
{
	__u32 key = 0;
	union bpf_attr a = {
		.map_fd = map,
		.key = (unsigned long)&key,
		.value = (unsigned long)s,
	};

	return sys_bpf(BPF_MAP_LOOKUP_ELEM, &a);
}

static int map_clear(int map)
{
	struct seen s = { .bind_ret = 1 };	/* 1: bpf_bind() not called */
	__u32 key = 0;
	union bpf_attr a = {
		.map_fd = map,
		.key = (unsigned long)&key,
		.value = (unsigned long)&s,
	};

	return sys_bpf(BPF_MAP_UPDATE_ELEM, &a);
}

/* The program of @p, which records into @map. Returns its fd or -errno. */
static int prog_load(const struct prog *p, int map, char *log, size_t log_size)
{
	const int fam = offsetof(struct bpf_sock_addr, user_family);
	const int port = offsetof(struct bpf_sock_addr, user_port);
	struct bpf_insn insn[96], ld_map[] = { BPF_LD_MAP_FD(BPF_REG_1, map) };
	int n = 0, i, skip, err;
	union bpf_attr a;

#define I(x) (insn[n++] = (x))
	I(BPF_MOV64_REG(BPF_REG_6, BPF_REG_1));
	for (i = BIND_BUF; i > 0; i -= 8)
		I(BPF_ST_MEM(BPF_DW, BPF_REG_10, -i, 0));
	I(BPF_ST_MEM(BPF_W, BPF_REG_10, -BIND_BUF - 8, 0));	/* key 0 */
	I(BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
	I(BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -BIND_BUF - 8));
	memcpy(insn + n, ld_map, sizeof(ld_map));	/* two instructions */
	n += 2;
	I(BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem));
	skip = n;
	I(BPF_JMP_IMM(BPF_JEQ, BPF_REG_0, 0, 0));	/* to the verdict */
	I(BPF_MOV64_REG(BPF_REG_7, BPF_REG_0));
	I(BPF_LDX_MEM(BPF_W, BPF_REG_1, BPF_REG_6, fam));
	I(BPF_STX_MEM(BPF_W, BPF_REG_7, BPF_REG_1, 0));
	I(BPF_LDX_MEM(BPF_W, BPF_REG_1, BPF_REG_7, 4));
	I(BPF_ALU64_IMM(BPF_ADD, BPF_REG_1, 1));
	I(BPF_STX_MEM(BPF_W, BPF_REG_7, BPF_REG_1, 4));
	if (p->family != AF_UNIX) {
		I(BPF_LDX_MEM(BPF_W, BPF_REG_1, BPF_REG_6, port));
		I(BPF_STX_MEM(BPF_W, BPF_REG_7, BPF_REG_1, 8));
		for (i = 0; i < (p->family == AF_INET6 ? 4 : 1); i++) {
			I(BPF_LDX_MEM(BPF_W, BPF_REG_1, BPF_REG_6, p->family == AF_INET6 ?
				      offsetof(struct bpf_sock_addr, user_ip6[i]) :
				      offsetof(struct bpf_sock_addr, user_ip4)));
			I(BPF_STX_MEM(BPF_W, BPF_REG_7, BPF_REG_1, 12 + 4 * i));
		}
	}
	if (p->to) {
		I(BPF_LDX_MEM(BPF_W, BPF_REG_1, BPF_REG_6, port));
		I(BPF_JMP_IMM(BPF_JNE, BPF_REG_1, htons(p->match), 2));
		I(BPF_MOV64_IMM(BPF_REG_1, htons(p->to)));
		I(BPF_STX_MEM(BPF_W, BPF_REG_6, BPF_REG_1, port));
	}
	if (p->write_family) {
		I(BPF_MOV64_IMM(BPF_REG_1, AF_INET));
		I(BPF_STX_MEM(BPF_W, BPF_REG_6, BPF_REG_1, fam));
	}
	if (p->bind_len >= 0) {
		I(BPF_ST_MEM(BPF_H, BPF_REG_10, -BIND_BUF, p->bind_family));
		I(BPF_ST_MEM(BPF_H, BPF_REG_10, -BIND_BUF + 2, htons(p->bind_port)));
		if (p->bind_family == AF_INET6)	/* ::1, last word of sin6_addr */
			I(BPF_ST_MEM(BPF_W, BPF_REG_10, -BIND_BUF + 20, htonl(1)));
		else
			I(BPF_ST_MEM(BPF_W, BPF_REG_10, -BIND_BUF + 4, htonl(INADDR_LOOPBACK)));
		I(BPF_MOV64_REG(BPF_REG_1, BPF_REG_6));
		I(BPF_MOV64_REG(BPF_REG_2, BPF_REG_10));
		I(BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -BIND_BUF));
		I(BPF_MOV64_IMM(BPF_REG_3, p->bind_len));
		I(BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_bind));
		I(BPF_STX_MEM(BPF_W, BPF_REG_7, BPF_REG_0, 28));
	}
	insn[skip].off = n - skip - 1;
	I(BPF_MOV64_IMM(BPF_REG_0, p->verdict));
	I(BPF_EXIT_INSN());
#undef I

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_CGROUP_SOCK_ADDR;
	a.expected_attach_type = p->attach;
	a.insns = (unsigned long)insn;
	a.insn_cnt = n;
	a.license = (unsigned long)"GPL";
	log[0] = 0;
	n = sys_bpf(BPF_PROG_LOAD, &a);
	if (n >= 0)
		return n;
	/* again with the verifier's log, for the test's own message */
	err = errno;
	a.log_buf = (unsigned long)log;
	a.log_size = log_size;
	a.log_level = 1;
	sys_bpf(BPF_PROG_LOAD, &a);
	return -err;
}

FIXTURE(cg)
{
	int cgroup, map, prog, attach;
	char log[16384];
};

FIXTURE_SETUP(cg)
{
	int fd;

	mkdir(CGROUP_DIR, 0755);
	if (mount("cgroup2", CGROUP_DIR, "cgroup2", 0, NULL) && errno != EBUSY)
		ASSERT_EQ(0, -errno) TH_LOG("mount cgroup2");
	self->cgroup = open(CGROUP_DIR, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, self->cgroup);
	self->map = map_create();
	ASSERT_LE(0, self->map) TH_LOG("BPF_MAP_CREATE: %s", strerror(errno));
	self->prog = -1;
	/* ICMP echo sockets for every group (none by default) */
	fd = open("/proc/sys/net/ipv4/ping_group_range", O_WRONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(12, write(fd, "0 2147483647", 12));
	close(fd);
}

static void detach(FIXTURE_DATA(cg) *self)
{
	union bpf_attr a = {
		.target_fd = self->cgroup,
		.attach_bpf_fd = self->prog,
		.attach_type = self->attach,
	};

	if (self->prog < 0)
		return;
	sys_bpf(BPF_PROG_DETACH, &a);
	close(self->prog);
	self->prog = -1;
}

FIXTURE_TEARDOWN(cg)
{
	detach(self);
	close(self->map);
	close(self->cgroup);
}

/* Load @p, attach it to the root cgroup, clear the map. */
static int attach(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
		  const struct prog *p)
{
	union bpf_attr a;
	int fd;

	detach(self);
	fd = prog_load(p, self->map, self->log, sizeof(self->log));
	if (fd < 0) {
		TH_LOG("BPF_PROG_LOAD: %s\n%s", strerror(-fd), self->log);
		return fd;
	}
	memset(&a, 0, sizeof(a));
	a.target_fd = self->cgroup;
	a.attach_bpf_fd = fd;
	a.attach_type = p->attach;
	if (sys_bpf(BPF_PROG_ATTACH, &a)) {
		TH_LOG("BPF_PROG_ATTACH: %s", strerror(errno));
		close(fd);
		return -errno;
	}
	self->prog = fd;
	self->attach = p->attach;
	return map_clear(self->map);
}

/* "runs=1 family=2 port=47000 ip=127.0.0.1", from the map. */
static const char *seen(FIXTURE_DATA(cg) *self, int family, struct seen *s)
{
	static char buf[160];
	char ip[INET6_ADDRSTRLEN] = "";
	int n;

	memset(s, 0, sizeof(*s));
	if (map_read(self->map, s))
		return "map unreadable";
	n = snprintf(buf, sizeof(buf), "runs=%u family=%u", s->runs, s->family);
	if (family != AF_UNIX) {
		inet_ntop(family, s->ip, ip, sizeof(ip));
		n += snprintf(buf + n, sizeof(buf) - n, " port=%u ip=%s", ntohs(s->port), ip);
	}
	if (s->bind_ret != 1)
		snprintf(buf + n, sizeof(buf) - n, " bpf_bind=%s", tr_ret(s->bind_ret, -s->bind_ret));
	return buf;
}

/* The program's view to the transcript: it ran once, on @family and @port (-1: any). */
static void expect_seen(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
			int family, int port)
{
	struct seen s;

	tr_line("prog: %s", seen(self, family, &s));
	EXPECT_EQ(1, s.runs);
	EXPECT_EQ(family, s.family);
	if (port >= 0)
		EXPECT_EQ(htons(port), s.port);
}

/* 127.0.0.1 or ::1 at @port. Returns the address length. */
static socklen_t loop_addr(struct sockaddr_storage *ss, int family, int port)
{
	struct sockaddr_in6 *sin6 = (void *)ss;
	struct sockaddr_in *sin = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET6) {
		sin6->sin6_port = htons(port);
		sin6->sin6_addr = in6addr_loopback;
		return sizeof(*sin6);
	}
	sin->sin_port = htons(port);
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return sizeof(*sin);
}

static int port_of(const struct sockaddr_storage *ss)
{
	return ntohs(((const struct sockaddr_in *)ss)->sin_port);
}

/* A socket of @family and @type bound to the loopback address at @port. */
static int bound(int family, int type, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = loop_addr(&ss, family, port);
	int fd = socket(family, type | SOCK_CLOEXEC, 0), one = 1;

	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, len) ||
	    (type == SOCK_STREAM && listen(fd, 8))) {
		close(fd);
		return -1;
	}
	return fd;
}

static const char *af(int family)
{
	return family == AF_INET6 ? "inet6" : family == AF_UNIX ? "unix" : "inet";
}

static int ip_hook(int family, int v4, int v6)
{
	return family == AF_INET6 ? v6 : v4;
}

/* --- bind ---------------------------------------------------------------- */

/* Record, deny and rewrite a bind() of 127.0.0.1 / ::1. */
static void bind_cases(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
		       int family, int base)
{
	struct prog p = { .attach = ip_hook(family, BPF_CGROUP_INET4_BIND,
					    BPF_CGROUP_INET6_BIND),
			  .family = family, .verdict = 1, .bind_len = -1 };
	struct sockaddr_storage ss, got;
	socklen_t len, glen;
	int fd, ret;

	for (int mode = 0; mode < 3; mode++) {
		tr_begin("%s bind %s", af(family), (const char *[]){ "record", "deny", "rewrite" }[mode]);
		p.verdict = mode != 1;
		p.match = base;
		p.to = mode == 2 ? base + 1 : 0;
		ASSERT_EQ(0, attach(_metadata, self, &p));
		fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
		ASSERT_LE(0, fd);
		len = loop_addr(&ss, family, base);
		ret = bind(fd, (struct sockaddr *)&ss, len);
		tr_line("bind port %d -> %s", base, tr_ret(ret, errno));
		EXPECT_EQ(mode == 1 ? -1 : 0, ret);
		if (mode == 1)
			EXPECT_EQ(EPERM, errno);
		glen = sizeof(got);
		if (!ret && !getsockname(fd, (struct sockaddr *)&got, &glen)) {
			tr_line("bound to port %d", port_of(&got));
			EXPECT_EQ(mode == 2 ? base + 1 : base, port_of(&got));
		}
		expect_seen(_metadata, self, family, base);
		close(fd);
	}
}

TEST_F(cg, inet_bind)
{
	bind_cases(_metadata, self, AF_INET, 47000);
}

TEST_F(cg, inet6_bind)
{
	bind_cases(_metadata, self, AF_INET6, 47010);
}

/* --- connect: proto::pre_connect, bpf_bind() ------------------------------ */

/*
 * connect() a @type socket (@proto: 0 or IPPROTO_ICMP[V6]) to the loopback
 * address at @port, with @p attached: record the result, the local port
 * (checked against @want_local unless 0) and the program's view.
 */
static void connect_case(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
			 const struct prog *p, int family, int type, int proto,
			 int port, int want_err, int want_local)
{
	struct sockaddr_storage ss, got;
	socklen_t len = loop_addr(&ss, family, port), glen = sizeof(got);
	int fd, ret;

	ASSERT_EQ(0, attach(_metadata, self, p));
	fd = socket(family, type | SOCK_CLOEXEC, proto);
	ASSERT_LE(0, fd) TH_LOG("socket(%d, %d, %d): %s", family, type, proto, strerror(errno));
	ret = connect(fd, (struct sockaddr *)&ss, len);
	tr_line("connect port %d -> %s", port, tr_ret(ret, errno));
	EXPECT_EQ(want_err ? -1 : 0, ret);
	if (want_err)
		EXPECT_EQ(want_err, errno);
	if (!ret && !getsockname(fd, (struct sockaddr *)&got, &glen)) {
		if (want_local) {
			tr_line("local port %d", port_of(&got));
			EXPECT_EQ(want_local, port_of(&got));
		}
		glen = sizeof(got);
		ASSERT_EQ(0, getpeername(fd, (struct sockaddr *)&got, &glen));
		tr_line("peer port %d", port_of(&got));
		EXPECT_EQ(p->to && port == p->match ? p->to : port, port_of(&got));
	}
	expect_seen(_metadata, self, family, port);
	close(fd);
}

static void connect_cases(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
			  int family, int base)
{
	struct prog p = { .attach = ip_hook(family, BPF_CGROUP_INET4_CONNECT,
					    BPF_CGROUP_INET6_CONNECT),
			  .family = family, .verdict = 1, .bind_len = -1 };
	int icmp = family == AF_INET6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP;
	int lst = bound(family, SOCK_STREAM, base + 1);

	ASSERT_LE(0, lst);
	tr_begin("%s connect tcp record", af(family));
	connect_case(_metadata, self, &p, family, SOCK_STREAM, 0, base + 1, 0, 0);
	tr_begin("%s connect udp record", af(family));
	connect_case(_metadata, self, &p, family, SOCK_DGRAM, 0, base + 1, 0, 0);
	tr_begin("%s connect icmp record", af(family));
	connect_case(_metadata, self, &p, family, SOCK_DGRAM, icmp, base + 1, 0, 0);

	p.verdict = 0;
	tr_begin("%s connect tcp deny", af(family));
	connect_case(_metadata, self, &p, family, SOCK_STREAM, 0, base + 1, EPERM, 0);
	tr_begin("%s connect udp deny", af(family));
	connect_case(_metadata, self, &p, family, SOCK_DGRAM, 0, base + 1, EPERM, 0);

	/* nothing listens on base + 2: only the rewrite makes it connect */
	p.verdict = 1;
	tr_begin("%s connect tcp unrewritten", af(family));
	connect_case(_metadata, self, &p, family, SOCK_STREAM, 0, base + 2, ECONNREFUSED, 0);
	p.match = base + 2;
	p.to = base + 1;
	tr_begin("%s connect tcp rewrite", af(family));
	connect_case(_metadata, self, &p, family, SOCK_STREAM, 0, base + 2, 0, 0);
	close(lst);
}

TEST_F(cg, inet_connect)
{
	connect_cases(_metadata, self, AF_INET, 47020);
}

TEST_F(cg, inet6_connect)
{
	connect_cases(_metadata, self, AF_INET6, 47030);
}

/*
 * bpf_bind() from a connect program, at every length edge: the helper's
 * error comes back to the program (the connect itself goes on), a good
 * address binds the socket to its port before the connect.
 */
static const struct bind_edge {
	const char *name;
	int family, hook_family, len, port, err;
} bind_edges[] = {
	{ "inet len 1", AF_INET, AF_INET, 1, 47041, EINVAL },
	{ "inet len 15", AF_INET, AF_INET, 15, 47042, EINVAL },
	{ "inet len 16", AF_INET, AF_INET, 16, 47043, 0 },
	{ "inet len 48", AF_INET, AF_INET, 48, 47044, 0 },
	{ "inet port 0", AF_INET, AF_INET, 16, 0, 0 },
	{ "unix family", AF_UNIX, AF_INET, 16, 47045, EAFNOSUPPORT },
	{ "inet6 len 23", AF_INET6, AF_INET6, 23, 47046, EINVAL },
	{ "inet6 len 24", AF_INET6, AF_INET6, 24, 47047, 0 },
	{ "inet6 len 28", AF_INET6, AF_INET6, 28, 47048, 0 },
};

TEST_F(cg, bpf_bind)
{
	int lst4 = bound(AF_INET, SOCK_STREAM, 47040);
	int lst6 = bound(AF_INET6, SOCK_STREAM, 47040);
	struct sockaddr_storage ss, got;
	const struct bind_edge *e;
	struct seen s;
	socklen_t len, glen;
	int fd, ret;

	ASSERT_LE(0, lst4);
	ASSERT_LE(0, lst6);
	for (e = bind_edges; e < bind_edges + ARRAY_SIZE(bind_edges); e++) {
		struct prog p = { .attach = ip_hook(e->hook_family, BPF_CGROUP_INET4_CONNECT,
						    BPF_CGROUP_INET6_CONNECT),
				  .family = e->hook_family, .verdict = 1,
				  .bind_family = e->family, .bind_len = e->len,
				  .bind_port = e->port };

		tr_begin("bpf_bind %s", e->name);
		ASSERT_EQ(0, attach(_metadata, self, &p));
		fd = socket(e->hook_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
		ASSERT_LE(0, fd);
		len = loop_addr(&ss, e->hook_family, 47040);
		ret = connect(fd, (struct sockaddr *)&ss, len);
		tr_line("connect -> %s", tr_ret(ret, errno));
		EXPECT_EQ(0, ret);
		tr_line("prog: %s", seen(self, e->hook_family, &s));
		EXPECT_EQ(-e->err, s.bind_ret);
		glen = sizeof(got);
		ASSERT_EQ(0, getsockname(fd, (struct sockaddr *)&got, &glen));
		/* a failed or port-0 bind leaves the port to connect() */
		if (!e->err && e->port) {
			tr_line("local port %d", port_of(&got));
			EXPECT_EQ(e->port, port_of(&got));
		} else {
			EXPECT_NE(e->port, port_of(&got));
		}
		close(fd);
	}
	close(lst4);
	close(lst6);
}

/* The verifier refuses these programs: a clean error, nothing attached. */
TEST_F(cg, refused)
{
	static const struct {
		const char *name;
		struct prog p;
	} bad[] = {
		{ "bpf_bind len 0", { .attach = BPF_CGROUP_INET4_CONNECT, .family = AF_INET,
				      .verdict = 1, .bind_family = AF_INET, .bind_len = 0 } },
		{ "bpf_bind past the stack", { .attach = BPF_CGROUP_INET4_CONNECT,
					       .family = AF_INET, .verdict = 1,
					       .bind_family = AF_INET, .bind_len = BIND_BUF + 8 } },
		{ "bpf_bind from bind", { .attach = BPF_CGROUP_INET4_BIND, .family = AF_INET,
					  .verdict = 1, .bind_family = AF_INET, .bind_len = 16 } },
		{ "user_family written", { .attach = BPF_CGROUP_INET4_CONNECT, .family = AF_INET,
					   .verdict = 1, .bind_len = -1, .write_family = 1 } },
		{ "getpeername returns 0", { .attach = BPF_CGROUP_INET4_GETPEERNAME,
					     .family = AF_INET, .verdict = 0, .bind_len = -1 } },
		{ "user_ip4 on inet6", { .attach = BPF_CGROUP_INET6_CONNECT, .family = AF_INET,
					 .verdict = 1, .bind_len = -1 } },
	};
	unsigned int i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		tr_begin("refused %s", bad[i].name);
		fd = prog_load(&bad[i].p, self->map, self->log, sizeof(self->log));
		tr_line("BPF_PROG_LOAD -> %s", tr_ret(fd < 0 ? -1 : 0, -fd));
		EXPECT_GT(0, fd) TH_LOG("%s: loaded", bad[i].name);
		if (fd >= 0)
			close(fd);
	}
}

/* --- UDP sendmsg and recvmsg -------------------------------------------- */

static void udp_cases(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
		      int family, int base)
{
	struct prog p = { .attach = ip_hook(family, BPF_CGROUP_UDP4_SENDMSG,
					    BPF_CGROUP_UDP6_SENDMSG),
			  .family = family, .verdict = 1, .bind_len = -1 };
	int rcv = bound(family, SOCK_DGRAM, base + 1);
	int snd = bound(family, SOCK_DGRAM, base + 3);
	struct sockaddr_storage ss, from;
	socklen_t len, flen;
	char buf[8];
	int mode, ret;

	ASSERT_LE(0, rcv);
	ASSERT_LE(0, snd);
	/* sendmsg: record (to base + 1), deny, rewrite base + 2 -> base + 1 */
	for (mode = 0; mode < 3; mode++) {
		int to = mode == 2 ? base + 2 : base + 1;

		tr_begin("%s udp sendmsg %s", af(family),
			 (const char *[]){ "record", "deny", "rewrite" }[mode]);
		p.verdict = mode != 1;
		p.match = base + 2;
		p.to = mode == 2 ? base + 1 : 0;
		ASSERT_EQ(0, attach(_metadata, self, &p));
		len = loop_addr(&ss, family, to);
		ret = sendto(snd, "x", 1, 0, (struct sockaddr *)&ss, len);
		tr_line("sendto port %d -> %s", to, tr_ret(ret, errno));
		EXPECT_EQ(mode == 1 ? -1 : 1, ret);
		ret = recv(rcv, buf, sizeof(buf), MSG_DONTWAIT);
		tr_line("received on port %d -> %s", base + 1, tr_ret(ret, errno));
		EXPECT_EQ(mode == 1 ? -1 : 1, ret);
		expect_seen(_metadata, self, family, to);
	}

	/* recvmsg: the program sees the source and rewrites its port */
	p.attach = ip_hook(family, BPF_CGROUP_UDP4_RECVMSG, BPF_CGROUP_UDP6_RECVMSG);
	p.verdict = 1;
	for (mode = 0; mode < 2; mode++) {
		tr_begin("%s udp recvmsg %s", af(family), mode ? "rewrite" : "record");
		p.match = base + 3;
		p.to = mode ? base + 4 : 0;
		ASSERT_EQ(0, attach(_metadata, self, &p));
		len = loop_addr(&ss, family, base + 1);
		ASSERT_EQ(1, sendto(snd, "y", 1, 0, (struct sockaddr *)&ss, len));
		flen = sizeof(from);
		ret = recvfrom(rcv, buf, sizeof(buf), MSG_DONTWAIT, (struct sockaddr *)&from, &flen);
		tr_line("recvfrom -> %s len %u from port %d", tr_ret(ret, errno), flen,
			port_of(&from));
		EXPECT_EQ(1, ret);
		EXPECT_EQ(len, flen);
		EXPECT_EQ(mode ? base + 4 : base + 3, port_of(&from));
		expect_seen(_metadata, self, family, base + 3);
	}
	close(rcv);
	close(snd);
}

TEST_F(cg, inet_udp)
{
	udp_cases(_metadata, self, AF_INET, 47050);
}

TEST_F(cg, inet6_udp)
{
	udp_cases(_metadata, self, AF_INET6, 47060);
}

/* --- getpeername, getsockname -------------------------------------------- */

static void name_cases(struct __test_metadata *_metadata, FIXTURE_DATA(cg) *self,
		       int family, int base)
{
	int lst = bound(family, SOCK_STREAM, base + 1);
	struct sockaddr_storage ss, got;
	struct prog p = { .family = family, .verdict = 1, .bind_len = -1 };
	socklen_t len, glen;
	int cli, srv, peer, mode;

	ASSERT_LE(0, lst);
	cli = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, cli);
	len = loop_addr(&ss, family, base + 1);
	ASSERT_EQ(0, connect(cli, (struct sockaddr *)&ss, len));
	srv = accept(lst, NULL, NULL);
	ASSERT_LE(0, srv);
	for (mode = 0; mode < 4; mode++) {
		peer = mode & 1;
		p.attach = peer ? ip_hook(family, BPF_CGROUP_INET4_GETPEERNAME,
					  BPF_CGROUP_INET6_GETPEERNAME) :
				  ip_hook(family, BPF_CGROUP_INET4_GETSOCKNAME,
					  BPF_CGROUP_INET6_GETSOCKNAME);
		p.match = base + 1;
		p.to = mode & 2 ? base + 2 : 0;
		tr_begin("%s %s %s", af(family), peer ? "getpeername" : "getsockname",
			 p.to ? "rewrite" : "record");
		ASSERT_EQ(0, attach(_metadata, self, &p));
		glen = sizeof(got);
		memset(&got, 0xa5, sizeof(got));
		/* the client's peer and the server's own name are base + 1 */
		ASSERT_EQ(0, peer ? getpeername(cli, (struct sockaddr *)&got, &glen) :
				    getsockname(srv, (struct sockaddr *)&got, &glen));
		tr_line("len %u port %d", glen, port_of(&got));
		EXPECT_EQ(len, glen);
		EXPECT_EQ(p.to ? base + 2 : base + 1, port_of(&got));
		expect_seen(_metadata, self, family, base + 1);
	}
	close(srv);
	close(cli);
	close(lst);
}

TEST_F(cg, inet_names)
{
	name_cases(_metadata, self, AF_INET, 47070);
}

TEST_F(cg, inet6_names)
{
	name_cases(_metadata, self, AF_INET6, 47080);
}

/* --- AF_UNIX ----------------------------------------------------------- */

static socklen_t unix_addr(struct sockaddr_un *sun, const char *path)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	strcpy(sun->sun_path, path);
	return offsetof(struct sockaddr_un, sun_path) + strlen(path) + 1;
}

/* Each AF_UNIX hook records, and connect and sendmsg also deny. */
TEST_F(cg, unix_hooks)
{
	struct prog p = { .family = AF_UNIX, .verdict = 1, .bind_len = -1 };
	struct sockaddr_un lsun, dsun, ssun, got;
	socklen_t llen, dlen, slen, glen;
	int lst, cli, srv, dg, snd, ret;
	char buf[8];

	llen = unix_addr(&lsun, "/tmp/bpf-stream");
	dlen = unix_addr(&dsun, "/tmp/bpf-dgram");
	unlink(lsun.sun_path);
	unlink(dsun.sun_path);
	lst = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_EQ(0, bind(lst, (struct sockaddr *)&lsun, llen));
	ASSERT_EQ(0, listen(lst, 4));
	dg = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_EQ(0, bind(dg, (struct sockaddr *)&dsun, dlen));

	for (p.verdict = 1; p.verdict >= 0; p.verdict--) {
		tr_begin("unix connect %s", p.verdict ? "record" : "deny");
		p.attach = CG_UNIX_CONNECT;
		ASSERT_EQ(0, attach(_metadata, self, &p));
		cli = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		ret = connect(cli, (struct sockaddr *)&lsun, llen);
		tr_line("connect -> %s", tr_ret(ret, errno));
		EXPECT_EQ(p.verdict ? 0 : -1, ret);
		expect_seen(_metadata, self, AF_UNIX, -1);
		close(cli);
		if (!ret)
			close(accept(lst, NULL, NULL));

		tr_begin("unix sendmsg %s", p.verdict ? "record" : "deny");
		p.attach = CG_UNIX_SENDMSG;
		ASSERT_EQ(0, attach(_metadata, self, &p));
		snd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		ret = sendto(snd, "z", 1, 0, (struct sockaddr *)&dsun, dlen);
		tr_line("sendto -> %s", tr_ret(ret, errno));
		EXPECT_EQ(p.verdict ? 1 : -1, ret);
		expect_seen(_metadata, self, AF_UNIX, -1);
		close(snd);
	}

	/*
	 * recvmsg: of a datagram from a named sender (the program would read
	 * the family of an unnamed sender's address from a buffer that
	 * unix_dgram_recvmsg() leaves unwritten)
	 */
	EXPECT_EQ(1, recv(dg, buf, sizeof(buf), MSG_DONTWAIT));
	detach(self);	/* the sendmsg program that denies */
	tr_begin("unix recvmsg record");
	snd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	slen = unix_addr(&ssun, "/tmp/bpf-sender");
	unlink(ssun.sun_path);
	ASSERT_EQ(0, bind(snd, (struct sockaddr *)&ssun, slen));
	ASSERT_EQ(1, sendto(snd, "w", 1, 0, (struct sockaddr *)&dsun, dlen));
	p.attach = CG_UNIX_RECVMSG;
	p.verdict = 1;
	ASSERT_EQ(0, attach(_metadata, self, &p));
	glen = sizeof(got);
	memset(&got, 0xa5, sizeof(got));
	ret = recvfrom(dg, buf, sizeof(buf), MSG_DONTWAIT, (struct sockaddr *)&got, &glen);
	tr_line("recvfrom -> %s len %u path %s", tr_ret(ret, errno), glen, got.sun_path);
	EXPECT_EQ(1, ret);
	EXPECT_EQ(slen, glen);
	EXPECT_STREQ(ssun.sun_path, got.sun_path);
	expect_seen(_metadata, self, AF_UNIX, -1);
	close(snd);
	unlink(ssun.sun_path);

	cli = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_EQ(0, connect(cli, (struct sockaddr *)&lsun, llen));
	srv = accept(lst, NULL, NULL);
	ASSERT_LE(0, srv);
	for (int peer = 0; peer < 2; peer++) {
		tr_begin("unix %s record", peer ? "getpeername" : "getsockname");
		p.attach = peer ? CG_UNIX_GETPEERNAME : CG_UNIX_GETSOCKNAME;
		ASSERT_EQ(0, attach(_metadata, self, &p));
		glen = sizeof(got);
		memset(&got, 0xa5, sizeof(got));
		ret = peer ? getpeername(cli, (struct sockaddr *)&got, &glen) :
			     getsockname(srv, (struct sockaddr *)&got, &glen);
		tr_line("-> %s len %u path %s", tr_ret(ret, errno), glen, got.sun_path);
		EXPECT_EQ(0, ret);
		EXPECT_EQ(llen, glen);
		EXPECT_STREQ(lsun.sun_path, got.sun_path);
		expect_seen(_metadata, self, AF_UNIX, -1);
	}
	close(srv);
	close(cli);
	close(dg);
	close(lst);
	unlink(lsun.sun_path);
	unlink(dsun.sun_path);
}

TEST_HARNESS_MAIN

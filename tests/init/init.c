// SPDX-License-Identifier: GPL-2.0
/*
 * Guest /init: mount the pseudo file systems, bring up lo, run the programs
 * of /tests in the order /tests.order lists them (tests/guest/order), each
 * marked "netns" there in a network namespace of its own (with its own lo,
 * up), and wrap their KTAP output as subtests of one KTAP document written
 * to the serial port KTAP_TTY, then make QEMU exit (reboot with -no-reboot).
 *
 * The kernel console keeps the kernel log and the KUnit results; the guest
 * results travel on their own port so that the two never interleave.
 *
 * A third port (FILES_TTY) carries files back to the host, each introduced
 * by a line "### NAME": the transcripts the tests wrote (/tmp/transcript)
 * and, when the initramfs has a /coverage.funcs list, the ftrace function
 * profile of those functions over the whole run.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "../guest/lib/genl.h"

/* The ports of the roles "ktap" and "files" of config/machines/NAME.conf. */
#if !defined(KTAP_TTY) || !defined(FILES_TTY)
#error "build with -DKTAP_TTY=... -DFILES_TTY=... (scripts/make-initramfs.sh)"
#endif

#define TEST_DIR "/tests"
#define TEST_ORDER "/tests.order"
#define MAX_TESTS 64
#define TRANSCRIPT_DIR "/tmp/transcript"
#define COVERAGE_FUNCS "/coverage.funcs"
#define TRACING "/sys/kernel/tracing"
#define KSFT_SKIP 4

static FILE *out;

static void mnt(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) && errno != EBUSY)
		fprintf(stderr, "init: mount %s on %s: %s\n", type, dir, strerror(errno));
}

/* Bring the device @name up: 0, or -errno. */
static int link_up(const char *name)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), ret;

	if (fd < 0)
		return -errno;
	strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
	ret = ioctl(fd, SIOCGIFFLAGS, &ifr);
	if (!ret) {
		ifr.ifr_flags |= IFF_UP;
		ret = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	ret = ret ? -errno : 0;
	close(fd);
	return ret;
}

/*
 * mac802154_hwsim (in the test kernels for the 6LoWPAN test of wpan_tun,
 * which makes its own radio) makes two radios at boot, each with a WPAN
 * device. Delete them before any test runs: the tests that send on an
 * unbound AF_IEEE802154 socket take the first device of link type
 * ARPHRD_IEEE802154, which must be their tun device, and no other test met
 * a WPAN device before hwsim was in the config. 0, or -errno (-ENOENT
 * when hwsim made none: then the kernel is not the one meant).
 */
static int hwsim_boot_radios_off(void)
{
	int n = hwsim_del_all_radios();

	if (n < 0)
		return n;
	printf("init: deleted %d mac802154_hwsim radio(s)\n", n);
	return n ? 0 : -ENOENT;
}

/* Send one file to the host as a "### NAME" section. */
static void send_file(FILE *to, const char *name, const char *path)
{
	char line[4096];
	FILE *f = fopen(path, "r");

	fprintf(to, "### %s\n", name);
	while (f && fgets(line, sizeof(line), f))
		fputs(line, to);
	if (f)
		fclose(f);
	else
		fprintf(to, "# cannot open %s: %s\n", path, strerror(errno));
}

/*
 * Limit the function profiler to the functions in /coverage.funcs, one
 * write per name so that a name ftrace cannot trace (inlined, notrace, not
 * built) is refused alone; the refused names go to /tmp/coverage.refused.
 */
static void coverage_start(void)
{
	char name[256];
	FILE *in = fopen(COVERAGE_FUNCS, "r"), *refused;
	int fd, n = 0, bad = 0;

	if (!in)
		return;
	refused = fopen("/tmp/coverage.refused", "w");
	fd = open(TRACING "/set_ftrace_filter", O_WRONLY | O_TRUNC | O_CLOEXEC);
	while (fd >= 0 && fgets(name, sizeof(name), in)) {
		if (name[0] == '#' || name[0] == '\n')
			continue;
		if (write(fd, name, strlen(name)) < 0) {
			if (refused)
				fputs(name, refused);
			bad++;
		} else {
			n++;
		}
	}
	if (fd >= 0)
		close(fd);
	fclose(in);
	if (refused)
		fclose(refused);
	if (!n) {
		/* an empty filter would profile every function in the kernel */
		printf("init: no function to profile\n");
		return;
	}
	if (write_file(TRACING "/function_profile_enabled", "1"))
		fprintf(stderr, "init: function profiler: %s\n", strerror(errno));
	printf("init: profiling %d functions (%d refused by ftrace)\n", n, bad);
}

static void coverage_stop(FILE *to)
{
	if (access(COVERAGE_FUNCS, R_OK))
		return;
	write_file(TRACING "/function_profile_enabled", "0");
	send_file(to, "coverage/refused", "/tmp/coverage.refused");
	send_file(to, "coverage/function0", TRACING "/trace_stat/function0");
}

/*
 * The guest programs use fixed ports from 40000 to 47999 (their files say
 * which). No connect() may take one of them as its own source port: a
 * connect() to such a port on a loopback address, with nobody listening,
 * whose source port happens to be the same port, connects the socket to
 * itself, and the TIME_WAIT its close() leaves makes the next bind() of
 * that port fail with EADDRINUSE (family_peers.inet_tcp.peers once did, on
 * 6.1, after family.inet_tcp.length_sweep's connects). So the ephemeral
 * ports of every namespace /init starts a program in lie above them. The
 * namespaces a program makes itself (overread, reach, wpan_tun, fuzz) and
 * those of the kernel selftests (ksft_run) keep the kernel's default range
 * or set their own.
 */
#define EPHEMERAL_PORTS "50000 60999"

static int ephemeral_ports(void)
{
	int fd = open("/proc/sys/net/ipv4/ip_local_port_range", O_WRONLY | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return -errno;
	ret = write(fd, EPHEMERAL_PORTS, strlen(EPHEMERAL_PORTS));
	ret = ret < 0 ? -errno : 0;
	close(fd);
	return ret;
}

static int is_test(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/*
 * Run one test program, in a network namespace of its own if @netns; its
 * output goes to @out indented as a subtest. The child reports its own
 * failures with dprintf(): _exit() flushes no stdio buffer, and stdout's
 * buffering was set for the console, not for the pipe.
 */
static int run_one(const char *name, int netns)
{
	char path[512], line[4096];
	int pfd[2], status, rc;
	FILE *in;
	pid_t pid;

	snprintf(path, sizeof(path), TEST_DIR "/%s", name);
	if (pipe(pfd))
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		close(pfd[0]);
		close(pfd[1]);
		if (netns) {
			if (unshare(CLONE_NEWNET)) {
				dprintf(1, "# unshare(CLONE_NEWNET): %s\n", strerror(errno));
				_exit(1);
			}
			rc = link_up("lo");
			if (rc) {
				dprintf(1, "# lo up: %s\n", strerror(-rc));
				_exit(1);
			}
		}
		rc = ephemeral_ports();
		if (rc) {
			dprintf(1, "# ip_local_port_range: %s\n", strerror(-rc));
			_exit(1);
		}
		execl(path, path, (char *)NULL);
		dprintf(1, "# exec %s: %s\n", path, strerror(errno));
		_exit(1);
	}
	close(pfd[1]);
	in = fdopen(pfd[0], "r");
	while (in && fgets(line, sizeof(line), in)) {
		fprintf(out, "    %s", line);
		if (!strchr(line, '\n'))
			fputc('\n', out);
		fflush(out);
	}
	if (in)
		fclose(in);
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	fprintf(out, "    # %s killed by signal %d\n", name, WTERMSIG(status));
	return -1;
}

/* The transcripts, in name order, then the coverage profile. */
static void send_files(void)
{
	struct dirent **list;
	char name[300], path[600];
	FILE *to = fopen(FILES_TTY, "w");
	struct termios t;
	int i, n;

	if (!to) {
		fprintf(stderr, "init: %s: %s, no files sent\n", FILES_TTY, strerror(errno));
		return;
	}
	/* raw: the files arrive byte for byte, without "\r\n" for "\n" */
	if (!tcgetattr(fileno(to), &t)) {
		cfmakeraw(&t);
		tcsetattr(fileno(to), TCSANOW, &t);
	}
	n = scandir(TRANSCRIPT_DIR, &list, is_test, alphasort);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "transcript/%s", list[i]->d_name);
		snprintf(path, sizeof(path), TRANSCRIPT_DIR "/%s", list[i]->d_name);
		send_file(to, name, path);
		free(list[i]);
	}
	coverage_stop(to);
	fprintf(to, "### end\n");
	fclose(to);
}

/*
 * The programs of TEST_ORDER, one "NAME" or "NAME netns" per line (written
 * by make-initramfs.sh), into @names and @netns; -1 with errno if it cannot
 * be read, has another word, or lists more than @max.
 */
static int read_order(char names[][64], int *netns, int max)
{
	FILE *f = fopen(TEST_ORDER, "r");
	char line[128], *word;
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (!line[0])
			continue;
		word = strchr(line, ' ');
		if (word)
			*word++ = 0;
		if (n == max || strlen(line) >= sizeof(names[0]) ||
		    (word && strcmp(word, "netns"))) {
			fclose(f);
			errno = n == max ? E2BIG : EINVAL;
			return -1;
		}
		strcpy(names[n], line);
		netns[n++] = word != NULL;
	}
	fclose(f);
	return n;
}

int main(void)
{
	static char names[MAX_TESTS][64];
	int netns[MAX_TESTS];
	int i, n, rc, failed = 0;

	mnt("devtmpfs", "/dev", "devtmpfs");
	mnt("proc", "/proc", "proc");
	mnt("sysfs", "/sys", "sysfs");
	mnt("debugfs", "/sys/kernel/debug", "debugfs");
	mnt("tracefs", "/sys/kernel/tracing", "tracefs");
	mnt("tmpfs", "/tmp", "tmpfs");
	rc = link_up("lo");
	if (rc)
		fprintf(stderr, "init: lo up: %s\n", strerror(-rc));

	out = fopen(KTAP_TTY, "w");
	if (!out) {
		fprintf(stderr, "init: %s: %s, using the console\n", KTAP_TTY, strerror(errno));
		out = stdout;
	}
	setvbuf(out, NULL, _IOLBF, 0);

	coverage_start();
	if ((rc = hwsim_boot_radios_off())) {
		fprintf(out, "KTAP version 1\n1..1\nnot ok 1 hwsim_boot_radios_off # %s\n",
			strerror(-rc));
		failed++;
		n = 0;
	} else if ((n = read_order(names, netns, MAX_TESTS)) <= 0) {
		/* No program to run is a failure, not an empty pass. */
		fprintf(out, "KTAP version 1\n1..1\nnot ok 1 %s # %s\n", TEST_ORDER,
			n < 0 ? strerror(errno) : "lists no program");
		failed++;
		n = 0;
	} else {
		fprintf(out, "KTAP version 1\n1..%d\n", n);
	}
	for (i = 0; i < n; i++) {
		printf("init: running %s%s\n", names[i],
		       netns[i] ? " (own network namespace)" : "");
		fflush(stdout);
		rc = run_one(names[i], netns[i]);
		if (rc == 0) {
			fprintf(out, "ok %d %s\n", i + 1, names[i]);
		} else if (rc == KSFT_SKIP) {
			fprintf(out, "ok %d %s # SKIP\n", i + 1, names[i]);
		} else {
			fprintf(out, "not ok %d %s\n", i + 1, names[i]);
			failed++;
		}
	}
	fprintf(out, "# guest: %d of %d programs failed\n", failed, n);
	fflush(out);
	send_files();
	printf("init: all tests done\n");
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}

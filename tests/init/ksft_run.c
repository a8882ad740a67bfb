// SPDX-License-Identifier: GPL-2.0
/*
 * ksft_run - run one kernel selftest in the guest, doing what its upstream
 * wrapper script did (in_netns.sh, "sysctl -w", kselftest/runner.sh's
 * timeout), without a shell: the guest has none.
 *
 * /init runs /tests/NAME with no arguments; for a selftest, /tests/NAME is a
 * symlink to this program, which finds NAME in /selftests/list
 * (tests/selftests/list: "NAME PROGRAM OPTIONS...", PROGRAM under
 * /selftests):
 *
 *   netns          unshare(CLONE_NEWNET) and bring lo up first
 *   sysctl=PATH=V  write V to /proc/sys/PATH (after the unshare: per netns;
 *                  "\t" in V stands for a tab)
 *   timeout=S      after S seconds, kill the test and every process it
 *                  started (its session), and fail
 *
 * The test runs in a fresh directory under /tmp (unix_connect and scm_pidfd
 * bind path names relative to it). Its exit status is passed on unchanged
 * (0 pass, 4 skip, anything else fail: /init's kselftest convention); a
 * recipe it cannot follow, a failed set-up or a timeout prints "# ksft_run:
 * ..." and exits 1. The output is the test's own: TAP 13 from
 * kselftest_harness.h (one KTAP case per fixture, variant and test), or
 * plain text for the programs that have none (/init indents it all as a
 * subtest).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define LIST "/selftests/list"
#define ROOT "/selftests"	/* KSFT_ROOT and KSFT_LIST: for the tool tests */
#define MAXSYSCTL 8

static int lo_up(void)
{
	struct ifreq ifr = { .ifr_name = "lo" };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), ret = -1;

	if (fd >= 0 && !ioctl(fd, SIOCGIFFLAGS, &ifr)) {
		ifr.ifr_flags |= IFF_UP;
		ret = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	if (fd >= 0)
		close(fd);
	return ret;
}

/* "net/ipv4/ip_local_port_range=40000\t49999" (a real tab by now) */
static int sysctl_write(const char *spec)
{
	char path[256], *eq;
	int fd, ret;

	snprintf(path, sizeof(path), "/proc/sys/%s", spec);
	eq = strchr(path, '=');
	if (!eq)
		return -1;
	*eq = 0;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = write(fd, eq + 1, strlen(eq + 1)) == (ssize_t)strlen(eq + 1) ? 0 : -1;
	close(fd);
	return ret;
}

/*
 * On a timeout, kill the test and everything it started: the test runs in
 * a session of its own (setsid()), and kselftest_harness.h puts every
 * case's child into a process group of its own (setpgrp()), so killing
 * the test's group would leave a hung case behind, holding /init's pipe.
 */
static void kill_session(pid_t sid)
{
	char path[300], buf[512], *p;
	struct dirent *d;
	DIR *dir;
	int fd, n, s;

	kill(-sid, SIGKILL);
	dir = opendir("/proc");
	while (dir && (d = readdir(dir))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", d->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			continue;
		buf[n] = 0;
		/* "pid (comm) state ppid pgrp session ...": comm may hold spaces */
		p = strrchr(buf, ')');
		if (p && sscanf(p + 1, " %*c %*d %*d %d", &s) == 1 && s == sid)
			kill(atoi(d->d_name), SIGKILL);
	}
	if (dir)
		closedir(dir);
}

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

struct recipe {
	char prog[256];
	char *sysctl[MAXSYSCTL];
	int nsysctl, netns, timeout;
};

/* The recipe of @name from @path: 0, or -1 (none, or an unknown option). */
static int read_recipe(const char *path, const char *root, const char *name, struct recipe *r)
{
	char line[1024], *tok, *save, *t;
	FILE *f = fopen(path, "r");
	int found = 0;

	memset(r, 0, sizeof(*r));
	if (!f) {
		printf("# ksft_run: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (!found && fgets(line, sizeof(line), f)) {
		tok = strtok_r(line, " \t\n", &save);
		if (!tok || tok[0] == '#' || strcmp(tok, name))
			continue;
		found = 1;
		tok = strtok_r(NULL, " \t\n", &save);
		if (!tok || snprintf(r->prog, sizeof(r->prog), "%s/%s", root, tok) >=
			    (int)sizeof(r->prog)) {
			printf("# ksft_run: %s: no program, or too long a path\n", name);
			found = -1;
		}
		while (found > 0 && (tok = strtok_r(NULL, " \t\n", &save))) {
			if (!strcmp(tok, "netns")) {
				r->netns = 1;
			} else if (!strncmp(tok, "timeout=", 8) && atoi(tok + 8) > 0) {
				r->timeout = atoi(tok + 8);
			} else if (!strncmp(tok, "sysctl=", 7) && r->nsysctl == MAXSYSCTL) {
				printf("# ksft_run: %s: more than %d sysctls\n", name, MAXSYSCTL);
				found = -1;
			} else if (!strncmp(tok, "sysctl=", 7)) {
				r->sysctl[r->nsysctl] = strdup(tok + 7);
				while ((t = strstr(r->sysctl[r->nsysctl], "\\t"))) {
					*t = '\t';
					memmove(t + 1, t + 2, strlen(t + 2) + 1);
				}
				r->nsysctl++;
			} else {
				printf("# ksft_run: %s: unknown option %s\n", name, tok);
				found = -1;
			}
		}
	}
	fclose(f);
	if (!found)
		printf("# ksft_run: no recipe for %s in %s\n", name, path);
	return found > 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/ksft.XXXXXX", *name = basename(argv[0]);
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	struct recipe r;
	pid_t child;
	int status, i;

	if (argc > 1)		/* ksft_run NAME: by hand */
		name = argv[1];
	if (read_recipe(getenv("KSFT_LIST") ?: LIST, getenv("KSFT_ROOT") ?: ROOT, name, &r))
		return 1;
	if (r.netns) {
		if (unshare(CLONE_NEWNET)) {
			printf("# ksft_run: unshare(CLONE_NEWNET): %s\n", strerror(errno));
			return 1;
		}
		if (lo_up()) {
			printf("# ksft_run: lo up: %s\n", strerror(errno));
			return 1;
		}
	}
	/* after the unshare: net.* sysctls are per namespace */
	for (i = 0; i < r.nsysctl; i++) {
		if (sysctl_write(r.sysctl[i])) {
			printf("# ksft_run: sysctl %s: %s\n", r.sysctl[i], strerror(errno));
			return 1;
		}
	}
	if (!mkdtemp(dir) || chdir(dir)) {
		printf("# ksft_run: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	fflush(stdout);
	child = fork();
	if (child < 0) {
		printf("# ksft_run: fork: %s\n", strerror(errno));
		return 1;
	}
	if (child == 0) {
		setsid();
		execl(r.prog, r.prog, (char *)NULL);
		printf("# ksft_run: exec %s: %s\n", r.prog, strerror(errno));
		fflush(stdout);		/* _exit() does not */
		_exit(1);
	}
	sigaction(SIGALRM, &sa, NULL);
	if (r.timeout)
		alarm(r.timeout);
	while (waitpid(child, &status, 0) < 0) {
		if (errno != EINTR) {
			printf("# ksft_run: waitpid: %s\n", strerror(errno));
			return 1;
		}
		if (timed_out)
			kill_session(child);
	}
	alarm(0);
	if (timed_out) {
		printf("# ksft_run: %s: TIMEOUT after %d s\n", name, r.timeout);
		return 1;
	}
	if (WIFSIGNALED(status)) {
		printf("# ksft_run: %s: %s\n", name, strsignal(WTERMSIG(status)));
		return 1;
	}
	return WEXITSTATUS(status);
}

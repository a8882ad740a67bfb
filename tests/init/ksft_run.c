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
 *   timeout=S      kill the test's process group after S seconds
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

static pid_t child;

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

static void on_alarm(int sig)
{
	(void)sig;
	if (child > 0)
		kill(-child, SIGKILL);
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
	while (f && !found && fgets(line, sizeof(line), f)) {
		tok = strtok_r(line, " \t\n", &save);
		if (!tok || tok[0] == '#' || strcmp(tok, name))
			continue;
		found = 1;
		tok = strtok_r(NULL, " \t\n", &save);
		if (!tok || snprintf(r->prog, sizeof(r->prog), "%s/%s", root, tok) >=
			    (int)sizeof(r->prog))
			found = -1;
		while (found > 0 && (tok = strtok_r(NULL, " \t\n", &save))) {
			if (!strcmp(tok, "netns")) {
				r->netns = 1;
			} else if (!strncmp(tok, "timeout=", 8) && atoi(tok + 8) > 0) {
				r->timeout = atoi(tok + 8);
			} else if (!strncmp(tok, "sysctl=", 7) && r->nsysctl < MAXSYSCTL) {
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
	if (f)
		fclose(f);
	if (!found)
		printf("# ksft_run: no recipe for %s in %s\n", name, path);
	return found > 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/ksft.XXXXXX", *name = basename(argv[0]);
	struct recipe r;
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
	if (child < 0)
		return 1;
	if (child == 0) {
		setpgid(0, 0);
		execl(r.prog, r.prog, (char *)NULL);
		printf("# ksft_run: exec %s: %s\n", r.prog, strerror(errno));
		fflush(stdout);		/* _exit() does not */
		_exit(1);
	}
	signal(SIGALRM, on_alarm);
	if (r.timeout)
		alarm(r.timeout);
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFSIGNALED(status)) {
		printf("# ksft_run: %s: %s\n", name, WTERMSIG(status) == SIGKILL && r.timeout ?
		       "TIMEOUT" : strsignal(WTERMSIG(status)));
		return 1;
	}
	return WEXITSTATUS(status);
}

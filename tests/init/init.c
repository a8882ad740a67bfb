// SPDX-License-Identifier: GPL-2.0
/*
 * Guest /init: mount the pseudo file systems, bring up lo, run every program
 * in /tests in name order and wrap their KTAP output as subtests of one KTAP
 * document written to the second serial port (/dev/ttyS1), then make QEMU
 * exit (reboot with -no-reboot).
 *
 * The kernel console (ttyS0) keeps the kernel log and the KUnit results; the
 * guest results travel on their own port so that the two never interleave.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define TEST_DIR "/tests"
#define KSFT_SKIP 4

static FILE *out;

static void mnt(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) && errno != EBUSY)
		fprintf(stderr, "init: mount %s on %s: %s\n", type, dir, strerror(errno));
}

static void link_up(const char *name)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
	if (fd < 0 || ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		goto out;
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
		fprintf(stderr, "init: %s up: %s\n", name, strerror(errno));
out:
	if (fd >= 0)
		close(fd);
}

static int is_test(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* Run one test program; its output goes to @out indented as a subtest. */
static int run_one(const char *name)
{
	char path[512], line[4096];
	int pfd[2], status;
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
		execl(path, path, (char *)NULL);
		printf("# exec %s: %s\n", path, strerror(errno));
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

int main(void)
{
	struct dirent **list;
	int i, n, rc, failed = 0;

	mnt("devtmpfs", "/dev", "devtmpfs");
	mnt("proc", "/proc", "proc");
	mnt("sysfs", "/sys", "sysfs");
	mnt("debugfs", "/sys/kernel/debug", "debugfs");
	mnt("tracefs", "/sys/kernel/tracing", "tracefs");
	mnt("tmpfs", "/tmp", "tmpfs");
	link_up("lo");

	out = fopen("/dev/ttyS1", "w");
	if (!out) {
		fprintf(stderr, "init: /dev/ttyS1: %s, using the console\n", strerror(errno));
		out = stdout;
	}
	setvbuf(out, NULL, _IOLBF, 0);

	n = scandir(TEST_DIR, &list, is_test, alphasort);
	if (n < 0)
		n = 0;
	fprintf(out, "KTAP version 1\n1..%d\n", n);
	for (i = 0; i < n; i++) {
		printf("init: running %s\n", list[i]->d_name);
		fflush(stdout);
		rc = run_one(list[i]->d_name);
		if (rc == 0) {
			fprintf(out, "ok %d %s\n", i + 1, list[i]->d_name);
		} else if (rc == KSFT_SKIP) {
			fprintf(out, "ok %d %s # SKIP\n", i + 1, list[i]->d_name);
		} else {
			fprintf(out, "not ok %d %s\n", i + 1, list[i]->d_name);
			failed++;
		}
		free(list[i]);
	}
	fprintf(out, "# guest: %d of %d programs failed\n", failed, n);
	fflush(out);
	printf("init: all tests done\n");
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A step run in a child process, so that it can change its identity and
 * namespaces (setuid(), unshare()) without changing the test's, and hand
 * back one int.
 */
#ifndef GUEST_CHILD_H
#define GUEST_CHILD_H

#include <errno.h>
#include <grp.h>
#include <sched.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOBODY 65534

/*
 * Run @fn(@arg) in a child process and store what it returned in
 * *@result. 0, or -1 when the child could not run, did not report, or
 * did not exit with status 0.
 */
static inline int in_child(int (*fn)(const void *), const void *arg, int *result)
{
	int pipefd[2], status, ret;
	ssize_t n;
	pid_t pid;

	if (pipe(pipefd))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return -1;
	}
	if (!pid) {
		close(pipefd[0]);
		ret = fn(arg);
		_exit(write(pipefd[1], &ret, sizeof(ret)) == sizeof(ret) ? 0 : 1);
	}
	close(pipefd[1]);
	n = read(pipefd[0], result, sizeof(*result));
	close(pipefd[0]);
	if (waitpid(pid, &status, 0) != pid || status || n != sizeof(*result))
		return -1;
	return 0;
}

/* uid and gid 65534, without supplementary groups: 0 or -errno */
static inline int become_nobody(void)
{
	gid_t gid = NOBODY;

	return setgroups(1, &gid) || setgid(NOBODY) || setuid(NOBODY) ? -errno : 0;
}

/* become_nobody() in a user and network namespace of its own: 0 or -errno */
static inline int nobody_in_own_netns(void)
{
	int ret = become_nobody();

	if (!ret && unshare(CLONE_NEWUSER | CLONE_NEWNET))
		ret = -errno;
	return ret;
}

/*
 * For a kselftest_harness program: FIXTURE @f with the rows "root" (as
 * /init starts the program) and "userns" (for a child that runs
 * nobody_in_own_netns() first), variant->userns telling them apart, and
 * an empty FIXTURE_SETUP(). Written without a ";" after it. The program
 * defines _GNU_SOURCE before its first #include (unshare()).
 */
#define ROOT_AND_USERNS_ROWS(f)					\
	FIXTURE(f) {						\
	};							\
	FIXTURE_VARIANT(f) {					\
		bool userns;					\
	};							\
	FIXTURE_VARIANT_ADD(f, root) {				\
	};							\
	FIXTURE_VARIANT_ADD(f, userns) {			\
		.userns = true,					\
	};							\
	FIXTURE_SETUP(f)					\
	{							\
	}

#endif /* GUEST_CHILD_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A step run in a child process, so that it can change its identity and
 * namespaces (setuid(), unshare()) without changing the test's, and hand
 * back one int.
 */
#ifndef GUEST_CHILD_H
#define GUEST_CHILD_H

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

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

#endif /* GUEST_CHILD_H */

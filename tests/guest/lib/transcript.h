/* SPDX-License-Identifier: GPL-2.0 */
/*
 * transcript.h - the canonical record of what a guest test saw, for the
 * differential check: the baseline and the patched kernel run the same
 * programs, and their transcripts must be identical line for line (apart
 * from the behaviour changes the series makes on purpose, which are listed
 * in tests/expect/main.transcript.diff).
 *
 * One line per observation, "<case>: <what> -> <result>", appended with a
 * single write() to /tmp/transcript/<program>.txt (the harness runs every
 * case in its own child; O_APPEND keeps the lines whole). /init sends the
 * files to the host after the last program. A transcript holds only what
 * both kernels can produce identically: values that depend on the run
 * (ephemeral ports, ifindexes, autobind names, port ids) are normalised by
 * the test before they are written.
 */
#ifndef GUEST_TRANSCRIPT_H
#define GUEST_TRANSCRIPT_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TR_DIR "/tmp/transcript"

extern char *program_invocation_short_name;

static char tr_case[160];
static int tr_muted;

/*
 * Stop (1) or go on (0) writing lines: for a set-up step that a test
 * repeats after an earlier test of the same program has recorded it (its
 * asserts still hold; the transcript holds each observation once).
 */
static inline void tr_mute(int on)
{
	tr_muted = on;
}

/* Name the case that the following lines belong to. */
static inline void tr_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tr_case, sizeof(tr_case), fmt, ap);
	va_end(ap);
}

static inline void tr_line(const char *fmt, ...)
{
	char line[1024], path[256];
	int fd, n, saved = errno;	/* callers read errno after a line */
	va_list ap;

	if (tr_muted)
		return;
	n = snprintf(line, sizeof(line), "%s: ", tr_case[0] ? tr_case : "-");
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - n - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	mkdir(TR_DIR, 0755);
	snprintf(path, sizeof(path), TR_DIR "/%s.txt", program_invocation_short_name);
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd >= 0) {
		if (write(fd, line, n) != n)
			perror("transcript");
		close(fd);
	}
	errno = saved;
}

/* "0", "5" (a non-negative result) or "-EINVAL" for a -1 return with errno. */
static inline const char *tr_ret(long ret, int err)
{
	static char buf[4][48];
	static int i;
	char *s = buf[i++ & 3];

	if (ret >= 0)
		snprintf(s, sizeof(buf[0]), "%ld", ret);
	else
		snprintf(s, sizeof(buf[0]), "-%s", strerrorname_np(err) ?: "E?");
	return s;
}

/* Lower-case hex of @n bytes ("-" for none); @out holds 2 * n + 2 bytes. */
static inline char *tr_hex(char *out, const void *p, size_t n)
{
	const unsigned char *b = p;
	char *s = out;

	if (!n)
		return strcpy(out, "-");
	while (n--)
		s += sprintf(s, "%02x", *b++);
	return out;
}

#endif /* GUEST_TRANSCRIPT_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * A job of a cell (its make), in a session of its own. A stop signal to
 * the cell (boot_stop_signal) sends SIGTERM to the session's process
 * group: every make and compiler below it, which a signal to the cell
 * alone would not reach. A watchdog in the session, deaf to those signals,
 * ends the session when the cell's end of a pipe closes, which happens
 * however the cell ends (SIGKILL too): no job outlives its cell, and no
 * lock it holds stays held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bootrun.h"
#include "cellrun.h"

int mkdir_p(const char *path)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s", path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	remove(path);
	return 0;
}

void remove_tree(const char *path)
{
	nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* In the job, before its command: the lock, as with-lock.sh takes it. */
static void take_lock(const struct job *j)
{
	char owner_path[4200], owner[300] = "another run", dir[4096], *slash, when[16];
	time_t t = time(NULL);
	int fd;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s", j->lock);
	if ((slash = strrchr(dir, '/')))
		*slash = 0, mkdir_p(dir);
	fd = open(j->lock, O_WRONLY | O_CREAT | O_APPEND, 0666);
	if (fd < 0) {
		fprintf(stderr, "kmatrix: %s: %s\n", j->lock, strerror(errno));
		_exit(125);
	}
	snprintf(owner_path, sizeof(owner_path), "%s.owner", j->lock);
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		if ((f = fopen(owner_path, "r"))) {
			if (fgets(owner, sizeof(owner), f))
				owner[strcspn(owner, "\n")] = 0;
			fclose(f);
		}
		fprintf(stderr, "kmatrix: waiting for %s: in use by %s\n", j->lock_what, owner);
		while (flock(fd, LOCK_EX) && errno == EINTR)
			;
		fprintf(stderr, "kmatrix: got %s\n", j->lock_what);
	}
	strftime(when, sizeof(when), "%H:%M:%S", localtime(&t));
	if ((f = fopen(owner_path, "w"))) {
		fprintf(f, "pid %d, %s (since %s)\n", (int)getpid(), j->owner ? j->owner : "a run", when);
		fclose(f);
	}
}

/* The watchdog: waits for the cell's end of the pipe to close, then ends the session. */
static void watchdog(int fd)
{
	char c;

	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	while (read(fd, &c, 1) != 0 && (errno == EINTR || errno == EAGAIN))
		;
	kill(0, SIGTERM);
	_exit(0);
}

static void __attribute__((noreturn)) start_job(const struct job *j, const int watch[2], const int out[2])
{
	sigset_t none;
	int log;

	setsid();
	if (fork() == 0) {
		close(watch[1]);
		if (out[0] >= 0)
			close(out[0]), close(out[1]);
		watchdog(watch[0]);
	}
	close(watch[0]);
	close(watch[1]);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (j->lock)
		take_lock(j);
	if (out[0] >= 0) {
		close(out[0]);
		log = out[1];
	} else {
		log = open(j->log, O_WRONLY | O_CREAT | O_APPEND, 0666);
		if (log < 0) {
			fprintf(stderr, "kmatrix: %s: %s\n", j->log, strerror(errno));
			_exit(125);
		}
	}
	dup2(log, 1);
	dup2(log, 2);
	close(log);
	execvp(j->argv[0], j->argv);
	fprintf(stderr, "kmatrix: cannot run %s: %s\n", j->argv[0], strerror(errno));
	_exit(127);
}

/* The job's output, to its log and stdout (tee): 1 if some came, 0 if none, -1 once the pipe is closed. */
static int copy_output(int from, FILE *log, int wait_ms)
{
	struct pollfd pfd = { .fd = from, .events = POLLIN };
	char buf[4096];
	ssize_t n;

	if (poll(&pfd, 1, wait_ms) <= 0)
		return 0;
	n = read(from, buf, sizeof(buf));
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : -1;
	if (n == 0)
		return -1;
	fwrite(buf, 1, n, log);
	fflush(log);
	fwrite(buf, 1, n, stdout);
	fflush(stdout);
	return 1;
}

int job_run(const struct job *j)
{
	int watch[2], out[2] = { -1, -1 }, status = 0, stopped = 0;
	sigset_t stops, was;
	FILE *log = NULL;
	pid_t pid;

	if (boot_stop_signal)
		return 130;
	if (pipe2(watch, O_CLOEXEC) || (j->tee && pipe(out)))
		return 125;
	if (j->tee && !(log = fopen(j->log, "a")))
		return 125;
	/* Blocked until the job has its own handlers: none is lost between. */
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGHUP);
	sigprocmask(SIG_BLOCK, &stops, &was);
	pid = fork();
	if (pid == 0)
		start_job(j, watch, out);
	sigprocmask(SIG_SETMASK, &was, NULL);
	close(watch[0]);
	if (out[1] >= 0)
		close(out[1]);
	for (int open_out = out[0] >= 0;;) {
		if (boot_stop_signal && !stopped && pid > 0) {
			/* Its session's group; the job itself before it made one. */
			if (kill(-pid, SIGTERM))
				kill(pid, SIGTERM);
			stopped = 1;
		}
		if (open_out)
			open_out = copy_output(out[0], log, 100) >= 0;
		else
			usleep(100000);
		if (pid < 0 || waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	while (out[0] >= 0 && copy_output(out[0], log, 0) > 0)
		;
	if (out[0] >= 0)
		close(out[0]), fclose(log);
	/* The watchdog ends what is left of the session. */
	close(watch[1]);
	if (pid < 0)
		return 125;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The replay of a corpus without libFuzzer (what make unit-tests runs): a
 * harness built with the ordinary cc and this main(), which hands each file
 * to LLVMFuzzerTestOneInput, as libFuzzer would replay it.
 * usage: fuzz-replay-NAME FILE|FOLDER...
 *
 * Each file runs in a child of its own, so that one crash or hang fails
 * that file and the others still run; a child that is not done in
 * REPLAY_TIMEOUT seconds hung. The child's stderr (the loaders' complaints,
 * a sanitizer's report) is shown only when it failed. The closing line is
 * the unit tests' "NAME: N passed, N failed".
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"

#define REPLAY_TIMEOUT 10
#define REPLAY_ERR_LINES 30

static unsigned passed, failed;
static FILE *child_err;

static int run_one(const uint8_t *data, size_t size)
{
	alarm(REPLAY_TIMEOUT);
	LLVMFuzzerTestOneInput(data, size);
	return 0;
}

static void replay_file(const char *path)
{
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, got;
	FILE *in = fopen(path, "rb");
	int status;
	pid_t pid;

	if (!in) {
		failed++;
		printf("FAIL %s: %s\n", path, strerror(errno));
		return;
	}
	do {
		if (size == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (!data) {
				perror("replay");
				exit(2);
			}
		}
		got = fread(data + size, 1, cap - size, in);
		size += got;
	} while (got);
	fclose(in);
	fflush(NULL);
	rewind(child_err);
	if (ftruncate(fileno(child_err), 0))
		perror("replay: ftruncate");
	pid = fork();
	if (pid == 0) {
		dup2(fileno(child_err), 2);
		exit(run_one(data, size));	/* exit(), not _exit(): the harness's atexit cleanup runs */
	}
	free(data);
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		failed++;
		printf("FAIL %s: fork or wait failed\n", path);
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		passed++;
		return;
	}
	failed++;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("FAIL %s: hung (not done after %d s)\n", path, REPLAY_TIMEOUT);
	else if (WIFSIGNALED(status))
		printf("FAIL %s: killed by signal %d\n", path, WTERMSIG(status));
	else
		printf("FAIL %s: exit status %d\n", path, WEXITSTATUS(status));
	fflush(stdout);
	/* Enough of its stderr to say what it was (a sanitizer's report starts with it). */
	rewind(child_err);
	for (int ch, lines = 0; lines < REPLAY_ERR_LINES && (ch = getc(child_err)) != EOF;) {
		putchar(ch);
		lines += ch == '\n';
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder's files in name order (so two replays print alike); dot files and README.md are not inputs. */
static void replay_path(const char *path)
{
	struct dirent *e;
	struct stat st;
	char **names = NULL, p[4200];
	size_t n = 0;
	DIR *d;

	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	d = opendir(path);
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "README.md"))
			continue;
		names = realloc(names, (n + 1) * sizeof(*names));
		if (!names || !(names[n++] = strdup(e->d_name))) {
			perror("replay");
			exit(2);
		}
	}
	if (d)
		closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		snprintf(p, sizeof(p), "%s/%s", path, names[i]);
		replay_file(p);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|FOLDER...\n", name);
		return 2;
	}
	child_err = tmpfile();
	if (!child_err) {
		perror("replay: tmpfile");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		replay_path(argv[i]);
	printf("%s: %u passed, %u failed\n", name, passed, failed);
	return failed != 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * gcov's text (gcov -b -c -t of one profile's files) joined to the
 * series' changed lines: the count and the branches of each.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "util.h"

/* A path as the tree names it: TREE/kernel/signal.c is kernel/signal.c. */
static const char *tree_path(const char *path, const char *tree)
{
	size_t n = strlen(tree);

	if (!strncmp(path, tree, n) && path[n] == '/')
		return path + n + 1;
	while (!strncmp(path, "./", 2))
		path += 2;
	return path;
}

/* One profile's gcov text: counts and branches of the changed lines. */
void load_gcov(const char *path, unsigned prof, const char *tree, const char *prof_dir)
{
	/* gcov names the notes as found: in the profile's own folder. The
	 * object is their path below it, the same in every profile. */
	char real[PATH_MAX], *r = realpath(prof_dir, real);
	size_t rlen = r ? strlen(real) : 0;

	char buf[16384], source[4096] = "", graph[128] = "";
	struct cline *cur = NULL;
	FILE *in = fopen(path, "r");

	if (!in)
		return;		/* a profile without files: nothing ran */
	while (fgets(buf, sizeof(buf), in)) {
		char count[32], *colon;
		int lineno;

		if (!strncmp(buf, "branch ", 7)) {
			int index;
			unsigned long taken = 0;
			char *t;

			if (!cur || sscanf(buf + 7, "%d", &index) != 1)
				continue;
			t = strstr(buf, " taken ");
			if (t)
				taken = strtoul(t + 7, NULL, 10);
			for (size_t i = 0; i < cur->nbr; i++)
				if (cur->br[i].index == index && !strcmp(cur->br[i].graph, graph)) {
					cur->br[i].taken += taken;
					goto next;
				}
			cur->br = xrealloc(cur->br, (cur->nbr + 1) * sizeof(*cur->br));
			cur->br[cur->nbr] = (struct branch){ .index = index, .taken = taken };
			snprintf(cur->br[cur->nbr++].graph, sizeof(graph), "%s", graph);
			continue;
		}
		if (sscanf(buf, " %31[^:]:%d:", count, &lineno) != 2) {
			cur = NULL;	/* function, call, or other summary lines */
			continue;
		}
		colon = strchr(strchr(buf, ':') + 1, ':') + 1;
		colon[strcspn(colon, "\n")] = 0;
		if (lineno == 0) {
			if (!strncmp(colon, "Source:", 7))
				snprintf(source, sizeof(source), "%s", tree_path(colon + 7, tree));
			else if (!strncmp(colon, "Graph:", 6))
				snprintf(graph, sizeof(graph), "%s",
					 r && !strncmp(colon + 6, real, rlen) && colon[6 + rlen] == '/' ?
					 colon + 7 + rlen : colon + 6);
			cur = NULL;
			continue;
		}
		cur = find_line(source, lineno);
		if (!cur)
			continue;
		cur->seen = 1;
		if (!strcmp(count, "-"))
			continue;
		cur->executable = 1;
		if (count[0] >= '0' && count[0] <= '9') {
			unsigned long n = strtoul(count, NULL, 10);

			cur->count += n;
			if (n)
				cur->ran_in[prof] = 1;
		}
next:;
	}
	fclose(in);
}

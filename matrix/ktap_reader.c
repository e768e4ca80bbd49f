// SPDX-License-Identifier: GPL-2.0
/*
 * The KTAP reader (see ktap_reader.h). The lines at indent 2 * d are level
 * d: level 0 the programs' result lines, level 1 a program's tests, deeper
 * levels their subtests. A result line closes the level below it (its
 * children) and adds an entry of its own only when it carries news they
 * cannot: it has no children, it failed while none of them did, it timed
 * out or crashed (a directive other than SKIP), or they fell short of their
 * plan. A level whose parent never printed its result (the console ended,
 * or a shallower line came) is closed as cut short.
 *
 * Children of a parent with no "# Subtest:" line are held until its result
 * line names them. The cost stays linear in the input: names are made
 * unique through a hash table of the program's names, diagnostics grow by
 * doubling, and every copy is bounded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap_reader.h"

int ktap_parse_status(const char *s, enum kmx_test_status *out)
{
	for (size_t i = 0; i < KMX_FLAKY; i++)	/* the guest's statuses */
		if (!strcmp(s, kmx_test_status_name[i])) {
			*out = i;
			return 0;
		}
	return -1;
}

static struct ktap_level *lv(struct ktap_state *k, size_t d)
{
	return &k->level[d - 1];
}

static void level_reset(struct ktap_state *k, size_t d)
{
	struct ktap_level *l = lv(k, d);

	free(l->name);
	free(l->diag);
	free(l->tail);
	memset(l, 0, sizeof(*l));
	l->plan = -1;
	l->held_from = k->nheld;
}

void ktap_init(struct ktap_state *k)
{
	memset(k, 0, sizeof(*k));
	k->top_plan = -1;
	for (size_t d = 1; d <= KTAP_MAX_DEPTH; d++)
		level_reset(k, d);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		abort();
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");

	if (!p)
		abort();
	return p;
}

/* "<a><sep><b>", however long. */
static char *join(const char *a, const char *sep, const char *b)
{
	size_t la = strlen(a), ls = strlen(sep), lb = strlen(b);
	char *p = xmalloc(la + ls + lb + 1);

	memcpy(p, a, la);
	memcpy(p + la, sep, ls);
	memcpy(p + la + ls, b, lb + 1);
	return p;
}

static struct ktap_test_result *push(struct ktap_test_result **v, size_t *n, size_t *cap)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		*v = realloc(*v, *cap * sizeof(**v));
		if (!*v)
			abort();
	}
	return &(*v)[(*n)++];
}

/* ---- Unique names within a program: "#2", "#3"... -------------------- */

static uint64_t name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static size_t name_slot(const struct ktap_state *k, const char *s, uint64_t h)
{
	size_t mask = k->names_cap - 1, i = h & mask;

	while (k->names[i].name && (k->names[i].hash != h || strcmp(k->names[i].name, s)))
		i = (i + 1) & mask;
	return i;
}

/* Room for one more name, the table at most half full. */
static void names_reserve(struct ktap_state *k)
{
	struct ktap_name *old = k->names;
	size_t oldcap = k->names_cap;

	if (2 * (k->names_used + 1) <= k->names_cap)
		return;
	k->names_cap = oldcap ? 2 * oldcap : 64;
	k->names = calloc(k->names_cap, sizeof(*k->names));
	if (!k->names)
		abort();
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].name)
			k->names[name_slot(k, old[i].name, old[i].hash)] = old[i];
	free(old);
}

static void names_clear(struct ktap_state *k)
{
	free(k->names);
	k->names = NULL;
	k->names_used = k->names_cap = 0;
}

/*
 * BASE (taken) as it is if no result of the program has that name, else
 * BASE#2, BASE#3... the first one free: a name printed again, or printed
 * as another's "#2", never merges with it.
 */
static char *unique_name(struct ktap_state *k, char *base)
{
	uint64_t h = name_hash(base);
	size_t i, j;
	char *cand;

	names_reserve(k);
	i = name_slot(k, base, h);
	if (!k->names[i].name) {
		k->names[i] = (struct ktap_name){ base, h, 1 };
		k->names_used++;
		return base;
	}
	for (;;) {
		size_t len = strlen(base) + 16;

		cand = xmalloc(len);
		snprintf(cand, len, "%s#%u", base, ++k->names[i].count);
		h = name_hash(cand);
		j = name_slot(k, cand, h);
		if (!k->names[j].name)
			break;
		free(cand);
	}
	k->names[j] = (struct ktap_name){ cand, h, 1 };
	k->names_used++;
	free(base);
	return cand;
}

/* ---- Results ----------------------------------------------------------- */

/* A result into tests, named PREFIX NAME (unique within the program if asked). Takes DIAG. */
static void emit(struct ktap_state *k, const char *prefix, const char *name,
		 enum kmx_test_status st, const char *reason, char *diag, int unique)
{
	struct ktap_test_result *t;
	char *full = join(prefix, "", name);

	/* The record's fields are tab-separated, one line each. */
	for (char *p = full; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	t = push(&k->tests, &k->ntests, &k->cap);
	t->name = unique ? unique_name(k, full) : full;
	t->status = st;
	t->reason = xstrdup(reason);
	t->diag = diag ? diag : xstrdup("");
}

/* The held results from FROM on get "<parent>." before their names. */
static void held_rename(struct ktap_state *k, size_t from, const char *parent)
{
	for (size_t i = from; i < k->nheld; i++) {
		char *n = join(parent, ".", k->held[i].name);

		free(k->held[i].name);
		k->held[i].name = n;
	}
}

/*
 * The held results from FROM on, named relative to level D: named further
 * up while their ancestors have names; at level 1 (the program's tests)
 * their names are whole and they become results.
 */
static void lift(struct ktap_state *k, size_t d, size_t from)
{
	if (from >= k->nheld)
		return;
	for (; d > 1; d--) {
		if (!lv(k, d)->name)
			return;
		held_rename(k, from, lv(k, d)->name);
	}
	for (size_t i = from; i < k->nheld; i++) {
		struct ktap_test_result *t = &k->held[i];

		emit(k, k->prefix, t->name, t->status, t->reason, t->diag, 1);
		free(t->name);
		free(t->reason);
	}
	k->nheld = from;
	for (size_t e = 1; e <= KTAP_MAX_DEPTH; e++)
		if (lv(k, e)->held_from > from)
			lv(k, e)->held_from = from;
}

/* A result at level D >= 1, named as printed there. Takes DIAG. */
static void add_at(struct ktap_state *k, size_t d, const char *name,
		   enum kmx_test_status st, const char *reason, char *diag)
{
	struct ktap_test_result *t;

	if (st == KMX_FAIL || st == KMX_ERROR)
		lv(k, d)->failed = 1;
	if (d == 1) {
		emit(k, k->prefix, name, st, reason, diag, 1);
		return;
	}
	t = push(&k->held, &k->nheld, &k->held_cap);
	t->name = xstrdup(name);
	t->status = st;
	t->reason = xstrdup(reason);
	t->diag = diag;
	lift(k, d, k->nheld - 1);
}

/* ---- Diagnostics ------------------------------------------------------- */

/* Past KTAP_DIAG_MAX, only the last line is kept (a bare "not ok" takes it as its reason). */
static void diag_add(struct ktap_level *l, const char *text)
{
	size_t n = strlen(text);

	if (l->dropped || l->diag_len + n + 1 > KTAP_DIAG_MAX) {
		free(l->tail);
		l->tail = xstrdup(text);
		l->dropped++;
		return;
	}
	if (l->diag_len + n + 2 > l->diag_cap) {
		l->diag_cap = 2 * (l->diag_len + n + 2);
		l->diag = realloc(l->diag, l->diag_cap);
		if (!l->diag)
			abort();
	}
	if (l->diag_len)
		l->diag[l->diag_len++] = '\n';
	memcpy(l->diag + l->diag_len, text, n + 1);
	l->diag_len += n;
}

/* The level's waiting diagnostics (NULL if none), now the caller's. */
static char *diag_take(struct ktap_level *l)
{
	char *d = l->diag;

	if (l->dropped) {
		char note[64], *t;

		snprintf(note, sizeof(note), "(%zu more lines, not kept)\n", l->dropped - 1);
		t = join(d ? d : "", d ? "\n" : "", note);
		free(d);
		d = join(t, "", l->tail);
		free(t);
	}
	free(l->tail);
	l->tail = NULL;
	l->dropped = 0;
	l->diag = NULL;
	l->diag_len = l->diag_cap = 0;
	return d;
}

/* A then B, either may be NULL; takes both. */
static char *diag_join(char *a, char *b)
{
	char *j;

	if (!a || !*a) {
		free(a);
		return b;
	}
	if (!b || !*b) {
		free(b);
		return a;
	}
	j = join(a, "\n", b);
	free(a);
	free(b);
	return j;
}

/* ---- Lines ------------------------------------------------------------- */

/* A count of a plan, "1..N": digits, as many as come, held at INT_MAX. */
static int parse_count(const char *s)
{
	long long n = 0;

	for (; *s >= '0' && *s <= '9'; s++)
		if (n < 0x7fffffff)
			n = n * 10 + (*s - '0');
	return n > 0x7fffffff ? 0x7fffffff : (int)n;
}

/*
 * Parses "ok N name # DIRECTIVE reason" / "not ok N name # reason".
 * Fills name (up to " # "), directive and reason; returns 1 for ok, 0 for
 * not ok, -1 for a line that is not a result.
 */
static int parse_result(const char *line, char *name, size_t nlen,
			char *directive, size_t dlen, char *reason, size_t rlen)
{
	int ok;
	const char *p = line, *hash;
	size_t n;

	if (!strncmp(p, "ok ", 3))
		ok = 1, p += 3;
	else if (!strncmp(p, "not ok ", 7))
		ok = 0, p += 7;
	else
		return -1;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == ' ')
		p++;
	/* No description, a directive at once: "ok 1 # SKIP reason" (6.1's kselftest_harness). */
	if (!strncmp(p, "# ", 2)) {
		hash = p - 1;
		n = 0;
	} else {
		hash = strstr(p, " # ");
		n = hash ? (size_t)(hash - p) : strlen(p);
	}
	if (n >= nlen)
		n = nlen - 1;
	memcpy(name, p, n);
	name[n] = 0;
	directive[0] = reason[0] = 0;
	if (hash) {
		const char *d = hash + 3;
		static const char *const known[] = { "SKIP", "XFAIL", "TIMEOUT", "ERROR", "TODO" };

		for (size_t i = 0; i < sizeof(known) / sizeof(*known); i++) {
			size_t l = strlen(known[i]);

			if (!strncmp(d, known[i], l) && (d[l] == 0 || d[l] == ' ')) {
				snprintf(directive, dlen, "%s", known[i]);
				d += l;
				while (*d == ' ')
					d++;
				break;
			}
		}
		snprintf(reason, rlen, "%s", d);
	}
	return ok;
}

/* kselftest_harness's own lines around a test: "Starting N tests", "RUN  name ...", "OK  name", "FAIL  name". */
static int is_harness_status(const char *line, size_t len)
{
	static const char *const words[] = { "Starting ", "RUN ", "OK ", "FAIL ", "SKIP ", "XFAIL ", "XPASS " };

	while (len && *line == ' ')
		line++, len--;
	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (len >= strlen(words[i]) && !strncmp(line, words[i], strlen(words[i])))
			return 1;
	return 0;
}

/*
 * The name of a result line that has none: kselftest_harness of 6.1 writes
 * "ok 1 # SKIP reason" for a skipped test, after its own "OK  global.kcmp"
 * (or "RUN  global.kcmp ..."); the test's name is the word after the last.
 */
static void harness_test_name(const char *d, char *name, size_t n)
{
	while (d && *d) {
		size_t len = strcspn(d, "\n");
		const char *w = d;

		while (w < d + len && *w == ' ')
			w++;
		if (!strncmp(w, "OK ", 3) || !strncmp(w, "RUN ", 4)) {
			w += strcspn(w, " ");
			while (w < d + len && *w == ' ')
				w++;
			snprintf(name, n, "%.*s", (int)strcspn(w, " \n"), w);
		}
		d += len + (d[len] == '\n');
	}
}

/*
 * Why a bare "not ok" failed, from its diagnostics D: our programs print
 * the reason last; the kernel's selftests print the first failed assertion
 * first, then the harness's status lines.
 */
static void bare_not_ok_reason(const char *d, int kselftest, char *reason, size_t n)
{
	const char *last = strrchr(d, '\n');

	snprintf(reason, n, "%s", last ? last + 1 : d);
	if (!kselftest)
		return;
	while (*d) {
		size_t len = strcspn(d, "\n");

		if (len && !is_harness_status(d, len)) {
			snprintf(reason, n, "%.*s", (int)len, d);
			return;
		}
		d += len + (d[len] == '\n');
	}
}

/*
 * A subunit v1 outcome line of a selftest (powerpc's harness): the result,
 * and why: the detail in brackets, else the program's last line of output
 * ("[SKIP] Test skipped on line 42", "[FAIL] Test FAILED on line 7").
 */
static int subunit_result(struct ktap_state *k, const char *text)
{
	static const struct { const char *word; enum kmx_test_status st; } outcomes[] = {
		{ "success: ", KMX_PASS }, { "failure: ", KMX_FAIL }, { "error: ", KMX_ERROR },
		{ "skip: ", KMX_SKIP }, { "xfail: ", KMX_XFAIL },
	};
	char name[256], reason[300];

	for (size_t i = 0; i < sizeof(outcomes) / sizeof(*outcomes); i++) {
		size_t l = strlen(outcomes[i].word);
		const char *detail;

		if (strncmp(text, outcomes[i].word, l))
			continue;
		snprintf(name, sizeof(name), "%s", text + l);
		detail = strstr(name, " [");
		if (detail && name[strlen(name) - 1] == ']') {
			snprintf(reason, sizeof(reason), "%.*s", (int)(strlen(detail) - 3), detail + 2);
			name[detail - name] = 0;
		} else {
			snprintf(reason, sizeof(reason), "%s", outcomes[i].st == KMX_PASS ? "" : k->last_output);
		}
		add_at(k, 1, name, outcomes[i].st, reason, diag_take(lv(k, 1)));
		lv(k, 1)->results++;
		k->last_output[0] = 0;
		return 1;
	}
	return 0;
}

static enum kmx_test_status classify(int ok, const char *directive)
{
	if (!strcmp(directive, "SKIP"))
		return KMX_SKIP;
	if (!strcmp(directive, "XFAIL"))
		return ok ? KMX_XFAIL : KMX_FAIL;
	if (!strcmp(directive, "ERROR"))
		return KMX_ERROR;
	return ok ? KMX_PASS : KMX_FAIL;	/* TIMEOUT is a failure of the test */
}

/* ---- Levels ------------------------------------------------------------ */

/* A line at level D opens it and its ancestors: their held results start here at the latest. */
static void level_touch(struct ktap_state *k, size_t d)
{
	for (; d >= 1 && !lv(k, d)->open; d--) {
		lv(k, d)->open = 1;
		lv(k, d)->held_from = k->nheld;
	}
}

/* The end of a program's scope: its names may come again in the next. */
static void program_end(struct ktap_state *k)
{
	names_clear(k);
	k->prefix[0] = 0;
	k->program[0] = 0;
	k->last_output[0] = 0;
}

/*
 * Level E whose parent never printed its result line: its held children
 * keep their names without the parent's (nothing gave it), and a plan not
 * met is an error of the parent's, named from "# Subtest:" if it can be.
 */
static void close_cut_short(struct ktap_state *k, size_t e)
{
	struct ktap_level *c = lv(k, e);
	char *diag;

	if (!c->open)
		return;
	if (e > 1 && !c->name)
		lift(k, e - 1, c->held_from);
	diag = diag_take(c);
	if (c->plan >= 0 && c->results < c->plan) {
		const char *name = e > 1 ? c->name : k->program;
		char r[96];

		if (!name || !name[0])
			name = KTAP_UNNAMED_RESULT;
		snprintf(r, sizeof(r), "%d of %d results, then: no result line", c->results, c->plan);
		if (e == 1)
			emit(k, "", name, KMX_ERROR, r, diag, 0);
		else
			add_at(k, e - 1, name, KMX_ERROR, r, diag);
	} else {
		free(diag);
	}
	if (e > 1 && c->failed)
		lv(k, e - 1)->failed = 1;
	level_reset(k, e);
	if (e == 1)
		program_end(k);
}

/* Every level deeper than D, from the deepest. */
static void close_below(struct ktap_state *k, size_t d)
{
	for (size_t e = KTAP_MAX_DEPTH; e > d; e--)
		close_cut_short(k, e);
}

/*
 * What a parent's result line adds, its children at level C (NULL: none
 * possible): 0 if nothing. ST and OUT are the entry's.
 */
static int parent_news(const struct ktap_level *c, int ok, const char *directive,
		       const char *reason, const char *ended,
		       enum kmx_test_status *st, char *out, size_t olen)
{
	*st = classify(ok, directive);
	snprintf(out, olen, "%s", reason);
	if (!c || !c->results)
		return 1;
	if (c->plan >= 0 && c->results < c->plan) {
		snprintf(out, olen, "%d of %d results, then: %s", c->results, c->plan,
			 reason[0] ? reason : ok ? ended : "failed");
		*st = KMX_ERROR;
		return 1;
	}
	if (!ok && directive[0] && strcmp(directive, "SKIP")) {
		*st = KMX_ERROR;
		return 1;
	}
	/* Not ok with no child failed: exit status 1 after passes, say. */
	if (!ok && !directive[0] && !c->failed) {
		if (!reason[0])
			snprintf(out, olen, "not ok, though no result under it failed");
		return 1;
	}
	return 0;
}

/*
 * A result line at level D (0: a program's). Its children (level D + 1)
 * end here: held ones get its name; then its own entry, if it has news.
 */
static void result_line(struct ktap_state *k, size_t d, char *name, size_t nlen,
			int ok, const char *directive, char *reason, size_t rlen)
{
	struct ktap_level *l = d ? lv(k, d) : NULL;
	struct ktap_level *c = d < KTAP_MAX_DEPTH ? lv(k, d + 1) : NULL;
	enum kmx_test_status st;
	char out[768], *diag = NULL;
	int news;

	close_below(k, d + 1);
	if (l) {
		diag = diag_take(l);
		if (!name[0])
			harness_test_name(diag, name, nlen);
		/* kselftest.h's ksft_test_result_skip("vdso_getcpu\n"): its message names it. */
		if (!name[0])
			snprintf(name, nlen, "%s", reason);
		if (!reason[0] && !ok && diag)
			bare_not_ok_reason(diag, d == 1 && k->prefix[0], reason, rlen);
	}
	if (d && c && c->open && !c->name) {
		held_rename(k, c->held_from, name);
		lift(k, d, c->held_from);
	}
	news = parent_news(c, ok, directive, reason, d ? "the test ended" : "the program ended",
			   &st, out, sizeof(out));
	diag = diag_join(diag, c ? diag_take(c) : NULL);
	if (l && c && c->failed)
		l->failed = 1;
	if (c)
		level_reset(k, d + 1);
	if (!d) {
		k->top_results++;
		snprintf(k->last_program, sizeof(k->last_program), "%s", name);
		if (news)
			emit(k, "", name, st, out, diag, 0);
		else
			free(diag);
		program_end(k);
		return;
	}
	l->results++;
	if (news)
		add_at(k, d, name, st, out, diag);
	else
		free(diag);
}

/* "# Subtest: NAME" at level D: the name of D's parent. */
static void subtest_line(struct ktap_state *k, size_t d, const char *name)
{
	struct ktap_level *l = lv(k, d);
	int had_name = l->name != NULL;

	if (d == 1) {
		snprintf(k->prefix, sizeof(k->prefix), "%.*s.", (int)sizeof(k->prefix) - 2, name);
		snprintf(k->program, sizeof(k->program), "%s", name);
		return;
	}
	close_below(k, d);	/* deeper lines left open: cut short */
	free(l->name);
	l->name = strndup(name, 255);
	if (!l->name)
		abort();
	/* Children printed before it: it names them now. */
	if (!had_name)
		lift(k, d, l->held_from);
}

/* A "# " line at level D. */
static void diag_line(struct ktap_state *k, size_t d, const char *text)
{
	const char *s = text[1] ? text + 2 : "";

	if (d == 0) {
		/* init's "# running NAME": the program's name if it is cut short */
		if (!strncmp(s, "running ", 8))
			snprintf(k->program, sizeof(k->program), "%s", s + 8);
		return;
	}
	if (!strncmp(text, "# Subtest: ", 11))
		subtest_line(k, d, text + 11);
	else if (strncmp(text, "# Totals:", 9))
		diag_add(lv(k, d), s);
}

void ktap_feed(struct ktap_state *k, const char *raw)
{
	char name[256], directive[16], reason[512], text[1024];
	const char *line = raw;
	size_t indent = 0, d;
	int ok;

	while (*line == ' ')
		line++, indent++;
	snprintf(text, sizeof(text), "%s", line);
	text[strcspn(text, "\r\n")] = 0;

	if (indent == 0 && !strcmp(text, "KTAP version 1")) {
		k->seen_version = 1;
		return;
	}
	if (!k->seen_version || indent % 2 || indent / 2 > KTAP_MAX_DEPTH)
		return;
	d = indent / 2;
	if (d)
		level_touch(k, d);
	if (!strncmp(text, "1..", 3) && text[3] >= '0' && text[3] <= '9') {
		if (d)
			lv(k, d)->plan = parse_count(text + 3);
		else
			k->top_plan = parse_count(text + 3);
		return;
	}
	if (!strncmp(text, "# ", 2) || !strcmp(text, "#")) {
		diag_line(k, d, text);
		return;
	}
	if (d == 1 && k->prefix[0] && subunit_result(k, text))
		return;
	ok = parse_result(text, name, sizeof(name), directive, sizeof(directive),
			  reason, sizeof(reason));
	if (ok < 0) {
		if (d == 1 && k->prefix[0] && text[0])
			snprintf(k->last_output, sizeof(k->last_output), "%s", text);
		return;
	}
	if (!strcmp(directive, "TIMEOUT")) {
		char r[600];

		snprintf(r, sizeof(r), "TIMEOUT%s%s", reason[0] ? " " : "", reason);
		snprintf(reason, sizeof(reason), "%s", r);
	}
	result_line(k, d, name, sizeof(name), ok, directive, reason, sizeof(reason));
}

void ktap_finish(struct ktap_state *k)
{
	char r[96];

	if (!k->seen_version || k->finished)
		return;
	k->finished = 1;
	close_below(k, 0);
	if (k->top_plan < 0 || k->top_results >= k->top_plan)
		return;
	snprintf(r, sizeof(r), "plan 1..%d, %d result%s", k->top_plan, k->top_results,
		 k->top_results == 1 ? "" : "s");
	emit(k, "", KTAP_PLAN_RESULT, KMX_ERROR, r, NULL, 0);
}

void ktap_free(struct ktap_state *k)
{
	for (size_t i = 0; i < k->ntests; i++) {
		free(k->tests[i].name);
		free(k->tests[i].reason);
		free(k->tests[i].diag);
	}
	for (size_t i = 0; i < k->nheld; i++) {
		free(k->held[i].name);
		free(k->held[i].reason);
		free(k->held[i].diag);
	}
	for (size_t d = 1; d <= KTAP_MAX_DEPTH; d++)
		level_reset(k, d);
	free(k->tests);
	free(k->held);
	free(k->names);
	ktap_init(k);
}

int ktap_timed_out(const char *reason, const char *diag)
{
	return strstr(reason, "TIMEOUT") || strstr(reason, "terminated by timeout") ||
	       (diag && strstr(diag, "terminated by timeout"));
}

# lib.sh: what the matrix's scripts share. Sourced, never run:
#   . "$(dirname "$0")/lib.sh"
# POSIX sh. A function whose helpers set variables runs in a subshell
# ( ... ), so that it changes none of its caller's. Git is called as
# `command git`: a script may wrap git in a function (apply-series.sh does).

# ---- messages -----------------------------------------------------------------

# "kmatrix: ..." on stderr: the prefix also lets a build's classification
# (cellrun) find our own messages in a build log.
warn() { printf 'kmatrix: %s\n' "$*" >&2; }
die() { warn "$@"; exit 1; }
# A progress line in the style of the Makefile's: "  VERIFY  what".
step() { printf '  %-7s %s\n' "$1" "$2"; }

# ---- time -----------------------------------------------------------------------

# START=$(now) ... $(since "$START"): the seconds since START, with DIGITS
# decimals (default 1).
now() { date +%s.%N; }
since() {	# START [DIGITS]
	awk -v a="$1" -v b="$(now)" -v d="${2:-1}" 'BEGIN { printf "%." d "f", b - a }'
}

# ---- files --------------------------------------------------------------------

# Sets tmp to a new temporary folder, removed when the script exits.
make_tmp() {
	tmp=$(mktemp -d) || exit 1
	trap 'rm -rf "$tmp"' EXIT
}

# ---- jobs -----------------------------------------------------------------------

# run_job COMMAND...: COMMAND in a session of its own, waited for; its exit
# status. A signal to the script (trapped by it: `trap 'stop_job' INT TERM
# HUP`) sends SIGTERM to the session's process group: every make, compiler
# and bootrun below it (bootrun then stops its QEMU, which it keeps in a
# group of its own), which a signal to this script alone would not reach.
# A watchdog in the session, deaf to those signals itself, ends it when
# this script's end of a fifo closes, which happens however the script
# ends (SIGKILL too, of its whole process group: the watchdog is not in
# it): no job outlives it, and no lock it holds stays held. One job at a
# time; after stop_job, none starts (130).
run_job() {
	[ -z "${job_stopped:-}" ] || return 130
	job_fifo=$(mktemp -u "${TMPDIR:-/tmp}/kmatrix-job.XXXXXX") && mkfifo "$job_fifo" || return 125
	# Read-write, so that neither this open nor the watchdog's waits for the
	# other; the job does not hold it (8>&-).
	exec 8<>"$job_fifo"
	setsid sh -c '(trap "" INT TERM HUP; cat "$1" >/dev/null; rm -f "$1"; kill -TERM 0) & shift; exec "$@"' \
		sh "$job_fifo" "$@" 8>&- &
	job=$!
	# A signal before job was set: stop it now.
	[ -z "${job_stopped:-}" ] || stop_job
	# wait returns early when a trapped signal arrives: wait again.
	while :; do
		wait "$job"
		job_rc=$?
		kill -0 "$job" 2>/dev/null || break
	done
	# Gone before closed: a watchdog that opens it now finds no fifo
	# (and ends the session) rather than wait for a writer for ever.
	rm -f "$job_fifo"
	exec 8>&-	# the watchdog ends what is left of the session
	job=
	return "$job_rc"
}
# For a trap: SIGTERM to the running job's session (or to the job itself,
# before it has made its session), and no job after it.
stop_job() {
	job_stopped=1
	[ -z "${job:-}" ] || kill -TERM -"$job" 2>/dev/null || kill -TERM "$job" 2>/dev/null
}

# A run's folder, made by this run alone: mkdir either makes it or fails,
# so that two runs can never share one (their ids hold the date and the
# make's process id; one given twice by hand, RUN_ID=, is refused).
claim_run_dir() {	# RUN_DIR
	mkdir -p "$(dirname "$1")" && mkdir "$1" 2>/dev/null && return 0
	warn "$1 exists already: a run's folder is its own (RUN_ID= names a new one)"
	return 1
}

# The one writer of a run's cells.list (run-open.sh's): each cell
# (cell/ARCH/POINT) not listed yet, appended as `ARCH POINT`, in order.
run_add_cells() (	# RUN_DIR CELL-TARGET...
	dir=$1
	shift
	touch "$dir/cells.list" || exit 1
	for c in "$@"; do
		c=${c#cell/}
		listed=
		while read -r a p; do
			[ "$a/$p" != "$c" ] || listed=1
		done <"$dir/cells.list"
		[ -n "$listed" ] || printf '%s %s\n' "${c%%/*}" "${c#*/}" >>"$dir/cells.list"
	done
)

# `ended HOW DATE` in RUN_DIR's run.tsv, once (run-close.sh).
end_run() {	# RUN_DIR HOW
	grep -q '^ended	' "$1/run.tsv" 2>/dev/null ||
		printf 'ended\t%s %s\n' "$2" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$1/run.tsv"
}
# A cell of RUN_DIR that a signal stopped says so in RUN_DIR/.interrupted:
# Ctrl-C or the death of the run's make ends the run before run-close.sh,
# and the reports then take the run as ended interrupted. run-close.sh,
# if it comes, decides how the run ended.
mark_interrupted() {	# RUN_DIR
	[ -e "$1/.interrupted" ] ||
		printf 'interrupted %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$1/.interrupted"
}

# A run ends however its make does (SIGKILL leaves no trap to say so): a
# guard in a session of its own (Ctrl-C does not reach it) waits for the
# run's make (PID) to be gone, then for the cells still stopping and for
# run-close.sh; a run that then has no `ended` line ends `interrupted`,
# its reports rewritten with every finished cell. Environment: HOSTBIN
# REPORT_FLAGS.
guard_run() {	# RUN_DIR PID LIB
	[ -n "$2" ] || return 0
	setsid sh -c '
		. "$3"
		while kill -0 "$2" 2>/dev/null; do sleep 1; done
		exec 7>>"$1/.cells.lock" 6>>"$1/.close.lock"
		flock -w 600 -x 7
		flock -x 6	# run-close.sh, however long its bisections take
		grep -q "^ended	" "$1/run.tsv" 2>/dev/null && exit 0
		mark_interrupted "$1"
		end_run "$1" interrupted
		"$HOSTBIN/report" $REPORT_FLAGS summary --quiet "$1"' sh "$1" "$2" "$3" </dev/null >/dev/null 2>&1 &
}

# ---- series and points -----------------------------------------------------------

# The series reader (matrix/series/, the Makefile's KMX_SERIES): every
# question about a series' files goes to it, so that no name, path or line
# of a stranger's series is ever part of a shell, sed or awk program here.
series_tool() {
	"${KMX_SERIES:-${HOSTBIN:?the series reader: set KMX_SERIES or HOSTBIN}/series}" "$@"
}

# A patch file's subject, without its "[PATCH n/m]" prefix, with a folded
# second header line joined; a plain diff (quilt's) has none: its file name.
subject() {	# PATCH
	series_tool subject "$1"
}

# The patch files of SERIES, in order, one path a line (a cover letter is
# none). An mbox is split into one file a message in WORKDIR/mbox; a patch
# with CRLF line ends is read through a copy in WORKDIR.
series_patches() {	# SERIES WORKDIR
	series_tool patches "$1" "$2"
}

# KCIDB's patchset_hash of a series: sha256 over the newline-terminated
# sha256 of each patch, in the order they apply. Empty when it has none.
patchset_hash() (	# SERIES
	tmp=$(mktemp -d) || exit 1
	series_patches "$1" "$tmp" >"$tmp/list" 2>/dev/null && [ -s "$tmp/list" ] &&
		while IFS= read -r p; do sha256sum <"$p" | cut -c-64; done <"$tmp/list" | sha256sum | cut -c-64
	rm -rf "$tmp"
)

# The paths a patch changes, one a line (the reader's `files`).
patch_files() {	# PATCH
	series_tool files "$1"
}

# Why SERIES gives nothing to apply (one line), or nothing when it is fine.
series_problem() {	# SERIES
	series_tool problem "$1"
}

# The patch points of series NAME in REPO (NN-slug, one per patch, as
# apply-series.sh tags them), in series order.
series_points() {	# REPO NAME
	command git -C "$1" tag -l "$2/*" | while read -r tag; do
		case "${tag#"$2"/}" in [0-9]*-*) echo "${tag#"$2"/}" ;; esac
	done | LC_ALL=C sort -n
}

# The number of the patch a point is after: 0 for base, NN for a patch
# point or a named point at the same commit; nothing for another point.
point_number() (	# REPO POINT SERIES
	rev=$(resolve_point "$1" "$2" "$3" 2>/dev/null) || exit 0
	[ "$rev" != "$(resolve_point "$1" base "$3" 2>/dev/null)" ] || { echo 0; exit 0; }
	series_points "$1" "$3" | while read -r pt; do
		[ "$(resolve_point "$1" "$pt" "$3" 2>/dev/null)" != "$rev" ] || { n=${pt%%-*}; echo "${n#"${n%%[!0]*}"}"; break; }
	done
)

# The subject of a point's commit, without the "NAME/POINT: " that
# apply-series.sh puts first.
point_subject() (	# REPO NAME POINT
	s=$(command git -C "$1" log -1 --format=%s "refs/tags/$2/$3")
	printf '%s\n' "${s#"$2/$3: "}"
)

# The commit of POINT: a commit (40 hex digits), a tag (pristine, or a
# point of SERIES by name: base, rc1, 14-add-sa_immutable-to) or a patch
# number (14, or 08).
# Prints the commit, or says which points exist and returns 1.
resolve_point() (	# REPO POINT SERIES
	commit_of() { command git -C "$1" rev-parse -q --verify "refs/tags/$2^{commit}"; }
	# A commit itself (what a run resolved its points to when it opened).
	case "$2" in
	*[!0-9a-f]*) ;;
	????????????????????????????????????????)
		command git -C "$1" rev-parse -q --verify "$2^{commit}" && exit 0 ;;
	esac
	commit_of "$1" "$2" && exit 0
	commit_of "$1" "$3/$2" && exit 0
	commit_of "$1" "$(mutants_ns "$3")/$2" && exit 0
	case "$2" in
	'' | *[!0-9]*) ;;
	*)	# A number: leading zeros go, or printf reads 08 as bad octal.
		n=${2#"${2%%[!0]*}"}
		tag=$(command git -C "$1" tag -l "$3/$(printf '%02d' "${n:-0}")-*" | head -n1)
		[ -n "$tag" ] && commit_of "$1" "$tag" && exit 0 ;;
	esac
	warn "unknown point '$2'; known: pristine $(command git -C "$1" tag -l "$3/*" | while IFS= read -r t; do
		printf '%s ' "${t#"$3"/}"; done)"
	exit 1
)

# Of the paths on stdin, those an arch with KARCH builds: the ones under
# arch/KARCH/, and every one outside arch/ except the documentation (the
# series reader's rule, as for a series' own arches).
arch_files() {	# KARCH
	series_tool arch-files "$1"
}

# The arches a change touches: of "ARCH:KARCH ..." (the Makefile's
# ARCH_KARCHS), those for which a path on stdin is one arch_files keeps.
# One line per arch, in the given order: ARCH, a tab, the first such path
# (the reason the arch was chosen). bisect-build and make mutants choose
# their cells with it.
arches_touched() {	# "ARCH:KARCH ..."
	series_tool touched "$1"
}

# The tags of a series' mutants (make mutants) live apart from the series'
# own: NAME.mutants/mNN-slug. resolve_point finds them by their point name.
mutants_ns() {	# NAME
	printf '%s.mutants' "$1"
}

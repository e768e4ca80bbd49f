# The test suites' own helpers, sourced as `. "$(dirname "$0")/lib.sh"`:
# it sets here (the sourcing script's folder) and sources ../lib.sh, what
# every script shares (die, now, since, make_tmp, ...), unless the script
# did (one outside tests/, as distcc-check.sh).
here=$(cd "$(dirname "$0")" && pwd)
command -v make_tmp >/dev/null 2>&1 || . "$here/../lib.sh"
# Every suite takes HOSTBIN as its first argument: the series reader is there.
[ -n "${KMX_SERIES:-}" ] || [ -z "${1:-}" ] || { KMX_SERIES=$1/series; export KMX_SERIES; }
# `expect DESCRIPTION COMMAND...` counts a pass when COMMAND succeeds and
# prints FAIL otherwise, and returns COMMAND's verdict (so a caller can add
# details to a failure); `finish NAME` prints the closing line and sets
# the exit status.
# KMX_CASE (make unit-tests CASE=TEXT): the suite still runs whole (a check
# may set up the next), but only the checks whose description holds TEXT
# are counted and shown.
passed=0 failed=0
expect() {
	desc=$1; shift
	if [ -n "${KMX_CASE:-}" ]; then
		case $desc in *"$KMX_CASE"*) ;; *) "$@" >/dev/null 2>&1; return ;; esac
	fi
	if "$@"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $desc"
		return 1
	fi
}
finish() {
	echo "$1: $passed passed, $failed failed"
	[ "$failed" = 0 ]
}

# Shared by the shell test suites: `expect DESCRIPTION COMMAND...` counts a
# pass when COMMAND succeeds and prints FAIL otherwise; `finish NAME`
# prints the closing line and sets the exit status.
passed=0 failed=0
expect() {
	desc=$1; shift
	if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $desc"; fi
}
finish() {
	echo "$1: $passed passed, $failed failed"
	[ "$failed" = 0 ]
}

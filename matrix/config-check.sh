#!/bin/sh
# config-check.sh FRAGMENT CONFIG: every option the fragment sets must have
# survived olddefconfig. A lost option (an unmet dependency) fails the build
# here, by name, instead of as a mysterious guest failure later.
set -eu
. "$(dirname "$0")/lib.sh"
fragment=$1 config=$2
grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$fragment" | sort -u | {
	bad=0
	while IFS= read -r line; do
		case "$line" in
		"# "*)	opt=${line#\# }; opt=${opt%% *}
			if grep -q "^$opt=" "$config"; then
				warn "$config: the fragment unsets $opt, but it is $(grep "^$opt=" "$config")"
				bad=1
			fi ;;
		*)	if ! grep -qxF "$line" "$config"; then
				is=$(grep -E "^(# )?${line%%=*}[= ]" "$config" || echo "unset")
				warn "$config: '$line' did not survive olddefconfig (now: $is): an unmet dependency?"
				bad=1
			fi ;;
		esac
	done
	exit $bad
}

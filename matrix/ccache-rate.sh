#!/bin/sh
# ccache-rate.sh BEFORE AFTER: the ccache hit rate of one run, from two
# `ccache --print-stats` snapshots; also written beside them as ccache.txt.
. "$(dirname "$0")/lib.sh"
b=$1 a=$2
# A snapshot ccache could not write leaves nothing to count from.
if [ ! -s "$b" ] || [ ! -s "$a" ]; then
	die "ccache-rate: no ccache statistics in $b or $a"
fi
get() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
hits=$(( $(get "$a" direct_cache_hit) + $(get "$a" preprocessed_cache_hit) - $(get "$b" direct_cache_hit) - $(get "$b" preprocessed_cache_hit) ))
misses=$(( $(get "$a" cache_miss) - $(get "$b" cache_miss) ))
total=$((hits + misses))
rate=$([ "$total" -gt 0 ] && echo "$((100 * hits / total))%" || echo "n/a")
echo "ccache: $hits hits, $misses misses ($rate) in this run" | tee "$(dirname "$a")/ccache.txt"

#!/usr/bin/env bash
# bench/inturn.sh: the claiming bench read against the day's scale.
#
# Runs River's burn-down (bench/river -burndown) and bench/scheduler at
# 1,000 tenants and 1,000,000 queued records one after the other, PAIRS
# times, and prints one Markdown row a pair with the ratio of the two
# rates. The machine's speed moves from day to day and within the hour
# (docs/performance.md, "The machine from day to day"); run in turn, both
# sides see the same machine, and the ratio is what compares across days.
#
#   bench/inturn.sh                 3 pairs, bench/scheduler at 2 × 128
#   bench/inturn.sh 5 -slots 64 -max-claim 64
#                                   5 pairs; flags after the count go to
#                                   bench/scheduler (they replace the
#                                   default -slots/-max-claim)
#
# INTURN_DIR (default /tmp/paprika-inturn) keeps both private PostgreSQL
# clusters and bench/scheduler's filled database between invocations: the
# first fill adds about a minute, later invocations reuse it. Outputs go to a
# tmpfs (/dev/shm) when there is one, as in docs/performance.md.
set -euo pipefail

pairs=${1:-3}
shift || true
if ! [[ $pairs =~ ^[1-9][0-9]*$ ]]; then
	echo "bench/inturn.sh: the number of pairs must be a whole number from 1, not \"$pairs\"" >&2
	exit 2
fi
flags=("$@")
if [ ${#flags[@]} -eq 0 ]; then
	flags=(-slots 128 -max-claim 128)
fi

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${INTURN_DIR:-/tmp/paprika-inturn}
mkdir -p "$dir/bin" "$dir/sched" "$dir/river"
outputs="$dir/outputs"
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	outputs=/dev/shm/paprika-inturn-outputs
fi
mkdir -p "$outputs"

echo "bench/inturn.sh: building bench/scheduler and bench/river" >&2
(cd "$root" && go build -o "$dir/bin/scheduler" ./bench/scheduler)
(cd "$root/bench/river" && go build -o "$dir/bin/river" .)

# field TEXT REGEX: the first match's first number.
field() { grep -oE "$2" <<<"$1" | head -1 | grep -oE '[-+]?[0-9]+(\.[0-9]+)?' | head -1; }

echo "| pair | time (UTC) | load before | River's burn-down, jobs/s (CPU µs a job: client / PostgreSQL) | bench/scheduler, items/s (CPU µs an item: workers / PostgreSQL) | ratio | largest group deviation |"
echo "|---|---|---|---|---|---|---|"
for i in $(seq 1 "$pairs"); do
	at=$(date -u +%H:%M)
	load=$(cut -d' ' -f1-3 /proc/loadavg)
	river=$("$dir/bin/river" -burndown 200000 -keep "$dir/river" 2>&1 | grep 'burn-down:' || true)
	if [ -z "$river" ]; then
		echo "bench/inturn.sh: River's burn-down printed no result; run $dir/bin/river -burndown 200000 -keep $dir/river to see why" >&2
		exit 1
	fi
	sched=$("$dir/bin/scheduler" -keep "$dir/sched" -phases throughput -workers 2 -repeat 1 \
		-outputs "$outputs" -duration 20s -v "${flags[@]}" 2>&1 || true)
	rate=$(grep -oE 'W=[0-9]+ +[0-9]+ items/s' <<<"$sched" | head -1 | awk '{print $2}')
	if [ -z "$rate" ]; then
		echo "bench/inturn.sh: bench/scheduler printed no result:" >&2
		tail -20 <<<"$sched" >&2
		exit 1
	fi
	rjobs=$(grep -oE '[0-9]+ jobs/s' <<<"$river" | awk '{print $1}')
	rclient=$(field "$river" 'client [0-9]+')
	rpg=$(field "$river" 'PostgreSQL [0-9]+')
	sw=$(field "$sched" 'CPU per item: workers [0-9]+')
	spg=$(field "$sched" 'PostgreSQL [0-9]+ µs')
	dev=$(grep -oE 'max dev [-+]?[0-9.]+%' <<<"$sched" | head -1 | awk '{print $3}')
	ratio=$(awk -v a="$rate" -v b="$rjobs" 'BEGIN { printf "%.2f", a / b }')
	echo "| $i | $at | $load | $rjobs ($rclient / $rpg) | $rate ($sw / $spg) | **$ratio** | $dev |"
done

#!/usr/bin/env bash
# bench/scaleout/scaleout.sh: where one PostgreSQL becomes the limit.
#
# Many worker processes (bench/scheduler's: worker.New as `paprika worker`
# makes it, no-op renders, small claims as a host of few slots makes them)
# against one PostgreSQL holding 1,000 tenants and 1,000,000 queued records.
# Each pair runs River's burn-down (bench/river -burndown), the day's scale,
# then bench/scheduler at 1, 2, 4 and 8 worker processes, and prints a row
# per worker count: claims + completions a second, the cores PostgreSQL and
# the workers used, PostgreSQL's CPU an item, and what one PostgreSQL core
# would sustain at that cost (1 s ÷ PostgreSQL's CPU an item). Pairs
# alternate the order of the worker counts (1→8, then 8→1), so that neither
# end always runs first.
#
#   bench/scaleout/scaleout.sh            2 pairs, 4 slots a worker process
#   bench/scaleout/scaleout.sh 3 -slots 2 -max-claim 2
#                                         3 pairs; flags after the count go
#                                         to bench/scheduler
#
# About 2 minutes a pair (each run 3 s of warmup and 20 s measured, from a
# fresh copy of the queue). SCALEOUT_DIR (default /tmp/paprika-scaleout)
# keeps both private PostgreSQL clusters and the filled database between
# invocations: the first fill adds a minute or two.
set -euo pipefail

pairs=${1:-2}
shift || true
if ! [[ $pairs =~ ^[1-9][0-9]*$ ]]; then
	echo "bench/scaleout/scaleout.sh: the number of pairs must be a whole number from 1, not \"$pairs\"" >&2
	exit 2
fi
flags=("$@")
if [ ${#flags[@]} -eq 0 ]; then
	flags=(-slots 4 -max-claim 4)
fi

root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${SCALEOUT_DIR:-/tmp/paprika-scaleout}
mkdir -p "$dir/bin" "$dir/sched" "$dir/river"
outputs="$dir/outputs"
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	outputs=/dev/shm/paprika-scaleout-outputs
fi
mkdir -p "$outputs"

echo "bench/scaleout/scaleout.sh: building bench/scheduler and bench/river" >&2
(cd "$root" && go build -o "$dir/bin/scheduler" ./bench/scheduler)
if ! (cd "$root/bench/river" && go build -o "$dir/bin/river" . 2>"$dir/river-build.log"); then
	# bench/river is a module of its own; when the product gains a
	# dependency before bench/river's go.sum does, build a copy whose go.sum
	# the go command completes (through the module proxy), leaving the
	# repository's untouched.
	echo "bench/scaleout/scaleout.sh: bench/river does not build as it is ($(head -1 "$dir/river-build.log")); building a copy with -mod=mod" >&2
	rm -rf "$dir/riversrc" && cp -r "$root/bench/river" "$dir/riversrc"
	(cd "$dir/riversrc" && go mod edit -replace "github.com/paprikahq/paprika=$root" && go build -mod=mod -o "$dir/bin/river" .)
fi

field() { { grep -oE "$2" <<<"$1" || true; } | head -1 | { grep -oE '[-+]?[0-9]+(\.[0-9]+)?' || true; } | head -1; }

echo "| pair | time (UTC) | load before | River's burn-down, jobs/s | worker processes | items/s | ÷ River | items/claim | cores: PostgreSQL / workers / idle | PostgreSQL CPU µs an item | items/s a PostgreSQL core |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for i in $(seq 1 "$pairs"); do
	order=1,2,4,8
	if [ $((i % 2)) -eq 0 ]; then
		order=8,4,2,1
	fi
	at=$(date -u +%H:%M)
	load=$(cut -d' ' -f1-3 /proc/loadavg)
	river=$("$dir/bin/river" -burndown 200000 -keep "$dir/river" 2>&1 | grep 'burn-down:' || true)
	if [ -z "$river" ]; then
		echo "bench/scaleout/scaleout.sh: River's burn-down printed no result; run $dir/bin/river -burndown 200000 -keep $dir/river to see why" >&2
		exit 1
	fi
	rjobs=$(grep -oE '[0-9]+ jobs/s' <<<"$river" | awk '{print $1}')
	sched=$("$dir/bin/scheduler" -keep "$dir/sched" -phases throughput -workers "$order" -repeat 1 \
		-outputs "$outputs" -duration 20s -v "${flags[@]}" 2>&1 || true)
	if ! grep -qE 'W=[0-9]+ +[0-9]+ items/s' <<<"$sched"; then
		echo "bench/scaleout/scaleout.sh: bench/scheduler printed no result:" >&2
		tail -20 <<<"$sched" >&2
		exit 1
	fi
	# Each run prints its W= line, then a detail line with its CPU per item.
	while IFS= read -r line; do
		w=$(field "$line" 'W=[0-9]+')
		rate=$(field "$line" '[0-9]+ items/s')
		per=$(field "$line" '\([0-9.]+ items/claim')
		pgc=$(field "$line" 'pg [0-9.]+')
		wc=$(field "$line" 'cpu: workers [0-9.]+')
		idle=$(field "$line" 'idle [0-9.]+')
		# The summary at the end repeats each W= line without its detail:
		# the detail is the line after the first.
		detail=$(grep -A1 -m1 -F "$line" <<<"$sched" | sed -n 2p)
		pgus=$(field "$detail" 'PostgreSQL [0-9]+ µs')
		ratio=$(awk -v a="$rate" -v b="$rjobs" 'BEGIN { printf "%.2f", a / b }')
		core=$(awk -v u="$pgus" 'BEGIN { if (u > 0) printf "%.0f", 1e6 / u; else print "?" }')
		echo "| $i | $at | $load | $rjobs | $w | $rate | $ratio | $per | $pgc / $wc / $idle | $pgus | $core |"
	done < <(grep -E '^ +W=[0-9]+ +[0-9]+ items/s' <<<"$sched" | awk '!seen[$0]++')
done

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

type report struct {
	opts      *options
	started   time.Time
	finished  time.Time
	pgVersion string
	goVersion string
	machine   string
	explain   *explainResult
	runs      []*runResult
	small     []*smallResult
}

// gitState names the commit the benchmark ran, and whether the scheduler's
// or the schema's files differed from it.
func gitState() string {
	root, err := benchkit.RepoRoot()
	if err != nil {
		return "unknown"
	}
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown (" + root + ")"
	}
	state := "commit " + strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--", "internal/scheduler", "internal/worker", "internal/postgres").Output(); err == nil && len(st) > 0 {
		state += " with local changes in internal/scheduler, internal/worker or internal/postgres"
	}
	return state
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func pct(f float64) string { return fmt.Sprintf("%+.1f%%", 100*f) }

func (r *runResult) printLine(w io.Writer) {
	fmt.Fprintf(w, "  W=%d  %6.0f items/s  %5.0f claims/s (%.1f items/claim)  claim p50 %s p99 %s  share: max dev %s (%.1f starts), tiers %s, ratio %.2f  cpu: workers %.2f pg %.2f other %.2f idle %.2f\n",
		r.workers, r.perSecond(), float64(len(r.claims))/r.seconds, r.itemsPerClaim(), ms(r.latency(0.5)), ms(r.latency(0.99)),
		pct(r.share.maxDev), r.share.maxAbs, r.share.tierString(), r.share.ratio,
		r.cpu.workers, r.cpu.postgres, r.cpu.other, r.cpu.idle)
}

func (s shareResult) tierString() string {
	var ks []string
	for k := range s.tierDev {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, k+" "+pct(s.tierDev[k]))
	}
	return strings.Join(parts, ", ")
}

func (r *runResult) printDetails(w io.Writer) {
	rt1, rt2, rt3, gap := r.meanRT()
	lanes, stacked, asked := r.lanesPerClaim()
	cw, cp := r.cpuPerItem()
	fmt.Fprintf(w, "      claims %d (errors %d; %d cut off by the stop), %.1f items asked, %.1f lanes locked per claim, %.0f%% of claims gave a lane 2+ items; mean round trips %s / %s / %s + %s in Go; p90 %s, max %s; CPU per item: workers %.0f µs, PostgreSQL %.0f µs\n",
		len(r.claims), r.errors, r.cut, asked, lanes, 100*stacked, ms(rt1), ms(rt2), ms(rt3), ms(gap), ms(r.latency(0.9)), ms(r.latency(1)), cw, cp)
	fmt.Fprintf(w, "      claimed %d, completed %d in %.1f s; batch source lookups %d (%.2f per item); share over %d groups (%d excluded), fair %.1f starts per weight, p99 |dev| %.1f%%, worst %s\n",
		r.claimed, r.completed, r.seconds, r.source, float64(r.source)/float64(max(r.claimed, 1)), r.share.groups, r.share.excluded,
		r.share.fairPerWeight, 100*r.share.p99Dev, r.share.maxDevGroup)
	for _, m := range r.errorMsgs {
		fmt.Fprintf(w, "      claim error: %s\n", m)
	}
	fmt.Fprintf(w, "      plans: %s; longest pause between a worker's claims %s\n", r.planString(), ms(r.maxGap))
	for _, l := range r.topSQL {
		fmt.Fprintf(w, "      %s\n", l)
	}
	if r.loggedN > 0 {
		fmt.Fprintf(w, "      %d warnings/errors logged, first: %s\n", r.loggedN, strings.Join(r.logged[:min(3, len(r.logged))], "\n        "))
	}
}

func (r *runResult) planString() string {
	var parts []string
	for _, n := range []string{"rank-lanes", "lock-groups", "lane-batches", "take-records", "dequeue-lanes", "complete-records"} {
		if p, ok := r.prepared[n]; ok {
			parts = append(parts, fmt.Sprintf("%s %d generic/%d custom", n, p.Generic, p.Custom))
		}
	}
	return strings.Join(parts, ", ")
}

func (s *smallResult) printLine(w io.Writer) {
	fmt.Fprintf(w, "  small: %d jobs (%d not started), wait p50 %s p95 %s max %s; big tenant queued %d→%d; %.0f items/s, fair rate of a weight-1 group %.2f/s; claims p50 %s p99 %s, longest pause between a worker's claims %s\n",
		len(s.waits), s.notStarted, ms(s.q(0.5)), ms(s.q(0.95)), ms(s.q(1)), s.bigQueued[0], s.bigQueued[1], s.rate, s.fairPerTen,
		ms(s.claimP50), ms(s.claimP99), ms(s.maxGap))
}

func (rep *report) printExplain(w io.Writer, verbose bool) {
	e := rep.explain
	fmt.Fprintf(w, "EXPLAIN at %d queued in %d lanes with work, %d group rows:\n", e.queued, e.lanes, e.groups)
	for _, p := range e.plans {
		fmt.Fprintf(w, "  %-16s %-7s planning %7.3f ms  execution %7.3f ms (%7.3f ms without per-node timing)\n", p.statement, p.mode, p.planning, p.exec, p.execUntimed)
	}
	if verbose {
		for _, p := range e.plans {
			fmt.Fprintf(w, "\n-- %s, %s plan\n%s\n", p.statement, p.mode, p.text)
		}
	}
}

func (rep *report) print(w io.Writer) {
	fmt.Fprintf(w, "\nScheduler benchmark, %s; PostgreSQL %s, %s; %s\n", rep.started.Format("2006-01-02 15:04"), rep.pgVersion, rep.goVersion, rep.machine)
	if len(rep.runs) > 0 {
		fmt.Fprintln(w, "throughput (items claimed and completed per second):")
		for _, r := range rep.runs {
			r.printLine(w)
		}
	}
	for _, s := range rep.small {
		s.printLine(w)
	}
	fmt.Fprintf(w, "total %s\n", rep.finished.Sub(rep.started).Round(time.Second))
}

func (rep *report) writeMarkdown(path string) error {
	var b strings.Builder
	o := rep.opts
	fmt.Fprintf(&b, "Run %s, %s to %s; PostgreSQL %s, %s; %s; fsync %s.\n\n", rep.started.Format("2006-01-02"), rep.started.Format("15:04"),
		rep.finished.Format("15:04"), rep.pgVersion, rep.goVersion, rep.machine, map[bool]string{true: "off (-fast)", false: "on"}[o.fast])
	fmt.Fprintf(&b, "Command: `go run ./bench/scheduler %s`; code: %s\n\n", strings.Join(os.Args[1:], " "), gitState())
	if len(rep.runs) > 0 {
		b.WriteString("| W | items/s | claims/s | items/claim | claim p50 | claim p99 | largest group deviation | in starts | tiers | priority:standard | CPU µs/item workers / PG | cores workers / PG / others / idle | load avg |\n")
		b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, r := range rep.runs {
			cw, cp := r.cpuPerItem()
			fmt.Fprintf(&b, "| %d | %.0f | %.0f | %.1f | %s | %s | %s | %.1f | %s | %.2f | %.0f / %.0f | %.2f / %.2f / %.2f / %.2f | %s |\n",
				r.workers, r.perSecond(), float64(len(r.claims))/r.seconds, r.itemsPerClaim(), ms(r.latency(0.5)), ms(r.latency(0.99)),
				pct(r.share.maxDev), r.share.maxAbs, r.share.tierString(), r.share.ratio, cw, cp,
				r.cpu.workers, r.cpu.postgres, r.cpu.other, r.cpu.idle, r.load)
		}
		b.WriteString("\nPer run: claim round trips (mean), batch source lookups, share details, plan kinds:\n\n")
		for _, r := range rep.runs {
			rt1, rt2, rt3, gap := r.meanRT()
			_, _, asked := r.lanesPerClaim()
			fmt.Fprintf(&b, "- W=%d at %s: %.1f items asked per claim; %d claims, round trips %s / %s / %s + %s between; p90 %s, max %s; %d source lookups (%.2f per item); %d groups counted, fair %.1f starts per unit of weight, p99 |dev| %.1f%%, worst %s; longest pause between a worker's claims %s; %s\n",
				r.workers, r.at.Format("15:04:05"), asked, len(r.claims), ms(rt1), ms(rt2), ms(rt3), ms(gap), ms(r.latency(0.9)), ms(r.latency(1)),
				r.source, float64(r.source)/float64(max(r.claimed, 1)), r.share.groups, r.share.fairPerWeight, 100*r.share.p99Dev, r.share.maxDevGroup, ms(r.maxGap), r.planString())
			for _, l := range r.topSQL {
				fmt.Fprintf(&b, "  - `%s`\n", strings.TrimSpace(l))
			}
		}
		b.WriteString("\n")
	}
	if len(rep.small) > 0 {
		b.WriteString("| small tenants | jobs | wait p50 | wait p95 | wait max | big tenant queued | items/s meanwhile | fair rate of a weight-1 group | claim p50 / p99 | longest pause between claims | load avg |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, s := range rep.small {
			fmt.Fprintf(&b, "| %d × 1 per %s, W=%d | %d | %s | %s | %s | %d → %d | %.0f | %.2f/s | %s / %s | %s | %s |\n", s.tenants, s.every, s.workers, len(s.waits),
				ms(s.q(0.5)), ms(s.q(0.95)), ms(s.q(1)), s.bigQueued[0], s.bigQueued[1], s.rate, s.fairPerTen, ms(s.claimP50), ms(s.claimP99), ms(s.maxGap), s.load)
		}
		b.WriteString("\n")
	}
	if e := rep.explain; e != nil {
		fmt.Fprintf(&b, "EXPLAIN at %d queued records in %d lanes with work, %d group rows; `%s`\n\n", e.queued, e.lanes, e.groups, e.paramsShown)
		b.WriteString("| statement | plan | planning | execution | execution, TIMING OFF |\n|---|---|---|---|---|\n")
		for _, p := range e.plans {
			fmt.Fprintf(&b, "| %s | %s | %.3f ms | %.3f ms | %.3f ms |\n", p.statement, p.mode, p.planning, p.exec, p.execUntimed)
		}
		for _, p := range e.plans {
			fmt.Fprintf(&b, "\n%s, %s plan:\n\n```\n%s\n```\n", p.statement, p.mode, p.text)
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

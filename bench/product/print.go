package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
)

func pct(f float64) string { return fmt.Sprintf("%+.1f%%", 100*f) }

func (s shareJSON) tiers() string {
	var ks []string
	for k := range s.TierDev {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, k+" "+pct(s.TierDev[k]))
	}
	return strings.Join(parts, ", ")
}

func (r *result) print(w io.Writer) {
	fmt.Fprintf(w, "run %d (%s) at %s, load %s → %s, outputs in %s\n", r.Run, r.Binary, r.At, r.LoadStart, r.LoadEnd, r.DataDir)
	fmt.Fprintf(w, "  %d records (%d not done) in %d batches, accepted in %.1f s\n", r.Records, r.Failed, r.Batches, r.SubmitSeconds)
	fmt.Fprintf(w, "  records/s: steady %.0f, overall %.0f (%.1f s first start to last finish; %.1f s wall)\n",
		r.SteadyPerSecond, r.OverallPerSecond, r.DrainSeconds, r.WallSeconds)
	fmt.Fprintf(w, "  wait p50 %.0f ms, p95 %.0f ms, max %.0f ms; time in a slot p50 %.1f ms, p95 %.1f ms; slot use %.0f%%\n",
		r.WaitP50, r.WaitP95, r.WaitMax, r.SlotP50, r.SlotP95, 100*r.SlotUse)
	fmt.Fprintf(w, "  CPU µs/record: workers %.0f (%.0f in the kernel), PostgreSQL %.0f, api %.0f; cores: workers %.2f, PostgreSQL %.2f, others %.2f, idle %.2f\n",
		r.CPUWorkersPerRecord, r.CPUWorkersSysPerRecord, r.CPUPostgresPerRecord, r.CPUAPIPerRecord, r.CoresWorkers, r.CoresPostgres, r.CoresOther, r.CoresIdle)
	if r.SubmitAPIPerRecord > 0 {
		fmt.Fprintf(w, "  submitting, CPU µs/record: api %.0f, PostgreSQL %.0f\n", r.SubmitAPIPerRecord, r.SubmitPostgresPerRecord)
	}
	s := r.Share
	fmt.Fprintf(w, "  share of %d sampled tenants over %.1f s (%.0f starts): max dev %s (%.1f starts; %s), tiers %s, priority:standard %.2f\n",
		s.Groups, s.WindowSeconds, s.Starts, pct(s.MaxDev), s.MaxAbs, s.MaxDevGroup, s.tiers(), s.Ratio)
	printProbe(w, r.Disk)
	if len(r.WaitEvents) > 0 {
		fmt.Fprintf(w, "  PostgreSQL's active client backends, mean per 100 ms sample: %s\n", strings.Join(r.WaitEvents, ", "))
	}
	for _, l := range r.TopSQL {
		fmt.Fprintf(w, "    %s\n", l)
	}
	if r.Logged > 0 {
		fmt.Fprintf(w, "  %d warnings/errors logged, first: %s\n", r.Logged, r.LoggedFirst[0])
	}
}

func (rep *report) printSummary(w io.Writer) {
	s := rep.Settings
	fmt.Fprintf(w, "\nProduct path: %d × paprika worker (PAPRIKA_WORKERS=%d), %d tenants (%d priority), %d %s records in %d batches per tenant, outputs on %s, %s, %s workers\n",
		s.Workers, s.Slots, s.Tenants, s.Priority, s.Records, s.Format, s.Batches, s.Outputs, s.Order, s.Start)
	fmt.Fprintf(w, "%s; PostgreSQL %s; %s\n", rep.Machine, rep.PostgreSQL, rep.Code)
	fmt.Fprintf(w, "| run | binary | records/s steady | overall | wait p50 / p95 | slot p50 | slot use | CPU µs/record workers (kernel) / PG | cores used by others | max share dev | load start → end |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rep.Runs {
		fmt.Fprintf(w, "| %d | %s | %.0f | %.0f | %.0f / %.0f ms | %.1f ms | %.0f%% | %.0f (%.0f) / %.0f | %.2f | %s | %s → %s |\n",
			r.Run, filepath.Base(r.Binary), r.SteadyPerSecond, r.OverallPerSecond, r.WaitP50, r.WaitP95, r.SlotP50, 100*r.SlotUse,
			r.CPUWorkersPerRecord, r.CPUWorkersSysPerRecord, r.CPUPostgresPerRecord, r.CoresOther, pct(r.Share.MaxDev), r.LoadStart, r.LoadEnd)
	}
}

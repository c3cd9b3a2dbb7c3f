package main

import (
	"os"
	"slices"
	"strings"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// report is everything one invocation measured.
type report struct {
	Command    string    `json:"command"`
	Machine    string    `json:"machine"`
	PostgreSQL string    `json:"postgresql"`
	Code       string    `json:"code"`
	Settings   settings  `json:"settings"`
	Runs       []*result `json:"runs"`
}

type settings struct {
	Workers  int    `json:"workers"`
	Slots    int    `json:"slotsPerWorker"`
	Tenants  int    `json:"tenants"`
	Priority int    `json:"priorityTenants"`
	Records  int    `json:"records"`
	Batches  int    `json:"batchesPerTenant"`
	Format   string `json:"format"`
	Tiers    string `json:"tiers"`
	Outputs  string `json:"outputs"` // disk or tmpfs
	Order    string `json:"order"`   // queued-first or overlap
	Start    string `json:"start"`   // warm (started, settled, paused while queuing) or cold (started after)
	Sample   int    `json:"sampledTenants"`
}

func settingsOf(o *options) settings {
	s := settings{Workers: o.workers, Slots: o.slots, Tenants: o.tenants, Priority: o.priority, Records: o.records,
		Batches: o.batches, Format: o.format, Tiers: tiersJSON, Outputs: "disk", Order: "queued-first", Sample: o.sample}
	if o.tmpfs {
		s.Outputs = "tmpfs"
	}
	if o.overlap {
		s.Order = "overlap"
	}
	s.Start = "warm"
	if o.cold {
		s.Start = "cold"
	}
	if s.Sample == 0 || s.Sample > o.tenants {
		s.Sample = o.tenants
	}
	return s
}

func commandLine() string {
	return strings.TrimSpace("go run ./bench/product " + strings.Join(os.Args[1:], " "))
}

// result is one run.
type result struct {
	Run       int    `json:"run"`
	Binary    string `json:"binary"`
	At        string `json:"at"`
	DataDir   string `json:"dataDir"`
	LoadStart string `json:"loadStart"`
	LoadEnd   string `json:"loadEnd"`

	Batches       int     `json:"batches"`
	Records       int     `json:"records"`
	Failed        int     `json:"failed"`
	SubmitSeconds float64 `json:"submitSeconds"`

	// Rates, from the records' startedAt and finishedAt: overall is all
	// records over first start to last finish; steady is the records that
	// finished between the 10th and the 90th percentile of finishes over
	// that time.
	OverallPerSecond float64 `json:"overallRecordsPerSecond"`
	SteadyPerSecond  float64 `json:"steadyRecordsPerSecond"`
	DrainSeconds     float64 `json:"drainSeconds"` // first start to last finish
	WallSeconds      float64 `json:"wallSeconds"`  // the drain's count started (-cold: workers spawned) to all done, as polled

	WaitP50 float64 `json:"waitP50Ms"` // startedAt − the batch's createdAt
	WaitP95 float64 `json:"waitP95Ms"`
	WaitMax float64 `json:"waitMaxMs"`
	// Time in a slot: startedAt to finishedAt (render, output written and
	// fsynced, completion committed).
	SlotP50 float64 `json:"slotTimeP50Ms"`
	SlotP95 float64 `json:"slotTimeP95Ms"`
	// SlotUse is the records' time in slots over slots × drain time: 1 when
	// no slot ever waits for work.
	SlotUse float64 `json:"slotUse"`

	// CPU µs per record over the drain (from the workers' going on, or with
	// -cold from just before they are spawned, to all done; with -overlap
	// the submission too), and cores used meanwhile.
	CPUWorkersPerRecord    float64 `json:"cpuWorkersUsPerRecord"`
	CPUWorkersSysPerRecord float64 `json:"cpuWorkersSystemUsPerRecord"` // the kernel's part
	CPUPostgresPerRecord   float64 `json:"cpuPostgresUsPerRecord"`
	CPUAPIPerRecord        float64 `json:"cpuApiUsPerRecord"`
	CoresWorkers           float64 `json:"coresWorkers"`
	CoresPostgres          float64 `json:"coresPostgres"`
	CoresOther             float64 `json:"coresOther"` // busy, outside the benchmark and the processes it started
	CoresIdle              float64 `json:"coresIdle"`
	// The submission's CPU per record (API and PostgreSQL), when it is
	// apart from the drain.
	SubmitAPIPerRecord      float64 `json:"submitApiUsPerRecord,omitempty"`
	SubmitPostgresPerRecord float64 `json:"submitPostgresUsPerRecord,omitempty"`

	Share shareJSON `json:"share"`

	// Disk is what an output file cost on the data directory's disk just
	// before the run (-disk-probe), written four ways.
	Disk []diskProbe `json:"diskProbe,omitempty"`

	TopSQL     []string `json:"topStatements,omitempty"`
	WaitEvents []string `json:"pgWaitEvents,omitempty"` // active backends per sample, by what they wait for

	Logged      int      `json:"warningsLogged"`
	LoggedFirst []string `json:"warningsFirst,omitempty"`
}

// shareJSON is the fair-share check of the sampled tenants over the window
// from the first start (or, with -overlap, the last batch accepted) to the
// moment the first of them started its last record, that start excluded:
// all had work waiting throughout.
type shareJSON struct {
	WindowSeconds float64            `json:"windowSeconds"`
	Groups        int                `json:"groups"`
	Starts        float64            `json:"starts"`
	FairPerWeight float64            `json:"fairStartsPerWeight"`
	MaxDev        float64            `json:"maxDeviation"`
	MaxDevGroup   string             `json:"maxDeviationGroup"`
	MaxAbs        float64            `json:"maxDeviationStarts"`
	TierDev       map[string]float64 `json:"tierDeviation"`
	Ratio         float64            `json:"priorityToStandard"`
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[benchkit.QuantileIndex(len(d), q)]
}

func (r *result) compute(o *options, ts []*tenant, recs []record) {
	r.Records = len(recs)
	var waits, slot []time.Duration
	var finishes []time.Time
	var first, last time.Time
	var inSlots time.Duration
	for _, x := range recs {
		if x.status != "done" {
			r.Failed++
		}
		if x.started.IsZero() || x.finished.IsZero() {
			continue
		}
		waits = append(waits, x.started.Sub(x.created))
		slot = append(slot, x.finished.Sub(x.started))
		inSlots += x.finished.Sub(x.started)
		finishes = append(finishes, x.finished)
		if first.IsZero() || x.started.Before(first) {
			first = x.started
		}
		if x.finished.After(last) {
			last = x.finished
		}
	}
	if len(finishes) == 0 {
		return
	}
	slices.Sort(waits)
	slices.Sort(slot)
	slices.SortFunc(finishes, func(a, b time.Time) int { return a.Compare(b) })
	r.WaitP50, r.WaitP95, r.WaitMax = msOf(quantile(waits, 0.5)), msOf(quantile(waits, 0.95)), msOf(quantile(waits, 1))
	r.SlotP50, r.SlotP95 = msOf(quantile(slot, 0.5)), msOf(quantile(slot, 0.95))
	r.DrainSeconds = last.Sub(first).Seconds()
	if r.DrainSeconds > 0 {
		r.OverallPerSecond = float64(len(finishes)) / r.DrainSeconds
		r.SlotUse = inSlots.Seconds() / (float64(o.workers*o.slots) * r.DrainSeconds)
	}
	i10, i90 := benchkit.QuantileIndex(len(finishes), 0.1), benchkit.QuantileIndex(len(finishes), 0.9)
	if s := finishes[i90].Sub(finishes[i10]).Seconds(); s > 0 {
		r.SteadyPerSecond = float64(i90-i10) / s
	}
	// With -overlap, a tenant whose batches are not in yet is not waiting:
	// the window opens once every batch is accepted.
	from := first
	for _, x := range recs {
		if x.created.After(from) {
			from = x.created
		}
	}
	r.share(ts, recs, from)
}

// share counts the sampled tenants' starts from the first start of all to
// just before the first moment one of them had nothing left to start (its
// last start; counting that one would give it a start the others lack),
// and compares them with their weights' share (benchkit.FairShare, the
// definition bench/scheduler reports).
func (r *result) share(ts []*tenant, recs []record, from time.Time) {
	lastStart := map[*tenant]time.Time{}
	for _, x := range recs {
		if x.tenant.sampled && x.started.After(lastStart[x.tenant]) {
			lastStart[x.tenant] = x.started
		}
	}
	var to time.Time
	for _, t := range lastStart {
		if to.IsZero() || t.Before(to) {
			to = t
		}
	}
	starts := map[*tenant]float64{}
	for _, x := range recs {
		if x.tenant.sampled && !x.started.IsZero() && !x.started.Before(from) && x.started.Before(to) {
			starts[x.tenant]++
		}
	}
	var gs []benchkit.Group
	for _, t := range ts {
		if t.sampled {
			gs = append(gs, benchkit.Group{Tenant: t.id, Tier: t.tier, Starts: starts[t], Weight: t.weight})
			r.Share.Starts += starts[t]
		}
	}
	s := benchkit.FairShare(gs)
	r.Share.WindowSeconds = to.Sub(from).Seconds()
	r.Share.Groups, r.Share.FairPerWeight, r.Share.MaxDev, r.Share.MaxDevGroup = s.Groups, s.FairPerWeight, s.MaxDev, s.MaxDevGroup
	r.Share.MaxAbs, r.Share.TierDev, r.Share.Ratio = s.MaxAbs, s.TierDev, s.Ratio("priority", "standard")
}

func (r *result) cpu(o *options, subStart, subEnd, drainStart, drainEnd cpuAt) {
	n := float64(max(r.Records, 1))
	r.CPUWorkersPerRecord = 1e6 * (drainEnd.workers - drainStart.workers) / n
	r.CPUWorkersSysPerRecord = 1e6 * (drainEnd.workersSys - drainStart.workersSys) / n
	r.CPUPostgresPerRecord = 1e6 * (drainEnd.postgres - drainStart.postgres) / n
	r.CPUAPIPerRecord = 1e6 * (drainEnd.api - drainStart.api) / n
	if el := drainEnd.at.Sub(drainStart.at).Seconds(); el > 0 {
		r.CoresWorkers = (drainEnd.workers - drainStart.workers) / el
		r.CoresPostgres = (drainEnd.postgres - drainStart.postgres) / el
		busy := (drainEnd.busy - drainStart.busy) / el
		ours := r.CoresWorkers + r.CoresPostgres + (drainEnd.api-drainStart.api)/el + (drainEnd.self-drainStart.self)/el
		r.CoresOther = max(busy-ours, 0)
		r.CoresIdle = (drainEnd.total - drainStart.total - (drainEnd.busy - drainStart.busy)) / el
	}
	if !o.overlap {
		r.SubmitAPIPerRecord = 1e6 * (subEnd.api - subStart.api) / n
		r.SubmitPostgresPerRecord = 1e6 * (subEnd.postgres - subStart.postgres) / n
	}
}

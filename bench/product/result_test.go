package main

import (
	"math"
	"testing"
	"time"
)

func TestLayoutSharesRecordsByWeight(t *testing.T) {
	o := &options{tenants: 100, priority: 20, records: 20_000, batches: 2, sample: 20}
	ts := layout(o)
	total, sampled := 0, map[string]int{}
	for _, x := range ts {
		sum := 0
		for _, n := range x.batches {
			sum += n
		}
		if sum != x.records || len(x.batches) != 2 {
			t.Fatalf("%s: batches %v do not hold its %d records", x.id, x.batches, x.records)
		}
		total += x.records
		if x.sampled {
			sampled[x.tier]++
		}
	}
	if total != o.records {
		t.Errorf("records given: %d, want %d", total, o.records)
	}
	// 80 standard + 20 × 4 = 160 units: 125 records a unit.
	if ts[0].tier != "priority" || ts[0].records != 500 || ts[99].tier != "standard" || ts[99].records != 125 {
		t.Errorf("priority %s %d, standard %s %d; want priority 500, standard 125", ts[0].tier, ts[0].records, ts[99].tier, ts[99].records)
	}
	if sampled["priority"] != 10 || sampled["standard"] != 10 {
		t.Errorf("sampled %v, want 10 of each tier", sampled)
	}
}

func TestComputeRatesWaitsAndShare(t *testing.T) {
	o := &options{tenants: 2, priority: 1, workers: 1, slots: 1, sample: 0}
	p := &tenant{id: "p", tier: "priority", weight: 4, sampled: true}
	s := &tenant{id: "s", tier: "standard", weight: 1, sampled: true}
	t0 := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	// One slot, 10 ms a record, 100 records: s gets the first of every 5
	// starts until it has had 18, the rest are p's.
	var recs []record
	sn := 0
	for i := 0; i < 100; i++ {
		who := p
		if i%5 == 0 && sn < 18 {
			who, sn = s, sn+1
		}
		recs = append(recs, record{tenant: who, created: t0, status: "done", started: ms(10 * i), finished: ms(10*i + 10)})
	}
	var r result
	r.compute(o, []*tenant{p, s}, recs)
	near := func(name string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	near("OverallPerSecond", r.OverallPerSecond, 100, 1e-9)
	near("SteadyPerSecond", r.SteadyPerSecond, 100, 1e-9)
	near("SlotUse", r.SlotUse, 1, 1e-9)
	near("WaitP50 (ms)", r.WaitP50, 490, 1e-9)
	near("SlotP50 (ms)", r.SlotP50, 10, 1e-9)
	// The window ends just before s's last start (record 85, at 850 ms):
	// 85 starts, 68 of p and 17 of s, exactly 4:1.
	near("Share.Starts", r.Share.Starts, 85, 0)
	near("Share.MaxDev", r.Share.MaxDev, 0, 1e-9)
	near("Share.Ratio", r.Share.Ratio, 4, 1e-9)
	near("Share.WindowSeconds", r.Share.WindowSeconds, 0.85, 1e-9)
	if r.Failed != 0 || r.Records != 100 {
		t.Errorf("Records %d, Failed %d; want 100, 0", r.Records, r.Failed)
	}
}

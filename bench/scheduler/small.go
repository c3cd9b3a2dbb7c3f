package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/postgres"
)

// smallResult is one run of the small-tenant phase.
type smallResult struct {
	at         time.Time
	load       string
	workers    int
	tenants    int
	every      time.Duration
	bigQueued  [2]int64 // the big tenant's queue when the small tenants start and stop submitting
	rate       float64  // items completed per second meanwhile
	waits      []time.Duration
	submitted  int
	notStarted int
	fairPerTen float64 // a weight-1 group's fair starts per second at the measured rate
	// claims meanwhile: p50 and p99, and the longest a worker process went
	// without starting one
	claimP50, claimP99, maxGap time.Duration
}

func (s *smallResult) q(p float64) time.Duration {
	if len(s.waits) == 0 {
		return 0
	}
	return s.waits[benchkit.QuantileIndex(len(s.waits), p)]
}

// runSmall lets -small idle standard tenants submit single jobs, each every
// -small-every, while -small-workers worker processes drain the full queue,
// and measures each job's wait from the jobs table: started_at − created_at
// (the claim's transaction time minus the submit time).
func runSmall(ctx context.Context, c *cluster, o *options) (*smallResult, error) {
	r := &smallResult{at: time.Now(), workers: o.smallWorkers, tenants: o.small, every: o.smallEvery}
	r.load = benchkit.LoadAvg()
	log.Printf("small tenants: %d worker process(es), %d small tenant(s) each submitting every %s for %s, load average %s",
		o.smallWorkers, o.small, o.smallEvery, o.smallFor, r.load)
	if err := c.freshRunDB(ctx); err != nil {
		return nil, err
	}
	pool, err := pgxpool.New(ctx, c.url(runDB))
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	store := &postgres.Store{Pool: pool}
	tmp, outputs, cleanup, err := runDirs(o)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	ps, err := spawnWorkers(ctx, o, o.smallWorkers, c.url(runDB), outputs, tmp)
	if err != nil {
		killWorkers(ps)
		return nil, err
	}
	defer killWorkers(ps)
	if err := benchkit.Sleep(ctx, o.warmup); err != nil {
		return nil, err
	}
	var small []string
	for i := o.fill.tenants - o.fill.idle; i < o.fill.tenants-o.fill.idle+o.small; i++ {
		small = append(small, tenantID(i))
	}
	big := tenantID(0)
	s0, err := takeSnapshot(ctx, pool, nil, 0)
	if err != nil {
		return nil, err
	}
	r.bigQueued[0] = s0.queued[big]

	var wg sync.WaitGroup
	var mu sync.Mutex
	var submitErr error
	subCtx, stopSubmit := context.WithTimeout(ctx, o.smallFor)
	defer stopSubmit()
	for i, t := range small {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Staggered, so that the submissions spread evenly.
			if benchkit.Sleep(subCtx, time.Duration(i)*o.smallEvery/time.Duration(len(small))) != nil {
				return
			}
			tick := time.NewTicker(o.smallEvery)
			defer tick.Stop()
			for n := 1; ; n++ {
				j := &paprika.Job{TenantID: t, KeyID: "key_small",
					Source: paprika.Source{Template: "<p>{{i}}</p>", Format: "html", Options: json.RawMessage(`{}`)},
					Data:   json.RawMessage(fmt.Sprintf(`{"i":%d}`, n))}
				if err := store.CreateJob(context.WithoutCancel(subCtx), j); err != nil {
					mu.Lock()
					submitErr = err
					mu.Unlock()
					return
				}
				mu.Lock()
				r.submitted++
				mu.Unlock()
				select {
				case <-subCtx.Done():
					return
				case <-tick.C:
				}
			}
		}()
	}
	wg.Wait()
	if submitErr != nil {
		return nil, submitErr
	}
	s1, err := takeSnapshot(ctx, pool, nil, 0)
	if err != nil {
		return nil, err
	}
	r.bigQueued[1] = s1.queued[big]
	r.rate = float64(s1.finished-s0.finished) / s1.at.Sub(s0.at).Seconds()
	r.fairPerTen = r.rate / fairWeight(o.fill)
	// The last submissions get their claim.
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE tenant_id = ANY($1) AND started_at IS NULL`, small).Scan(&r.notStarted); err != nil {
			return nil, err
		}
		if r.notStarted == 0 {
			break
		}
		if err := benchkit.Sleep(ctx, 100*time.Millisecond); err != nil {
			return nil, err
		}
	}
	results, err := stopWorkers(ps)
	if err != nil {
		return nil, err
	}
	r.claimP50, r.claimP99, r.maxGap = claimStats(results, s0.at, s1.at)
	rows, err := pool.Query(ctx, `SELECT extract(epoch FROM started_at - created_at)::float8 FROM jobs
		WHERE tenant_id = ANY($1) AND started_at IS NOT NULL`, small)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var s float64
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		r.waits = append(r.waits, time.Duration(s*float64(time.Second)))
	}
	slices.Sort(r.waits)
	return r, rows.Err()
}

// fairWeight is the sum of the weights of the groups with work queued.
func fairWeight(s fillSpec) float64 {
	w := 0.0
	for _, t := range s.layout() {
		if t.role != "idle" {
			w += t.weight()
		}
	}
	return w
}

package scheduler

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
)

// Kinds of queued work.
const (
	KindJob    = "job"
	KindRecord = "record"
)

// Item is one claimed piece of work.
type Item struct {
	Kind      string
	JobID     uuid.UUID // KindJob
	BatchID   uuid.UUID // KindRecord
	Index     int       // KindRecord
	TenantID  string
	Tier      string
	Submitted time.Time
	Attempt   int
	Token     int64
	Source    postgres.Source // for records, filled from the batch by the worker
	Data      json.RawMessage
}

// Wait is how long the item waited: claim time minus submit time.
func (it *Item) Wait(claimedAt time.Time) time.Duration { return claimedAt.Sub(it.Submitted) }

// Policy is what a claim needs to know: the tiers and which this worker
// claims.
type Policy struct {
	Tiers       config.Tiers
	WorkerTiers []string
	Lease       time.Duration
}

// Claimer claims work by the fair-share policy.
type Claimer struct {
	pool   *pgxpool.Pool
	policy Policy
	// tier parameters of rankLanes, built once.
	names   []string
	weights []float64
	maxRun  []int32
}

// NewClaimer returns a claimer for policy.
func NewClaimer(pool *pgxpool.Pool, policy Policy) *Claimer {
	c := &Claimer{pool: pool, policy: policy}
	for _, t := range policy.Tiers {
		c.names = append(c.names, t.Key)
		c.weights = append(c.weights, t.Weight)
		c.maxRun = append(c.maxRun, int32(t.MaxRunning))
	}
	if c.policy.Lease == 0 {
		c.policy.Lease = 30 * time.Second
	}
	return c
}

type lane struct {
	id             int64
	queuedJobs     int
	queuedRecords  int64
	waitingSince   time.Time
	tenantID, tier string
	weight         float64
	maxRunning     int
	batches        []*turn
	takeJobs       int
	takeRecords    int
}

type group struct {
	running, recent float64
	taken           int
}

type groupKey struct{ tenant, tier string }

type turn struct {
	id        uuid.UUID
	nextIndex int32
	running   int
	queued    int
	submitted time.Time
	take      int
}

// genericPlans makes the transaction's prepared statements run on their
// generic plans, checked in docs/performance.md: left to choose, PostgreSQL
// planned takeRecords and dequeueLanes again for every claim (their generic
// plans look costlier on estimates), 0.3–0.5 ms each.
const genericPlans = "SET LOCAL plan_cache_mode = force_generic_plan"

// Claim claims up to k items in one transaction of three round trips.
func (c *Claimer) Claim(ctx context.Context, k int) ([]Item, error) {
	if k <= 0 {
		return nil, nil
	}
	conn, err := c.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	items, err := c.claim(ctx, conn.Conn(), k)
	if err != nil {
		// The pipeline may have stopped before its COMMIT: end the transaction
		// whatever state it is in, without the caller's cancellation.
		_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
	}
	return items, err
}

func (c *Claimer) claim(ctx context.Context, conn *pgx.Conn, k int) ([]Item, error) {
	now := time.Now()
	minute := now.Unix() / 60
	frac := float64(now.UnixNano()%int64(time.Minute)) / float64(time.Minute)

	// Round trip 1: begin, rank the lanes and lock the best k.
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(genericPlans)
	var lanes []*lane
	b.Queue(rankLanes, c.names, c.weights, c.maxRun, c.policy.WorkerTiers, k, minute, frac).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			l := &lane{}
			if err := rows.Scan(&l.id, &l.queuedJobs, &l.queuedRecords, &l.waitingSince, &l.tenantID, &l.tier, &l.weight, &l.maxRunning); err != nil {
				return err
			}
			lanes = append(lanes, l)
		}
		return rows.Err()
	})
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("rank lanes: %w", err)
	}
	if len(lanes) == 0 {
		_, err := conn.Exec(ctx, "COMMIT")
		return nil, err
	}

	// Round trip 2: lock the groups and read them fresh; list the lanes'
	// batches in turn order.
	var gTenants, gTiers []string
	groups := map[groupKey]*group{}
	var laneIDs []int64
	for _, l := range lanes {
		key := groupKey{l.tenantID, l.tier}
		if groups[key] == nil {
			groups[key] = &group{}
			gTenants, gTiers = append(gTenants, l.tenantID), append(gTiers, l.tier)
		}
		if l.queuedRecords > 0 {
			laneIDs = append(laneIDs, l.id)
		}
	}
	b = &pgx.Batch{}
	b.Queue(ensureGroups, gTenants, gTiers)
	b.Queue(lockGroups, gTenants, gTiers).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			var key groupKey
			var running, gMinute int64
			var cur, prev int
			if err := rows.Scan(&key.tenant, &key.tier, &running, &gMinute, &cur, &prev); err != nil {
				return err
			}
			g := groups[key]
			g.running = float64(running)
			switch gMinute {
			case minute:
				g.recent = float64(cur) + float64(prev)*(1-frac)
			case minute - 1:
				g.recent = float64(cur) * (1 - frac)
			}
		}
		return rows.Err()
	})
	byLane := map[int64]*lane{}
	for _, l := range lanes {
		byLane[l.id] = l
	}
	if len(laneIDs) > 0 {
		b.Queue(laneBatches, laneIDs, k).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				var laneID int64
				t := &turn{}
				if err := rows.Scan(&laneID, &t.id, &t.running, &t.queued, &t.submitted, &t.nextIndex); err != nil {
					return err
				}
				byLane[laneID].batches = append(byLane[laneID].batches, t)
			}
			return rows.Err()
		})
	}
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("lock groups: %w", err)
	}

	n := allocate(lanes, groups, k)
	if n == 0 {
		_, err := conn.Exec(ctx, "COMMIT")
		return nil, err
	}

	// Round trip 3: take the items, move the counters, commit.
	var jLanes []int64
	var jCounts []int32
	var jTiers []string
	var rBatches []uuid.UUID
	var rCounts []int32
	var rTiers []string
	var rSubmitted []time.Time
	var rFrom []int32
	var dLanes []int64
	var dJobs, dRecords []int32
	started := map[groupKey]int{}
	batchTenant := map[uuid.UUID]string{}
	for _, l := range lanes {
		if l.takeJobs+l.takeRecords == 0 {
			continue
		}
		if l.takeJobs > 0 {
			jLanes, jCounts, jTiers = append(jLanes, l.id), append(jCounts, int32(l.takeJobs)), append(jTiers, l.tier)
		}
		for _, t := range l.batches {
			if t.take > 0 {
				rBatches, rCounts = append(rBatches, t.id), append(rCounts, int32(t.take))
				rTiers, rSubmitted = append(rTiers, l.tier), append(rSubmitted, t.submitted)
				rFrom = append(rFrom, t.nextIndex)
				batchTenant[t.id] = l.tenantID
			}
		}
		dLanes, dJobs, dRecords = append(dLanes, l.id), append(dJobs, int32(l.takeJobs)), append(dRecords, int32(l.takeRecords))
		started[groupKey{l.tenantID, l.tier}] += l.takeJobs + l.takeRecords
	}
	var sTenants, sTiers []string
	var sCounts []int32
	for i := range gTenants {
		if m := started[groupKey{gTenants[i], gTiers[i]}]; m > 0 {
			sTenants, sTiers, sCounts = append(sTenants, gTenants[i]), append(sTiers, gTiers[i]), append(sCounts, int32(m))
		}
	}
	lease := c.policy.Lease.String()
	items := make([]Item, 0, n)
	b = &pgx.Batch{}
	if len(jLanes) > 0 {
		b.Queue(takeJobs, jLanes, jCounts, jTiers, lease).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				it := Item{Kind: KindJob}
				s := &it.Source
				if err := rows.Scan(&it.JobID, &it.TenantID, &it.Tier, &it.Submitted, &it.Attempt, &it.Token, &s.Format,
					&s.Template, &s.TemplateID, &s.TemplateVersion, &it.Data, &s.Options); err != nil {
					return err
				}
				items = append(items, it)
			}
			return rows.Err()
		})
	}
	if len(rBatches) > 0 {
		b.Queue(lockBatches, sortedUUIDs(rBatches))
		b.Queue(takeRecords, rBatches, rCounts, rTiers, rSubmitted, lease, rFrom).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				it := Item{Kind: KindRecord}
				if err := rows.Scan(&it.BatchID, &it.Index, &it.Tier, &it.Submitted, &it.Attempt, &it.Token, &it.Data); err != nil {
					return err
				}
				items = append(items, it)
			}
			return rows.Err()
		})
	}
	b.Queue(dequeueLanes, dLanes, dJobs, dRecords)
	b.Queue(countStarts, sTenants, sTiers, sCounts, minute)
	b.Queue("COMMIT")
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("take work: %w", err)
	}
	for i := range items {
		if items[i].Kind == KindRecord {
			items[i].TenantID = batchTenant[items[i].BatchID]
		}
	}
	if len(items) != n {
		// The counters and the rows disagree: a bug, but the rows are the truth
		// and what was taken is consistent. Say so loudly.
		return items, fmt.Errorf("claim took %d items where the lane counters promised %d", len(items), n)
	}
	return items, nil
}

// allocate replays the policy k times over the locked lanes: each slot goes
// to the lane whose group has the lowest share used, counting what this
// claim already gave it (a start adds to both running and started), ties to
// the lane waiting longest, then to one with single jobs. It returns how many
// items it handed out.
func allocate(lanes []*lane, groups map[groupKey]*group, k int) int {
	n := 0
	for ; n < k; n++ {
		var best *lane
		var bestShare float64
		for _, l := range lanes {
			if l.takeJobs >= l.queuedJobs && !l.hasRecordsLeft() {
				continue
			}
			g := groups[groupKey{l.tenantID, l.tier}]
			if l.maxRunning > 0 && int(g.running)+g.taken >= l.maxRunning {
				continue
			}
			share := (g.running + g.recent + 2*float64(g.taken)) / l.weight
			if best == nil || share < bestShare ||
				(share == bestShare && (l.waitingSince.Before(best.waitingSince) ||
					(l.waitingSince.Equal(best.waitingSince) && l.takeJobs < l.queuedJobs && best.takeJobs >= best.queuedJobs))) {
				best, bestShare = l, share
			}
		}
		if best == nil {
			break
		}
		groups[groupKey{best.tenantID, best.tier}].taken++
		if best.takeJobs < best.queuedJobs {
			best.takeJobs++
			continue
		}
		// Batches take turns: the fewest running (counting this claim's), then the oldest.
		var next *turn
		for _, t := range best.batches {
			if t.take >= t.queued {
				continue
			}
			if next == nil || t.running+t.take < next.running+next.take {
				next = t
			}
		}
		next.take++
		best.takeRecords++
	}
	return n
}

func (l *lane) hasRecordsLeft() bool {
	for _, t := range l.batches {
		if t.take < t.queued {
			return true
		}
	}
	return false
}

func sortedUUIDs(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	return out
}

package postgres

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// The claim's transaction settings (sql/claim.sql): generic-plans and
// commit-async.
var (
	genericPlans      = Statement("generic-plans")
	claimsCommitAsync = Statement("commit-async")
)

// Queue is the store of scheduler's claims: the policy (internal/scheduler)
// decides, the queue ranks, locks and takes.
var _ scheduler.Queue = (*Queue)(nil)

// claim is one claim's transaction on a connection of its own (see
// scheduler.Claim): three pipelined round trips.
type claim struct {
	q      *Queue
	conn   *pgxpool.Conn
	p      scheduler.ClaimParams
	minute int64
	frac   float64
	lanes  []*scheduler.Lane
	bound  float64 // see scheduler.Claim.Bound
	groups map[scheduler.GroupKey]*scheduler.Group
	order  []scheduler.GroupKey // the groups in lock order
	open   bool                 // a transaction is open
}

// BeginClaim starts a claim: round trip 1 begins the transaction, ranks the
// lanes by their groups' share used and locks the best p.K that no other
// claimer holds.
func (q *Queue) BeginClaim(ctx context.Context, p scheduler.ClaimParams) (scheduler.Claim, error) {
	conn, err := q.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	c := &claim{q: q, conn: conn, p: p, minute: p.Now.Unix() / 60,
		frac: float64(p.Now.UnixNano()%int64(time.Minute)) / float64(time.Minute), open: true}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(genericPlans)
	b.Queue(claimsCommitAsync)
	b.Queue(sqlRankLanes, p.Names, p.Weights, p.MaxRunning, p.WorkerTiers, p.K, c.minute, c.frac).Query(func(rows pgx.Rows) error {
		c.bound = math.Inf(1)
		for rows.Next() {
			l := &scheduler.Lane{}
			var share float64
			var bound *float64
			if err := rows.Scan(&l.ID, &share, &l.WaitingSince, &l.QueuedJobs, &l.QueuedRecords, &l.TenantID, &l.Tier, &l.Weight, &l.MaxRunning, &bound); err != nil {
				return err
			}
			if bound != nil {
				c.bound = *bound
			}
			c.lanes = append(c.lanes, l)
		}
		return rows.Err()
	})
	if err := conn.Conn().SendBatch(ctx, b).Close(); err != nil {
		c.Close()
		return nil, fmt.Errorf("rank lanes: %w", err)
	}
	return c, nil
}

func (c *claim) Lanes() []*scheduler.Lane { return c.lanes }

func (c *claim) Bound() float64 { return c.bound }

// LockGroups is round trip 2: it makes and locks the lanes' groups' rows and
// reads them fresh, and lists the lanes' batches in turn order.
func (c *claim) LockGroups(ctx context.Context) (map[scheduler.GroupKey]*scheduler.Group, error) {
	c.groups = map[scheduler.GroupKey]*scheduler.Group{}
	var tenants, tiers []string
	var withRecords []int64
	byLane := map[int64]*scheduler.Lane{}
	for _, l := range c.lanes {
		key := scheduler.GroupKey{Tenant: l.TenantID, Tier: l.Tier}
		if c.groups[key] == nil {
			c.groups[key] = &scheduler.Group{}
			c.order = append(c.order, key)
			tenants, tiers = append(tenants, l.TenantID), append(tiers, l.Tier)
		}
		if l.QueuedRecords > 0 {
			withRecords = append(withRecords, l.ID)
		}
		byLane[l.ID] = l
	}
	b := &pgx.Batch{}
	if missing := c.unknownGroups(); len(missing) > 0 {
		var mt, mi []string
		for _, key := range missing {
			mt, mi = append(mt, key.Tenant), append(mi, key.Tier)
		}
		b.Queue(sqlEnsureGroups, mt, mi)
	}
	locked := 0
	b.Queue(sqlLockGroups, tenants, tiers).Query(func(rows pgx.Rows) error {
		for rows.Next() {
			locked++
			var key scheduler.GroupKey
			var running, gMinute int64
			var cur, prev int
			if err := rows.Scan(&key.Tenant, &key.Tier, &running, &gMinute, &cur, &prev); err != nil {
				return err
			}
			g := c.groups[key]
			g.Running = float64(running)
			switch gMinute {
			case c.minute:
				g.Recent = float64(cur) + float64(prev)*(1-c.frac)
			case c.minute - 1:
				g.Recent = float64(cur) * (1 - c.frac)
			}
		}
		return rows.Err()
	})
	if len(withRecords) > 0 {
		b.Queue(sqlLaneBatches, withRecords, c.p.K).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				var laneID int64
				t := &scheduler.Turn{}
				if err := rows.Scan(&laneID, &t.ID, &t.Running, &t.Queued, &t.Submitted, &t.NextIndex); err != nil {
					return err
				}
				byLane[laneID].Batches = append(byLane[laneID].Batches, t)
			}
			return rows.Err()
		})
	}
	if err := c.conn.Conn().SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("lock groups: %w", err)
	}
	if locked != len(c.order) {
		// A known group's row is gone (a database reset under a running
		// process): forget them all, and let the next claim make them.
		c.q.groups.Clear()
		return nil, fmt.Errorf("lock groups: %d of %d groups' rows found", locked, len(c.order))
	}
	return c.groups, nil
}

// unknownGroups are the claim's groups that no committed claim has seen.
func (c *claim) unknownGroups() []scheduler.GroupKey {
	var out []scheduler.GroupKey
	for _, key := range c.order {
		if _, ok := c.q.groups.Load(key); !ok {
			out = append(out, key)
		}
	}
	return out
}

// committed remembers the claim's groups as existing, once its transaction
// (which may have made their rows) has committed.
func (c *claim) committed() {
	for _, key := range c.order {
		c.q.groups.Store(key, struct{}{})
	}
}

// take is what round trip 3 takes, as the statements' array arguments.
type take struct {
	jLanes          []int64
	jCounts         []int32
	jTiers          []string
	rBatches        []uuid.UUID
	rCounts, rFrom  []int32
	rTiers          []string
	rSubmitted      []time.Time
	dLanes          []int64
	dJobs, dRecords []int32
	sTenants        []string
	sTiers          []string
	sCounts         []int32
	batchTenant     map[uuid.UUID]string
	n               int
}

// plan turns what the policy set on the lanes into the statements' arguments.
func (c *claim) plan() *take {
	t := &take{batchTenant: map[uuid.UUID]string{}}
	started := map[scheduler.GroupKey]int{}
	for _, l := range c.lanes {
		if l.TakeJobs+l.TakeRecords == 0 {
			continue
		}
		if l.TakeJobs > 0 {
			t.jLanes, t.jCounts, t.jTiers = append(t.jLanes, l.ID), append(t.jCounts, int32(l.TakeJobs)), append(t.jTiers, l.Tier)
		}
		for _, b := range l.Batches {
			if b.Take > 0 {
				t.rBatches, t.rCounts = append(t.rBatches, b.ID), append(t.rCounts, int32(b.Take))
				t.rTiers, t.rSubmitted = append(t.rTiers, l.Tier), append(t.rSubmitted, b.Submitted)
				t.rFrom = append(t.rFrom, b.NextIndex)
				t.batchTenant[b.ID] = l.TenantID
			}
		}
		t.dLanes, t.dJobs, t.dRecords = append(t.dLanes, l.ID), append(t.dJobs, int32(l.TakeJobs)), append(t.dRecords, int32(l.TakeRecords))
		started[scheduler.GroupKey{Tenant: l.TenantID, Tier: l.Tier}] += l.TakeJobs + l.TakeRecords
		t.n += l.TakeJobs + l.TakeRecords
	}
	for _, key := range c.order {
		if m := started[key]; m > 0 {
			t.sTenants, t.sTiers, t.sCounts = append(t.sTenants, key.Tenant), append(t.sTiers, key.Tier), append(t.sCounts, int32(m))
		}
	}
	return t
}

// Take is round trip 3: it takes the items the policy gave each lane, moves
// the lanes' counters and the groups' starts, and commits.
func (c *claim) Take(ctx context.Context) ([]paprika.Item, error) {
	t := c.plan()
	if t.n == 0 {
		return nil, c.Commit(ctx)
	}
	lease := c.p.Lease.String()
	items := make([]paprika.Item, 0, t.n)
	b := &pgx.Batch{}
	if len(t.jLanes) > 0 {
		b.Queue(sqlTakeJobs, t.jLanes, t.jCounts, t.jTiers, lease).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				it := paprika.Item{Kind: paprika.KindJob}
				s := &it.Source
				if err := rows.Scan(&it.JobID, &it.TenantID, &it.Tier, &it.Submitted, &it.Attempt, &it.Token, &s.Format,
					&s.Template, &s.TemplateID, &s.TemplateVersion, &it.Data, &s.Options, &s.Asset); err != nil {
					return err
				}
				items = append(items, it)
			}
			return rows.Err()
		})
	}
	if len(t.rBatches) > 0 {
		b.Queue(sqlLockBatches, sortedUUIDs(t.rBatches))
		b.Queue(sqlTakeRecords, t.rBatches, t.rCounts, t.rTiers, t.rSubmitted, lease, t.rFrom).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				it := paprika.Item{Kind: paprika.KindRecord}
				if err := rows.Scan(&it.BatchID, &it.Index, &it.Tier, &it.Submitted, &it.Attempt, &it.Token, &it.Data); err != nil {
					return err
				}
				it.TenantID = t.batchTenant[it.BatchID]
				items = append(items, it)
			}
			return rows.Err()
		})
	}
	b.Queue(sqlDequeueLanes, t.dLanes, t.dJobs, t.dRecords)
	b.Queue(sqlCountStarts, t.sTenants, t.sTiers, t.sCounts, c.minute)
	b.Queue("COMMIT")
	if err := c.conn.Conn().SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("take work: %w", err)
	}
	c.open = false
	c.committed()
	if len(items) != t.n {
		// The counters and the rows disagree: a bug, but the rows are the truth
		// and what was taken is consistent. Say so loudly.
		return items, fmt.Errorf("claim took %d items where the lane counters promised %d", len(items), t.n)
	}
	return items, nil
}

// Commit ends a claim that takes nothing.
func (c *claim) Commit(ctx context.Context) error {
	if !c.open {
		return nil
	}
	_, err := c.conn.Exec(ctx, "COMMIT")
	if err == nil {
		c.open = false
		c.committed()
	}
	return err
}

// Close rolls back a transaction still open (the pipeline may have stopped
// before its COMMIT), without the caller's cancellation, and gives the
// connection back.
func (c *claim) Close() {
	if c.open {
		_, _ = c.conn.Exec(context.Background(), "ROLLBACK")
	}
	c.conn.Release()
}

func sortedUUIDs(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	return slices.Compact(out)
}

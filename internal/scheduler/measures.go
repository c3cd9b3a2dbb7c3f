package scheduler

import (
	"context"
	"math"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/config"
)

// Percentiles are p50 and p95 in seconds; nil when nothing was measured.
type Percentiles struct {
	P50 *float64 `json:"p50"`
	P95 *float64 `json:"p95"`
}

// TierMeasures are one tier's figures (SPEC §4.7).
type TierMeasures struct {
	Tier          string      `json:"tier"`
	Name          string      `json:"name"`
	Weight        float64     `json:"weight"`
	MaxRunning    *int        `json:"maxRunning"`
	RatePerMinute *int        `json:"ratePerMinute"`
	Queued        int64       `json:"queued"`
	Running       int64       `json:"running"`
	Started       int64       `json:"started"`
	Done          int64       `json:"done"`
	WaitSeconds   Percentiles `json:"waitSeconds"`
	RenderSeconds Percentiles `json:"renderSeconds"`
}

const queuedByTier = `
WITH tiers AS (SELECT * FROM unnest($1::text[]) AS t(name))
SELECT coalesce(kt.name, tt.name, ($1::text[])[1]), sum(l.queued_jobs + l.queued_records)::bigint
FROM lanes l
JOIN tenants t ON t.id = l.tenant_id
LEFT JOIN tiers kt ON kt.name = l.key_tier
LEFT JOIN tiers tt ON tt.name = t.tier
WHERE l.waiting_since IS NOT NULL
GROUP BY 1`

const runningByTier = `
SELECT g.tier, sum(g.started - coalesce(f.finished, 0))::bigint
FROM group_starts g LEFT JOIN group_finishes f ON f.tenant_id = g.tenant_id AND f.tier = g.tier
GROUP BY 1`

const measuredByTier = `
SELECT tier, kind::text, count(*),
    percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds),
    percentile_cont(0.95) WITHIN GROUP (ORDER BY seconds)
FROM measures WHERE at > now() - make_interval(mins => $1)
GROUP BY 1, 2`

// Measures returns every configured tier's figures, in configured order:
// queued and running now, and over the last minutes the work started (with
// its wait) and done (with its render time).
func Measures(ctx context.Context, pool *pgxpool.Pool, tiers config.Tiers, minutes int) ([]TierMeasures, error) {
	out := make([]TierMeasures, len(tiers))
	index := map[string]*TierMeasures{}
	for i, t := range tiers {
		m := &out[i]
		*m = TierMeasures{Tier: t.Key, Name: t.Name, Weight: t.Weight}
		if t.MaxRunning > 0 {
			m.MaxRunning = &t.MaxRunning
		}
		if t.RatePerMinute > 0 {
			m.RatePerMinute = &t.RatePerMinute
		}
		index[t.Key] = m
	}
	if err := addByTier(ctx, pool, index, func(m *TierMeasures, n int64) { m.Queued += n }, queuedByTier, tiers.Names()); err != nil {
		return nil, err
	}
	if err := addByTier(ctx, pool, index, func(m *TierMeasures, n int64) { m.Running += n }, runningByTier); err != nil {
		return nil, err
	}
	rows, err := pool.Query(ctx, measuredByTier, minutes)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var tier, kind string
		var n int64
		var p50, p95 float64
		if err := rows.Scan(&tier, &kind, &n, &p50, &p95); err != nil {
			return nil, err
		}
		m := index[tier]
		if m == nil {
			continue // a tier no longer configured
		}
		p := Percentiles{P50: round3(p50), P95: round3(p95)}
		if kind == "s" {
			m.Started, m.WaitSeconds = n, p
		} else {
			m.Done, m.RenderSeconds = n, p
		}
	}
	return out, rows.Err()
}

// addByTier runs a query answering (tier, count) rows and adds each count to
// its configured tier; tiers no longer configured are left out.
func addByTier(ctx context.Context, pool *pgxpool.Pool, index map[string]*TierMeasures, add func(*TierMeasures, int64), sql string, args ...any) error {
	rows, err := pool.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	var tier string
	var n int64
	_, err = pgx.ForEachRow(rows, []any{&tier, &n}, func() error {
		if m := index[tier]; m != nil {
			add(m, n)
		}
		return nil
	})
	return err
}

func round3(x float64) *float64 {
	r := math.Round(x*1000) / 1000
	return &r
}

package console

import (
	"net/http"
	"time"

	"github.com/paprikahq/paprika/internal/scheduler"
)

// schedulerShow is the scheduler live: the last hour's measures per tier in
// a table, and charts that scheduler.js keeps up to date from
// schedulerSamples.
func (c *Console) schedulerShow(w http.ResponseWriter, r *http.Request, s *session) error {
	var m schedulerJSON
	if err := c.call(r, s, http.MethodGet, "/v1/admin/scheduler?minutes=60", nil, &m); err != nil {
		return err
	}
	c.render(w, r, s, http.StatusOK, "scheduler", "scheduler", schedulerPage{m, c.cfg.SampleEvery.Milliseconds()})
	return nil
}

type schedulerPage struct {
	schedulerJSON
	EveryMs int64 // how often the page asks for samples
}

// chartSeries is the samples as the charts draw them: one column of times
// (Unix seconds) and, per measure, one column per tier.
type chartSeries struct {
	Tiers    []string                 `json:"tiers"`
	Times    []int64                  `json:"times"`
	Measures map[string][][]*float64  `json:"measures"`
	Table    []scheduler.TierMeasures `json:"table"` // the last hour's figures, for the table
}

// measureNames are the charted measures, each from a one-minute window.
var measureNames = []string{"queued", "running", "started", "done", "waitP95", "renderP95"}

// schedulerSamples takes a sample when one is due and answers the kept ones.
func (c *Console) schedulerSamples(w http.ResponseWriter, r *http.Request, s *session) error {
	if now := time.Now(); c.samples.due(now) {
		var m schedulerJSON
		if err := c.call(r, s, http.MethodGet, "/v1/admin/scheduler?minutes=1", nil, &m); err != nil {
			return err
		}
		c.samples.add(sample{At: now, Tiers: m.Tiers})
	}
	var hour schedulerJSON
	if err := c.call(r, s, http.MethodGet, "/v1/admin/scheduler?minutes=60", nil, &hour); err != nil {
		return err
	}
	out := chartSeries{Measures: map[string][][]*float64{}, Table: hour.Tiers}
	for _, t := range hour.Tiers {
		out.Tiers = append(out.Tiers, t.Tier)
	}
	samples := c.samples.all()
	for _, name := range measureNames {
		cols := make([][]*float64, len(out.Tiers))
		for i := range cols {
			cols[i] = make([]*float64, len(samples))
		}
		out.Measures[name] = cols
	}
	for j, x := range samples {
		out.Times = append(out.Times, x.At.Unix())
		for _, t := range x.Tiers {
			i := indexOf(out.Tiers, t.Tier)
			if i < 0 {
				continue
			}
			for name, v := range map[string]*float64{
				"queued": f(float64(t.Queued)), "running": f(float64(t.Running)),
				"started": f(float64(t.Started)), "done": f(float64(t.Done)),
				"waitP95": t.WaitSeconds.P95, "renderP95": t.RenderSeconds.P95,
			} {
				out.Measures[name][i][j] = v
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func f(v float64) *float64 { return &v }

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

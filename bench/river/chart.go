package main

import (
	"fmt"
	"image/color"
	"math"
	"runtime/debug"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// riverVersion is the River module this binary was built with.
var riverVersion = func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/riverqueue/river" {
				return d.Version
			}
		}
	}
	return "(unknown version)"
}()

// minWait is the floor of the chart's log scale.
const minWait = time.Millisecond

// drawChart plots every small job's wait against the time it was submitted
// (seconds since its system's window opened), on a log scale, one colour a
// system; jobs that had not started when the run ended are drawn hollow at
// the wait they had reached.
func drawChart(path string, o *options, results []*result) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Small tenants' waits behind a %d-job flood (%d tenants × 1 job every %s)", o.flood, o.small, o.every)
	p.X.Label.Text = "submitted at (s since the small tenants started)"
	p.Y.Label.Text = "wait, submit → start (s, log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	colours := map[string]color.Color{
		"Paprika": color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
		"River":   color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	}
	for _, r := range results {
		var started, waiting plotter.XYs
		for _, w := range r.waits {
			pt := plotter.XY{X: w.submitted.Sub(r.windowStart).Seconds(), Y: math.Max(w.wait.Seconds(), minWait.Seconds())}
			if w.started {
				started = append(started, pt)
			} else {
				waiting = append(waiting, pt)
			}
		}
		c := colours["Paprika"]
		if r.system != "Paprika" {
			c = colours["River"]
		}
		p50, ok50 := r.q(0.5)
		p95, ok95 := r.q(0.95)
		label := fmt.Sprintf("%s, %.0f jobs/s: p50 %s, p95 %s", r.system, r.rate, fmtQ(p50, ok50), fmtQ(p95, ok95))
		if len(started) > 0 {
			s, err := plotter.NewScatter(started)
			if err != nil {
				return err
			}
			s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(1.2), Shape: draw.CircleGlyph{}}
			p.Add(s)
			p.Legend.Add(label, s)
			label = r.system + ", not started by the end (at least)"
		}
		if len(waiting) > 0 {
			s, err := plotter.NewScatter(waiting)
			if err != nil {
				return err
			}
			s.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(1.5), Shape: draw.RingGlyph{}}
			p.Add(s)
			p.Legend.Add(label, s)
		}
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p.Save(10*vg.Inch, 5*vg.Inch, path)
}

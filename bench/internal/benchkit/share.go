package benchkit

import (
	"fmt"
	"math"
	"sort"
)

// Group is one fair-share group (a tenant at the tier its work ran at):
// its starts in a window during which it had work queued throughout, and
// its tier's weight.
type Group struct {
	Tenant, Tier string
	Starts       float64
	Weight       float64
}

// Share compares each group's starts in a window with its fair share.
//
// With s_g the starts of group g and w_g its weight, the fair share of g is
// f_g = w_g · Σs / Σw over the groups given, and its deviation is
// s_g / f_g − 1. Reported: the largest |deviation| of any group (signed),
// the same in starts (|s_g − f_g|), the tiers' deviations (Σs over the tier
// against Σf), and the mean starts of a group per tier. Only groups that
// had work waiting through the whole window may be given: a group with
// nothing to run cannot take its share.
type Share struct {
	Groups        int
	FairPerWeight float64 // f_g of a weight-1 group
	MaxDev        float64
	MaxDevGroup   string // the group with the largest |deviation|, its starts and fair share
	MaxAbs        float64
	P99Dev        float64 // the 99th percentile of |deviation|
	TierDev       map[string]float64
	MeanStarts    map[string]float64 // mean starts of a group, per tier
}

// FairShare computes the Share of groups; the zero Share when nothing
// started.
func FairShare(gs []Group) Share {
	var res Share
	sumS, sumW := 0.0, 0.0
	for _, g := range gs {
		sumS += g.Starts
		sumW += g.Weight
	}
	if sumS == 0 || sumW == 0 {
		return res
	}
	res.Groups = len(gs)
	res.FairPerWeight = sumS / sumW
	res.TierDev = map[string]float64{}
	res.MeanStarts = map[string]float64{}
	tierS, tierF, count := map[string]float64{}, map[string]float64{}, map[string]float64{}
	var devs []float64
	for _, g := range gs {
		f := g.Weight * res.FairPerWeight
		d := g.Starts/f - 1
		devs = append(devs, math.Abs(d))
		if math.Abs(d) > math.Abs(res.MaxDev) {
			res.MaxDev, res.MaxDevGroup = d, fmt.Sprintf("%s/%s (%.0f starts, fair %.1f)", g.Tenant, g.Tier, g.Starts, f)
		}
		res.MaxAbs = max(res.MaxAbs, math.Abs(g.Starts-f))
		tierS[g.Tier] += g.Starts
		tierF[g.Tier] += f
		count[g.Tier]++
	}
	for t := range tierS {
		res.TierDev[t] = tierS[t]/tierF[t] - 1
		res.MeanStarts[t] = tierS[t] / count[t]
	}
	sort.Float64s(devs)
	res.P99Dev = devs[QuantileIndex(len(devs), 0.99)]
	return res
}

// Ratio is the mean starts of a group of tier a over those of a group of
// tier b (the weights' ratio is exact); 0 when either is missing.
func (s Share) Ratio(a, b string) float64 {
	if s.MeanStarts[a] == 0 || s.MeanStarts[b] == 0 {
		return 0
	}
	return s.MeanStarts[a] / s.MeanStarts[b]
}

package console

import "github.com/paprikahq/paprika/internal/scheduler"

// The console decodes the API's answers (docs/api.md) into the very types
// the API encodes them from, those of package wire, so that it depends on
// the API's contract only, and the two cannot drift apart; the scheduler's
// measures are the scheduler's own (scheduler.TierMeasures).

// schedulerJSON is the answer of GET /v1/admin/scheduler.
type schedulerJSON struct {
	Minutes int                      `json:"minutes"`
	Tiers   []scheduler.TierMeasures `json:"tiers"`
}

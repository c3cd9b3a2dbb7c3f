package scheduler

import (
	"context"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Queue is what a claim needs of the store (internal/postgres.Queue): the
// claim of three round trips. The worker runtime (internal/worker) needs
// more of it: completions, leases, releases and sources.
type Queue interface {
	BeginClaim(ctx context.Context, p paprika.ClaimParams) (paprika.Claim, error)
}

// Kinds of queued work, as the domain names them.
const (
	KindJob    = paprika.KindJob
	KindRecord = paprika.KindRecord
)

// Item is one claimed piece of work.
type Item = paprika.Item

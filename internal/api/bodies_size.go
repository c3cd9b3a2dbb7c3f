package api

import (
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
)

// bodyBudgetBatches is how many bodies of the largest size a route takes
// (PAPRIKA_MAX_BATCH_BYTES, 100 MiB by default) the process reads and
// holds at once: with what handlers make of them and the garbage the
// collector has yet to take (bodies of unknown length grow by doubling),
// the heap held up to 3.6 times the budget (TestBodiesShareOneBudget), so
// the default budget, four batches of 100 MiB, may take about 1.5 GiB.
const bodyBudgetBatches = 4

// bodyBudgetShare is the share of the process's memory limit (its cgroup's,
// or GOMEMLIMIT) the budget takes at most: the rest is the api's Chromium
// (synchronous renders), its outputs and everything else.
const bodyBudgetShare = 8

// processBodyBudget is the process's budget of bodies: bodyBudgetSize,
// of which one tenant's bodies take at most half, or one body of the
// largest size when that is more, so that a tenant can always send one.
//
// When the budget empties after holding a quarter of itself, the process
// gives the pages of the bodies back (returnMemory), at most every 10 s:
// a burst of refused bodies leaves nothing resident behind it.
func processBodyBudget(cfg *config.Config, memLimit int64) *BodyBudget {
	size := bodyBudgetSize(cfg, memLimit)
	b := newBodyBudget(size, max(size/2, largestBody(cfg)+1))
	b.returnsMemory(size/4, 10*time.Second)
	return b
}

// returnsMemory has the budget call returnMemory when it empties after
// holding at least at bytes, at most once every every.
func (b *BodyBudget) returnsMemory(at int64, every time.Duration) {
	b.drained, b.drainAt, b.drainEvery = returnMemory, at, every
}

// bodyBudgetSize is the size of the process's budget of bodies: room for
// bodyBudgetBatches bodies of the largest size a route takes, but no more
// than 1/bodyBudgetShare of memLimit when one is set (0: none), and never
// less than room for one body of that size, so that every body a route
// takes can be read when nothing else is.
func bodyBudgetSize(cfg *config.Config, memLimit int64) int64 {
	largest := largestBody(cfg) + 1
	size := bodyBudgetBatches * largest
	if memLimit > 0 {
		size = min(size, memLimit/bodyBudgetShare)
	}
	return max(size, largest)
}

// memoryLimit is the memory this process may use: the least of
// GOMEMLIMIT and its cgroup's limit (v2, else v1), or 0 when neither is set.
func memoryLimit() int64 {
	limit := int64(0)
	if l := debug.SetMemoryLimit(-1); l > 0 && l < math.MaxInt64 {
		limit = l
	}
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// "max", or a v1 group's "no limit" (the largest page-aligned int64).
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && n > 0 && n < 1<<62 && (limit == 0 || n < limit) {
			limit = n
		}
		break
	}
	return limit
}

// largestBody is the most bytes of a body any route reads.
func largestBody(cfg *config.Config) int64 {
	return max(cfg.MaxBatchBytes, cfg.MaxRequestBytes, paprika.MaxAssetBytes)
}

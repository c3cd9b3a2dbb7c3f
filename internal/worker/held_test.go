package worker

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/scheduler/schedtest"
	"github.com/paprikahq/paprika/internal/storage"
)

// stalledStore is a file store whose puts wait until it is let go: the
// worker's flushes stall, and its rendered results pile up unrecorded. It
// embeds the Store interface, not *storage.Files, so that storage.PutAll
// finds no group put and calls Put for each output.
type stalledStore struct {
	storage.Store
	once    sync.Once
	release chan struct{}
}

func (s *stalledStore) letGo() { s.once.Do(func() { close(s.release) }) }

func (s *stalledStore) Put(ctx context.Context, key string, body []byte) error {
	select {
	case <-s.release:
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.Store.Put(ctx, key, body)
}

// A worker holds at most Config.Held rendered results waiting for their
// flush, and past its slots at most Config.HeldBytes of their output, and
// of a tier with maxRunning no more than its slots: with
// the store stalled, its slots render exactly up to the bound and wait;
// once the store lets go every record is done, with its output.
func TestHeldResultsAreBounded(t *testing.T) {
	t.Parallel()
	// Each output is "<p>ok</p>", 9 bytes. Two slots: with Held 5 the
	// slots render 5, then one more each and wait for it (7). With 40
	// bytes, the fifth result is the first past them (45), and it and the
	// sixth wait (6). A tier with maxRunning holds no more than the slots
	// (the third and fourth wait: 4).
	for _, c := range []struct {
		name    string
		tier    string
		held    int
		bytes   int64
		renders int
	}{
		{"by count", "", 5, 1 << 20, 7},
		{"by bytes", "", 100, 40, 6},
		{"maxRunning", "priority", 100, 1 << 20, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := setup(t, schedtest.SeedTiers)
			f.Tenant("acme", c.tier)
			b := f.Batch("acme", 20)
			files := &storage.Files{Dir: t.TempDir()}
			store := &stalledStore{Store: files, release: make(chan struct{})}
			r := &schedtest.Renderer{}
			w := New(postgres.NewQueue(f.Pool), Config{
				Policy: scheduler.Policy{Tiers: f.Tiers, WorkerTiers: f.Tiers.Names(), Lease: 30 * time.Second},
				Slots:  2, Renderer: r, Outputs: store, Poll: 50 * time.Millisecond, Grace: 2 * time.Second,
				Held: c.held, HeldBytes: c.bytes,
			})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- w.Run(ctx) }()
			defer func() { cancel(); require.NoError(t, <-done) }()
			defer store.letGo() // first, or the worker's last flush waits for good

			schedtest.WaitFor(t, "the slots to fill the bound", func() bool { return r.Renders() >= c.renders })
			// The slots now wait for their flush, which waits for the store:
			// a few more claim rounds render nothing more.
			time.Sleep(300 * time.Millisecond)
			require.Equal(t, c.renders, r.Renders(), "renders while the store is stalled")

			store.letGo()
			schedtest.WaitFor(t, "every record done", func() bool {
				return schedtest.Count(t, f.Pool, `SELECT count(*) FROM batch_records WHERE batch_id = $1 AND status = 'done'`, b.ID) == 20
			})
			require.Equal(t, 20, r.Renders(), "each record rendered once")
			for i := 1; i <= 20; i++ {
				info, err := files.Stat(t.Context(), storage.RecordKey("acme", b.ID, i, "html"))
				require.NoError(t, err)
				require.EqualValues(t, 9, info.Size)
			}
		})
	}
}

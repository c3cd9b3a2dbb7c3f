// Command storage measures what the output store costs a batch: PDFs/s of
// one batch rendered by a real worker (real Chromium, a private PostgreSQL)
// with its outputs in files (file://, fsynced) and in a bucket of a local
// versitygw (s3://, the harness of internal/s3test), in interleaved rounds,
// reporting the median of each.
//
//	go run ./bench/storage -records 60 -rounds 3
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/bench/internal/fixture"
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/s3test"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/worker"
)

func main() {
	invoice := flag.String("invoice", "", "the template of every record (default: bench/internal/fixture/invoice.html, built in)")
	records := flag.Int("records", 60, "records in each measured batch")
	rounds := flag.Int("rounds", 3, "measurements per store, interleaved; the median is reported")
	slots := flag.Int("slots", 2, "the worker's render slots (PAPRIKA_WORKERS)")
	format := flag.String("format", "pdf", "pdf, png or html (html: no Chromium, the store's cost alone)")
	flag.Parse()
	if err := run(*invoice, *records, *rounds, *slots, *format); err != nil {
		log.Fatal(err)
	}
}

func run(invoice string, records, rounds, slots int, format string) error {
	ctx := context.Background()
	tmpl, err := fixture.Load(invoice)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "sbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	pg, err := pgserver.Start(ctx, pgserver.Options{Dir: dir + "/pg"})
	if err != nil {
		return err
	}
	defer pg.Stop() //nolint:errcheck // the temp dir goes anyway
	if err := createDB(ctx, pg.URL("postgres")); err != nil {
		return err
	}
	url := pg.URL("bench")
	if err := postgres.Migrate(ctx, url, nil); err != nil {
		return err
	}
	pool, err := postgres.Open(ctx, url, 16)
	if err != nil {
		return err
	}
	defer pool.Close()
	db := &postgres.Store{Pool: pool}
	if _, err := db.CreateTenant(ctx, paprika.Tenant{ID: "bench", Name: "bench", RetentionDays: 1}); err != nil {
		return err
	}

	if _, err := s3test.Start(); err != nil {
		return err
	}
	defer s3test.Stop() //nolint:errcheck // its temp dir goes with it
	bucket, err := s3test.CreateBucket(ctx, "bench")
	if err != nil {
		return err
	}
	s3store, err := storage.New(ctx, bucket)
	if err != nil {
		return err
	}
	defer s3store.Close()
	stores := map[string]*timed{
		config.StorageFile: {Store: &storage.Files{Dir: dir + "/data"}},
		config.StorageS3:   {Store: s3store},
	}

	engine := render.New(render.Config{Slots: slots, Timeout: time.Minute})
	defer engine.Close()
	tiers, _ := config.ParseTiers("")
	src := paprika.Source{Template: string(tmpl), Format: format, Options: json.RawMessage(`{}`)}
	batch := func(store *timed, n int) (time.Duration, int64, error) {
		recs := make([]json.RawMessage, n)
		for i := range recs {
			recs[i] = json.RawMessage(fmt.Sprintf(`{"n": %d}`, i+1))
		}
		b := &paprika.Batch{TenantID: "bench", KeyID: "bench", Source: src}
		if err := db.CreateBatch(ctx, b, recs); err != nil {
			return 0, 0, err
		}
		w := worker.New(postgres.NewQueue(pool), worker.Config{
			Policy: scheduler.Policy{Tiers: tiers, WorkerTiers: tiers.Names()},
			Slots:  slots, Renderer: engine, Outputs: store,
			Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
			Poll:   20 * time.Millisecond,
		})
		wctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		start := time.Now()
		go func() { done <- w.Run(wctx) }()
		var elapsed time.Duration
		for {
			got, err := db.Batch(ctx, "bench", b.ID)
			if err != nil {
				stop()
				return 0, 0, err
			}
			if got.FinishedAt != nil {
				elapsed = time.Since(start)
				if got.Done != n {
					stop()
					return 0, 0, fmt.Errorf("batch finished with %d of %d done", got.Done, n)
				}
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		stop()
		if err := <-done; err != nil {
			return 0, 0, err
		}
		size, err := totalSize(ctx, store, b.ID, n, format)
		return elapsed, size, err
	}

	// Warm Chromium's tabs and both stores' connections first.
	for _, kind := range []string{config.StorageFile, config.StorageS3} {
		if _, _, err := batch(stores[kind], 2*slots); err != nil {
			return fmt.Errorf("warm-up %s: %w", kind, err)
		}
	}
	for _, s := range stores {
		s.reset()
	}
	results := map[string][]float64{}
	var bytesPer int64
	for r := range rounds {
		order := []string{config.StorageFile, config.StorageS3}
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, kind := range order {
			d, size, err := batch(stores[kind], records)
			if err != nil {
				return fmt.Errorf("%s: %w", kind, err)
			}
			rate := float64(records) / d.Seconds()
			results[kind] = append(results[kind], rate)
			bytesPer = size / int64(records)
			log.Printf("round %d %s: %d %ss in %v, %.2f/s", r+1, kind, records, strings.ToUpper(format), d.Round(time.Millisecond), rate)
		}
	}
	file, s3 := median(results[config.StorageFile]), median(results[config.StorageS3])
	// Each round's two batches saw about the same load: their ratio is
	// steadier than the ratio of the medians on a shared machine.
	var ratios []float64
	for i := range results[config.StorageFile] {
		ratios = append(ratios, results[config.StorageS3][i]/results[config.StorageFile][i])
	}
	fmt.Printf("%d records a batch, %d slots, %s, %d bytes each, median of %d rounds\n", records, slots, format, bytesPer, rounds)
	fmt.Printf("| store | %ss/s | a Put, mean |\n|---|---|---|\n", strings.ToUpper(format))
	fmt.Printf("| file:// | %.2f | %.1f ms |\n| s3:// (versitygw on loopback) | %.2f | %.1f ms |\n",
		file, stores[config.StorageFile].mean(), s3, stores[config.StorageS3].mean())
	fmt.Printf("s3 against file: %+.1f%% (medians), %+.1f%% (median of the rounds' ratios; rounds %s)\n",
		(s3/file-1)*100, (median(ratios)-1)*100, percents(ratios))
	return nil
}

// totalSize checks that every record's output is stored and sums their sizes.
func totalSize(ctx context.Context, s storage.Store, batch uuid.UUID, n int, format string) (int64, error) {
	var total int64
	for i := 1; i <= n; i++ {
		info, err := s.Stat(ctx, storage.RecordKey("bench", batch, i, format))
		if err != nil {
			return 0, err
		}
		total += info.Size
	}
	return total, nil
}

func createDB(ctx context.Context, adminURL string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE DATABASE bench")
	return err
}

func percents(v []float64) string {
	var p []string
	for _, r := range v {
		p = append(p, fmt.Sprintf("%+.0f%%", (r-1)*100))
	}
	return strings.Join(p, " ")
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// timed is a store that adds up the time its Puts take.
type timed struct {
	storage.Store
	mu    sync.Mutex
	total time.Duration
	n     int
}

func (t *timed) Put(ctx context.Context, key string, body []byte) error {
	start := time.Now()
	err := t.Store.Put(ctx, key, body)
	t.mu.Lock()
	t.total += time.Since(start)
	t.n++
	t.mu.Unlock()
	return err
}

func (t *timed) reset() {
	t.mu.Lock()
	t.total, t.n = 0, 0
	t.mu.Unlock()
}

// mean is a Put's mean time in milliseconds.
func (t *timed) mean() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total.Seconds() * 1000 / float64(max(t.n, 1))
}

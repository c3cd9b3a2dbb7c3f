package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/pgtest"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/storage"
)

// cpuRenderer stands in for Chromium in benchmarks: each render burns a fixed
// amount of CPU (rounds of SHA-256 over 64 KiB), as a real render does, so
// that CPU spent refusing busy requests shows as fewer renders.
type cpuRenderer struct{ rounds int }

func (c cpuRenderer) Render(ctx context.Context, in render.Input) (*render.Output, error) {
	buf := make([]byte, 64<<10)
	for range c.rounds {
		sum := sha256.Sum256(buf)
		buf[0] = sum[0]
	}
	return &render.Output{Body: []byte("%PDF-1.7 fake"), ContentType: "application/pdf", Pages: 1}, nil
}

// benchRounds is the CPU a render costs: PAPRIKA_BENCH_RENDER_ROUNDS rounds
// of SHA-256 over 64 KiB (default 250, some 30 ms), well above what the api
// spends on a request, as Chromium's render is.
func benchRounds() int {
	if n, err := strconv.Atoi(os.Getenv("PAPRIKA_BENCH_RENDER_ROUNDS")); err == nil && n > 0 {
		return n
	}
	return 250
}

// BenchmarkBusyStorm is a retry storm: 8 clients on 2 render slots
// that send their next render the moment an answer arrives, busy or not,
// never honouring Retry-After. It reports the renders done a second (one
// benchmark op is one render done) and the busy answers a second. Run with
//
//	go test ./internal/api -run '^$' -bench BusyStorm -benchtime 100x
func BenchmarkBusyStorm(b *testing.B) {
	pool, url := pgtest.NewPool(b)
	env := map[string]string{
		"PAPRIKA_DATABASE_URL": url, "PAPRIKA_ADMIN_TOKEN": "adm_bench_0123456789", "PAPRIKA_TIERS": seedTiers,
		"PAPRIKA_DATA_DIR": b.TempDir(), "PAPRIKA_WORKERS": "2",
	}
	cfg, err := config.Load(config.RoleAPI, func(k string) string { return env[k] })
	require.NoError(b, err)
	srv := New(cfg, &postgres.Store{Pool: pool}, slog.New(slog.NewJSONHandler(io.Discard, nil)),
		WithRenderer(cpuRenderer{rounds: benchRounds()}), WithOutputs(&storage.Files{Dir: b.TempDir()}))
	hs := httptest.NewServer(srv.Handler())
	b.Cleanup(hs.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	b.Cleanup(client.CloseIdleConnections)

	post := func(path, token string, body []byte) (int, []byte) {
		req, err := http.NewRequest(http.MethodPost, hs.URL+path, bytes.NewReader(body))
		require.NoError(b, err)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := client.Do(req)
		require.NoError(b, err)
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, out
	}
	status, _ := post("/v1/admin/tenants", "adm_bench_0123456789", []byte(`{"id": "acme", "name": "Acme"}`))
	require.Equal(b, http.StatusCreated, status)
	status, out := post("/v1/admin/tenants/acme/keys", "adm_bench_0123456789", []byte(`{"name": "k", "scopes": ["render"]}`))
	require.Equal(b, http.StatusCreated, status)
	var key struct{ Secret string }
	require.NoError(b, json.Unmarshal(out, &key))

	// An invoice-sized input: a template of some 20 KB and 200 lines of data.
	lines := make([]map[string]any, 200)
	for i := range lines {
		lines[i] = map[string]any{"sku": "SKU-0001", "description": "A line of an invoice", "qty": i, "price": 12.5}
	}
	tmpl := "<html><body><h1>{{customer}}</h1><table>{{#each lines}}<tr><td>{{sku}}</td><td>{{description}}</td><td>{{qty}}</td><td>{{price}}</td></tr>{{/each}}</table>" +
		strings.Repeat("<p class=\"terms\">Payment within 30 days of the invoice date.</p>", 300) + "</body></html>"
	body, err := json.Marshal(map[string]any{"template": tmpl, "data": map[string]any{"customer": "Acme", "lines": lines}})
	require.NoError(b, err)

	var done, busy atomic.Int64
	n := int64(b.N)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for done.Load() < n {
				switch status, out := post("/v1/renders", key.Secret, body); status {
				case http.StatusOK:
					done.Add(1)
				case http.StatusServiceUnavailable:
					busy.Add(1)
				default:
					b.Errorf("status %d: %s", status, out)
					return
				}
			}
		})
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	b.StopTimer()
	b.ReportMetric(float64(done.Load())/secs, "renders/s")
	b.ReportMetric(float64(busy.Load())/secs, "busy/s")
}

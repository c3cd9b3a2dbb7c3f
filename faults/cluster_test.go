package faults

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/proctest"
)

const adminToken = "adm_faults_0123456789abcdef"

// tiers are the example tiers of docs/configuration.md, without a rate limit
// the suite's floods would hit.
const tiers = `{"standard": {"weight": 1}, "priority": {"weight": 4}}`

// cluster is one test's world: its own PostgreSQL (so that the test may
// restart it), a directory for data and logs, a webhook receiver, and the
// paprika processes it starts. Everything goes when the test ends, on a
// failure too.
type cluster struct {
	t     *testing.T
	dir   string // data and logs
	pgDir string // short: the unix socket lives in it
	pg    *pgserver.Server
	dbURL string
	db    *pgxpool.Pool
	hooks *receiver
	vars  map[string]string
	procs []*proc
	seq   int
	// doneBefore is the documents done before the work checkDoneOnce is
	// given, which the measures count too.
	doneBefore int
	http       *http.Client
}

// newCluster starts PostgreSQL and the webhook receiver; vars are given to
// every process (after the suite's own).
func newCluster(t *testing.T, vars map[string]string) *cluster {
	t.Helper()
	c := &cluster{t: t, dir: t.TempDir(), http: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	var err error
	if c.pgDir, err = os.MkdirTemp("", "flt"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, p := range c.procs {
			p.Kill()
		}
		if c.db != nil {
			c.db.Close()
		}
		if c.pg != nil {
			if err := c.pg.Stop(); err != nil {
				t.Log("postgres stop:", err)
			}
		}
		_ = os.RemoveAll(c.pgDir)
		c.http.CloseIdleConnections()
		if t.Failed() {
			for _, p := range c.procs {
				t.Logf("---- %s (%s):\n%s", p.Name, p.LogPath, proctest.Tail(p.Log(), 60))
			}
		}
	})
	c.startPG()
	c.dbURL = c.pg.URL("postgres")
	if c.db, err = pgxpool.New(t.Context(), c.dbURL); err != nil {
		t.Fatal(err)
	}
	c.hooks = newReceiver(t)
	c.vars = map[string]string{
		"PAPRIKA_DATABASE_URL":        c.dbURL,
		"PAPRIKA_ADMIN_TOKEN":         adminToken,
		"PAPRIKA_TIERS":               tiers,
		"PAPRIKA_DATA_DIR":            filepath.Join(c.dir, "data"),
		"PAPRIKA_WEBHOOK_ALLOW_HOSTS": "127.0.0.1",
		"PAPRIKA_WORKERS":             "2",
		"PAPRIKA_LEASE":               "6s",
		"PAPRIKA_RENDER_TIMEOUT":      "20s",
	}
	for k, v := range vars {
		c.vars[k] = v
	}
	return c
}

func (c *cluster) startPG() {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	pg, err := pgserver.Start(ctx, pgserver.Options{Dir: c.pgDir, Fast: true})
	if err != nil {
		c.t.Fatalf("postgres: %v (install it with: apt-get install -y postgresql)", err)
	}
	c.pg = pg
}

// restartPG is `pg_ctl restart -m fast` with a pause between: a fast
// shutdown (clients disconnected, transactions rolled back), down for
// `down`, then started again on the same data and socket.
func (c *cluster) restartPG(down time.Duration, whileDown func()) {
	c.t.Helper()
	if err := c.pg.Stop(); err != nil {
		c.t.Fatalf("stop postgres: %v", err)
	}
	c.pg = nil
	end := time.Now().Add(down)
	if whileDown != nil {
		whileDown()
	}
	time.Sleep(time.Until(end))
	c.startPG()
}

// answer is one HTTP exchange's outcome.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) json(v any) error { return json.Unmarshal(a.body, v) }

// do sends one request; errors are returned, not fatal, so that goroutines
// may call it.
func (c *cluster) do(ctx context.Context, method, url, token string, body any) (answer, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			return answer{}, err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return answer{}, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	return answer{resp.StatusCode, resp.Header, b}, nil
}

// must is do that fails the test on an error or an unexpected status.
func (c *cluster) must(method, url, token string, body any, want int) answer {
	c.t.Helper()
	a, err := c.do(c.t.Context(), method, url, token, body)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, url, err)
	}
	if a.status != want {
		c.t.Fatalf("%s %s: %d, want %d: %s", method, url, a.status, want, a.body)
	}
	return a
}

// waitStatus polls path on p until it answers want.
func (c *cluster) waitStatus(p *proc, path string, want int, limit time.Duration) {
	c.t.Helper()
	p.WaitStatus(c.t, path, want, limit)
}

// tenant creates a tenant of tier ("" for the default) and a key with every
// tenant scope, and returns the key's secret.
func (c *cluster) tenant(api *proc, id, tier string) string {
	c.t.Helper()
	body := map[string]any{"id": id, "name": id}
	if tier != "" {
		body["tier"] = tier
	}
	c.must(http.MethodPost, api.URL("/v1/admin/tenants"), adminToken, body, http.StatusCreated)
	a := c.must(http.MethodPost, api.URL("/v1/admin/tenants/"+id+"/keys"), adminToken,
		map[string]any{"name": "faults", "scopes": []string{"render", "templates", "read"}}, http.StatusCreated)
	var k struct{ Secret string }
	if err := a.json(&k); err != nil || k.Secret == "" {
		c.t.Fatalf("key: %v %s", err, a.body)
	}
	return k.Secret
}

// slowPage is a template whose page is ready only after ms milliseconds of
// script, so that renders last long enough to be interrupted.
const slowPage = `<html><body><h1>Invoice {{n}}</h1><p>{{text}}</p>
<script>setTimeout(function () { window.ready = true }, {{ms}})</script></body></html>`

// renderInput is the input of a slow pdf render of record n.
func renderInput(n, ms int) map[string]any {
	return map[string]any{
		"template": slowPage,
		"data":     map[string]any{"n": n, "ms": ms, "text": strings.Repeat("lorem ipsum ", 50)},
		"options":  map[string]any{"waitFor": "window.ready === true"},
	}
}

// submitJob submits one slow job announced to the receiver; its id.
func (c *cluster) submitJob(api *proc, key string, n, ms int) string {
	c.t.Helper()
	in := renderInput(n, ms)
	in["webhookUrl"] = c.hooks.url
	a := c.must(http.MethodPost, api.URL("/v1/jobs"), key, in, http.StatusAccepted)
	var j struct{ ID string }
	if err := a.json(&j); err != nil {
		c.t.Fatal(err)
	}
	return j.ID
}

// submitBatch submits a batch of n slow records announced to the receiver.
func (c *cluster) submitBatch(api *proc, key string, n, ms int) string {
	c.t.Helper()
	records := make([]map[string]any, n)
	for i := range records {
		records[i] = map[string]any{"n": i + 1, "ms": ms, "text": "record"}
	}
	a := c.must(http.MethodPost, api.URL("/v1/batches"), key, map[string]any{
		"template": slowPage, "records": records, "webhookUrl": c.hooks.url,
		"options": map[string]any{"waitFor": "window.ready === true"},
	}, http.StatusAccepted)
	var b struct{ ID string }
	if err := a.json(&b); err != nil {
		c.t.Fatal(err)
	}
	return b.ID
}

// waitSettled waits until no job or record is queued or running.
func (c *cluster) waitSettled(limit time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(limit)
	for {
		var n int
		err := c.db.QueryRow(c.t.Context(), `SELECT (SELECT count(*) FROM jobs WHERE status IN ('queued', 'running'))
			+ (SELECT count(*) FROM batch_records WHERE status IN ('queued', 'running'))`).Scan(&n)
		if err == nil && n == 0 {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("work still queued or running after %s: %d (%v)", limit, n, err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

func (c *cluster) String() string { return fmt.Sprintf("cluster(%s)", c.dir) }

package attacks

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/proctest"
)

const adminToken = "adm_attacks_0123456789abcdef"

// tiers: "limited" holds the tenant whose uploads the rate limit must
// stop; everyone else renders without a rate limit.
const tiers = `{"standard": {"weight": 1}, "limited": {"weight": 1, "ratePerMinute": 20}}`

// renderTimeout is the processes' PAPRIKA_RENDER_TIMEOUT: shorter than
// the default, so that the attacks that time out keep the suite short.
const renderTimeout = 12 * time.Second

// templateQuota is the api's PAPRIKA_TEMPLATE_QUOTA: small, so that the
// attack that fills it is quick.
const templateQuota = 20 << 20

// world is the suite's one PostgreSQL, api and worker, each process in a
// memory limit of its own, and the tenants the attacks use. The first
// test that needs it starts it; TestMain stops it.
type world struct {
	once   sync.Once
	ready  bool
	dir    string
	pgDir  string
	pg     *pgserver.Server
	vars   map[string]string
	api    *node
	worker *node
	// mallory attacks, alice renders meanwhile, certs is a tenant of the
	// rate-limited tier; each a key with every tenant scope.
	mallory, alice, certs string
}

// the is the world of the package's tests.
var the world

// node is one paprika process under its memory limit. If an attack kills
// it, the next attack starts it again (in the same cgroup).
type node struct {
	name, command string
	dir           string
	vars          map[string]string
	lim           limit
	mechanism     string
	seq           int
	*proctest.Proc
}

// shared returns the world, started on the first call; every test fails
// if it could not start.
func shared(t *testing.T) *world {
	t.Helper()
	the.once.Do(func() { the.start(t) })
	if !the.ready {
		t.Fatal("the suite's PostgreSQL, api and worker did not start (see the first test's log)")
	}
	return &the
}

func (w *world) start(t *testing.T) {
	var err error
	if w.dir, err = os.MkdirTemp("", "attacks"); err != nil {
		t.Fatal(err)
	}
	if w.pgDir, err = os.MkdirTemp("", "atk"); err != nil { // short: it holds the socket
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if w.pg, err = pgserver.Start(ctx, pgserver.Options{Dir: w.pgDir, Fast: true}); err != nil {
		t.Fatalf("postgres: %v (install it with: apt-get install -y postgresql)", err)
	}
	secret := make([]byte, 32)
	_, _ = rand.Read(secret)
	w.vars = map[string]string{
		"PAPRIKA_DATABASE_URL":   w.pg.URL("postgres"),
		"PAPRIKA_ADMIN_TOKEN":    adminToken,
		"PAPRIKA_TIERS":          tiers,
		"PAPRIKA_DATA_DIR":       filepath.Join(w.dir, "data"),
		"PAPRIKA_WORKERS":        "2",
		"PAPRIKA_LOG_LEVEL":      "debug", // billing_test.go reads when a page printed
		"PAPRIKA_RENDER_TIMEOUT": renderTimeout.String(),
		"PAPRIKA_SECRET_KEY":     base64.StdEncoding.EncodeToString(secret),
		"PAPRIKA_TEMPLATE_QUOTA": fmt.Sprint(templateQuota>>20, "MiB"),
	}
	w.api = w.newNode(t, "api", "api")
	w.worker = w.newNode(t, "worker", "worker")
	w.api.start(t)
	w.worker.start(t)
	w.mallory = w.tenant(t, "mallory", "")
	w.alice = w.tenant(t, "alice", "")
	w.certs = w.tenant(t, "mallory-certs", "limited")
	w.ready = true
}

func (w *world) newNode(t *testing.T, name, command string) *node {
	lim, mechanism, err := newLimit(name)
	if err != nil {
		t.Fatalf("%s's memory limit: %v", name, err)
	}
	t.Logf("%s: memory limit %d MiB by %s", name, memoryLimit>>20, mechanism)
	return &node{name: name, command: command, dir: w.dir, vars: w.vars, lim: lim, mechanism: mechanism}
}

// start runs the node's process in its cgroup, and checks that its
// Chromium runs there too.
func (n *node) start(t *testing.T) {
	t.Helper()
	n.seq++
	n.Proc = proctest.Start(t, proctest.Options{Bin: bin, Name: n.name, Command: n.command, Vars: n.vars,
		LogPath: filepath.Join(n.dir, fmt.Sprintf("%s-%d.log", n.name, n.seq)), Join: n.lim.join()})
	n.lim.watch(n.Pid())
	if len(n.lim.join()) == 0 {
		return
	}
	own, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", n.Pid()))
	kids := n.Chromiums()
	if len(kids) == 0 {
		t.Fatalf("%s runs no Chromium once ready", n.name)
	}
	for _, kid := range kids {
		cg, err := os.ReadFile(fmt.Sprintf("/proc/%d/cgroup", kid))
		if err == nil && string(cg) != string(own) {
			t.Fatalf("%s's child %d is in another cgroup:\n%s\nnot\n%s", n.name, kid, cg, own)
		}
	}
	if !regexp.MustCompile(`memory:.*paprika-attacks-|0::.*paprika-attacks-`).Match(own) {
		t.Fatalf("%s is not in its cgroup:\n%s", n.name, own)
	}
}

// ensure starts again a process an earlier attack killed.
func (w *world) ensure(t *testing.T) {
	t.Helper()
	for _, n := range []*node{w.api, w.worker} {
		if !n.Alive() {
			t.Logf("%s had exited (%v); starting it again", n.name, n.State)
			n.start(t)
		}
	}
}

func (w *world) stop() {
	for _, n := range []*node{w.api, w.worker} {
		if n == nil {
			continue
		}
		if n.Proc != nil {
			n.Kill()
		}
		n.lim.close()
	}
	if w.pg != nil {
		_ = w.pg.Stop()
	}
	if w.pgDir != "" {
		_ = os.RemoveAll(w.pgDir)
	}
	if w.dir != "" {
		_ = os.RemoveAll(w.dir)
	}
}

// tenant creates a tenant of tier ("" for the default) and a key with
// every tenant scope, and returns the key's secret.
func (w *world) tenant(t *testing.T, id, tier string) string {
	t.Helper()
	body := map[string]any{"id": id, "name": id}
	if tier != "" {
		body["tier"] = tier
	}
	w.must(t, http.MethodPost, "/v1/admin/tenants", adminToken, body, http.StatusCreated)
	a := w.must(t, http.MethodPost, "/v1/admin/tenants/"+id+"/keys", adminToken,
		map[string]any{"name": "attacks", "scopes": []string{"render", "templates", "read"}}, http.StatusCreated)
	var k struct{ Secret string }
	if err := a.json(&k); err != nil || k.Secret == "" {
		t.Fatalf("key: %v %s", err, a.body)
	}
	return k.Secret
}

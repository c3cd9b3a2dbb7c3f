// Command storm measures what busy answers cost with real Chromium: one
// real `paprika api` with -slots render slots (PAPRIKA_WORKERS) on a
// private PostgreSQL (fsync on), one tenant and one key, and -clients
// clients posting the invoice as a PDF to POST /v1/renders for -duration,
// in modes run in turn (each -rounds times, alternating):
//
//   - polite: on a 503 busy, wait Retry-After seconds (whole seconds), then
//     retry;
//   - polite-jitter: on busy, wait a random 50–250 ms;
//   - storm: on busy, retry at once;
//   - mixed: one storm client among -clients−1 polite ones (Retry-After);
//   - mixed-jitter: one storm client among polite-jitter ones.
//
// Per mode it reports PDFs/s (200 answers with a PDF body), busy answers/s,
// other answers (non-2xx other than busy, and transport errors: they must
// be 0), p50/p95 of the successful request and of the client's wait for its
// PDF (from its first attempt, retries and waits included), the CPU of the
// api process and its Chromium children per PDF, and the load average
// before and after; then a Markdown table. See docs/performance.md, section
// "Busy under a retry storm, with Chromium".
//
//	go run ./bench/storm
//	go run ./bench/storm -modes polite,storm -rounds 3 -duration 60s
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/bench/internal/fixture"
	"github.com/paprikahq/paprika/internal/pgserver"
)

type options struct {
	bin      string
	invoice  string
	clients  int
	slots    int
	duration time.Duration
	warmup   time.Duration
	settle   time.Duration
	rounds   int
	modes    []string
}

var knownModes = []string{"polite", "polite-jitter", "storm", "mixed", "mixed-jitter"}

func main() {
	log.SetFlags(log.Ltime)
	log.SetPrefix("storm: ")
	var o options
	var modes string
	flag.StringVar(&o.bin, "bin", "", "the paprika binary to run (default: go build ./cmd/paprika into a temporary directory)")
	flag.StringVar(&o.invoice, "invoice", "", "the HTML to render, sent as the inline template with data {} (default: bench/internal/fixture/invoice.html, built in)")
	flag.IntVar(&o.clients, "clients", 8, "clients posting renders at once")
	flag.IntVar(&o.slots, "slots", 2, "render slots of the api (PAPRIKA_WORKERS)")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "measured time of each mode in each round")
	flag.DurationVar(&o.warmup, "warmup", 10*time.Second, "renders before the first measurement (Chromium starts), not counted")
	flag.DurationVar(&o.settle, "settle", 2*time.Second, "time each mode runs before its measurement starts, not counted")
	flag.IntVar(&o.rounds, "rounds", 2, "rounds; each runs every mode once, in the order given")
	flag.StringVar(&modes, "modes", strings.Join(knownModes, ","), "modes, comma-separated: "+strings.Join(knownModes, ", "))
	flag.Parse()
	for _, m := range strings.Split(modes, ",") {
		m = strings.TrimSpace(m)
		if !contains(knownModes, m) {
			log.Fatalf("-modes: unknown mode %q (modes are %s)", m, strings.Join(knownModes, ", "))
		}
		o.modes = append(o.modes, m)
	}
	if o.clients < 2 || o.slots < 1 || o.rounds < 1 || o.duration <= 0 {
		log.Fatal("-clients must be at least 2 (mixed has one storm client among polite ones), -slots and -rounds at least 1, -duration positive")
	}
	benchkit.Run(func(ctx context.Context) error { return run(ctx, &o) })
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func run(ctx context.Context, o *options) error {
	invoice, err := fixture.Load(o.invoice)
	if err != nil {
		return err
	}
	e, err := setup(ctx, o)
	if err != nil {
		return err
	}
	defer e.close()
	if err := e.startAPI(ctx, o.slots); err != nil {
		return err
	}
	secret, err := e.tenantKey(ctx)
	if err != nil {
		return fmt.Errorf("creating the tenant: %w", err)
	}
	l := newLoad(e.api.URL("/v1/renders"), secret, invoice, o.clients)
	log.Printf("warm-up: %s of polite renders", o.warmup)
	if w := l.run(ctx, "polite", 0, o.warmup, nil); w.pdfs == 0 {
		return fmt.Errorf("warm-up rendered no PDF (%d other answers, first: %s)", w.other, w.firstOther)
	}
	var results []*result
	for round := 1; round <= o.rounds; round++ {
		for _, m := range o.modes {
			if err := e.api.Alive(); err != nil {
				return err
			}
			r := l.run(ctx, m, o.settle, o.duration, e.api)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r.round = round
			results = append(results, r)
			log.Print(r.line())
		}
	}
	fmt.Printf("\nmachine: %s; %s; PostgreSQL %s, fsync on\n", e.machine, e.code, e.pgVersion)
	fmt.Printf("command: go run ./bench/storm %s\n", strings.Join(os.Args[1:], " "))
	fmt.Printf("api: PAPRIKA_WORKERS=%d; %d clients; %s measured per mode after %s settling; invoice %s (%d bytes)\n\n",
		o.slots, o.clients, o.duration, o.settle, fixture.Name(o.invoice), len(invoice))
	printTable(os.Stdout, results)
	n, bad := e.api.Logs.Counts()
	fmt.Printf("\napi warnings and errors logged: %d\n", n)
	for _, b := range bad {
		fmt.Println("  " + b)
	}
	return nil
}

// env is the PostgreSQL cluster, the binary and the api process.
type env struct {
	tmp       string
	bin       string
	pg        *pgserver.Server
	pgVersion string
	machine   string
	code      string
	api       *benchkit.Proc
	token     string
}

// setup builds paprika (unless -bin) and starts PostgreSQL with fsync on.
func setup(ctx context.Context, o *options) (e *env, err error) {
	e = &env{machine: benchkit.MachineInfo(), token: benchkit.RandomHex()}
	defer func() {
		if err != nil {
			e.close()
		}
	}()
	// Short: PostgreSQL's unix socket lives in it.
	if e.tmp, err = os.MkdirTemp("", "pstorm"); err != nil {
		return nil, err
	}
	if o.bin == "" {
		root, err := benchkit.RepoRoot()
		if err != nil {
			return nil, fmt.Errorf("%w (or give -bin)", err)
		}
		e.code = gitState(root)
		e.bin = filepath.Join(e.tmp, "paprika")
		log.Printf("go build -o %s ./cmd/paprika", e.bin)
		cmd := exec.CommandContext(ctx, "go", "build", "-o", e.bin, "./cmd/paprika")
		cmd.Dir = root
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("building paprika: %w", err)
		}
	} else {
		if e.bin, err = filepath.Abs(o.bin); err != nil {
			return nil, err
		}
		out, verr := exec.Command(e.bin, "version").Output()
		if verr != nil {
			return nil, fmt.Errorf("-bin: %w", verr)
		}
		e.code = "binary " + e.bin + " (" + strings.ReplaceAll(strings.TrimSpace(string(out)), "\n", ", ") + ")"
	}
	log.Printf("starting PostgreSQL (fsync on) in %s", e.tmp)
	sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if e.pg, err = pgserver.Start(sctx, pgserver.Options{Dir: filepath.Join(e.tmp, "pg")}); err != nil {
		return nil, err
	}
	conn, err := pgx.Connect(ctx, e.pg.URL("postgres"))
	if err != nil {
		return nil, err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE paprika_storm"); err != nil {
		return nil, err
	}
	if err := conn.QueryRow(ctx, "SELECT current_setting('server_version')").Scan(&e.pgVersion); err != nil {
		return nil, err
	}
	return e, nil
}

// startAPI starts `paprika api` with slots render slots and waits for its
// /healthz.
func (e *env) startAPI(ctx context.Context, slots int) error {
	vars := map[string]string{
		"PAPRIKA_DATABASE_URL": e.pg.URL("paprika_storm"),
		"PAPRIKA_ADMIN_TOKEN":  e.token,
		"PAPRIKA_DATA_DIR":     filepath.Join(e.tmp, "data"),
		"PAPRIKA_WORKERS":      strconv.Itoa(slots),
		// No ratePerMinute: the bench measures slots, not the rate limit.
		"PAPRIKA_TIERS": `{"standard": {"weight": 1}}`,
	}
	p, err := benchkit.StartProc(ctx, "api", e.bin, "api", vars, false)
	if err != nil {
		return err
	}
	e.api = p
	return nil
}

// tenantKey creates one tenant and a render key through the admin API and
// returns the key's secret.
func (e *env) tenantKey(ctx context.Context) (string, error) {
	if status, err := httpCall(ctx, http.MethodPost, e.api.URL("/v1/admin/tenants"), e.token,
		map[string]any{"id": "storm", "name": "Retry storm bench"}, nil); status != http.StatusCreated {
		return "", fmt.Errorf("POST /v1/admin/tenants: %d %v", status, err)
	}
	var key struct {
		Secret string `json:"secret"`
	}
	if status, err := httpCall(ctx, http.MethodPost, e.api.URL("/v1/admin/tenants/storm/keys"), e.token,
		map[string]any{"name": "bench", "scopes": []string{"render"}}, &key); status != http.StatusCreated {
		return "", fmt.Errorf("POST /v1/admin/tenants/storm/keys: %d %v", status, err)
	}
	return key.Secret, nil
}

func (e *env) close() {
	if e.api != nil {
		if err := e.api.Stop(); err != nil {
			log.Print(err)
		}
	}
	if e.pg != nil {
		if err := e.pg.Stop(); err != nil {
			log.Printf("stopping PostgreSQL: %v", err)
		}
	}
	if e.tmp != "" {
		os.RemoveAll(e.tmp)
	}
}

// httpCall sends body as JSON (unless nil) with the bearer token and decodes
// the answer into out (unless nil); it returns the status, 0 on a transport
// error, and the error or the body of a non-2xx answer.
func httpCall(ctx context.Context, method, url, token string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, errors.New(strings.TrimSpace(string(b)))
	}
	if out != nil {
		return resp.StatusCode, json.Unmarshal(b, out)
	}
	return resp.StatusCode, nil
}

// gitState names the commit, and whether internal/ or cmd/ differ from it.
func gitState(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "commit unknown"
	}
	state := "commit " + strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--", "internal", "cmd").Output(); err == nil && len(st) > 0 {
		state += " with local changes in internal/ or cmd/"
	}
	return state
}

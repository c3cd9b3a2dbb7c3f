// Package console is Paprika's web console at /console/ (docs/console.md): the
// tenant's template studio with a live preview, its jobs and batches, and
// the operator's tenants, keys and scheduler.
//
// The console holds no business logic and reads no table of the API: every
// page calls the API's own http.Handler in-process for the session, through
// api.AsCaller, so scopes, suspension, revocation, rate limits and error
// messages are exactly the API's. Its own state is the session (a row of
// console_sessions, holding a key's id or the admin token's hash, never a
// secret) and the playground's last previews. Pages are html/template,
// rendered on the server; the little JavaScript there is (the editor, live
// regions, the scheduler's charts) and every asset are embedded.
package console

import (
	"context"
	"embed"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/api"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed static
var staticFiles embed.FS

// Tier is a configured tier as the console offers it in its lists.
type Tier struct {
	Key  string // the name in PAPRIKA_TIERS
	Name string // its display name
}

// Config is what the console needs.
type Config struct {
	Sessions Sessions // the sessions' database (*postgres.Store)
	// API is the API's handler (api.Server.Handler()), which the console
	// calls in-process for its sessions.
	API http.Handler
	// Identify resolves a secret typed at sign-in (api.Server.Identify).
	Identify func(ctx context.Context, secret string) (*api.Identity, error)
	Tiers    []Tier // PAPRIKA_TIERS in order; the first is the default
	// MaxRequestBytes bounds the console's own request bodies.
	MaxRequestBytes int64
	// Bodies is the process's budget of bodies being read
	// (api.Server.Bodies), which the console's count against too; nil
	// bounds nothing beyond each body's limit.
	Bodies *api.BodyBudget
	// SampleEvery is how often the scheduler page samples the measures for
	// its charts (default 5 s).
	SampleEvery time.Duration
	Logger      *slog.Logger
}

// Console serves /console/.
type Console struct {
	cfg      Config
	log      *slog.Logger
	sessions *sessions
	pages    map[string]*template.Template
	static   http.Handler
	samples  *sampler
	throttle *throttle // failed sign-ins by address
	mux      http.Handler
}

// New returns the console; Handler serves it.
func New(cfg Config) *Console {
	if cfg.SampleEvery <= 0 {
		cfg.SampleEvery = 5 * time.Second
	}
	if cfg.MaxRequestBytes <= 0 {
		cfg.MaxRequestBytes = 10 << 20
	}
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded directory is there at build time
	}
	c := &Console{
		cfg:      cfg,
		log:      cfg.Logger,
		sessions: &sessions{db: cfg.Sessions},
		pages:    parsePages(),
		static:   http.StripPrefix("/console/static/", http.FileServerFS(sub)),
		samples:  &sampler{every: cfg.SampleEvery},
		throttle: newThrottle(),
	}
	c.mux = c.routes()
	return c
}

// Handler serves everything under /console/.
func (c *Console) Handler() http.Handler { return c.mux }

// Mount returns a handler that sends /console and /console/... to the
// console, /favicon.ico to its icon, and everything else to next (the API).
func (c *Console) Mount(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/console" || strings.HasPrefix(r.URL.Path, "/console/") || r.URL.Path == "/favicon.ico" {
			c.mux.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

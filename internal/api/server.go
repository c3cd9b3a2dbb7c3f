// Package api is Paprika's HTTP API: the admin API for tenants, keys and the
// scheduler's measures, and the tenant API for renders, jobs, batches,
// templates and outputs. Every error goes through one writer.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/metrics"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/paprikahq/paprika/internal/storage"
)

// Server holds the handlers' dependencies.
type Server struct {
	cfg      *config.Config
	store    Store
	log      *slog.Logger
	outputs  storage.Store // where outputs are read from (PAPRIKA_STORAGE_URL)
	renderer render.Renderer
	engine   *render.Engine   // the engine it renders on, if it is one (its own, or WithEngine's)
	ownsEng  bool             // the server made engine, and Close closes it
	slots    *render.Slots    // the render slots its synchronous renders take (its engine's)
	merges   chan struct{}    // batch PDF merges running at once (PAPRIKA_WORKERS)
	bodies   *BodyBudget      // request bodies being read and held at once
	meters   *metrics.Metrics // this process's Prometheus metrics
	prom     http.Handler     // /metrics
	keys     *keyCache        // key look-ups of the last few seconds

	derivations chan struct{}  // certificate key derivations running at once (maxDerivations)
	certUploads *uploadLimiter // certificate uploads a tenant made this minute
}

// Option changes how New builds the server.
type Option func(*Server)

// WithRenderer renders synchronous renders with r instead of a Chromium
// engine of the server's own, in PAPRIKA_WORKERS render slots of the
// server's own (an engine given so keeps its own slots as well).
func WithRenderer(r render.Renderer) Option {
	return func(s *Server) { s.renderer, s.engine = r, nil }
}

// WithEngine renders synchronous renders on e, in e's render slots
// (Engine.Slots), which the process's worker takes too: paprika dev runs
// both on one engine, so that their renders together never exceed
// PAPRIKA_WORKERS. The caller closes e.
func WithEngine(e *render.Engine) Option {
	return func(s *Server) { s.renderer, s.engine = e, e }
}

// WithOutputs reads outputs from store; without it the server reads the
// files under PAPRIKA_STORAGE_URL's folder (an s3:// store must be given).
// The caller closes the store.
func WithOutputs(store storage.Store) Option {
	return func(s *Server) { s.outputs = store }
}

// WithMetrics records the server's metrics in m (dev mode shares one with
// its worker); without it the server makes its own. Either way the server
// adds the queue's gauges (scheduler.QueueCollector) to it.
func WithMetrics(m *metrics.Metrics) Option {
	return func(s *Server) { s.meters = m }
}

// New returns the API server. Unless given a renderer, it makes a Chromium
// engine with PAPRIKA_WORKERS slots (Chromium starts on the first render).
func New(cfg *config.Config, store Store, log *slog.Logger, opts ...Option) *Server {
	s := &Server{cfg: cfg, store: store, log: log,
		merges: make(chan struct{}, max(cfg.Workers, 1)), keys: newKeyCache(keyCacheTTL, keyCacheEntries),
		derivations: make(chan struct{}, maxDerivations), certUploads: &uploadLimiter{},
		bodies: processBodyBudget(cfg, memoryLimit())}
	for _, o := range opts {
		o(s)
	}
	if s.outputs == nil {
		if cfg.Storage.Kind == config.StorageS3 {
			panic("api.New: an s3 store is given with WithOutputs")
		}
		dir := cfg.Storage.Dir
		if dir == "" {
			dir = cfg.DataDir
		}
		s.outputs = &storage.Files{Dir: dir}
	}
	if s.meters == nil {
		s.meters = metrics.New(cfg.Tiers)
	}
	if s.renderer == nil {
		s.engine = render.New(render.Config{Chromium: cfg.Chromium, Slots: max(cfg.Workers, 1),
			Timeout: cfg.RenderTimeout, AllowHosts: cfg.AllowHosts, Logger: log, NoSandbox: cfg.ChromiumNoSandbox, Metrics: s.meters, PageMemory: cfg.RenderMaxMemory})
		s.renderer, s.ownsEng = s.engine, true
	}
	if s.engine != nil {
		s.slots = s.engine.Slots()
	} else {
		s.slots = render.NewSlots(cfg.Workers)
	}
	if store != nil {
		s.meters.MustRegister(scheduler.QueueCollector(store, cfg.Tiers))
		if s.engine != nil {
			s.meters.MustRegister(s.engine.SandboxGauge())
		}
		s.prom = s.meters.Handler()
	}
	return s
}

// Bodies is the process's budget of request bodies being read, which the
// console, served beside the API, reads its own bodies under too.
func (s *Server) Bodies() *BodyBudget { return s.bodies }

// CheckSandbox starts the server's Chromium, if it has an engine, and
// returns chromium.ErrSandbox when Chromium cannot run with its sandbox:
// the process then refuses to start. Other failures are left to /readyz.
func (s *Server) CheckSandbox(ctx context.Context) error {
	if s.engine == nil {
		return nil
	}
	return s.engine.CheckSandbox(ctx)
}

// Close stops the server's own Chromium, if it made its engine.
func (s *Server) Close() error {
	if s.ownsEng {
		return s.engine.Close()
	}
	return nil
}

// renderRoute is the route of synchronous renders, which refuses busy
// before any other work.
const renderRoute = "POST /v1/renders"

// handler is an HTTP handler that returns its error for the one writer.
type handler func(http.ResponseWriter, *http.Request) error

func withPrincipal(ctx context.Context, p *tenantCaller) context.Context {
	return context.WithValue(ctx, principalKey, p)
}

// Handler returns every route on one mux (all routes are in this function).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	route := func(pattern string, h handler) {
		slotted := pattern == renderRoute
		wildcards(pattern) // every wildcard has a shape (path.go)
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if slotted {
				// Before the key, the body and the template: a render that
				// finds no slot it may take for busyWait is answered busy.
				// Its tenant is known here only when the key cache knows
				// its key; else any free slot lets it on to createRender,
				// which takes one by its tenant.
				deadline := time.Now().Add(busyWait)
				p, _, _ := s.keys.get(bearer(r))
				if !s.slots.WaitFree(r.Context(), deadline, slotTenant(p)) {
					s.meters.Busy(busyTier(p), metrics.SlotsRender)
					s.writeError(w, r, s.slots.Busy(slotTenant(p)))
					return
				}
				r = r.WithContext(context.WithValue(r.Context(), slotDeadlineKey, deadline))
			}
			if r.Body != nil && r.Body != http.NoBody {
				// Its bytes count against the process's budget of bodies
				// until the handler returns, with what it made of them.
				body := s.bodies.wrap(r, largestBody(s.cfg))
				defer body.release()
				r.Body = body
			}
			if err := h(w, r); err != nil {
				s.writeError(w, r, err)
			}
		})
	}

	route("GET /healthz", s.healthz)
	route("GET /readyz", s.readyz)
	route("GET /metrics", s.metrics)
	route("GET /v1/openapi.yaml", s.openapi)

	route("POST /v1/admin/tenants", s.admin(s.createTenant))
	route("GET /v1/admin/tenants", s.admin(s.listTenants))
	route("GET /v1/admin/tenants/{id}", s.admin(s.getTenant))
	route("PATCH /v1/admin/tenants/{id}", s.admin(s.patchTenant))
	route("DELETE /v1/admin/tenants/{id}", s.admin(s.deleteTenant))
	route("POST /v1/admin/tenants/{id}/keys", s.admin(s.createKey))
	route("GET /v1/admin/tenants/{id}/keys", s.admin(s.listKeys))
	route("DELETE /v1/admin/tenants/{id}/keys/{keyId}", s.admin(s.revokeKey))
	route("GET /v1/admin/scheduler", s.admin(s.schedulerMeasures))
	route("GET /v1/admin/usage", s.admin(s.adminUsage))
	route("GET /v1/admin/tenants/{id}/webhook-secret", s.admin(s.getWebhookSecret))
	route("POST /v1/admin/tenants/{id}/webhook-secret", s.admin(s.rotateWebhookSecret))

	route("POST /v1/renders", s.tenant(s.createRender, ScopeRender))
	route("POST /v1/jobs", s.tenant(s.createJob, ScopeRender))
	route("GET /v1/jobs", s.tenant(s.listJobs, ScopeRender, ScopeRead))
	route("GET /v1/jobs/{id}", s.tenant(s.getJob, ScopeRender, ScopeRead))
	route("DELETE /v1/jobs/{id}", s.tenant(s.cancelJob, ScopeRender))
	route("GET /v1/jobs/{id}/output", s.tenant(s.jobOutput, ScopeRender, ScopeRead))
	route("GET /v1/jobs/{id}/deliveries", s.tenant(s.jobDeliveries, ScopeRender, ScopeRead))
	route("POST /v1/batches", s.tenant(s.createBatch, ScopeRender))
	route("GET /v1/batches", s.tenant(s.listBatches, ScopeRender, ScopeRead))
	route("GET /v1/batches/{id}", s.tenant(s.getBatch, ScopeRender, ScopeRead))
	route("DELETE /v1/batches/{id}", s.tenant(s.cancelBatch, ScopeRender))
	route("GET /v1/batches/{id}/records", s.tenant(s.listRecords, ScopeRender, ScopeRead))
	route("GET /v1/batches/{id}/records/{index}/output", s.tenant(s.recordOutput, ScopeRender, ScopeRead))
	route("GET /v1/batches/{id}/output", s.tenant(s.batchOutput, ScopeRender, ScopeRead))
	route("GET /v1/batches/{id}/deliveries", s.tenant(s.batchDeliveries, ScopeRender, ScopeRead))
	route("GET /v1/usage", s.tenant(s.tenantUsage, ScopeRender, ScopeRead))
	route("POST /v1/templates", s.tenant(s.createTemplate, ScopeTemplates))
	route("GET /v1/templates", s.tenant(s.listTemplates, ScopeTemplates, ScopeRead))
	route("GET /v1/templates/{id}", s.tenant(s.getTemplate, ScopeTemplates, ScopeRead))
	route("GET /v1/templates/{id}/versions", s.tenant(s.templateVersions, ScopeTemplates, ScopeRead))
	route("PUT /v1/templates/{id}", s.tenant(s.putTemplate, ScopeTemplates))
	route("DELETE /v1/templates/{id}", s.tenant(s.deleteTemplate, ScopeTemplates))
	route("PUT /v1/certificates/{name}", s.tenant(s.putCertificate, ScopeTemplates))
	route("GET /v1/certificates", s.tenant(s.listCertificates, ScopeTemplates, ScopeRender, ScopeRead))
	route("DELETE /v1/certificates/{name}", s.tenant(s.deleteCertificate, ScopeTemplates))
	route("PUT /v1/assets/{name...}", s.tenant(s.putAsset, ScopeTemplates))
	route("GET /v1/assets", s.tenant(s.listAssets, ScopeTemplates, ScopeRender, ScopeRead))
	route("GET /v1/assets/{name...}", s.tenant(s.getAsset, ScopeTemplates, ScopeRender, ScopeRead))
	route("DELETE /v1/assets/{name...}", s.tenant(s.deleteAsset, ScopeTemplates))

	route("/", s.unrouted(mux))
	return s.observe(uncleanNotFound(mux, s))
}

// routeMethods are the methods a route may have; GET routes answer HEAD too
// (ServeMux's rule).
var routeMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// unrouted answers what no route took: 405 method-not-allowed with Allow
// when the path is a route's with other methods, else 404. The catch-all
// "/" takes any method, so ServeMux never answers its own 405 (plain
// text) here; only requests no route takes pay for the look-ups.
func (s *Server) unrouted(routes *http.ServeMux) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		var allow []string
		for _, m := range routeMethods {
			probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
			if _, pattern := routes.Handler(probe); pattern != "" && pattern != "/" {
				allow = append(allow, m)
			}
		}
		if len(allow) == 0 {
			return notFoundRoute(r)
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		return paprika.Errorf(paprika.CodeMethodNotAllowed, "Method not allowed: %s takes %s, not %s",
			r.URL.Path, strings.Join(allow, ", "), r.Method)
	}
}

// uncleanNotFound answers not-found to a path holding ".", ".." or an empty
// segment, which ServeMux would redirect to its cleaned form: an id of ".."
// is of the wrong shape like any other, and a client that follows the
// redirect would send DELETE /v1/admin/tenants/acme/keys/.. to the tenant.
func uncleanNotFound(next http.Handler, s *Server) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if c := path.Clean(p); c != p && c+"/" != p {
			s.writeError(w, r, notFoundRoute(r))
			return
		}
		next.ServeHTTP(w, r)
	})
}

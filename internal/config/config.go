// Package config reads Paprika's configuration from the environment once, at
// start, into one struct, and says which variable is wrong and why.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/paprikahq/paprika/internal/sealed"
)

// Config is every setting of docs/configuration.md.
type Config struct {
	Port            int
	Host            string // PAPRIKA_HOST (host.go): "" is every interface
	DatabaseURL     string
	AdminToken      string
	Tiers           Tiers
	WorkerTiers     []string // tier keys this worker claims; every tier when unset
	Workers         int      // render slots in this process
	ClaimAhead      int      // a worker's claimed items beyond its free slots (PAPRIKA_CLAIM_AHEAD); ClaimAheadAuto: sized by the worker
	DataDir         string
	Chromium        string
	RenderTimeout   time.Duration
	Lease           time.Duration // how long a claim holds unrenewed (PAPRIKA_LEASE)
	AllowHosts      []string      // hosts pages may reach; none by default
	MaxRequestBytes int64
	MaxBatchBytes   int64
	Storage         Storage // PAPRIKA_STORAGE_URL, PAPRIKA_STORAGE_REDIRECT (storage.go)

	// WebhookAllowHosts are the hosts webhooks may reach over http or at
	// private addresses (PAPRIKA_WEBHOOK_ALLOW_HOSTS); none by default.
	WebhookAllowHosts []string

	// SecretKey encrypts tenants' stored signing certificates at rest
	// (PAPRIKA_SECRET_KEY, 32 bytes in base64); nil when unset, and then
	// no certificate can be stored, and a process with some stored does
	// not start.
	SecretKey *sealed.Key

	// ChromiumNoSandbox runs Chromium without its own sandbox
	// (PAPRIKA_CHROMIUM_NO_SANDBOX=true): only on purpose.
	ChromiumNoSandbox bool

	// RenderMaxMemory is the most memory one render's page may use, in
	// bytes (PAPRIKA_RENDER_MAX_MEMORY, default 1 GiB): past it the render
	// fails with render-limit, and only that render.
	RenderMaxMemory int64

	// AssetQuota is the most bytes of assets one tenant may store
	// (PAPRIKA_ASSET_QUOTA, default 100 MiB).
	AssetQuota int64

	// TemplateQuota is the most bytes of templates one tenant may store:
	// every version's content, sampleData and options (PAPRIKA_TEMPLATE_QUOTA,
	// default 50 MiB). Every PUT keeps a version, so without it one tenant
	// could fill the database.
	TemplateQuota int64
}

// Role says which process reads the configuration: it decides what is
// required.
type Role int

// The processes of docs/architecture.md.
const (
	RoleAPI Role = iota
	RoleWorker
	RoleDev
	RoleMigrate
	RoleRender
)

// ClaimAheadAuto is ClaimAhead when PAPRIKA_CLAIM_AHEAD is unset or "auto":
// a worker claims ahead as many items as its slots finish during one claim,
// by its own measures of both, and at most as many as its slots. A worker
// claiming a tier with maxRunning claims nothing ahead: an item waiting in
// the worker would hold one of its tenant's maxRunning places
// (internal/worker's aheadSizer).
const ClaimAheadAuto = -1

// Error names the variable that is wrong and why. Its text is the one line
// the process prints before it exits with status 2.
type Error struct {
	Var    string
	Reason string
}

func (e *Error) Error() string { return e.Var + ": " + e.Reason }

// Load reads and validates the configuration for role. getenv is os.Getenv
// in production and a map in tests.
func Load(role Role, getenv func(string) string) (*Config, error) {
	c := &Config{
		Port:            4180,
		Workers:         runtime.NumCPU(),
		DataDir:         "/data",
		RenderTimeout:   30 * time.Second,
		RenderMaxMemory: 1 << 30,
		AssetQuota:      100 << 20,
		TemplateQuota:   50 << 20,
		Lease:           30 * time.Second,
		MaxRequestBytes: 10 << 20,
		MaxBatchBytes:   100 << 20,
		ClaimAhead:      ClaimAheadAuto,
	}
	if role == RoleDev {
		c.DataDir = "./data"
	}
	var err error
	fail := func(name string, e error) error { return &Error{Var: name, Reason: e.Error()} }

	if v := getenv("PORT"); v != "" {
		if c.Port, err = strconv.Atoi(v); err != nil || c.Port < 0 || c.Port > 65535 {
			return nil, fail("PORT", fmt.Errorf("must be a port number 0–65535, not %q", v))
		}
	}
	if c.Host, err = loadHost(role, getenv); err != nil {
		return nil, err
	}
	c.DatabaseURL = strings.TrimSpace(getenv("PAPRIKA_DATABASE_URL"))
	if c.DatabaseURL == "" && (role == RoleAPI || role == RoleWorker || role == RoleMigrate) {
		return nil, fail("PAPRIKA_DATABASE_URL", errors.New("is required, e.g. postgres://paprika:secret@localhost:5432/paprika"))
	}
	if c.DatabaseURL != "" {
		if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			return nil, fail("PAPRIKA_DATABASE_URL", errors.New("must be a postgres:// URL"))
		}
		if _, err := pgconn.ParseConfig(c.DatabaseURL); err != nil {
			return nil, fail("PAPRIKA_DATABASE_URL", err) // pgconn hides the password
		}
	}
	c.AdminToken = getenv("PAPRIKA_ADMIN_TOKEN")
	if c.AdminToken == "" && role == RoleAPI {
		return nil, fail("PAPRIKA_ADMIN_TOKEN", errors.New("is required: the bearer token of /v1/admin/*"))
	}
	if c.AdminToken != "" && len(c.AdminToken) < 16 {
		return nil, fail("PAPRIKA_ADMIN_TOKEN", errors.New("must be at least 16 characters"))
	}
	if c.Tiers, err = ParseTiers(getenv("PAPRIKA_TIERS")); err != nil {
		return nil, fail("PAPRIKA_TIERS", err)
	}
	if c.WorkerTiers, err = ParseWorkerTiers(getenv("PAPRIKA_WORKER_TIERS"), c.Tiers); err != nil {
		return nil, fail("PAPRIKA_WORKER_TIERS", err)
	}
	if v := getenv("PAPRIKA_WORKERS"); v != "" {
		if c.Workers, err = strconv.Atoi(v); err != nil || c.Workers < 1 || c.Workers > 256 {
			return nil, fail("PAPRIKA_WORKERS", fmt.Errorf("must be a whole number 1–256, not %q", v))
		}
	}
	if v := getenv("PAPRIKA_CLAIM_AHEAD"); v != "" && v != "auto" {
		if c.ClaimAhead, err = strconv.Atoi(v); err != nil || c.ClaimAhead < 0 || c.ClaimAhead > 1024 {
			return nil, fail("PAPRIKA_CLAIM_AHEAD", fmt.Errorf("must be auto or a whole number 0–1024, not %q", v))
		}
	}
	if v := getenv("PAPRIKA_DATA_DIR"); v != "" {
		c.DataDir = v
	}
	c.Chromium = getenv("PAPRIKA_CHROMIUM")
	switch v := strings.ToLower(strings.TrimSpace(getenv("PAPRIKA_CHROMIUM_NO_SANDBOX"))); v {
	case "", "false", "0":
	case "true", "1":
		c.ChromiumNoSandbox = true
	default:
		return nil, fail("PAPRIKA_CHROMIUM_NO_SANDBOX", fmt.Errorf("must be true or false, not %q", v))
	}
	if v := getenv("PAPRIKA_RENDER_TIMEOUT"); v != "" {
		if c.RenderTimeout, err = time.ParseDuration(v); err != nil || c.RenderTimeout < 100*time.Millisecond || c.RenderTimeout > 10*time.Minute {
			return nil, fail("PAPRIKA_RENDER_TIMEOUT", fmt.Errorf("must be a duration from 100ms to 10m, like 30s, not %q", v))
		}
	}
	if v := getenv("PAPRIKA_RENDER_MAX_MEMORY"); v != "" {
		if c.RenderMaxMemory, err = parseMemory(v); err != nil {
			return nil, fail("PAPRIKA_RENDER_MAX_MEMORY", err)
		}
	}
	if v := getenv("PAPRIKA_ASSET_QUOTA"); v != "" {
		if c.AssetQuota, err = parseQuota(v); err != nil {
			return nil, fail("PAPRIKA_ASSET_QUOTA", err)
		}
	}
	if v := getenv("PAPRIKA_TEMPLATE_QUOTA"); v != "" {
		if c.TemplateQuota, err = parseQuota(v); err != nil {
			return nil, fail("PAPRIKA_TEMPLATE_QUOTA", err)
		}
	}
	if v := getenv("PAPRIKA_SECRET_KEY"); v != "" {
		if c.SecretKey, err = sealed.ParseKey(v); err != nil {
			return nil, fail("PAPRIKA_SECRET_KEY", err)
		}
	}
	if v := getenv("PAPRIKA_LEASE"); v != "" {
		if c.Lease, err = time.ParseDuration(v); err != nil || c.Lease < 3*time.Second || c.Lease > 10*time.Minute {
			return nil, fail("PAPRIKA_LEASE", fmt.Errorf("must be a duration from 3s to 10m, like 30s, not %q", v))
		}
	}
	if v := getenv("PAPRIKA_RENDER_ALLOW_HOSTS"); v != "" {
		for _, h := range strings.Split(v, ",") {
			h = strings.ToLower(strings.TrimSpace(h))
			if h == "" || strings.ContainsAny(h, "/ @") {
				return nil, fail("PAPRIKA_RENDER_ALLOW_HOSTS", fmt.Errorf("must be comma-separated host names, not %q", v))
			}
			c.AllowHosts = append(c.AllowHosts, h)
		}
	}
	if c.WebhookAllowHosts, err = webhookHosts(getenv("PAPRIKA_WEBHOOK_ALLOW_HOSTS")); err != nil {
		return nil, fail("PAPRIKA_WEBHOOK_ALLOW_HOSTS", err)
	}
	if c.MaxRequestBytes, err = bytesVar(getenv, "PAPRIKA_MAX_REQUEST_BYTES", c.MaxRequestBytes); err != nil {
		return nil, err
	}
	if c.MaxBatchBytes, err = bytesVar(getenv, "PAPRIKA_MAX_BATCH_BYTES", c.MaxBatchBytes); err != nil {
		return nil, err
	}
	if c.Storage, err = loadStorage(getenv, c.DataDir); err != nil {
		return nil, err
	}
	return c, nil
}

func bytesVar(getenv func(string) string, name string, def int64) (int64, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1024 {
		return 0, &Error{Var: name, Reason: fmt.Sprintf("must be a whole number of bytes, at least 1024, not %q", v)}
	}
	return n, nil
}

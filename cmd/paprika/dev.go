package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/postgres"
)

// devState is what dev mode keeps between starts, in DATA_DIR/dev.json (0600).
type devState struct {
	AdminToken string `json:"adminToken"`
	DemoKey    string `json:"demoKey"`
	SecretKey  string `json:"secretKey,omitempty"` // PAPRIKA_SECRET_KEY unless set (secretkey.go)
}

// runDev runs the api and the worker in one process. Without
// PAPRIKA_DATABASE_URL it starts a private PostgreSQL under the data dir.
func runDev(ctx context.Context, getenv func(string) string, log *slog.Logger, stdout io.Writer) error {
	cfg, err := config.Load(config.RoleDev, getenv)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return fmt.Errorf("PAPRIKA_DATA_DIR: %w", err)
	}
	if cfg.DatabaseURL == "" {
		dir, err := filepath.Abs(filepath.Join(cfg.DataDir, "postgres"))
		if err != nil {
			return err
		}
		srv, err := pgserver.Start(ctx, pgserver.Options{Dir: dir, Logger: log})
		if err != nil {
			return err
		}
		defer srv.Stop() //nolint:errcheck // best effort on the way out
		if err := createDatabase(ctx, srv.URL("postgres"), "paprika"); err != nil {
			return err
		}
		cfg.DatabaseURL = srv.URL("paprika")
	}
	state, err := loadDevState(cfg)
	if err != nil {
		return err
	}
	pool, err := openDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer pool.Close()
	store := &postgres.Store{Pool: pool}
	if state.DemoKey == "" {
		if state.DemoKey, err = createDemoTenant(ctx, store); err != nil {
			return err
		}
		if err := saveDevState(cfg, state); err != nil {
			return err
		}
	}

	// The api and the worker share this configuration, this pool and one
	// engine: its PAPRIKA_WORKERS render slots bound their renders together.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workerDone := make(chan error, 1)
	m := newMetrics(cfg, pool)
	engine := newEngine(cfg, m, log)
	defer engine.Close()
	go func() {
		workerDone <- workerMain(ctx, cfg, pool, m, engine, log, nil, false)
	}()
	onListen := func(addr net.Addr) {
		printWelcome(stdout, cfg, state, addr.(*net.TCPAddr))
	}
	err = serveAPI(ctx, cfg, pool, m, engine, log, onListen)
	cancel()
	if werr := <-workerDone; err == nil && werr != nil && !errors.Is(werr, context.Canceled) {
		err = werr
	}
	return err
}

func createDatabase(ctx context.Context, adminURL, name string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize())
	return err
}

// loadDevState reads dev.json, making the admin token on first start. An
// admin token given in the environment wins.
func loadDevState(cfg *config.Config) (*devState, error) {
	path := filepath.Join(cfg.DataDir, "dev.json")
	var st devState
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &st); err != nil {
			return nil, fmt.Errorf("%s: %w (delete it to start afresh)", path, err)
		}
	case errors.Is(err, os.ErrNotExist):
	default:
		return nil, err
	}
	if st.AdminToken == "" {
		secret, _ := postgres.NewSecret()
		st.AdminToken = "adm_" + strings.TrimPrefix(secret, "pk_")
		if err := saveDevState(cfg, &st); err != nil {
			return nil, err
		}
	}
	if cfg.AdminToken == "" {
		cfg.AdminToken = st.AdminToken
	} else {
		st.AdminToken = cfg.AdminToken
	}
	if err := devSecretKey(cfg, &st, path); err != nil {
		return nil, err
	}
	return &st, nil
}

func saveDevState(cfg *config.Config, st *devState) error {
	b, _ := json.MarshalIndent(st, "", "  ")
	path := filepath.Join(cfg.DataDir, "dev.json")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// createDemoTenant makes the demo tenant (if absent) and a key for it.
func createDemoTenant(ctx context.Context, store *postgres.Store) (string, error) {
	_, err := store.CreateTenant(ctx, paprika.Tenant{ID: "demo", Name: "Demo", RetentionDays: 30})
	if err != nil && !strings.Contains(err.Error(), "exists") {
		return "", err
	}
	k, err := store.CreateKey(ctx, paprika.Key{TenantID: "demo", Name: "demo", Scopes: []string{"render", "templates", "read"}})
	if err != nil {
		return "", err
	}
	return k.Secret, nil
}

// printWelcome prints where dev mode listens, its tokens and what to try.
func printWelcome(w io.Writer, cfg *config.Config, st *devState, addr *net.TCPAddr) {
	url, where := devURL(cfg.Host, addr)
	fmt.Fprintf(w, `
Paprika is running (dev mode: api + worker in one process).

  listening    %[6]s
  URL          %[1]s
  database     %[2]s
  admin token  %[3]s
  demo key     %[4]s
  console      %[1]s/console/ (sign in with the demo key or the admin token)

Try it (paste into another shell):

  export PAPRIKA_URL=%[1]s PAPRIKA_ADMIN_TOKEN=%[3]s PAPRIKA_KEY=%[4]s

  # a tenant, then its tier
  curl -H "Authorization: Bearer $PAPRIKA_ADMIN_TOKEN" -H "Content-Type: application/json" -d '{"id": "fabrikam", "name": "Fabrikam"}' "$PAPRIKA_URL/v1/admin/tenants"
  curl -X PATCH -H "Authorization: Bearer $PAPRIKA_ADMIN_TOKEN" -H "Content-Type: application/json" -d '{"tier": "%[5]s"}' "$PAPRIKA_URL/v1/admin/tenants/fabrikam"

  # a PDF, rendered now, as the demo tenant
  curl -H "Authorization: Bearer $PAPRIKA_KEY" -H "Content-Type: application/json" -d '{"template": "<h1>Hello {{name}}</h1>", "data": {"name": "Paprika"}}' "$PAPRIKA_URL/v1/renders" -o hello.pdf

Stop with Ctrl-C.
`, url, redactURL(cfg.DatabaseURL), st.AdminToken, st.DemoKey, cfg.Tiers[len(cfg.Tiers)-1].Key, where)
}

// devURL is the URL dev mode is reached at, with the host it listens on
// (PAPRIKA_HOST as given, else the address it bound), and the line that says
// who can reach it. On every interface the URL names localhost, which
// always reaches it from this machine.
func devURL(host string, addr *net.TCPAddr) (url, where string) {
	port := strconv.Itoa(addr.Port)
	if host == "" {
		host = addr.IP.String()
	}
	where = net.JoinHostPort(host, port)
	switch {
	case addr.IP.IsUnspecified():
		return "http://" + net.JoinHostPort("localhost", port), where + " (every interface: reachable from other machines)"
	case addr.IP.IsLoopback():
		where += " (this machine only; PAPRIKA_HOST=0.0.0.0 listens on every interface)"
	}
	return "http://" + net.JoinHostPort(host, port), where
}

// redactURL hides a password in a database URL.
func redactURL(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		if at := strings.Index(u[i+3:], "@"); at >= 0 {
			cred := u[i+3 : i+3+at]
			if c := strings.Index(cred, ":"); c >= 0 {
				return u[:i+3] + cred[:c] + ":***" + u[i+3+at:]
			}
		}
	}
	return u
}

package main

import (
	"context"
	"fmt"
	"log"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/pgserver"
)

// The filled database is a template: every measurement runs on a fresh
// copy, so every run starts from the same 1,000,000 queued records.
const (
	templateDB = "paprika_bench_filled"
	runDB      = "paprika_bench_run"
)

type cluster struct {
	srv      *pgserver.Server
	opts     pgserver.Options
	dir      string
	temp     bool
	external *url.URL
	version  string
	versionN int
}

func startCluster(ctx context.Context, o *options) (*cluster, error) {
	c := &cluster{}
	if o.databaseURL != "" {
		u, err := url.Parse(o.databaseURL)
		if err != nil {
			return nil, fmt.Errorf("-database-url: %w", err)
		}
		c.external = u
	} else {
		c.dir = o.keep
		if c.dir == "" {
			// Short: the unix socket may live in it.
			dir, err := os.MkdirTemp("", "pbench")
			if err != nil {
				return nil, err
			}
			c.dir, c.temp = dir, true
		}
		c.opts = pgserver.Options{Dir: c.dir, Fast: o.fast}
		log.Printf("starting PostgreSQL in %s (fsync %s)", c.dir, map[bool]string{true: "off", false: "on"}[o.fast])
		if err := c.start(ctx); err != nil {
			return nil, err
		}
		if err := c.preload(ctx, o.statStatements); err != nil {
			c.close()
			return nil, err
		}
	}
	conn, err := pgx.Connect(ctx, c.url("postgres"))
	if err != nil {
		c.close()
		return nil, err
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, "SELECT current_setting('server_version'), current_setting('server_version_num')::int").Scan(&c.version, &c.versionN); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

func (c *cluster) start(ctx context.Context) error {
	sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	srv, err := pgserver.Start(sctx, c.opts)
	if err != nil {
		return err
	}
	c.srv = srv
	return nil
}

// preload loads pg_stat_statements or not, restarting the cluster when the
// setting has to change.
func (c *cluster) preload(ctx context.Context, want bool) error {
	conn, err := pgx.Connect(ctx, c.url("postgres"))
	if err != nil {
		return err
	}
	var cur string
	err = conn.QueryRow(ctx, "SELECT current_setting('shared_preload_libraries')").Scan(&cur)
	if err == nil && strings.Contains(cur, "pg_stat_statements") != want {
		if want {
			_, err = conn.Exec(ctx, "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
		} else {
			_, err = conn.Exec(ctx, "ALTER SYSTEM RESET shared_preload_libraries")
		}
		if err == nil {
			conn.Close(ctx)
			log.Printf("restarting PostgreSQL to %s pg_stat_statements", map[bool]string{true: "load", false: "unload"}[want])
			if err := c.srv.Stop(); err != nil {
				return err
			}
			return c.start(ctx)
		}
	}
	conn.Close(ctx)
	return err
}

func (c *cluster) close() {
	if c.srv != nil {
		if err := c.srv.Stop(); err != nil {
			log.Printf("stopping PostgreSQL: %v", err)
		}
		c.srv = nil
	}
	if c.temp {
		os.RemoveAll(c.dir)
	}
}

// url returns a URL for database db.
func (c *cluster) url(db string) string {
	if c.external != nil {
		u := *c.external
		u.Path = "/" + db
		return u.String()
	}
	return c.srv.URL(db)
}

// postmaster returns the server's process id, 0 when it is not ours.
func (c *cluster) postmaster() int {
	if c.srv == nil {
		return 0
	}
	return c.srv.PID()
}

// freshRunDB replaces the run database by a copy of the filled template.
func (c *cluster) freshRunDB(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, c.url("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+runDB+" WITH (FORCE)"); err != nil {
		return err
	}
	create := "CREATE DATABASE " + runDB + " TEMPLATE " + templateDB
	if c.versionN >= 150000 {
		// A file copy: WAL_LOG, the default, writes every block to the WAL.
		create += " STRATEGY FILE_COPY"
	}
	_, err = conn.Exec(ctx, create)
	return err
}

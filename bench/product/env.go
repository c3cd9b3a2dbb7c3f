package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
	"github.com/paprikahq/paprika/internal/pgserver"
)

// env is what every run shares: the binaries and the PostgreSQL cluster.
type env struct {
	tmp       string   // removed at the end
	trash     []string // the runs' data directories, removed at the end too (see keep)
	bins      []string // the paprika binaries, run in turn
	pg        *pgserver.Server
	pgVersion string
	machine   string
	code      string
}

func setup(ctx context.Context, o *options) (e *env, err error) {
	e = &env{machine: benchkit.MachineInfo()}
	defer func() {
		if err != nil {
			e.close()
		}
	}()
	// Short: PostgreSQL's unix socket lives in it.
	if e.tmp, err = os.MkdirTemp("", "pprod"); err != nil {
		return nil, err
	}
	root, rootErr := benchkit.RepoRoot()
	e.code = gitState(root)
	if o.bin == "" {
		if rootErr != nil {
			return nil, fmt.Errorf("%w (or give -bin)", rootErr)
		}
		bin := filepath.Join(e.tmp, "paprika")
		args := []string{"build", "-o", bin}
		if o.profile != "" {
			args = append(args, "-tags", "pprof")
		}
		args = append(args, "./cmd/paprika")
		log.Printf("go %s", strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = root
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("building paprika: %w", err)
		}
		e.bins = []string{bin}
	} else {
		var names []string
		for _, b := range strings.Split(o.bin, ",") {
			abs, err := filepath.Abs(strings.TrimSpace(b))
			if err != nil {
				return nil, err
			}
			if _, err := os.Stat(abs); err != nil {
				return nil, fmt.Errorf("-bin: %w", err)
			}
			e.bins = append(e.bins, abs)
			names = append(names, abs+" ("+binaryVersion(abs)+")")
		}
		e.code = "binaries " + strings.Join(names, ", ")
	}
	log.Printf("starting PostgreSQL (fsync on) in %s", e.tmp)
	sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if e.pg, err = pgserver.Start(sctx, pgserver.Options{Dir: filepath.Join(e.tmp, "pg")}); err != nil {
		return nil, err
	}
	if o.statStatements {
		if err := e.preload(sctx); err != nil {
			return nil, err
		}
	}
	conn, err := pgx.Connect(ctx, e.pg.URL("postgres"))
	if err != nil {
		return nil, err
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, "SELECT current_setting('server_version')").Scan(&e.pgVersion); err != nil {
		return nil, err
	}
	return e, nil
}

// preload restarts the cluster with pg_stat_statements loaded.
func (e *env) preload(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, e.pg.URL("postgres"))
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
	conn.Close(ctx)
	if err != nil {
		return err
	}
	if err := e.pg.Stop(); err != nil {
		return err
	}
	e.pg, err = pgserver.Start(ctx, pgserver.Options{Dir: filepath.Join(e.tmp, "pg")})
	return err
}

// binaryVersion is the first two lines of `bin version`: "paprika VERSION,
// commit REVISION[ (modified)]".
func binaryVersion(bin string) string {
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		return "version unknown: " + err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[:min(2, len(lines))], ", ")
}

// freshDatabase drops and creates database name.
func (e *env) freshDatabase(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, e.pg.URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+name)
	return err
}

func (e *env) close() {
	if e.pg != nil {
		if err := e.pg.Stop(); err != nil {
			log.Printf("stopping PostgreSQL: %v", err)
		}
		e.pg = nil
	}
	if e.tmp != "" {
		os.RemoveAll(e.tmp)
	}
	for _, dir := range e.trash {
		os.RemoveAll(dir)
	}
}

// keep leaves dir until the bench ends. Deleting a run's files, or the
// disk probe's, just before the next run made that run's file creates cost
// 250–900 µs of kernel CPU each instead of 20–30: this VM's ext4 has no
// journal, and without one its inode allocator reads past every inode freed
// in the last 60–300 s (recently_deleted in fs/ext4/ialloc.c; perf showed
// find_inode_bit → recently_deleted → find_get_block). The bench measures
// the product, not its own clean-up.
func (e *env) keep(dir string) { e.trash = append(e.trash, dir) }

// gitState names the commit, and whether the working tree differs from it
// in the code that runs.
func gitState(root string) string {
	if root == "" {
		return "unknown"
	}
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	state := "commit " + strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--", "internal", "cmd").Output(); err == nil && len(st) > 0 {
		state += " with local changes in internal/ or cmd/"
	}
	return state
}

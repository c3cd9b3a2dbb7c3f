package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paprikahq/paprika/internal/pgserver"
)

// server is the private PostgreSQL both systems run on, each in a database
// of its own, one after the other.
type server struct {
	srv     *pgserver.Server
	dir     string
	temp    bool
	version string
}

func startServer(ctx context.Context, keep string) (*server, error) {
	s := &server{dir: keep}
	if s.dir == "" {
		// Short: the unix socket may live in it.
		dir, err := os.MkdirTemp("", "rbench")
		if err != nil {
			return nil, err
		}
		s.dir, s.temp = dir, true
	}
	log.Printf("starting PostgreSQL in %s (fsync on)", s.dir)
	sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	srv, err := pgserver.Start(sctx, pgserver.Options{Dir: s.dir})
	if err != nil {
		s.close()
		return nil, err
	}
	s.srv = srv
	conn, err := pgx.Connect(ctx, s.url("postgres"))
	if err != nil {
		s.close()
		return nil, err
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, "SELECT current_setting('server_version')").Scan(&s.version); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// freshDB drops and creates database name, and returns its URL.
func (s *server) freshDB(ctx context.Context, name string) (string, error) {
	conn, err := pgx.Connect(ctx, s.url("postgres"))
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	return s.url(name), nil
}

func (s *server) url(db string) string { return s.srv.URL(db) }

func (s *server) close() {
	if s.srv != nil {
		if err := s.srv.Stop(); err != nil {
			log.Printf("stopping PostgreSQL: %v", err)
		}
		s.srv = nil
	}
	if s.temp {
		os.RemoveAll(s.dir)
	}
}

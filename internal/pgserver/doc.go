// Package pgserver runs a private PostgreSQL cluster as a child process, for
// `paprika dev` without PAPRIKA_DATABASE_URL and for the test suite.
//
// The cluster lives in one directory: Dir/pgdata holds the data (created by
// initdb on first use, reused afterwards), Dir/postgres.log the server's
// output, and Dir the unix socket clients reach it on. Authentication is
// trust, as user postgres; by default nothing listens on TCP.
//
// postgres runs as our child, not behind pg_ctl, so that it cannot outlive
// us: on Linux the kernel shuts it down when we die, even by SIGKILL. initdb
// and postgres refuse to run as root; as root they run as the postgres
// system user (or nobody), and Start adjusts ownership and permissions on
// Dir and its parents so that this user can reach it.
package pgserver

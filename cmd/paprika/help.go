package main

import (
	"fmt"
	"io"
	"strings"
)

// Help of the process commands, printed by `paprika COMMAND --help` (exit 0,
// nothing started). Every variable is in docs/configuration.md.
var commandHelp = map[string]string{
	"api": `usage: paprika api

Runs the HTTP API on PORT (default 4180): the admin and tenant routes, the
web console at /console/, and synchronous renders in PAPRIKA_WORKERS slots.
It applies the schema migrations first, then serves until SIGTERM.

required:
  PAPRIKA_DATABASE_URL   PostgreSQL
  PAPRIKA_ADMIN_TOKEN    the admin API's bearer token
often set:
  PORT, PAPRIKA_HOST, PAPRIKA_WORKERS, PAPRIKA_TIERS, PAPRIKA_STORAGE_URL (file:// or s3://,
  with AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_CA_BUNDLE),
  PAPRIKA_MAX_REQUEST_BYTES, PAPRIKA_MAX_BATCH_BYTES, PAPRIKA_WEBHOOK_ALLOW_HOSTS

A wrong value stops it at once: exit status 2, one line naming the variable.
`,
	"worker": `usage: paprika worker

Claims queued jobs and batch records by fair share among tenants, renders
them in PAPRIKA_WORKERS Chromium slots, stores the outputs and delivers the
webhooks. /healthz, /readyz and /metrics are served on PORT (default 4180).

required:
  PAPRIKA_DATABASE_URL   PostgreSQL
often set:
  PORT, PAPRIKA_HOST, PAPRIKA_WORKERS, PAPRIKA_WORKER_TIERS, PAPRIKA_TIERS, PAPRIKA_CLAIM_AHEAD,
  PAPRIKA_RENDER_TIMEOUT, PAPRIKA_LEASE, PAPRIKA_STORAGE_URL (with the AWS_*
  variables), PAPRIKA_WEBHOOK_ALLOW_HOSTS, PAPRIKA_CHROMIUM

A wrong value stops it at once: exit status 2, one line naming the variable.
`,
	"dev": `usage: paprika dev

Runs the api and a worker in one process on PORT (default 4180), on
127.0.0.1 only unless PAPRIKA_HOST says otherwise (it prints its admin
token; PAPRIKA_HOST=0.0.0.0 listens on every interface). Without
PAPRIKA_DATABASE_URL it starts a private PostgreSQL under PAPRIKA_DATA_DIR
(default ./data), and it makes a demo tenant and key, printed at start.
`,
	"migrate": `usage: paprika migrate

Applies the schema migrations to PAPRIKA_DATABASE_URL and exits. The api and
the worker apply them at start too; running it first is for deploys that
migrate in a step of their own.
`,
	"version": `usage: paprika version

Prints the version, the commit it was built from and the Go toolchain.
`,
}

// isHelp reports an argument that asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "--help", "-help", "-h", "help":
		return true
	}
	return false
}

// commandArgs answers the arguments of a process command, which takes none:
// a request for help prints it (done, exit 0, nothing started), anything
// else is a usage error.
func commandArgs(command string, args []string, stdout io.Writer) (done bool, err error) {
	help, ok := commandHelp[command]
	if !ok || len(args) == 0 {
		return false, nil
	}
	for _, a := range args {
		if isHelp(a) {
			fmt.Fprint(stdout, help)
			return true, nil
		}
	}
	return true, usageError(fmt.Sprintf("takes no arguments, not %q (paprika %s --help)", strings.Join(args, " "), command))
}

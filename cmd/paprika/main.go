// Command paprika is Paprika's one binary: the API, the worker, dev mode,
// migrations, one-off renders and its version, and the operators' commands
// that talk to a running API (tenants, keys, scheduler, templates, jobs).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/paprikahq/paprika/internal/config"
)

const usage = `usage: paprika <command>

commands:
  api       run the HTTP API (synchronous renders in PAPRIKA_WORKERS slots)
  worker    claim queued work by fair share and render it
  dev       api + worker in one process, on a private PostgreSQL when PAPRIKA_DATABASE_URL is unset
  migrate   apply the schema migrations
  render    render TEMPLATE.html DATA.json -o OUT.pdf locally, no database
  version   print the version and build info

commands that talk to a running API at PAPRIKA_URL (--help on each):
  tenants     create|list|get|set-tier|suspend|resume|delete (PAPRIKA_ADMIN_TOKEN)
  keys        create|list|revoke a tenant's keys (PAPRIKA_ADMIN_TOKEN)
  scheduler   each tier's queued, running, started and done work [--minutes N] [--watch]
  templates   push|list the tenant's templates (PAPRIKA_KEY)
  jobs        list|get|cancel|download the tenant's jobs (PAPRIKA_KEY)
  usage       what each tenant rendered by UTC day and tier [--from] [--to] [--tenant] [--csv]
  completion  a shell completion script: bash, zsh, fish or powershell
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// exitConfig is the status of a process stopped by its configuration.
const exitConfig = 2

// run is main without the process around it, so tests can start any command
// in-process on :0.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitConfig
	}
	if cliCommands[args[0]] {
		return runCLI(ctx, args, getenv, stdout, stderr)
	}
	command := args[0]
	switch command {
	case "--version", "-v":
		command = "version"
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return 0
	}
	// --help on a process command prints its help and starts nothing.
	done, err := commandArgs(command, args[1:], stdout)
	level, lerr := config.LogLevel(getenv)
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level}))
	switch {
	case done:
	case lerr != nil:
		err = lerr
	case command == "api":
		err = runAPI(ctx, getenv, log, nil)
	case command == "worker":
		err = runWorker(ctx, getenv, log, nil)
	case command == "dev":
		err = runDev(ctx, getenv, log, stdout)
	case command == "migrate":
		err = runMigrate(ctx, getenv, log)
	case command == "render":
		err = runRender(ctx, args[1:], getenv, stdout, stderr)
	case command == "version":
		printVersion(stdout)
	default:
		fmt.Fprintf(stderr, "paprika: unknown command %q\n\n%s", args[0], usage)
		return exitConfig
	}
	var cfgErr *config.Error
	var usageErr usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &cfgErr):
		fmt.Fprintf(stderr, "paprika %s: %s\n", args[0], cfgErr)
		return exitConfig
	case errors.As(err, &usageErr):
		fmt.Fprintf(stderr, "paprika %s: %s\n", args[0], usageErr)
		return exitConfig
	default:
		fmt.Fprintf(stderr, "paprika %s: %v\n", args[0], err)
		return 1
	}
}

// usageError is a wrong command line: exit status 2, one line.
type usageError string

func (e usageError) Error() string { return string(e) }

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

// The operators' commands of docs/operations.md (tenants, keys, scheduler, templates, jobs)
// talk to a running API. They are built on cobra, as River's and Temporal's
// command lines are: nested commands with --help at every level, flags that
// read like the API's fields, and shell completion for free. The process
// commands (api, worker, dev, migrate, render, version) keep their own
// dispatch in main.go.

// cliCommands are the first arguments run hands to runCLI: the operators'
// commands and cobra's completion commands.
var cliCommands = map[string]bool{
	"tenants": true, "keys": true, "scheduler": true, "templates": true, "jobs": true, "usage": true,
	"completion": true, cobra.ShellCompRequestCmd: true, cobra.ShellCompNoDescRequestCmd: true,
}

// cli is one run of an operator's command.
type cli struct {
	getenv         func(string) string
	stdout, stderr io.Writer
	url            string // --url, else PAPRIKA_URL
	json           bool   // --json: the API's JSON instead of tables
	ran            bool   // the command line was read; any error now is the run's
}

// runCLI runs an operator's command and returns its exit status: 0, 1 when
// the API refused or could not be reached (its message on stderr), 2 for a
// wrong command line or a missing variable.
func runCLI(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	c := &cli{getenv: getenv, stdout: stdout, stderr: stderr}
	root := c.root()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	var apiErr *apiError
	var usage usageError
	switch {
	case errors.As(err, &apiErr):
		// The API's message as it says it; its whole error body for scripts.
		if c.json && len(apiErr.body) > 0 {
			fmt.Fprintln(stdout, strings.TrimSpace(string(apiErr.body)))
		}
		fmt.Fprintln(stderr, apiErr.Message)
		return 1
	case errors.As(err, &usage) || !c.ran: // cobra's own: a flag, an argument, a command
		fmt.Fprintf(stderr, "%s: %s\n", cmd.CommandPath(), err)
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return exitConfig
	case errors.Is(err, context.Canceled):
		return 1
	default:
		fmt.Fprintf(stderr, "%s: %v\n", cmd.CommandPath(), err)
		return 1
	}
}

func (c *cli) root() *cobra.Command {
	root := &cobra.Command{
		Use:   "paprika",
		Short: "Paprika: multi-tenant document rendering",
		Long: `paprika is Paprika's one binary. The commands below talk to a running API
at PAPRIKA_URL: the admin commands with PAPRIKA_ADMIN_TOKEN, templates and
jobs with a tenant key in PAPRIKA_KEY. They print tables for people and, with --json,
the API's JSON for scripts. On failure they print the API's message and exit
non-zero.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		// Flags and arguments have been checked by now; required flags are
		// checked here, so that every error of the command line is a usage
		// error and every later one the run's.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := cmd.ValidateRequiredFlags(); err != nil {
				return usageError(err.Error())
			}
			c.ran = true
			return nil
		},
	}
	root.PersistentFlags().StringVar(&c.url, "url", "", "the API's URL (default $PAPRIKA_URL)")
	root.PersistentFlags().BoolVar(&c.json, "json", false, "print the API's JSON instead of a table")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return usageError(err.Error()) })
	root.AddCommand(c.tenantsCmd(), c.keysCmd(), c.schedulerCmd(), c.templatesCmd(), c.jobsCmd(), c.usageCmd())
	root.AddGroup(&cobra.Group{ID: "process", Title: "Processes:"})
	for _, p := range []struct{ name, short string }{
		{"api", "Run the HTTP API"},
		{"worker", "Claim queued work by fair share and render it"},
		{"dev", "Run api + worker in one process, on a private PostgreSQL"},
		{"migrate", "Apply the schema migrations"},
		{"render", "Render TEMPLATE.html DATA.json -o OUT.pdf locally"},
		{"version", "Print the version and build info"},
	} {
		// Listed for --help and shell completion; main.go runs them before
		// cobra is reached.
		root.AddCommand(&cobra.Command{Use: p.name, Short: p.short, GroupID: "process", DisableFlagParsing: true,
			RunE: func(*cobra.Command, []string) error { return usageError("run as: paprika " + p.name) }})
	}
	return root
}

// group is a command that only holds subcommands: an unknown subcommand is
// a usage error, none prints the help.
func group(use, short string, subs ...*cobra.Command) *cobra.Command {
	g := &cobra.Command{
		Use:   use,
		Short: short,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError(fmt.Sprintf("unknown command %q", args[0]))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	g.AddCommand(subs...)
	return g
}

// args checks a command's positional arguments: exactly the names given.
func args(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if len(got) != len(names) {
			return usageError(fmt.Sprintf("wants %d argument(s), %s; got %d", len(names), strings.Join(names, " "), len(got)))
		}
		return nil
	}
}

// admin is the client of the admin API: PAPRIKA_ADMIN_TOKEN.
func (c *cli) admin() (*apiClient, error) {
	return newAPIClient(c.baseURL(), c.getenv("PAPRIKA_ADMIN_TOKEN"), "PAPRIKA_ADMIN_TOKEN")
}

// tenant is the client of the tenant API: the key in PAPRIKA_KEY.
func (c *cli) tenant() (*apiClient, error) {
	return newAPIClient(c.baseURL(), c.getenv("PAPRIKA_KEY"), "PAPRIKA_KEY")
}

func (c *cli) baseURL() string {
	if c.url != "" {
		return c.url
	}
	return c.getenv("PAPRIKA_URL")
}

// output prints v: as JSON with --json (raw, the API's own bytes, when v is
// a json.RawMessage or a list of them), else as the table that table writes.
func (c *cli) output(v any, table func(w io.Writer)) error {
	if c.json {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(c.stdout, "%s\n", b)
		return err
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	table(tw)
	return tw.Flush()
}

// row writes one tab-separated table row.
func row(w io.Writer, cells ...string) {
	fmt.Fprintln(w, strings.Join(cells, "\t"))
}

// orDash shows an absent (null) value as "-".
func orDash(s *string) string {
	if s == nil || *s == "" {
		return "-"
	}
	return *s
}

// decodeAll decodes each raw item into a T, for the table.
func decodeAll[T any](raw []json.RawMessage) ([]T, error) {
	out := make([]T, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			return nil, fmt.Errorf("the API's answer is not the JSON expected: %v", err)
		}
	}
	return out, nil
}

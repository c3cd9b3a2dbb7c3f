package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/paprikahq/paprika/internal/wire"
)

// jobRow is a job as the API answers it.
type jobRow = wire.Job

func (c *cli) jobsCmd() *cobra.Command {
	return group("jobs", "List, inspect, cancel and download a tenant's jobs (PAPRIKA_KEY)",
		c.jobsListCmd(), c.jobsGetCmd(), c.jobsCancelCmd(), c.jobsDownloadCmd())
}

func (c *cli) jobsListCmd() *cobra.Command {
	var status, after string
	var limit int
	cmd := &cobra.Command{
		Use:   "list [--status STATUS] [--limit N] [--after CURSOR]",
		Short: "List the tenant's jobs, newest first",
		Long: `List the tenant's jobs, newest first: at most --limit (default 50; 0 for
every one), only those of --status (queued, running, done, failed,
canceled) when given. When more remain, the command to list the next ones
is printed on stderr (--after the last one's cursor). Needs a key with the
render or read scope in PAPRIKA_KEY.`,
		Example: `  paprika jobs list --status failed
  paprika jobs list --limit 0 --json | jq -r '.[] | select(.status == "done") | .id'`,
		Args: args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if limit < 0 {
				return usageError("--limit is 0 (every job) or more")
			}
			client, err := c.tenant()
			if err != nil {
				return err
			}
			jobs, next, err := listJobs(cmd.Context(), client, status, after, limit)
			if err != nil {
				return err
			}
			if err := c.printJobs(jobs, false); err != nil {
				return err
			}
			if next != "" {
				more := "paprika jobs list --after " + next
				if status != "" {
					more += " --status " + status
				}
				fmt.Fprintf(c.stderr, "more jobs: %s\n", more)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&status, "status", "", "only jobs of this status: queued, running, done, failed or canceled")
	cmd.Flags().IntVar(&limit, "limit", 50, "the most jobs to list; 0 lists every one")
	cmd.Flags().StringVar(&after, "after", "", "list the jobs after this cursor (printed when more remain)")
	return cmd
}

// listJobs reads pages of GET /v1/jobs until it has limit jobs (every one
// when limit is 0), and returns the cursor of the rest ("" when none).
func listJobs(ctx context.Context, client *apiClient, status, after string, limit int) ([]json.RawMessage, string, error) {
	var all []json.RawMessage
	for {
		size := 1000
		if limit > 0 {
			size = min(size, limit-len(all))
		}
		q := url.Values{"limit": {strconv.Itoa(size)}}
		if status != "" {
			q.Set("status", status)
		}
		if after != "" {
			q.Set("after", after)
		}
		var p page[json.RawMessage]
		if err := client.do(ctx, http.MethodGet, "/v1/jobs?"+q.Encode(), nil, &p); err != nil {
			return nil, "", err
		}
		all = append(all, p.Data...)
		if p.Next == "" || (limit > 0 && len(all) >= limit) {
			return all, p.Next, nil
		}
		after = p.Next
	}
}

func (c *cli) jobsGetCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "get JOB",
		Short:   "Show one job: its status, output or error",
		Example: `  paprika jobs get 0193f0c2-7c1e-7b8a-9f00-5d2a7e4c1b11 --json`,
		Args:    args("JOB"),
		RunE: func(cmd *cobra.Command, a []string) error {
			return c.jobCall(cmd.Context(), http.MethodGet, a[0])
		},
	}
}

func (c *cli) jobsCancelCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "cancel JOB",
		Short: "Cancel a queued or running job",
		Long: `Cancel JOB: a queued job never runs, a running one stops. A job that has
finished cannot be canceled (the API's message says so, exit status 1).
Needs a key with the render scope in PAPRIKA_KEY.`,
		Example: `  paprika jobs cancel 0193f0c2-7c1e-7b8a-9f00-5d2a7e4c1b11`,
		Args:    args("JOB"),
		RunE: func(cmd *cobra.Command, a []string) error {
			return c.jobCall(cmd.Context(), http.MethodDelete, a[0])
		},
	}
}

// jobCall sends one request whose answer is a job, and prints it.
func (c *cli) jobCall(ctx context.Context, method, id string) error {
	client, err := c.tenant()
	if err != nil {
		return err
	}
	var raw json.RawMessage
	if err := client.do(ctx, method, jobPath(id), nil, &raw); err != nil {
		return err
	}
	return c.printJobs([]json.RawMessage{raw}, true)
}

func (c *cli) jobsDownloadCmd() *cobra.Command {
	var out string
	var force bool
	cmd := &cobra.Command{
		Use:   "download JOB -o FILE [--force]",
		Short: "Save a finished job's document to FILE",
		Long: `Save the document JOB made to FILE, as it arrives (- writes it to standard
output). An existing FILE is kept unless --force: the download goes to a
file beside it and takes FILE's name only when complete, so that FILE is
never half written. Needs a key with the render or read scope in
PAPRIKA_KEY.`,
		Example: `  paprika jobs download 0193f0c2-7c1e-7b8a-9f00-5d2a7e4c1b11 -o invoice.pdf`,
		Args:    args("JOB"),
		RunE: func(cmd *cobra.Command, a []string) error {
			client, err := c.tenant()
			if err != nil {
				return err
			}
			path := jobPath(a[0]) + "/output"
			if out == "-" {
				_, err := client.download(cmd.Context(), path, c.stdout)
				return err
			}
			if !force {
				if _, err := os.Lstat(out); err == nil {
					return fmt.Errorf("%s exists: give --force to replace it", out)
				}
			}
			n, err := downloadFile(cmd.Context(), client, path, out, force)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.stderr, "wrote %s: %d bytes\n", out, n)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the file to write (- for standard output)")
	cmd.Flags().BoolVar(&force, "force", false, "replace FILE when it exists")
	_ = cmd.MarkFlagRequired("output")
	return cmd
}

// downloadFile streams GET path into a temporary file beside out and gives
// it out's name when complete: renamed over it with force, else linked,
// which fails rather than replace a file made meanwhile.
func downloadFile(ctx context.Context, client *apiClient, path, out string, force bool) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.part")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone already once renamed
	n, err := client.download(ctx, path, tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return n, err
	}
	if force {
		return n, os.Rename(tmp.Name(), out)
	}
	if err := os.Link(tmp.Name(), out); err != nil {
		if errors.Is(err, os.ErrExist) {
			return n, fmt.Errorf("%s exists: give --force to replace it", out)
		}
		return n, err
	}
	return n, nil
}

// printJobs prints jobs: one as an object, a list as an array, with
// --json; else a table.
func (c *cli) printJobs(raw []json.RawMessage, one bool) error {
	if c.json {
		if one {
			return c.output(raw[0], nil)
		}
		return c.output(orEmpty(raw), nil)
	}
	jobs, err := decodeAll[jobRow](raw)
	if err != nil {
		return err
	}
	return c.output(nil, func(w io.Writer) {
		row(w, "ID", "STATUS", "TIER", "FORMAT", "TEMPLATE", "CREATED", "FINISHED", "OUTPUT")
		for _, j := range jobs {
			row(w, j.ID, j.Status, j.Tier, j.Format, orDash(j.TemplateID), j.CreatedAt, orDash(j.FinishedAt), jobOutcome(j))
		}
	})
}

// jobOutcome is a job's OUTPUT cell: its document's size and pages, its
// error, or its place in the queue.
func jobOutcome(j jobRow) string {
	switch {
	case j.Output != nil:
		return fmt.Sprintf("%d bytes, %d page(s)", j.Output.Bytes, j.Output.Pages)
	case j.Error != nil:
		return j.Error.Code + ": " + j.Error.Message
	case j.Queue != nil:
		return fmt.Sprintf("%d ahead", j.Queue.Ahead)
	}
	return "-"
}

func jobPath(id string) string { return "/v1/jobs/" + url.PathEscape(id) }

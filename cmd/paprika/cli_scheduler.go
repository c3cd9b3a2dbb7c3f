package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/paprikahq/paprika/internal/scheduler"
	"github.com/spf13/cobra"
)

// measuresView is the answer of GET /v1/admin/scheduler.
type measuresView struct {
	Minutes int                      `json:"minutes"`
	Tiers   []scheduler.TierMeasures `json:"tiers"`
}

func (c *cli) schedulerCmd() *cobra.Command {
	var minutes int
	var watch bool
	var interval time.Duration
	cmd := &cobra.Command{
		Use:   "scheduler [--minutes N] [--watch [--interval D]]",
		Short: "Show each tier's queued and running work, starts, waits and render times",
		Long: `Show, for every configured tier in order, its settings, its work queued and
running now, and over the last N minutes (1 to 1440, default 60) the work
started, with its wait (p50, p95 seconds), and done, with its render time.
--watch shows it again every --interval until Ctrl-C; with --json, one JSON
object a line.`,
		Example: `  paprika scheduler` + "\n" + `  paprika scheduler --minutes 5 --watch`,
		Args:    args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if minutes < 1 || minutes > 1440 {
				return usageError("--minutes is a whole number from 1 to 1440")
			}
			if interval < 100*time.Millisecond {
				return usageError("--interval is at least 100ms")
			}
			api, err := c.admin()
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			path := "/v1/admin/scheduler?minutes=" + strconv.Itoa(minutes)
			if !watch {
				return c.schedulerOnce(ctx, api, path, false)
			}
			tick := time.NewTicker(interval)
			defer tick.Stop()
			for {
				if err := c.schedulerOnce(ctx, api, path, true); err != nil {
					if errors.Is(err, context.Canceled) {
						return nil // Ctrl-C is how a watch ends
					}
					return err
				}
				select {
				case <-ctx.Done():
					return nil
				case <-tick.C:
				}
			}
		},
	}
	cmd.Flags().IntVar(&minutes, "minutes", 60, "the window, in minutes (1-1440)")
	cmd.Flags().BoolVar(&watch, "watch", false, "show it again every --interval until interrupted")
	cmd.Flags().DurationVar(&interval, "interval", 2*time.Second, "how often --watch asks")
	return cmd
}

// schedulerOnce asks for the measures once and prints them: a table (under
// a clear screen and a time stamp when watching a terminal) or JSON (one
// line when watching).
func (c *cli) schedulerOnce(ctx context.Context, api *apiClient, path string, watching bool) error {
	var raw json.RawMessage
	if err := api.do(ctx, http.MethodGet, path, nil, &raw); err != nil {
		return err
	}
	if c.json {
		if watching {
			_, err := fmt.Fprintf(c.stdout, "%s\n", compact(raw))
			return err
		}
		return c.output(raw, nil)
	}
	var m measuresView
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("the API's answer is not the JSON expected: %v", err)
	}
	if watching {
		if isTerminal(c.stdout) {
			fmt.Fprint(c.stdout, "\x1b[H\x1b[2J")
		}
		fmt.Fprintf(c.stdout, "%s  (Ctrl-C to stop)\n\n", time.Now().UTC().Format(time.RFC3339))
	}
	err := c.output(nil, func(w io.Writer) {
		row(w, "TIER", "NAME", "WEIGHT", "MAX RUNNING", "RATE/MIN", "QUEUED", "RUNNING", "STARTED", "DONE",
			"WAIT P50", "WAIT P95", "RENDER P50", "RENDER P95")
		for _, t := range m.Tiers {
			row(w, t.Tier, t.Name, strconv.FormatFloat(t.Weight, 'g', -1, 64), intOrDash(t.MaxRunning), intOrDash(t.RatePerMinute),
				strconv.FormatInt(t.Queued, 10), strconv.FormatInt(t.Running, 10), strconv.FormatInt(t.Started, 10), strconv.FormatInt(t.Done, 10),
				secondsOrDash(t.WaitSeconds.P50), secondsOrDash(t.WaitSeconds.P95),
				secondsOrDash(t.RenderSeconds.P50), secondsOrDash(t.RenderSeconds.P95))
		}
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.stdout, "\nstarted, done, waits and render times over the last %d minutes\n", m.Minutes)
	if watching && err == nil {
		_, err = fmt.Fprintln(c.stdout) // apart from the next frame
	}
	return err
}

func intOrDash(n *int) string {
	if n == nil {
		return "-"
	}
	return strconv.Itoa(*n)
}

func secondsOrDash(s *float64) string {
	if s == nil {
		return "-"
	}
	return strconv.FormatFloat(*s, 'f', 3, 64) + "s"
}

func compact(raw json.RawMessage) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return raw
	}
	return buf.Bytes()
}

// isTerminal reports whether w is a character device (a terminal), where a
// watch clears the screen between frames.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

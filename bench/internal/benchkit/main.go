package benchkit

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Run runs a bench's body until it returns or the bench is interrupted
// (SIGINT, SIGTERM: its ctx ends, so that it stops what it started), and
// exits 1 with its error.
func Run(body func(ctx context.Context) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := body(ctx)
	stop()
	if err != nil {
		log.Print(err)
		os.Exit(1)
	}
}

// Sleep waits d, or until ctx ends (its error).
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Counts reads a comma-separated list of whole numbers from 1 to most, the
// value of flag name.
func Counts(name, list string, most int) ([]int, error) {
	var out []int
	for s := range strings.SplitSeq(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < 1 || v > most {
			return nil, fmt.Errorf("-%s: %q is not a whole number from 1 to %d", name, s, most)
		}
		out = append(out, v)
	}
	return out, nil
}

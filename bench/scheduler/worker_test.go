package main

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
)

// A claim that fails while its worker stops (its context canceled) is
// counted apart from a claim that fails on its own, whose text is kept.
func TestClaimTracerCountsClaimsCutByTheStopApart(t *testing.T) {
	tr := &claimTracer{open: map[*pgx.Conn]*claimRec{}}
	conn := &pgx.Conn{}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()

	tr.open[conn] = &claimRec{}
	tr.TraceBatchEnd(stopped, conn, pgx.TraceBatchEndData{Err: context.Canceled})
	tr.open[conn] = &claimRec{}
	tr.TraceBatchEnd(context.Background(), conn, pgx.TraceBatchEndData{Err: errors.New("deadlock detected")})
	tr.open[conn] = &claimRec{}
	tr.TraceBatchEnd(context.Background(), conn, pgx.TraceBatchEndData{})

	r := tr.result()
	if r.ClaimsCut != 1 || r.ClaimErrors != 1 {
		t.Fatalf("cut %d, errors %d; want 1 and 1", r.ClaimsCut, r.ClaimErrors)
	}
	if len(r.ClaimErrorMsg) != 1 || r.ClaimErrorMsg[0] != "deadlock detected" {
		t.Fatalf("error texts %q", r.ClaimErrorMsg)
	}
	if len(r.Claims) != 2 {
		t.Fatalf("claims ended %d, want the 2 that failed (the third is open after one round trip)", len(r.Claims))
	}
}

package faults

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// SIGKILL a worker while it renders, again and again, while another keeps
// working: its leases expire, the work returns with attempts + 1, and every
// job and record still ends done exactly once, whole, counted, announced.
// Kills are at most two per item's lifetime here (MaxAttempts is 3), so
// that every item must end done: each kill comes after the worker, started
// again, logged a claim of its own.
func TestWorkerKilledWhileRendering(t *testing.T) {
	t.Parallel()
	c := newCluster(t, nil)
	api := c.startProc("api", "api", nil)
	steady := c.startProc("worker-steady", "worker", nil)
	_ = steady
	victim := c.startProc("worker-victim", "worker", nil)
	key := c.tenant(api, "acme", "")
	key2 := c.tenant(api, "globex", "priority")

	w1 := work{key: key}
	w2 := work{key: key2}
	for i := range killJobs {
		w1.jobs = append(w1.jobs, c.submitJob(api, key, i, 300))
	}
	w2.batches = append(w2.batches, c.submitBatch(api, key2, killBatch, 300))

	for round := range kills {
		if !waitLogged(victim, `"msg":"claim"`, 2*time.Minute) {
			t.Logf("round %d: the victim claimed nothing (the other worker finished first)", round)
			break
		}
		// Somewhere inside a render: they last at least 300 ms.
		time.Sleep(time.Duration(rand.IntN(250)) * time.Millisecond)
		victim.Kill()
		t.Logf("round %d: killed the victim (pid %d) holding work", round, victim.Pid())
		// The other keeps working meanwhile; the victim comes back.
		victim = c.startProc("worker-victim", "worker", nil)
		if round == kills/2 {
			// More work for the next rounds, of both kinds.
			for i := range killJobs / 2 {
				w1.jobs = append(w1.jobs, c.submitJob(api, key, 1000+i, 300))
			}
		}
	}
	c.checkDoneOnce(api, w1, w2)
	var lost int
	if err := c.db.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM jobs WHERE attempts > 1)
		+ (SELECT count(*) FROM batch_records WHERE attempts > 1)`).Scan(&lost); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d items were rendered again after a kill", lost)
	if lost == 0 {
		t.Error("no item was claimed twice: the kills hit no work in flight, so the test proved nothing")
	}
}

// waitLogged waits until p's log has a line containing s; false if the
// process exited or limit passed first.
func waitLogged(p *proc, s string, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && p.Alive() {
		if strings.Contains(p.Log(), s) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

package faults

import (
	"bytes"
	"fmt"
	"net/http"
	"time"
)

// work is what a test submitted and expects to end done.
type work struct {
	key     string // the tenant's key
	jobs    []string
	batches []string
}

// checkDoneOnce checks every promise for work that must end done: every
// job and record done exactly once (its group's finishes and the render
// measures count it once, one event announces it), its attempts those the
// workers' claim logs show, and its output served whole, the bytes
// recorded. served is the api to download from.
func (c *cluster) checkDoneOnce(api *proc, ws ...work) {
	c.t.Helper()
	c.waitSettled(5 * time.Minute)
	claims := c.claims()
	items := 0
	for _, w := range ws {
		for _, id := range w.jobs {
			items++
			var j struct {
				Status   string
				Attempts int
				Output   *struct{ Bytes int64 }
				Error    *struct{ Code, Message string }
			}
			a := c.must(http.MethodGet, api.URL("/v1/jobs/"+id), w.key, nil, http.StatusOK)
			if err := a.json(&j); err != nil {
				c.t.Fatal(err)
			}
			if j.Status != "done" || j.Output == nil {
				c.t.Errorf("job %s: %s, want done (error %+v)", id, j.Status, j.Error)
				continue
			}
			if j.Attempts != claims[id] {
				c.t.Errorf("job %s: attempts %d, but the workers logged %d claims", id, j.Attempts, claims[id])
			}
			c.checkServed(api, w.key, "/v1/jobs/"+id+"/output", j.Output.Bytes)
		}
		for _, id := range w.batches {
			var b struct {
				Status      string
				Total, Done int
			}
			a := c.must(http.MethodGet, api.URL("/v1/batches/"+id), w.key, nil, http.StatusOK)
			if err := a.json(&b); err != nil {
				c.t.Fatal(err)
			}
			if b.Status != "done" || b.Done != b.Total {
				c.t.Errorf("batch %s: %s with %d of %d done", id, b.Status, b.Done, b.Total)
			}
			rows, err := c.db.Query(c.t.Context(), `SELECT idx, status, attempts, coalesce(output_bytes, -1), coalesce(error_message, '')
				FROM batch_records WHERE batch_id = $1 ORDER BY idx`, id)
			if err != nil {
				c.t.Fatal(err)
			}
			type rec struct {
				idx, attempts int
				status, msg   string
				bytes         int64
			}
			var recs []rec
			for rows.Next() {
				var r rec
				if err := rows.Scan(&r.idx, &r.status, &r.attempts, &r.bytes, &r.msg); err != nil {
					c.t.Fatal(err)
				}
				recs = append(recs, r)
			}
			rows.Close()
			for _, r := range recs {
				items++
				item := fmt.Sprintf("%s/%d", id, r.idx)
				if r.status != "done" {
					c.t.Errorf("record %s: %s, want done (%s)", item, r.status, r.msg)
					continue
				}
				if r.attempts != claims[item] {
					c.t.Errorf("record %s: attempts %d, but the workers logged %d claims", item, r.attempts, claims[item])
				}
				c.checkServed(api, w.key, fmt.Sprintf("/v1/batches/%s/records/%d/output", id, r.idx), r.bytes)
			}
		}
	}
	c.checkCountedOnce(c.doneBefore + items)
	for _, w := range ws {
		c.checkAnnounced(append(append([]string(nil), w.jobs...), w.batches...))
	}
}

// checkCountedOnce checks the scheduler's books: every start finished, and
// one render measure per document done (a row of measures holds a flush's
// seconds, one per document), so none was completed twice.
func (c *cluster) checkCountedOnce(done int) {
	c.t.Helper()
	var started, finished, measured int64
	err := c.db.QueryRow(c.t.Context(), `SELECT (SELECT coalesce(sum(started), 0) FROM group_starts),
		(SELECT coalesce(sum(finished), 0) FROM group_finishes),
		(SELECT coalesce(sum(cardinality(seconds)), 0) FROM measures WHERE kind = 'd')`).Scan(&started, &finished, &measured)
	if err != nil {
		c.t.Fatal(err)
	}
	if started != finished {
		c.t.Errorf("the groups counted %d starts but %d finishes", started, finished)
	}
	if measured != int64(done) {
		c.t.Errorf("%d documents done but %d completions measured: some work was completed twice or not at all", done, measured)
	}
}

// checkAnnounced waits for one event per id, and fails on two.
func (c *cluster) checkAnnounced(ids []string) {
	c.t.Helper()
	deadline := time.Now().Add(2 * time.Minute) // deliveries retry with backoff
	for _, id := range ids {
		for {
			n, status := c.hooks.announced(id)
			if n > 1 {
				c.t.Errorf("%s announced by %d distinct events, want 1", id, n)
			}
			if n >= 1 {
				if status != "done" {
					c.t.Errorf("%s announced as %s, want done", id, status)
				}
				break
			}
			if time.Now().After(deadline) {
				c.t.Errorf("%s never announced", id)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}

// checkServed downloads a document and checks it is whole: the bytes the
// work recorded, a PDF from its header to its end-of-file marker.
func (c *cluster) checkServed(api *proc, key, path string, want int64) {
	c.t.Helper()
	a, err := c.do(c.t.Context(), http.MethodGet, api.URL(path), key, nil)
	if err != nil || a.status != http.StatusOK {
		c.t.Errorf("GET %s: %v %d %s", path, err, a.status, a.body)
		return
	}
	if int64(len(a.body)) != want {
		c.t.Errorf("GET %s: %d bytes served, %d recorded", path, len(a.body), want)
	}
	if !bytes.HasPrefix(a.body, []byte("%PDF-")) || !bytes.Contains(a.body[max(0, len(a.body)-64):], []byte("%%EOF")) {
		c.t.Errorf("GET %s: not a whole PDF (%d bytes)", path, len(a.body))
	}
}

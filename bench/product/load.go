package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/paprikahq/paprika/bench/internal/benchkit"
)

// template is a small invoice: html renders it with no browser, so the
// cost measured is the queue's and the output store's.
const template = `<!doctype html><html><head><meta charset="utf-8"><title>Invoice {{number}}</title></head>
<body><h1>Invoice {{number}}</h1><p>{{customer}}</p>
<table>{{#each lines}}<tr><td>{{item}}</td><td>{{qty}}</td><td>{{price}}</td></tr>{{/each}}</table>
<p>Total: {{total}}</p></body></html>`

// tenant is one tenant of the load and its batches' record counts.
type tenant struct {
	id      string
	tier    string // standard or priority
	weight  float64
	records int
	batches []int // records per batch
	secret  string
	sampled bool
}

// layout gives the first o.priority tenants tier priority and the others
// standard, shares the records in proportion to the weights (so every
// backlog lasts about as long, and all tenants wait through most of the
// run), and marks o.sample tenants, half of each tier, evenly spread.
func layout(o *options) []*tenant {
	ts := make([]*tenant, o.tenants)
	units := 0.0
	for i := range ts {
		t := &tenant{id: fmt.Sprintf("t%03d", i), tier: "standard", weight: 1}
		if i < o.priority {
			t.tier, t.weight = "priority", 4
		}
		units += t.weight
		ts[i] = t
	}
	given := 0
	for _, t := range ts {
		t.records = int(float64(o.records) * t.weight / units)
		given += t.records
	}
	for i := 0; given < o.records; i++ {
		ts[i%len(ts)].records++
		given++
	}
	for _, t := range ts {
		for b := 0; b < o.batches; b++ {
			t.batches = append(t.batches, t.records/o.batches+btoi(b < t.records%o.batches))
		}
	}
	pick := func(from, n, want int) {
		if want >= n || want <= 0 {
			for i := from; i < from+n; i++ {
				ts[i].sampled = true
			}
			return
		}
		for k := 0; k < want; k++ {
			ts[from+k*n/want].sampled = true
		}
	}
	if o.sample == 0 {
		pick(0, len(ts), len(ts))
	} else {
		pp := max(1, o.sample/2)
		pick(0, o.priority, pp)
		pick(o.priority, o.tenants-o.priority, o.sample-pp)
	}
	return ts
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// client calls the API of one paprika api process.
type client struct {
	base  string
	admin string
	http  *http.Client
}

func newClient(base, admin string) *client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 32
	return &client{base: base, admin: admin, http: &http.Client{Transport: tr, Timeout: 2 * time.Minute}}
}

// call sends body (JSON unless nil) with the bearer token and decodes a
// 2xx answer into out; any other status is an error with the answer's body.
func (c *client) call(ctx context.Context, method, path, token string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, strings.TrimSpace(string(b)))
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

// createTenants makes every tenant and one render key each, 8 at a time.
func (c *client) createTenants(ctx context.Context, ts []*tenant) error {
	return benchkit.Parallel(ctx, len(ts), 8, func(ctx context.Context, i int) error {
		t := ts[i]
		body := map[string]any{"id": t.id, "name": "Bench tenant " + t.id}
		if t.tier != "standard" {
			body["tier"] = t.tier
		}
		if err := c.call(ctx, http.MethodPost, "/v1/admin/tenants", c.admin, body, nil); err != nil {
			return err
		}
		var key struct {
			Secret string `json:"secret"`
		}
		if err := c.call(ctx, http.MethodPost, "/v1/admin/tenants/"+t.id+"/keys", c.admin,
			map[string]any{"name": "bench", "scopes": []string{"render", "read"}}, &key); err != nil {
			return err
		}
		t.secret = key.Secret
		return nil
	})
}

// submitted is one accepted batch.
type submitted struct {
	tenant    *tenant
	id        string
	createdAt time.Time
	records   int
}

// submit posts every tenant's batches, 8 at a time, in rounds (every
// tenant's first batch, then every tenant's second, …) as clients
// submitting together would.
func (c *client) submit(ctx context.Context, ts []*tenant, format string) ([]submitted, error) {
	type job struct {
		t *tenant
		n int
		b int
	}
	var jobs []job
	for b := 0; ; b++ {
		more := false
		for _, t := range ts {
			if b < len(t.batches) {
				jobs = append(jobs, job{t, t.batches[b], b})
				more = true
			}
		}
		if !more {
			break
		}
	}
	out := make([]submitted, len(jobs))
	err := benchkit.Parallel(ctx, len(jobs), 8, func(ctx context.Context, i int) error {
		j := jobs[i]
		recs := make([]map[string]any, j.n)
		for r := range recs {
			recs[r] = map[string]any{
				"number":   fmt.Sprintf("%s-%d-%05d", j.t.id, j.b+1, r+1),
				"customer": "Customer " + j.t.id,
				"lines": []map[string]any{
					{"item": "Paper", "qty": 2, "price": "4.50"},
					{"item": "Ink", "qty": 1, "price": "19.90"},
					{"item": "Stamps", "qty": 10, "price": "0.85"},
				},
				"total": "37.40",
			}
		}
		var b struct {
			ID        string `json:"id"`
			CreatedAt string `json:"createdAt"`
			Total     int    `json:"total"`
		}
		body := map[string]any{"template": template, "records": recs, "format": format}
		if err := c.call(ctx, http.MethodPost, "/v1/batches", j.t.secret, body, &b); err != nil {
			return err
		}
		at, err := time.Parse(time.RFC3339Nano, b.CreatedAt)
		if err != nil {
			return fmt.Errorf("batch %s: createdAt %q: %w", b.ID, b.CreatedAt, err)
		}
		if b.Total != j.n {
			return fmt.Errorf("batch %s: total %d, submitted %d", b.ID, b.Total, j.n)
		}
		out[i] = submitted{tenant: j.t, id: b.ID, createdAt: at, records: j.n}
		return nil
	})
	return out, err
}

// record is one batch record as GET /v1/batches/{id}/records shows it.
type record struct {
	tenant    *tenant
	created   time.Time // the batch's
	status    string
	started   time.Time
	finished  time.Time
	errorCode string
}

// records reads every record of the batches, 8 batches at a time.
func (c *client) records(ctx context.Context, bs []submitted) ([]record, error) {
	per := make([][]record, len(bs))
	err := benchkit.Parallel(ctx, len(bs), 8, func(ctx context.Context, i int) error {
		b := bs[i]
		after := ""
		for {
			q := url.Values{"limit": {"1000"}}
			if after != "" {
				q.Set("after", after)
			}
			var page struct {
				Data []struct {
					Status     string  `json:"status"`
					StartedAt  *string `json:"startedAt"`
					FinishedAt *string `json:"finishedAt"`
					Error      *struct {
						Code string `json:"code"`
					} `json:"error"`
				} `json:"data"`
				Next *string `json:"next"`
			}
			if err := c.call(ctx, http.MethodGet, "/v1/batches/"+b.id+"/records?"+q.Encode(), b.tenant.secret, nil, &page); err != nil {
				return err
			}
			for _, d := range page.Data {
				r := record{tenant: b.tenant, created: b.createdAt, status: d.Status}
				if d.StartedAt != nil {
					r.started, _ = time.Parse(time.RFC3339Nano, *d.StartedAt)
				}
				if d.FinishedAt != nil {
					r.finished, _ = time.Parse(time.RFC3339Nano, *d.FinishedAt)
				}
				if d.Error != nil {
					r.errorCode = d.Error.Code
				}
				per[i] = append(per[i], r)
			}
			if page.Next == nil || *page.Next == "" {
				break
			}
			after = *page.Next
		}
		if len(per[i]) != b.records {
			return fmt.Errorf("batch %s: %d records listed, %d submitted", b.id, len(per[i]), b.records)
		}
		return nil
	})
	var all []record
	for _, p := range per {
		all = append(all, p...)
	}
	return all, err
}

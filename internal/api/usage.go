package api

import (
	"context"
	"encoding/csv"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Usage is the store's side of usage per tenant (docs/operations.md,
// Usage): synchronous renders counted when answered (the console's
// previews apart), and the reads.
type Usage interface {
	RecordRender(ctx context.Context, tenantID, tier string, preview bool, status string, seconds float64, out *paprika.Output) error
	TenantUsage(ctx context.Context, tenantID string, from, to time.Time) ([]paprika.Usage, error)
	AllUsage(ctx context.Context, from, to time.Time, tenantID string) ([]paprika.Usage, error)
}

type previewKey struct{}

// AsPreview returns r marked as a preview of the console's studio, for
// Handler(): its synchronous render is counted in the tenant's usage as a
// preview, not as a render. Only a Go context carries the mark, so nothing
// that arrives over the network can set it.
func AsPreview(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), previewKey{}, true))
}

// isPreview says whether ctx is a request AsPreview marked.
func isPreview(ctx context.Context) bool {
	v, _ := ctx.Value(previewKey{}).(bool)
	return v
}

// recordTimeout bounds the recording of a synchronous render's usage,
// which outlives its request: the store's own wait, not the client's.
const recordTimeout = 10 * time.Second

// recordRender counts a synchronous render in its tenant's usage whatever
// its client does: a render that finished is counted even when its client
// hung up while it was post-processed or answered, so the recording is not
// canceled with the request (context.WithoutCancel), only bounded by
// recordTimeout. A failure to record is logged, never the client's answer.
func (s *Server) recordRender(ctx context.Context, tenantID, tier, status string, seconds float64, out *paprika.Output) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	if err := s.store.RecordRender(ctx, tenantID, tier, isPreview(ctx), status, seconds, out); err != nil {
		s.log.WarnContext(ctx, "usage and measures not recorded", "requestId", requestID(ctx), "status", status, "err", err)
	}
}

// maxUsageDays is the longest range one read of usage spans: the 400 days
// usage is kept, and a day more.
const maxUsageDays = 401

// UsageJSON is one tenant's usage at one tier on one UTC day, as the API
// answers it.
type UsageJSON struct {
	Day    string `json:"day"`
	Tenant string `json:"tenant"`
	Tier   string `json:"tier"`
	UsageCounts
}

// UsageCounts are what a day counts, and their sum over an answer's days.
type UsageCounts struct {
	Renders       int64   `json:"renders"`
	Jobs          int64   `json:"jobs"`
	Records       int64   `json:"records"`
	Documents     int64   `json:"documents"`
	Pages         int64   `json:"pages"`
	RenderSeconds float64 `json:"renderSeconds"`
	Bytes         int64   `json:"bytes"`
	Failed        int64   `json:"failed"`
	// Previews are the console studio's previews, in none of the above.
	Previews int64 `json:"previews"`
}

func (c *UsageCounts) add(u UsageCounts) {
	c.Renders, c.Jobs, c.Records, c.Documents = c.Renders+u.Renders, c.Jobs+u.Jobs, c.Records+u.Records, c.Documents+u.Documents
	c.Pages, c.RenderSeconds, c.Bytes, c.Failed = c.Pages+u.Pages, c.RenderSeconds+u.RenderSeconds, c.Bytes+u.Bytes, c.Failed+u.Failed
	c.Previews += u.Previews
}

// UsageListJSON is the answer of both usage routes.
type UsageListJSON struct {
	From  string      `json:"from"`
	To    string      `json:"to"`
	Days  []UsageJSON `json:"days"`
	Total UsageCounts `json:"total"`
}

// UsageCSVColumns are the columns of usage as CSV, in order.
var UsageCSVColumns = []string{"day", "tenant", "tier", "renders", "jobs", "records", "documents", "pages", "renderSeconds", "bytes", "failed", "previews"}

// tenantUsage is GET /v1/usage: the tenant's own days.
func (s *Server) tenantUsage(w http.ResponseWriter, r *http.Request) error {
	from, to, err := usageRange(r)
	if err != nil {
		return err
	}
	rows, err := s.store.TenantUsage(r.Context(), principal(r).Tenant.ID, from, to)
	if err != nil {
		return err
	}
	return writeUsage(w, r, from, to, rows)
}

// adminUsage is GET /v1/admin/usage: every tenant's days, or one's.
func (s *Server) adminUsage(w http.ResponseWriter, r *http.Request) error {
	from, to, err := usageRange(r)
	if err != nil {
		return err
	}
	tenant := r.URL.Query().Get("tenant")
	if len(tenant) > 200 || strings.ContainsFunc(tenant, func(c rune) bool { return c < ' ' }) {
		return paprika.BadRequest("tenant is a tenant's id")
	}
	rows, err := s.store.AllUsage(r.Context(), from, to, tenant)
	if err != nil {
		return err
	}
	return writeUsage(w, r, from, to, rows)
}

// usageRange reads from and to (YYYY-MM-DD, UTC days, both included): to
// defaults to today, from to the first of to's month.
func usageRange(r *http.Request) (from, to time.Time, err error) {
	q := r.URL.Query()
	to = time.Now().UTC().Truncate(24 * time.Hour)
	if v := q.Get("to"); v != "" {
		if to, err = time.Parse(time.DateOnly, v); err != nil {
			return from, to, paprika.BadRequest("to is a day, YYYY-MM-DD")
		}
	}
	from = time.Date(to.Year(), to.Month(), 1, 0, 0, 0, 0, time.UTC)
	if v := q.Get("from"); v != "" {
		if from, err = time.Parse(time.DateOnly, v); err != nil {
			return from, to, paprika.BadRequest("from is a day, YYYY-MM-DD")
		}
	}
	if from.After(to) {
		return from, to, paprika.BadRequest("from is a day no later than to")
	}
	if to.Sub(from) >= maxUsageDays*24*time.Hour {
		return from, to, paprika.BadRequest("from and to span at most 401 days (usage is kept 400)")
	}
	return from, to, nil
}

// wantsCSV says whether the request's Accept asks for text/csv.
func wantsCSV(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		if mt, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && mt == "text/csv" {
			return true
		}
	}
	return false
}

func writeUsage(w http.ResponseWriter, r *http.Request, from, to time.Time, rows []paprika.Usage) error {
	out := UsageListJSON{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly), Days: make([]UsageJSON, 0, len(rows))}
	for _, u := range rows {
		c := UsageCounts{Renders: u.Renders, Jobs: u.Jobs, Records: u.Records, Documents: u.Documents, Pages: u.Pages,
			RenderSeconds: u.RenderSeconds, Bytes: u.Bytes, Failed: u.Failed, Previews: u.Previews}
		out.Total.add(c)
		c.RenderSeconds = seconds3(c.RenderSeconds)
		out.Days = append(out.Days, UsageJSON{Day: u.Day.Format(time.DateOnly), Tenant: u.TenantID, Tier: u.Tier, UsageCounts: c})
	}
	out.Total.RenderSeconds = seconds3(out.Total.RenderSeconds)
	if !wantsCSV(r) {
		writeJSON(w, http.StatusOK, out)
		return nil
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="usage-`+out.From+`-`+out.To+`.csv"`)
	w.WriteHeader(http.StatusOK)
	cw := csv.NewWriter(w)
	_ = cw.Write(UsageCSVColumns)
	for _, d := range out.Days {
		_ = cw.Write([]string{d.Day, d.Tenant, d.Tier, i64(d.Renders), i64(d.Jobs), i64(d.Records), i64(d.Documents),
			i64(d.Pages), strconv.FormatFloat(d.RenderSeconds, 'f', 3, 64), i64(d.Bytes), i64(d.Failed), i64(d.Previews)})
	}
	cw.Flush()
	return nil
}

func i64(n int64) string { return strconv.FormatInt(n, 10) }

// seconds3 rounds to the millisecond.
func seconds3(s float64) float64 { return math.Round(s*1000) / 1000 }

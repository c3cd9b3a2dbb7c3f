package api

import (
	"context"
	"encoding/csv"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
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
	out := wire.NewUsageList(from, to, rows)
	if !wantsCSV(r) {
		writeJSON(w, http.StatusOK, out)
		return nil
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="usage-`+out.From+`-`+out.To+`.csv"`)
	w.WriteHeader(http.StatusOK)
	cw := csv.NewWriter(w)
	_ = cw.Write(wire.UsageCSVColumns)
	for _, d := range out.Days {
		_ = cw.Write(d.CSV())
	}
	cw.Flush()
	return nil
}

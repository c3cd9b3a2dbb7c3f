package wire_test

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// The domain values the tests encode: every field set where the JSON
// shows it, with characters HTML would escape, at a time in another zone
// than UTC and with a fraction of a millisecond the JSON drops.
var (
	at      = time.Date(2026, 12, 7, 18, 4, 5, 6_789_000, time.FixedZone("CET", 3600))
	later   = at.Add(90 * time.Second)
	jobID   = uuid.MustParse("0193a6f2-7b1c-7d4e-8f00-0123456789ab")
	batchID = uuid.MustParse("0193a6f2-7b1c-7d4e-8f00-ba9876543210")
)

func doneJob() *paprika.Job {
	return &paprika.Job{ID: jobID, TenantID: "acme", KeyTier: "bulk", Status: paprika.StatusDone, Tier: "standard",
		Source:   paprika.Source{TemplateID: "invoice", TemplateVersion: 3, Format: "pdf"},
		Metadata: json.RawMessage(`{"order":"<A&B>"}`), CreatedAt: at, StartedAt: &at, FinishedAt: &later, Attempts: 2,
		Output: &paprika.Output{ContentType: "application/pdf", Bytes: 12345, Pages: 3}}
}

func queuedJob() *paprika.Job {
	return &paprika.Job{ID: jobID, TenantID: "acme", KeyTier: "bulk", Status: paprika.StatusQueued,
		Source: paprika.Source{Template: "<p>hi</p>", Format: "html"}, CreatedAt: at, Ahead: 4}
}

func failedJob() *paprika.Job {
	return &paprika.Job{ID: jobID, TenantID: "acme", Status: paprika.StatusFailed, Tier: "standard",
		Source: paprika.Source{Template: "<p>{{x}</p>", Format: "png"}, CreatedAt: at, StartedAt: &at, FinishedAt: &later,
		Attempts: 1, ErrCode: "template_error", ErrMessage: "Template error: unclosed {{ at line 1 <p>"}
}

func runningBatch() *paprika.Batch {
	return &paprika.Batch{ID: batchID, TenantID: "acme", Status: paprika.StatusRunning, Tier: "standard",
		Source: paprika.Source{TemplateID: "letter", TemplateVersion: 1, Format: "pdf"}, Metadata: json.RawMessage(`{"run":"a&b"}`),
		Total: 10, Queued: 3, Running: 2, Done: 4, Failed: 1, CreatedAt: at, StartedAt: &at}
}

func doneBatch() *paprika.Batch {
	return &paprika.Batch{ID: batchID, TenantID: "acme", Status: paprika.StatusDone, Tier: "bulk",
		Source: paprika.Source{Template: "<b>x</b>", Format: "html"}, Total: 2, Done: 1, Canceled: 1,
		CreatedAt: at, StartedAt: &at, FinishedAt: &later}
}

func records() []paprika.Record {
	return []paprika.Record{
		{Index: 0, Status: paprika.StatusDone, StartedAt: &at, FinishedAt: &later, Output: &paprika.Output{ContentType: "application/pdf", Bytes: 9, Pages: 1}},
		{Index: 1, Status: paprika.StatusFailed, StartedAt: &at, FinishedAt: &later, ErrCode: "render_failed", ErrMessage: "Render failed: <a> & <b>"},
		{Index: 2, Status: paprika.StatusQueued},
	}
}

func tenant() *paprika.Tenant {
	return &paprika.Tenant{ID: "acme", Name: "Acme <&> Co", RetentionDays: 30, CreatedAt: at, SuspendedAt: &later}
}

func key() *paprika.Key {
	return &paprika.Key{ID: "key_1", TenantID: "acme", Name: "ci", Scopes: []string{"render", "templates"}, Tier: "bulk",
		Prefix: "pk_abc", CreatedAt: at, Secret: "pk_abc_secret"}
}

func template() *paprika.Template {
	return &paprika.Template{TenantID: "acme", ID: "invoice", Name: "Invoice", Content: "<p>Dear {{name}} & co</p>",
		Options: json.RawMessage(`{"format":"A4"}`), Version: 3, CreatedAt: at, UpdatedAt: later}
}

func templateVersion() *paprika.TemplateVersion {
	return &paprika.TemplateVersion{Version: 2, CreatedAt: at, Bytes: 120}
}

func asset() *paprika.Asset {
	return &paprika.Asset{TenantID: "acme", Name: "logo.png", ContentType: "image/png", Bytes: 2048,
		SHA256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", CreatedAt: at, UpdatedAt: later}
}

func certificate() *paprika.Certificate {
	return &paprika.Certificate{TenantID: "acme", Name: "signing", Subject: "CN=Acme <Signing>", Issuer: "CN=Acme CA",
		NotBefore: at, NotAfter: later, CreatedAt: at}
}

func webhookSecrets() *paprika.WebhookSecrets {
	return &paprika.WebhookSecrets{Secret: "whsec_new", RotatedAt: &at,
		Previous: []paprika.OldWebhookSecret{{Secret: "whsec_old", ExpiresAt: later}}}
}

func deliveries() (*paprika.WebhookEvent, []paprika.WebhookAttempt) {
	ev := &paprika.WebhookEvent{ID: "msg_1", TenantID: "acme", Type: "job.finished", JobID: &jobID,
		URL: "https://example.com/hook?a=1&b=<2>", Status: "pending", CreatedAt: at, NextAt: &later, Attempts: 2,
		Body: []byte(`{"type":"job.finished"}`)}
	return ev, []paprika.WebhookAttempt{
		{Attempt: 1, At: at, Status: 500, DurationMs: 12},
		{Attempt: 2, At: later, DurationMs: 10000, Error: "timeout <10 s>"},
	}
}

func usage() (from, to time.Time, rows []paprika.Usage) {
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	return day, day.AddDate(0, 0, 6), []paprika.Usage{
		{TenantID: "acme", Day: day, Tier: "standard", Renders: 3, Jobs: 1, Records: 2, Documents: 6, Pages: 9,
			RenderSeconds: 1.23456, Bytes: 1000, Failed: 1, Previews: 2},
		{TenantID: "acme", Day: day.AddDate(0, 0, 1), Tier: "bulk", Records: 5, Documents: 5, Pages: 5,
			RenderSeconds: 0.0004, Bytes: 500},
	}
}

package api

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// Store is what the handlers need of the database (internal/postgres.Store),
// in small interfaces by subject.
type Store interface {
	Tenants
	Work
	Templates
	SigningCertificates
	Assets
	Webhooks
	Usage
	Waits
	scheduler.Counters
	Authenticate(ctx context.Context, secret string) (*paprika.Principal, error)
	// AuthenticateKey is Authenticate by a key's id, for the console's
	// in-process calls (see Caller).
	AuthenticateKey(ctx context.Context, keyID string) (*paprika.Principal, error)
	CountRequest(ctx context.Context, tenantID string, limit int) (ok bool, retryAfter int, err error)
	RecordSyncRender(ctx context.Context, tier string, seconds float64) error
	Ping(ctx context.Context) error
}

// Tenants are the admin API's tenants and keys.
type Tenants interface {
	CreateTenant(ctx context.Context, t paprika.Tenant) (*paprika.Tenant, error)
	Tenant(ctx context.Context, id string) (*paprika.Tenant, error)
	Tenants(ctx context.Context, after string, limit int) ([]paprika.Tenant, error)
	UpdateTenant(ctx context.Context, id string, p paprika.TenantPatch) (*paprika.Tenant, error)
	DeleteTenant(ctx context.Context, id string) error
	CreateKey(ctx context.Context, k paprika.Key) (*paprika.Key, error)
	Keys(ctx context.Context, tenantID, after string, limit int) ([]paprika.Key, error)
	RevokeKey(ctx context.Context, tenantID, keyID string) error
}

// Work is a tenant's queued jobs and batches.
type Work interface {
	CreateJob(ctx context.Context, j *paprika.Job) error
	Job(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Job, error)
	Jobs(ctx context.Context, tenantID, status string, after *uuid.UUID, limit int) ([]paprika.Job, error)
	CancelJob(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Job, error)
	CreateBatch(ctx context.Context, b *paprika.Batch, records []json.RawMessage) error
	Batch(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Batch, error)
	Batches(ctx context.Context, tenantID, status string, after *uuid.UUID, limit int) ([]paprika.Batch, error)
	CancelBatch(ctx context.Context, tenantID string, id uuid.UUID) (*paprika.Batch, error)
	Records(ctx context.Context, tenantID string, batchID uuid.UUID, status string, after, limit int) ([]paprika.Record, error)
	Record(ctx context.Context, tenantID string, batchID uuid.UUID, index int) (*paprika.Record, error)
	DoneRecords(ctx context.Context, batchID uuid.UUID, fn func(index int) error) error
	DoneDocuments(ctx context.Context, tenantID string, batchID uuid.UUID, field string) ([]paprika.DoneDocument, error)
}

// Templates are a tenant's stored templates.
type Templates interface {
	CreateTemplate(ctx context.Context, t paprika.Template, quota int64) (*paprika.Template, error)
	PutTemplate(ctx context.Context, t paprika.Template, quota int64) (*paprika.Template, error)
	Template(ctx context.Context, tenantID, id string, version int) (*paprika.Template, error)
	Templates(ctx context.Context, tenantID, after string, limit int) ([]paprika.Template, error)
	TemplateVersions(ctx context.Context, tenantID, id string, before, limit int) ([]paprika.TemplateVersion, error)
	DeleteTemplate(ctx context.Context, tenantID, id string) error
}

// SigningCertificates are a tenant's stored signing certificates
// (certificates.go); only Certificate reads the sealed key, for a render.
type SigningCertificates interface {
	PutCertificate(ctx context.Context, c paprika.Certificate) (*paprika.Certificate, error)
	Certificate(ctx context.Context, tenantID, name string) (*paprika.Certificate, error)
	Certificates(ctx context.Context, tenantID, after string, limit int) ([]paprika.Certificate, error)
	DeleteCertificate(ctx context.Context, tenantID, name string) error
}

// Assets are a tenant's assets: their rows, whose objects are in the output
// store (postgres.Store's methods say how an upload and the quota go).
type Assets interface {
	AssetUsage(ctx context.Context, tenantID, name string) (paprika.AssetUsage, error)
	OrphanAssetObject(ctx context.Context, tenantID, object string, size int64) error
	PutAsset(ctx context.Context, a paprika.Asset, quota int64) (out *paprika.Asset, replaced bool, err error)
	Asset(ctx context.Context, tenantID, name string) (*paprika.Asset, error)
	Assets(ctx context.Context, tenantID, after string, limit int) ([]paprika.Asset, error)
	AssetsNamed(ctx context.Context, tenantID string, names []string) ([]paprika.Asset, error)
	DeleteAsset(ctx context.Context, tenantID, name string) error
}

// Webhooks are the tenants' signing secrets and the deliveries of their
// work's events.
type Webhooks interface {
	WebhookSecrets(ctx context.Context, tenantID string) (*paprika.WebhookSecrets, error)
	RotateWebhookSecret(ctx context.Context, tenantID string) (*paprika.WebhookSecrets, error)
	Deliveries(ctx context.Context, tenantID, what string, id uuid.UUID) (*paprika.WebhookEvent, []paprika.WebhookAttempt, error)
}

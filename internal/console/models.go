package console

import (
	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/scheduler"
)

// The API's JSON, as the console reads it (docs/api.md): the console decodes the
// API's answers into the very types the API encodes them from, so that it
// depends on the API's contract only, and the two cannot drift apart.
type (
	tenantJSON          = api.TenantJSON
	keyJSON             = api.KeyJSON
	templateJSON        = api.TemplateJSON
	templateVersionJSON = api.TemplateVersionJSON
	jobJSON             = api.JobJSON
	batchJSON           = api.BatchJSON
	recordJSON          = api.RecordJSON
	deliveriesJSON      = api.DeliveriesJSON
	webhookSecretJSON   = api.WebhookSecretJSON
)

// schedulerJSON is the answer of GET /v1/admin/scheduler.
type schedulerJSON struct {
	Minutes int                      `json:"minutes"`
	Tiers   []scheduler.TierMeasures `json:"tiers"`
}

package postgres

import "github.com/paprikahq/paprika/internal/paprika"

// Aliases of the domain types that moved to internal/paprika, kept while
// branches written against the old names are merged. Removed once they are.
type (
	Job         = paprika.Job
	Batch       = paprika.Batch
	Record      = paprika.Record
	Source      = paprika.Source
	Output      = paprika.Output
	Tenant      = paprika.Tenant
	Key         = paprika.Key
	Principal   = paprika.Principal
	Template    = paprika.Template
	TenantPatch = paprika.TenantPatch
)

// Statuses, as aliases of the domain's (see above).
const (
	StatusQueued   = paprika.StatusQueued
	StatusRunning  = paprika.StatusRunning
	StatusDone     = paprika.StatusDone
	StatusFailed   = paprika.StatusFailed
	StatusCanceled = paprika.StatusCanceled
)

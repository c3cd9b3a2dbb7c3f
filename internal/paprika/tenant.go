package paprika

import (
	"encoding/json"
	"time"
)

// Tenant is one customer of the service. Tier is "" for the default.
type Tenant struct {
	ID            string
	Name          string
	Tier          string
	RetentionDays int
	CreatedAt     time.Time
	SuspendedAt   *time.Time
	DeletedAt     *time.Time
}

// Key is an API key; its secret is kept only as a SHA-256 hash (the secret is
// 160 random bits, so a slow hash would buy nothing).
type Key struct {
	ID        string
	TenantID  string
	Name      string
	Scopes    []string
	Tier      string
	Prefix    string
	CreatedAt time.Time
	RevokedAt *time.Time
	Secret    string // only when just created
}

// Principal is who a tenant key authenticates: the key and its tenant.
type Principal struct {
	Key    Key
	Tenant Tenant
}

// Template is one version of a stored template.
type Template struct {
	TenantID string
	ID       string
	Name     string
	Content  string // "" for a template whose Source is an Office file
	// Source is the name of the tenant's Office file the template is
	// ("letter.docx", given as "source": "assets/letter.docx"), rendered as
	// a request's source is (docs/office.md); "" for an HTML template.
	Source string
	// SampleData is the JSON object the studio previews the template with;
	// Options are its default rendering options, under a request's own
	// (docs/templates.md). Both are "{}" when unset; nil in a new version
	// keeps the last version's.
	SampleData json.RawMessage
	Options    json.RawMessage
	Version    int
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TemplateVersion is one version of a stored template, as its list shows it.
type TemplateVersion struct {
	Version   int
	CreatedAt time.Time // when this version was stored
	Bytes     int       // the size of its content (of its source's name)
}

// TenantPatch holds the fields of a PATCH; nil leaves a field as it is.
type TenantPatch struct {
	Name          *string
	Tier          *string // "" = back to the default
	RetentionDays *int
	Suspended     *bool
}

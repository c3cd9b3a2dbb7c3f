package paprika

import "time"

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
	TenantID  string
	ID        string
	Name      string
	Content   string
	Version   int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TenantPatch holds the fields of a PATCH; nil leaves a field as it is.
type TenantPatch struct {
	Name          *string
	Tier          *string // "" = back to the default
	RetentionDays *int
	Suspended     *bool
}

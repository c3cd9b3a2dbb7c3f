package wire

import "github.com/paprikahq/paprika/internal/paprika"

// Tenant is a tenant as the admin API answers it (docs/api.md).
type Tenant struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Tier          *string `json:"tier"`
	RetentionDays int     `json:"retentionDays"`
	CreatedAt     string  `json:"createdAt"`
	SuspendedAt   *string `json:"suspendedAt"`
	DeletedAt     *string `json:"deletedAt"`
}

// NewTenant is t as the admin API answers it.
func NewTenant(t *paprika.Tenant) Tenant {
	return Tenant{
		ID: t.ID, Name: t.Name, Tier: nullIfEmpty(t.Tier), RetentionDays: t.RetentionDays,
		CreatedAt: Timestamp(t.CreatedAt), SuspendedAt: NullableTimestamp(t.SuspendedAt), DeletedAt: NullableTimestamp(t.DeletedAt),
	}
}

// Key is an API key as the admin API answers it; Secret only when just created.
type Key struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Scopes    []string `json:"scopes"`
	Tier      *string  `json:"tier"`
	Prefix    string   `json:"prefix"`
	CreatedAt string   `json:"createdAt"`
	RevokedAt *string  `json:"revokedAt"`
	Secret    string   `json:"secret,omitempty"`
}

// NewKey is k as the admin API answers it.
func NewKey(k *paprika.Key) Key {
	return Key{
		ID: k.ID, Name: k.Name, Scopes: k.Scopes, Tier: nullIfEmpty(k.Tier), Prefix: k.Prefix,
		CreatedAt: Timestamp(k.CreatedAt), RevokedAt: NullableTimestamp(k.RevokedAt), Secret: k.Secret,
	}
}

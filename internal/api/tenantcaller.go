package api

import (
	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
)

// tenantCaller is who a tenant request is made by: its key and the key's
// tenant, and the tier their work runs at now (docs/scheduler.md), resolved
// once, as the key is authenticated. A request's rate limit, its metrics'
// tier label and the tier its answer names all read Tier, so that they
// cannot disagree within a request, and no handler resolves a tier itself.
type tenantCaller struct {
	paprika.Principal
	// Tier is the tier the key's work runs at: the key's when it names a
	// configured tier, else the tenant's when configured, else the default.
	Tier config.Tier
	// tiers resolve the tier of the tenant's work submitted with another
	// of its keys (see tierOf).
	tiers config.Tiers
}

// newTenantCaller resolves p's tier against tiers: the one resolution of
// the caller's own tier.
func newTenantCaller(p *paprika.Principal, tiers config.Tiers) *tenantCaller {
	return &tenantCaller{Principal: *p, Tier: tiers.Resolve(p.Key.Tier, p.Tenant.Tier), tiers: tiers}
}

// tierOf is the tier the tenant's queued work submitted with a key of
// keyTier would be claimed at now: the caller's Tier when keyTier is its
// key's (work the caller submitted itself), else resolved against the
// caller's tenant, as the claim resolves it (a job of another key of the
// tenant, or a webhook's job with no caller key at all).
func (c *tenantCaller) tierOf(keyTier string) config.Tier {
	if keyTier == c.Key.Tier {
		return c.Tier
	}
	return c.tiers.Resolve(keyTier, c.Tenant.Tier)
}

package api

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/paprika"
)

// The caller's tier, resolved once as its key is authenticated, and the
// tier of its tenant's work submitted with any key (tierOf) are the tiers
// config.Tiers.Resolve names, for every key tier and tenant tier, configured,
// unset or removed from PAPRIKA_TIERS since.
func TestTenantCallerTiers(t *testing.T) {
	t.Parallel()
	tiers, err := config.ParseTiers(`{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 2}, "bulk": {"weight": 0.5}}`)
	require.NoError(t, err)
	names := []string{"", "standard", "priority", "bulk", "gone"}
	for _, keyTier := range names {
		for _, tenantTier := range names {
			p := &paprika.Principal{Key: paprika.Key{Tier: keyTier}, Tenant: paprika.Tenant{Tier: tenantTier}}
			c := newTenantCaller(p, tiers)
			require.Equal(t, tiers.Resolve(keyTier, tenantTier), c.Tier, "key %q, tenant %q", keyTier, tenantTier)
			for _, workKeyTier := range names {
				require.Equal(t, tiers.Resolve(workKeyTier, tenantTier), c.tierOf(workKeyTier),
					"key %q, tenant %q, the work's key %q", keyTier, tenantTier, workKeyTier)
			}
		}
	}
}

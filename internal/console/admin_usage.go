package console

import "net/http"

// adminUsageShow is every tenant's usage by UTC day, tenant and tier, or
// one tenant's, for billing.
func (c *Console) adminUsageShow(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.usage(w, r, s, "/v1/admin/usage", true)
}

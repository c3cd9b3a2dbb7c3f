package config

import "fmt"

// maxQuota bounds PAPRIKA_ASSET_QUOTA and PAPRIKA_TEMPLATE_QUOTA: past 1024
// GiB of one tenant's images, fonts or templates is a typo, not a quota. 0
// lets no tenant store any.
const maxQuota = 1 << 40

// parseQuota reads a tenant's storage quota (PAPRIKA_ASSET_QUOTA,
// PAPRIKA_TEMPLATE_QUOTA), an amount like PAPRIKA_RENDER_MAX_MEMORY's:
// 100MiB, 1GiB, 500MB or a number of bytes.
func parseQuota(v string) (int64, error) {
	n, ok := parseAmount(v, 0, maxQuota)
	if !ok {
		return 0, fmt.Errorf("must be an amount of bytes from 0 to 1024GiB, like 100MiB, 1GiB or a number of bytes, not %q", v)
	}
	return n, nil
}

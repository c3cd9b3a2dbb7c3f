package config

import "fmt"

// maxAssetQuota bounds PAPRIKA_ASSET_QUOTA: past 1024 GiB of one tenant's
// images and fonts is a typo, not a quota. 0 lets no tenant store any.
const maxAssetQuota = 1 << 40

// parseAssetQuota reads PAPRIKA_ASSET_QUOTA, an amount like
// PAPRIKA_RENDER_MAX_MEMORY's: 100MiB, 1GiB, 500MB or a number of bytes.
func parseAssetQuota(v string) (int64, error) {
	n, ok := parseAmount(v, 0, maxAssetQuota)
	if !ok {
		return 0, fmt.Errorf("must be an amount of bytes from 0 to 1024GiB, like 100MiB, 1GiB or a number of bytes, not %q", v)
	}
	return n, nil
}

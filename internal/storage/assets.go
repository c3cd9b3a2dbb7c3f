package storage

import (
	"context"
	"fmt"
	"io"

	"github.com/paprikahq/paprika/internal/paprika"
)

// AssetPrefix holds every asset object of a tenant, inside its folder.
func AssetPrefix(tenantID string) string {
	return TenantPrefix(tenantID) + "assets/"
}

// AssetKey is where an asset's bytes live: outputs/TENANT/assets/OBJECT,
// OBJECT being an id the upload made (a UUID), never the asset's name, so
// that a replace writes a new object beside the one a render may be
// reading.
func AssetKey(tenantID, object string) string {
	return AssetPrefix(tenantID) + object
}

// ReadAll reads the whole object at key, refusing one of more than limit
// bytes.
func ReadAll(ctx context.Context, s Store, key string, limit int64) ([]byte, error) {
	rc, err := s.NewRangeReader(ctx, key, 0, -1)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("storage: %s holds more than %d bytes", key, limit)
	}
	return b, nil
}

// AssetReader reads assets' bytes from s, for render.NewAssets: the api's
// renders and the worker's read them the same way.
func AssetReader(s Store) func(ctx context.Context, a paprika.Asset) ([]byte, error) {
	return func(ctx context.Context, a paprika.Asset) ([]byte, error) {
		return ReadAll(ctx, s, AssetKey(a.TenantID, a.Object), paprika.MaxAssetBytes)
	}
}

// sweepAssets deletes the objects no asset has named for long enough that
// no render can still be reading them (a replaced or deleted asset's, an
// upload's that failed), and every asset of a deleted tenant: its folder
// of assets first, then its rows.
func (s *Sweeper) sweepAssets(ctx context.Context) error {
	for {
		objects, err := s.Store.ExpiredAssetObjects(ctx, sweepChunk)
		if err != nil {
			return err
		}
		for _, o := range objects {
			if err := s.Outputs.Delete(ctx, AssetKey(o.TenantID, o.Object)); err != nil {
				return err
			}
		}
		if err := s.Store.DeleteAssetOrphans(ctx, objects); err != nil {
			return err
		}
		if len(objects) < sweepChunk {
			break
		}
	}
	for {
		tenants, err := s.Store.DeletedAssetTenants(ctx, sweepChunk)
		if err != nil {
			return err
		}
		for _, id := range tenants {
			if err := s.Outputs.DeletePrefix(ctx, AssetPrefix(id)); err != nil {
				return err
			}
			if err := s.Store.DeleteTenantAssets(ctx, id); err != nil {
				return err
			}
		}
		if len(tenants) < sweepChunk {
			return nil
		}
	}
}

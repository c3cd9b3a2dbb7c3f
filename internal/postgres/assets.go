package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/paprika"
)

// A tenant's assets (statements of sql/assets.sql). A row names the object
// of the output store that holds an asset's bytes; objects no row names are
// listed in asset_orphans until the sweeper deletes them, so that none is
// ever lost track of: an upload lists its object before writing it
// (OrphanAssetObject) and PutAsset takes it off in the commit that names it.

var (
	sqlAssetUsage         = Statement("asset-usage")
	sqlUpsertAsset        = Statement("upsert-asset")
	sqlOrphanAssetObject  = Statement("orphan-asset-object")
	sqlUploadAssetObject  = Statement("upload-asset-object")
	sqlAdoptAssetObject   = Statement("adopt-asset-object")
	sqlDeleteAsset        = Statement("delete-asset")
	sqlAsset              = Statement("asset")
	sqlAssets             = Statement("assets")
	sqlAssetsNamed        = Statement("assets-named")
	sqlSweepAssetOrphans  = Statement("sweep-asset-orphans")
	sqlDeleteAssetOrphans = Statement("delete-asset-orphans")
	sqlDeletedAssetTenant = Statement("deleted-asset-tenants")
	sqlDeleteTenantAssets = Statement("delete-tenant-assets")
)

func scanAsset(row pgx.Row) (*paprika.Asset, error) {
	var a paprika.Asset
	err := row.Scan(&a.TenantID, &a.Name, &a.ContentType, &a.Bytes, &a.SHA256, &a.Object, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, paprika.NotFound("asset")
	}
	return &a, err
}

// AssetUsage returns what the tenant stores as an upload of name sees it,
// to check the quota before the bytes are written (PutAsset checks it
// again, under the tenant's lock).
func (s *Store) AssetUsage(ctx context.Context, tenantID, name string) (paprika.AssetUsage, error) {
	return assetUsage(ctx, s.Pool, tenantID, name)
}

func assetUsage(ctx context.Context, q interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}, tenantID, name string) (paprika.AssetUsage, error) {
	var u paprika.AssetUsage
	err := q.QueryRow(ctx, sqlAssetUsage, tenantID, name).Scan(&u.Others, &u.Count, &u.Old, &u.OldBytes, &u.Orphaned)
	return u, err
}

// OrphanAssetObject lists object, of size bytes, as named by no asset,
// before an upload writes it: if the upload fails or the process dies, the
// sweeper deletes the object.
func (s *Store) OrphanAssetObject(ctx context.Context, tenantID, object string, size int64) error {
	_, err := s.Pool.Exec(ctx, sqlUploadAssetObject, tenantID, object, size)
	return err
}

// PutAsset names a.Object, written already, as the bytes of asset a.Name,
// if the tenant stays within quota bytes (paprika.AssetUsage.Check): past
// it, the answer is payload-too-large. The uploads of one tenant take its
// row lock, so that two at once cannot both fit in what is left. The
// object the asset had before becomes an orphan, deleted by the sweeper
// once no render started before this commit can be reading it. replaced
// says whether the asset existed.
func (s *Store) PutAsset(ctx context.Context, a paprika.Asset, quota int64) (out *paprika.Asset, replaced bool, err error) {
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := lockStorage(ctx, tx, a.TenantID); err != nil {
			return err
		}
		u, err := assetUsage(ctx, tx, a.TenantID, a.Name)
		if err != nil {
			return err
		}
		if qerr := u.Check(a.Bytes, quota); qerr != nil {
			return qerr
		}
		if out, err = scanAsset(tx.QueryRow(ctx, sqlUpsertAsset, a.TenantID, a.Name, a.ContentType, a.Bytes, a.SHA256, a.Object)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, sqlAdoptAssetObject, a.TenantID, a.Object); err != nil {
			return err
		}
		if replaced = u.Old != ""; replaced && u.Old != a.Object {
			_, err = tx.Exec(ctx, sqlOrphanAssetObject, a.TenantID, u.Old, u.OldBytes)
		}
		return err
	})
	return out, replaced, err
}

// DeleteAsset deletes an asset; its object becomes an orphan, deleted by
// the sweeper once no render can be reading it.
func (s *Store) DeleteAsset(ctx context.Context, tenantID, name string) error {
	var object string
	err := s.Pool.QueryRow(ctx, sqlDeleteAsset, tenantID, name).Scan(&object)
	if errors.Is(err, pgx.ErrNoRows) {
		return paprika.NotFound("asset")
	}
	return err
}

// Asset returns one of the tenant's assets.
func (s *Store) Asset(ctx context.Context, tenantID, name string) (*paprika.Asset, error) {
	return scanAsset(s.Pool.QueryRow(ctx, sqlAsset, tenantID, name))
}

// Assets lists the tenant's assets by name, after after.
func (s *Store) Assets(ctx context.Context, tenantID, after string, limit int) ([]paprika.Asset, error) {
	rows, err := s.Pool.Query(ctx, sqlAssets, tenantID, after, limit)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanAsset)
}

// AssetsNamed returns those of names the tenant has assets of: what a
// render looks up, the names its page uses (render.AssetLookup).
func (s *Store) AssetsNamed(ctx context.Context, tenantID string, names []string) ([]paprika.Asset, error) {
	return assetsNamed(ctx, s.Pool, tenantID, names)
}

// AssetsNamed is Store.AssetsNamed for the worker.
func (q *Queue) AssetsNamed(ctx context.Context, tenantID string, names []string) ([]paprika.Asset, error) {
	return assetsNamed(ctx, q.pool, tenantID, names)
}

func assetsNamed(ctx context.Context, pool *pgxpool.Pool, tenantID string, names []string) ([]paprika.Asset, error) {
	rows, err := pool.Query(ctx, sqlAssetsNamed, tenantID, names)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanAsset)
}

// ExpiredAssetObjects picks up to limit orphaned objects that no render can
// still be reading (TenantID and Object set).
func (s *Store) ExpiredAssetObjects(ctx context.Context, limit int) ([]paprika.Asset, error) {
	rows, err := s.Pool.Query(ctx, sqlSweepAssetOrphans, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (paprika.Asset, error) {
		var a paprika.Asset
		return a, r.Scan(&a.TenantID, &a.Object)
	})
}

// DeleteAssetOrphans forgets orphaned objects once they are deleted.
func (s *Store) DeleteAssetOrphans(ctx context.Context, objects []paprika.Asset) error {
	tenants := make([]string, len(objects))
	ids := make([]string, len(objects))
	for i, o := range objects {
		tenants[i], ids[i] = o.TenantID, o.Object
	}
	_, err := s.Pool.Exec(ctx, sqlDeleteAssetOrphans, tenants, ids)
	return err
}

// DeletedAssetTenants picks up to limit deleted tenants that still have
// assets.
func (s *Store) DeletedAssetTenants(ctx context.Context, limit int) ([]string, error) {
	rows, err := s.Pool.Query(ctx, sqlDeletedAssetTenant, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// DeleteTenantAssets deletes a deleted tenant's asset rows, once the
// objects are gone.
func (s *Store) DeleteTenantAssets(ctx context.Context, tenantID string) error {
	_, err := s.Pool.Exec(ctx, sqlDeleteTenantAssets, tenantID)
	return err
}

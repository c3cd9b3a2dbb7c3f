package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"mime"
	"net/http"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/wire"
)

// A tenant's assets (docs/templates.md, Assets): images, fonts,
// stylesheets and scripts its pages load by the relative URL assets/NAME.
// The bytes go to the output store, an object of their own for every
// upload (storage.AssetKey), listed as an orphan before they are written
// and named by the asset in the commit that checks the quota
// (postgres.Store.PutAsset), so that no object is lost track of and no
// render ever reads half of two versions.

// putAsset stores the request's body as asset {name}: 201 when new, 200
// when it replaced one.
func (s *Server) putAsset(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	tenantID := principal(r).Tenant.ID
	name := r.PathValue("name")
	contentType, err := assetType(r.Header.Get("Content-Type"))
	if err != nil {
		return err
	}
	if r.ContentLength > paprika.MaxAssetBytes {
		return assetTooLarge()
	}
	body, err := readBody(w, r, paprika.MaxAssetBytes)
	if paprika.ErrorCode(err) == paprika.CodePayloadTooLarge {
		return assetTooLarge()
	}
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return paprika.BadRequest("the body is empty; send the asset's bytes, with their Content-Type")
	}
	if err := paprika.SniffAsset(contentType, body); err != nil {
		return err
	}
	quota := s.cfg.AssetQuota
	usage, err := s.store.AssetUsage(ctx, tenantID, name)
	if err != nil {
		return err
	}
	if qerr := usage.Check(int64(len(body)), quota); qerr != nil {
		return qerr
	}
	sum := sha256.Sum256(body)
	a := paprika.Asset{TenantID: tenantID, Name: name, ContentType: contentType, Bytes: int64(len(body)),
		SHA256: hex.EncodeToString(sum[:]), Object: paprika.NewID().String()}
	// Listed before it is written: whatever happens next, the sweeper
	// knows of the object until an asset names it.
	if err := s.store.OrphanAssetObject(ctx, tenantID, a.Object, a.Bytes); err != nil {
		return err
	}
	key := storage.AssetKey(tenantID, a.Object)
	if err := s.outputs.Put(ctx, key, body); err != nil {
		return s.assetStoreError(r, key, err)
	}
	out, replaced, err := s.store.PutAsset(ctx, a, quota)
	if err != nil {
		// Another upload took what was left of the quota (or the database
		// failed): the object goes now; if that fails, the sweeper's.
		if derr := s.outputs.Delete(context.WithoutCancel(ctx), key); derr != nil {
			s.log.WarnContext(ctx, "asset object left to the sweeper", "requestId", requestID(ctx), "key", key, "err", derr)
		}
		return err
	}
	status := http.StatusOK
	if !replaced {
		status = http.StatusCreated
		w.Header().Set("Location", "/v1/assets/"+name)
	}
	writeJSON(w, status, wire.NewAsset(out))
	return nil
}

func assetTooLarge() error {
	return paprika.Errorf(paprika.CodePayloadTooLarge, "Payload too large: an asset is at most %d bytes (10 MiB)", paprika.MaxAssetBytes)
}

// getAsset sends an asset's bytes with their content type and an ETag, its
// sha256: If-None-Match is answered 304 without reading the store, and
// Range by http.ServeContent.
func (s *Server) getAsset(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	a, err := s.store.Asset(ctx, principal(r).Tenant.ID, r.PathValue("name"))
	if err != nil {
		return err
	}
	etag := `"` + a.SHA256 + `"`
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-cache")
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	key := storage.AssetKey(a.TenantID, a.Object)
	o, err := storage.Open(ctx, s.outputs, key)
	if err != nil {
		return s.assetStoreError(r, key, err)
	}
	defer o.Close()
	h.Set("Content-Type", a.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	// A tenant's SVG or script opened as a page of this origin runs
	// nothing: the bytes are the tenant's, the origin is the console's.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	return s.serveStored(w, r, o, a.UpdatedAt, "asset", key)
}

// etagMatches reports whether an If-None-Match header names etag (or is *).
func etagMatches(header, etag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// assetStoreError is what a client sees of the store's failure under an
// asset: unavailable with Retry-After, the detail logged. An object that
// is gone while its row names it cannot happen but by hand: not found.
func (s *Server) assetStoreError(r *http.Request, key string, err error) error {
	if errors.Is(err, storage.ErrNotExist) {
		s.log.ErrorContext(r.Context(), "asset object missing", "requestId", requestID(r.Context()), "key", key)
		return paprika.NotFound("asset")
	}
	s.log.WarnContext(r.Context(), "output store failed", "requestId", requestID(r.Context()), "key", key, "err", err)
	return &paprika.Error{Code: paprika.CodeUnavailable, RetryAfter: 5,
		Message: "Unavailable: the output store cannot be reached; try again shortly"}
}

func (s *Server) listAssets(w http.ResponseWriter, r *http.Request) error {
	limit, after, err := page(r)
	if err != nil {
		return err
	}
	rows, err := s.store.Assets(r.Context(), principal(r).Tenant.ID, after, limit+1)
	if err != nil {
		return err
	}
	out := make([]wire.Asset, len(rows))
	for i := range rows {
		out[i] = wire.NewAsset(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(a wire.Asset) string { return a.Name }))
	return nil
}

func (s *Server) deleteAsset(w http.ResponseWriter, r *http.Request) error {
	if err := s.store.DeleteAsset(r.Context(), principal(r).Tenant.ID, r.PathValue("name")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// renderAssets are the tenant's assets for a render of format (html
// renders load nothing: none), looked up by the names the render uses, as
// it starts and as its page asks (render.NewAssets), never the tenant's
// whole index.
func (s *Server) renderAssets(tenantID, format string) render.Assets {
	if format == render.FormatHTML {
		return nil
	}
	lookup := func(ctx context.Context, names []string) ([]paprika.Asset, error) {
		return s.store.AssetsNamed(ctx, tenantID, names)
	}
	return render.NewAssets(lookup, storage.AssetReader(s.outputs))
}

// assetType reads an upload's Content-Type: one of paprika.AssetTypes; a
// charset, for stylesheets and scripts, only utf-8.
func assetType(header string) (string, error) {
	bad := paprika.BadRequest("Content-Type is one of %s, not %q", strings.Join(paprika.AssetTypes, ", "), header)
	if header == "" {
		return "", paprika.BadRequest("Content-Type is required: one of %s", strings.Join(paprika.AssetTypes, ", "))
	}
	t, params, err := mime.ParseMediaType(header)
	if err != nil || !paprika.IsAssetType(t) {
		return "", bad
	}
	for k, v := range params {
		if k != "charset" || !strings.HasPrefix(t, "text/") && t != "image/svg+xml" || !strings.EqualFold(v, "utf-8") {
			return "", paprika.BadRequest("Content-Type %q: the only parameter an asset's type takes is charset=utf-8 (text/css, text/javascript, image/svg+xml)", header)
		}
	}
	return t, nil
}

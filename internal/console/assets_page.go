package console

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/wire"
)

// assetsPage lists the tenant's assets, with the reference to paste.
type assetsPage struct {
	Assets []wire.Asset
	Next   string
	Types  string // what may be uploaded
	Error  string // why the last upload was refused
}

// uploadLimit bounds an upload's form: an asset's 10 MiB and the form
// around it.
const uploadLimit = paprika.MaxAssetBytes + 64<<10

// assetsList is the tenant's assets page.
func (c *Console) assetsList(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showAssets(w, r, s, http.StatusOK, "")
}

func (c *Console) showAssets(w http.ResponseWriter, r *http.Request, s *session, status int, problem string) error {
	var p page[wire.Asset]
	q := url.Values{"limit": {"200"}}
	if after := r.URL.Query().Get("after"); after != "" {
		q.Set("after", after)
	}
	if err := c.call(r, s, http.MethodGet, "/v1/assets?"+q.Encode(), nil, &p); err != nil {
		return err
	}
	c.render(w, r, s, status, "assets", "assets", assetsPage{Assets: p.Data, Next: p.Next,
		Types: strings.Join(paprika.AssetTypes, ", "), Error: problem})
	return nil
}

// assetUpload stores the uploaded file as asset NAME (the file's name
// when no name is given), through PUT /v1/assets/{name}: its checks, its
// quota, its messages.
func (c *Console) assetUpload(w http.ResponseWriter, r *http.Request, s *session) error {
	file, header, err := r.FormFile("file")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return c.showAssets(w, r, s, http.StatusRequestEntityTooLarge, "Payload too large: an asset is at most 10 MiB.")
		}
		if api.BodyRefused(r.Body) {
			w.Header().Set("Retry-After", "1")
			return c.showAssets(w, r, s, http.StatusServiceUnavailable, errBodiesBusy().Message)
		}
		return c.showAssets(w, r, s, http.StatusBadRequest, "Bad request: choose a file to upload.")
	}
	defer file.Close()
	body, err := io.ReadAll(io.LimitReader(file, paprika.MaxAssetBytes+1))
	if err != nil {
		return err
	}
	name := strings.TrimSpace(r.PostFormValue("name"))
	if name == "" {
		name = header.Filename
	}
	contentType, _, _ := mime.ParseMediaType(header.Header.Get("Content-Type"))
	if !paprika.IsAssetType(contentType) {
		// A .woff2 is often application/octet-stream: its extension says.
		contentType, _ = paprika.AssetTypeByName(header.Filename)
	}
	if contentType == "" {
		contentType = header.Header.Get("Content-Type")
	}
	var out wire.Asset
	if err := c.callRaw(r, s, http.MethodPut, "/v1/assets/"+escapeAssetName(name), contentType, body, &out); err != nil {
		var ae *apiError
		if errors.As(err, &ae) && ae.Status != http.StatusUnauthorized {
			return c.showAssets(w, r, s, ae.Status, ae.Message)
		}
		return err
	}
	seeOther(w, r, "/console/assets", "uploaded")
	return nil
}

// assetDelete deletes an asset (named in the form: names hold folders).
func (c *Console) assetDelete(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodDelete, "/v1/assets/"+escapeAssetName(r.PostFormValue("name")), nil, nil); err != nil {
		return err
	}
	seeOther(w, r, "/console/assets", "deleted")
	return nil
}

// escapeAssetName escapes each folder of a name, keeping its slashes.
func escapeAssetName(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// callRaw is call with a body of its own type (an asset's bytes).
func (c *Console) callRaw(r *http.Request, s *session, method, path, contentType string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(r.Context(), method, path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	req.RemoteAddr = r.RemoteAddr
	req = api.AsCaller(req, s.caller())
	resp := &buffered{header: http.Header{}}
	c.cfg.API.ServeHTTP(resp, req)
	if resp.status >= 300 {
		e := &apiError{Status: resp.status, RetryAfter: resp.header.Get("Retry-After")}
		if resp.status < 400 {
			e.Status, e.Message = http.StatusNotFound, "Not found: no such page."
			return e
		}
		_ = decodeAPIError(resp.body.Bytes(), e)
		return e
	}
	if out == nil || resp.body.Len() == 0 {
		return nil
	}
	return json.Unmarshal(resp.body.Bytes(), out)
}

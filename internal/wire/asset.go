package wire

import "github.com/paprikahq/paprika/internal/paprika"

// Asset is a tenant's asset as the API answers it (docs/templates.md, Assets).
type Asset struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Bytes       int64  `json:"bytes"`
	SHA256      string `json:"sha256"`
	CreatedAt   string `json:"createdAt"`
	UpdatedAt   string `json:"updatedAt"`
}

// NewAsset is a as the API answers it.
func NewAsset(a *paprika.Asset) Asset {
	return Asset{Name: a.Name, ContentType: a.ContentType, Bytes: a.Bytes, SHA256: a.SHA256,
		CreatedAt: Timestamp(a.CreatedAt), UpdatedAt: Timestamp(a.UpdatedAt)}
}

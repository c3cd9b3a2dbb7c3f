package wire

import (
	"encoding/json"

	"github.com/paprikahq/paprika/internal/paprika"
)

// Template is a stored template's version as the API answers it.
type Template struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
	// Source is the Office file the template is, "assets/NAME.docx"
	// (docs/office.md); absent for an HTML template.
	Source     string          `json:"source,omitempty"`
	SampleData json.RawMessage `json:"sampleData"`
	Options    json.RawMessage `json:"options"`
	Version    int             `json:"version"`
	CreatedAt  string          `json:"createdAt"`
	UpdatedAt  string          `json:"updatedAt"`
}

// NewTemplate is t as the API answers it: sampleData and options never
// null, {} when the template has none.
func NewTemplate(t *paprika.Template) Template {
	return Template{ID: t.ID, Name: t.Name, Content: t.Content, Source: paprika.Source{Asset: t.Source}.SourcePath(), SampleData: orEmptyObject(t.SampleData),
		Options: orEmptyObject(t.Options), Version: t.Version, CreatedAt: Timestamp(t.CreatedAt), UpdatedAt: Timestamp(t.UpdatedAt)}
}

// TemplateVersion is one entry of GET /v1/templates/{id}/versions.
type TemplateVersion struct {
	Version   int    `json:"version"`
	CreatedAt string `json:"createdAt"`
	Bytes     int    `json:"bytes"`
}

func orEmptyObject(v json.RawMessage) json.RawMessage {
	if len(v) == 0 {
		return json.RawMessage(`{}`)
	}
	return v
}

// NewTemplateVersion is v as the API lists it.
func NewTemplateVersion(v *paprika.TemplateVersion) TemplateVersion {
	return TemplateVersion{Version: v.Version, CreatedAt: Timestamp(v.CreatedAt), Bytes: v.Bytes}
}

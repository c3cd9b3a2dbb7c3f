package console

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/paprikahq/paprika/internal/wire"
)

// formText is a posted text field with its line breaks as typed: a
// browser posts a textarea's lines CRLF-terminated, which would store every
// line of a template with a \r.
func formText(r *http.Request, name string) string {
	return strings.ReplaceAll(r.PostFormValue(name), "\r\n", "\n")
}

// templateFields are what the playground stores of a template: its
// content (or its source), its name, its sample data (the data editor) and its options
// (the studio's fields over the template's own).
func templateFields(r *http.Request) (map[string]any, *apiError) {
	in := map[string]any{"name": r.PostFormValue("name"), "content": formText(r, "content")}
	if source := strings.TrimSpace(r.PostFormValue("source")); source != "" {
		// A Word template: an Office file of the tenant's assets, in
		// place of the HTML (docs/office.md, Stored Word templates).
		in = map[string]any{"name": r.PostFormValue("name"), "source": source}
	}
	data := strings.TrimSpace(formText(r, "data"))
	if data == "" {
		data = "{}"
	}
	if perr := checkJSON(data); perr != nil {
		return nil, &apiError{Status: http.StatusBadRequest, Code: "bad-request", Message: "Bad request: the sample data is not JSON: " + perr.Message}
	}
	in["sampleData"] = json.RawMessage(data)
	opts, err := studioFromValues(r.PostForm).options("")
	if err != nil {
		return nil, &apiError{Status: http.StatusBadRequest, Code: "bad-request", Message: "Bad request: " + err.Error()}
	}
	in["options"] = opts
	return in, nil
}

// templateCreate stores a new template from the playground.
func (c *Console) templateCreate(w http.ResponseWriter, r *http.Request, s *session) error {
	t := wire.Template{ID: r.PostFormValue("id"), Name: r.PostFormValue("name"), Content: formText(r, "content"), Source: strings.TrimSpace(r.PostFormValue("source"))}
	in, perr := templateFields(r)
	if perr != nil {
		return c.saveFailed(w, r, s, true, t, perr)
	}
	in["id"] = t.ID
	var out wire.Template
	if err := c.call(r, s, http.MethodPost, "/v1/templates", in, &out); err != nil {
		return c.saveFailed(w, r, s, true, t, err)
	}
	seeOther(w, r, "/console/templates/"+url.PathEscape(out.ID), "created")
	return nil
}

// templateUpdate stores the playground's template as a new version.
func (c *Console) templateUpdate(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	t := wire.Template{ID: id, Name: r.PostFormValue("name"), Content: formText(r, "content"), Source: strings.TrimSpace(r.PostFormValue("source"))}
	in, perr := templateFields(r)
	if perr != nil {
		return c.saveFailed(w, r, s, false, t, perr)
	}
	var out wire.Template
	if err := c.call(r, s, http.MethodPut, "/v1/templates/"+url.PathEscape(id), in, &out); err != nil {
		return c.saveFailed(w, r, s, false, t, err)
	}
	seeOther(w, r, "/console/templates/"+url.PathEscape(id), "saved")
	return nil
}

// saveFailed shows the playground again with what was typed and why the
// API refused it (a template error names its line; the editor marks it).
func (c *Console) saveFailed(w http.ResponseWriter, r *http.Request, s *session, isNew bool, t wire.Template, err error) error {
	var ae *apiError
	if !errors.As(err, &ae) || ae.Status == http.StatusUnauthorized || ae.Status == http.StatusNotFound {
		return err
	}
	p := playgroundPage{New: isNew, Template: t, Data: formText(r, "data"), Options: studioFromValues(r.PostForm), Papers: paperNames,
		Format: r.PostFormValue("format"), Records: sampleRecords, Error: ae.Message}
	if !isNew {
		var latest wire.Template
		if gerr := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(t.ID), nil, &latest); gerr == nil {
			p.Template.Version, p.Latest = latest.Version, latest.Version
		}
		if verr := c.versions(r, s, t.ID, &p); verr != nil {
			return verr
		}
	}
	if p.Data == "" {
		p.Data = sampleData
	}
	if p.Format == "" {
		p.Format = defaultFormat
	}
	active := "templates"
	if isNew {
		active = "new"
	}
	c.render(w, r, s, ae.Status, "playground", active, p)
	return nil
}

// templateDelete deletes every version of a template.
func (c *Console) templateDelete(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodDelete, "/v1/templates/"+url.PathEscape(r.PathValue("id")), nil, nil); err != nil {
		return err
	}
	seeOther(w, r, "/console/templates", "deleted")
	return nil
}

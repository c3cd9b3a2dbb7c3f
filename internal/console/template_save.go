package console

import (
	"errors"
	"net/http"
	"net/url"
)

// templateCreate stores a new template from the playground.
func (c *Console) templateCreate(w http.ResponseWriter, r *http.Request, s *session) error {
	t := templateJSON{ID: r.PostFormValue("id"), Name: r.PostFormValue("name"), Content: r.PostFormValue("content")}
	var out templateJSON
	err := c.call(r, s, http.MethodPost, "/v1/templates", map[string]string{"id": t.ID, "name": t.Name, "content": t.Content}, &out)
	if err != nil {
		return c.saveFailed(w, r, s, true, t, err)
	}
	seeOther(w, r, "/console/templates/"+url.PathEscape(out.ID), "created")
	return nil
}

// templateUpdate stores the playground's template as a new version.
func (c *Console) templateUpdate(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	t := templateJSON{ID: id, Name: r.PostFormValue("name"), Content: r.PostFormValue("content")}
	var out templateJSON
	err := c.call(r, s, http.MethodPut, "/v1/templates/"+url.PathEscape(id), map[string]string{"name": t.Name, "content": t.Content}, &out)
	if err != nil {
		var latest templateJSON
		if gerr := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id), nil, &latest); gerr == nil {
			t.Version = latest.Version
		}
		return c.saveFailed(w, r, s, false, t, err)
	}
	seeOther(w, r, "/console/templates/"+url.PathEscape(id), "saved")
	return nil
}

// saveFailed shows the playground again with what was typed and why the
// API refused it (a template error names its line; the editor marks it).
func (c *Console) saveFailed(w http.ResponseWriter, r *http.Request, s *session, isNew bool, t templateJSON, err error) error {
	var ae *apiError
	if !errors.As(err, &ae) || ae.Status == http.StatusUnauthorized || ae.Status == http.StatusNotFound {
		return err
	}
	p := playgroundPage{New: isNew, Template: t, Latest: t.Version, Versions: versions(t.Version),
		Data: r.PostFormValue("data"), Format: r.PostFormValue("format"), Records: sampleRecords, Error: ae.Message}
	if p.Data == "" {
		p.Data = sampleData
	}
	if p.Format == "" {
		p.Format = "html"
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

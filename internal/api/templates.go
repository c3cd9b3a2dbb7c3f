package api

import (
	"net/http"
	"regexp"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

var templateIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$`)

// TemplateJSON is a stored template's version as the API answers it.
type TemplateJSON struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Content   string `json:"content"`
	Version   int    `json:"version"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

func toTemplateJSON(t *paprika.Template) TemplateJSON {
	return TemplateJSON{ID: t.ID, Name: t.Name, Content: t.Content, Version: t.Version, CreatedAt: ts(t.CreatedAt), UpdatedAt: ts(t.UpdatedAt)}
}

type templateInput struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
}

// checkContent compiles a template before it is stored: a stored template
// always compiles.
func checkContent(content string) error {
	if content == "" {
		return paprika.BadRequest("content is required")
	}
	if err := render.CheckTemplate(content); err != nil {
		return renderError(err)
	}
	return nil
}

func (s *Server) createTemplate(w http.ResponseWriter, r *http.Request) error {
	var in templateInput
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	if !templateIDPattern.MatchString(in.ID) {
		return paprika.BadRequest("id is 1 to 128 of A-Z, a-z, 0-9, _, . and -, starting with a letter or digit")
	}
	if in.Name == "" {
		in.Name = in.ID
	}
	if err := checkName(in.Name); err != nil {
		return err
	}
	if err := checkContent(in.Content); err != nil {
		return err
	}
	t, err := s.store.CreateTemplate(r.Context(), paprika.Template{TenantID: principal(r).Tenant.ID, ID: in.ID, Name: in.Name, Content: in.Content})
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/v1/templates/"+t.ID)
	writeJSON(w, http.StatusCreated, toTemplateJSON(t))
	return nil
}

func (s *Server) putTemplate(w http.ResponseWriter, r *http.Request) error {
	var in templateInput
	if err := decode(w, r, s.cfg.MaxRequestBytes, &in); err != nil {
		return err
	}
	if in.ID != "" && in.ID != r.PathValue("id") {
		return paprika.BadRequest("id in the body differs from the path")
	}
	if in.Name != "" {
		if err := checkName(in.Name); err != nil {
			return err
		}
	}
	if err := checkContent(in.Content); err != nil {
		return err
	}
	t, err := s.store.PutTemplate(r.Context(), paprika.Template{TenantID: principal(r).Tenant.ID, ID: r.PathValue("id"), Name: in.Name, Content: in.Content})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toTemplateJSON(t))
	return nil
}

func (s *Server) getTemplate(w http.ResponseWriter, r *http.Request) error {
	id, version, err := parseTemplateRef(r.PathValue("id"))
	if err != nil {
		return paprika.NotFound("template")
	}
	t, err := s.store.Template(r.Context(), principal(r).Tenant.ID, id, version)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toTemplateJSON(t))
	return nil
}

func (s *Server) listTemplates(w http.ResponseWriter, r *http.Request) error {
	limit, after, err := page(r)
	if err != nil {
		return err
	}
	rows, err := s.store.Templates(r.Context(), principal(r).Tenant.ID, after, limit+1)
	if err != nil {
		return err
	}
	out := make([]TemplateJSON, len(rows))
	for i := range rows {
		out[i] = toTemplateJSON(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(t TemplateJSON) string { return t.ID }))
	return nil
}

func (s *Server) deleteTemplate(w http.ResponseWriter, r *http.Request) error {
	if err := s.store.DeleteTemplate(r.Context(), principal(r).Tenant.ID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

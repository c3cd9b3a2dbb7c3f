package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

var templateIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$`)

type templateInput struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
	// Source is an Office file among the tenant's assets,
	// "assets/NAME.docx", which the template is instead of content
	// (docs/office.md, Stored Word templates).
	Source     string          `json:"source"`
	SampleData json.RawMessage `json:"sampleData"`
	Options    json.RawMessage `json:"options"`
}

// MaxSampleData bounds a template's sampleData.
const MaxSampleData = 1 << 20

// checkFields checks a template's content or source, its sampleData (a
// JSON object) and its options (checked as a request's, for no format in
// particular), and returns the last two as they are stored: nil when
// absent, which a PUT reads as "keep the last version's"; options in the
// API's own shape.
func (s *Server) checkFields(ctx context.Context, tenantID string, in *templateInput) (sample, options json.RawMessage, err error) {
	if in.Source != "" {
		if in.Content != "" {
			return nil, nil, paprika.BadRequest("give one of content and source")
		}
		if in.Source, err = s.checkTemplateSource(ctx, tenantID, in.Source); err != nil {
			return nil, nil, err
		}
	} else if err := checkContent(in.Content); err != nil {
		return nil, nil, err
	}
	if d := bytes.TrimSpace(in.SampleData); len(d) > 0 && string(d) != "null" {
		if len(d) > MaxSampleData {
			return nil, nil, paprika.BadRequest("sampleData is at most %d bytes", MaxSampleData)
		}
		if d[0] != '{' {
			return nil, nil, paprika.BadRequest("sampleData must be a JSON object")
		}
		sample = d
	}
	if o := bytes.TrimSpace(in.Options); len(o) > 0 && string(o) != "null" {
		var opts render.Options
		if err := decodeOptions(&opts, o); err != nil {
			return nil, nil, err
		}
		if err := opts.Validate(); err != nil {
			return nil, nil, paprika.BadRequest("%s", err.Error())
		}
		if options, err = json.Marshal(opts); err != nil {
			return nil, nil, err
		}
	}
	return sample, options, nil
}

// checkTemplateSource checks a template's source, an Office file among
// the tenant's assets, as a render's (render.SourceAsset), and that the
// asset exists now; it returns the asset's name, as it is stored.
func (s *Server) checkTemplateSource(ctx context.Context, tenantID, source string) (string, error) {
	name, _, err := render.SourceAsset(source, "")
	if err != nil {
		return "", paprika.Errorf(paprika.CodeTemplateError, "%s", err.Error())
	}
	return name, s.sourceExists(ctx, tenantID, name)
}

// checkContent compiles a template before it is stored: a stored template
// always compiles.
func checkContent(content string) error {
	if content == "" {
		return paprika.BadRequest("content (or source) is required")
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
	sample, options, err := s.checkFields(r.Context(), principal(r).Tenant.ID, &in)
	if err != nil {
		return err
	}
	t, err := s.store.CreateTemplate(r.Context(), paprika.Template{TenantID: principal(r).Tenant.ID, ID: in.ID, Name: in.Name,
		Content: in.Content, Source: in.Source, SampleData: sample, Options: options}, s.cfg.TemplateQuota)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/v1/templates/"+t.ID)
	writeJSON(w, http.StatusCreated, wire.NewTemplate(t))
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
	sample, options, err := s.checkFields(r.Context(), principal(r).Tenant.ID, &in)
	if err != nil {
		return err
	}
	t, err := s.store.PutTemplate(r.Context(), paprika.Template{TenantID: principal(r).Tenant.ID, ID: r.PathValue("id"), Name: in.Name,
		Content: in.Content, Source: in.Source, SampleData: sample, Options: options}, s.cfg.TemplateQuota)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, wire.NewTemplate(t))
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
	writeJSON(w, http.StatusOK, wire.NewTemplate(t))
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
	out := make([]wire.Template, len(rows))
	for i := range rows {
		out[i] = wire.NewTemplate(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(t wire.Template) string { return t.ID }))
	return nil
}

// templateVersions lists every live version of a template, newest first,
// paginated by version (?after=N lists the versions below N).
func (s *Server) templateVersions(w http.ResponseWriter, r *http.Request) error {
	limit, after, err := page(r)
	if err != nil {
		return err
	}
	before := 0
	if after != "" {
		if before, err = strconv.Atoi(after); err != nil || before < 1 {
			return paprika.BadRequest("after is a version number from 1")
		}
	}
	id := r.PathValue("id")
	if !templateIDPattern.MatchString(id) {
		return paprika.NotFound("template")
	}
	rows, err := s.store.TemplateVersions(r.Context(), principal(r).Tenant.ID, id, before, limit+1)
	if err != nil {
		return err
	}
	out := make([]wire.TemplateVersion, len(rows))
	for i := range rows {
		out[i] = wire.NewTemplateVersion(&rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(v wire.TemplateVersion) string { return strconv.Itoa(v.Version) }))
	return nil
}

func (s *Server) deleteTemplate(w http.ResponseWriter, r *http.Request) error {
	if err := s.store.DeleteTemplate(r.Context(), principal(r).Tenant.ID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

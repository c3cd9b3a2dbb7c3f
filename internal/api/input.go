package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/webhook"
)

// renderInput is the rendering input shared by renders, jobs and batches
// (docs/api.md).
type renderInput struct {
	Template   *string `json:"template"`
	TemplateID *string `json:"templateId"`
	// Source is an Office file among the tenant's assets, "assets/NAME.docx",
	// rendered instead of a template (docs/office.md).
	Source *string         `json:"source"`
	Data   json.RawMessage `json:"data"`
	Format string          `json:"format"`
	// Options are the request's own, as sent: decoded by source over the
	// stored template's, so that each field the request gives (false and
	// null included) wins over the template's.
	Options json.RawMessage `json:"options"`

	// options are what to render with, set by source: the template's
	// options under the request's.
	options render.Options
}

// workInput adds what queued work also takes.
type workInput struct {
	renderInput
	Metadata   json.RawMessage `json:"metadata"`
	WebhookURL string          `json:"webhookUrl"`
}

// queued is src as queued work stores it: with its options, decoded once
// by source, in their stored form (render.Options.Encode), which the worker
// decodes once (render.DecodeOptions). A synchronous render passes the
// decoded value as it is.
func queued(src paprika.Source, in *renderInput) (paprika.Source, error) {
	raw, err := in.options.Encode()
	src.Options = raw
	return src, err
}

// source checks the input and resolves a stored template to its version:
// inline templates are compiled here, so a broken one is refused now (422)
// rather than failing later in the queue. It returns the source to store and
// the template's text.
func (s *Server) source(ctx context.Context, tenantID string, in *renderInput) (paprika.Source, string, error) {
	var src paprika.Source
	switch in.Format {
	case "":
		src.Format = render.FormatPDF
	case render.FormatPDF, render.FormatPNG, render.FormatHTML, render.FormatDOCX, render.FormatODT:
		src.Format = in.Format
	default:
		return src, "", paprika.BadRequest("format is one of pdf, png, html (or docx, odt for a Word or OpenDocument source)")
	}
	var opts render.Options
	if err := decodeOptions(&opts, in.Options); err != nil {
		return src, "", err
	}
	var content string
	switch {
	case (in.Template != nil && in.TemplateID != nil) || (in.Source != nil && (in.Template != nil || in.TemplateID != nil)):
		return src, "", paprika.BadRequest("give one of template, templateId and source")
	case in.Source != nil:
		return s.officeSource(ctx, tenantID, *in.Source, in, src, opts)
	case in.Template != nil:
		if strings.TrimSpace(*in.Template) == "" {
			return src, "", paprika.BadRequest("template is empty")
		}
		if err := render.CheckTemplate(*in.Template); err != nil {
			return src, "", renderError(err)
		}
		src.Template, content = *in.Template, *in.Template
	case in.TemplateID != nil:
		id, version, err := parseTemplateRef(*in.TemplateID)
		if err != nil {
			return src, "", err
		}
		t, err := s.store.Template(ctx, tenantID, id, version)
		if err != nil {
			return src, "", err
		}
		src.TemplateID, src.TemplateVersion, content = t.ID, t.Version, t.Content
		if opts, err = templateOptions(t, src.Format, in.Options); err != nil {
			return src, "", err
		}
		if t.Source != "" {
			// A stored Word template: rendered as its source, which the
			// work keeps beside the template's id and version.
			return s.officeSource(ctx, tenantID, paprika.Source{Asset: t.Source}.SourcePath(), in, src, opts)
		}
	default:
		return src, "", paprika.BadRequest("template, templateId or source is required")
	}
	if src.Format == render.FormatDOCX || src.Format == render.FormatODT {
		return src, "", paprika.BadRequest("format %s fills a Word or OpenDocument source (\"source\": \"assets/NAME.%s\"); a template renders pdf, png or html", src.Format, src.Format)
	}
	if err := opts.ValidateFor(src.Format); err != nil {
		return src, "", paprika.BadRequest("%s", err.Error())
	}
	in.options = opts
	return src, content, nil
}

// officeSource checks a render whose source is an Office file among the
// tenant's assets (docs/office.md), the request's or its stored template's:
// its name and format, that the asset exists now, and that of the options
// only options.pdf is given.
func (s *Server) officeSource(ctx context.Context, tenantID, source string, in *renderInput, src paprika.Source, opts render.Options) (paprika.Source, string, error) {
	check := render.Input{Source: source, Format: src.Format, Options: opts}
	if err := check.Validate(); err != nil {
		return src, "", paprika.BadRequest("%s", err.Error())
	}
	name, _, _ := render.SourceAsset(source, src.Format)
	if err := s.sourceExists(ctx, tenantID, name); err != nil {
		return src, "", err
	}
	src.Asset, in.options = name, opts
	return src, "", nil
}

// sourceExists says, as a template-error, when the tenant has no asset
// named name, the Office file a render or a stored template names as its
// source.
func (s *Server) sourceExists(ctx context.Context, tenantID, name string) error {
	found, err := s.store.AssetsNamed(ctx, tenantID, []string{name})
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return paprika.Errorf(paprika.CodeTemplateError, "source: you have no asset named %s (upload it with PUT /v1/assets/%s)", name, name)
	}
	return nil
}

// decodeOptions decodes a request's options over base, strictly (no
// unknown field), naming a field of the wrong type by its path. Decoding
// over base is the merge of docs/templates.md: a field the request gives
// replaces base's (false and 0 too; null puts the default back, for text
// and numbers as for objects: resetNulls), and objects (margin, pdf,
// pdf.password, pdf.watermark) are merged field by field, while paper (a
// name or a size) and lists are replaced whole.
func decodeOptions(base *render.Options, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if raw[0] != '{' {
		return paprika.BadRequest("options must be an object")
	}
	resetNulls(reflect.ValueOf(base), raw)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(base); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			typ.Field = "options." + typ.Field
		}
		return jsonError(err)
	}
	return nil
}

// templateOptions are a stored template's options with the request's over
// them. The template's pdf applies to pdf documents only: a template with
// a PDF title still renders png and html.
func templateOptions(t *paprika.Template, format string, request json.RawMessage) (render.Options, error) {
	var opts render.Options
	if stored := bytes.TrimSpace(t.Options); len(stored) > 0 && string(stored) != "{}" {
		if err := json.Unmarshal(stored, &opts); err != nil {
			return opts, fmt.Errorf("template %s@%d: stored options: %w", t.ID, t.Version, err)
		}
		if format != render.FormatPDF {
			opts.PDF = nil
		}
	}
	return opts, decodeOptions(&opts, request)
}

// parseTemplateRef reads "id" or "id@version".
func parseTemplateRef(ref string) (string, int, error) {
	id, v, pinned := strings.Cut(ref, "@")
	version := 0
	if pinned {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return "", 0, paprika.BadRequest("templateId is id or id@version, with a version from 1")
		}
		version = n
	}
	if !templateIDPattern.MatchString(id) {
		return "", 0, paprika.BadRequest("templateId is id or id@version, with a version from 1")
	}
	return id, version, nil
}

// checkData accepts a JSON object (absent means {}).
func checkData(field string, data json.RawMessage) (json.RawMessage, error) {
	d := bytes.TrimSpace(data)
	if len(d) == 0 || string(d) == "null" {
		return json.RawMessage(`{}`), nil
	}
	if d[0] != '{' {
		return nil, paprika.BadRequest("%s must be a JSON object", field)
	}
	return d, nil
}

// checkWork checks what queued work adds to the input.
func (s *Server) checkWork(in *workInput) error {
	if m := bytes.TrimSpace(in.Metadata); len(m) > 0 && string(m) != "null" {
		if m[0] != '{' {
			return paprika.BadRequest("metadata must be a JSON object")
		}
		if len(m) > 16<<10 {
			return paprika.BadRequest("metadata is at most 16 KiB")
		}
	}
	if in.WebhookURL != "" {
		if err := webhook.CheckURL(in.WebhookURL, webhook.NewAllowList(s.cfg.WebhookAllowHosts)); err != nil {
			return paprika.BadRequest("webhookUrl %s", err.Error())
		}
	}
	return nil
}

// refused counts a rendering request refused for its input (400, 404,
// 413, 422: its body, its template, its templateId) against the tenant's
// ratePerMinute, as if it had been let through, and returns err, or the
// 429 once the tenant is past its limit. Refusing a body costs the server
// its reading and checking, up to the body limit: uncounted, refusals were
// work a tenant could ask for without end.
func (s *Server) refused(ctx context.Context, p *tenantCaller, err error) error {
	switch paprika.ErrorCode(err) {
	case paprika.CodeBadRequest, paprika.CodeNotFound, paprika.CodePayloadTooLarge, paprika.CodeTemplateError:
	default:
		return err // not the input's: the database's, say
	}
	if cerr := s.countRequest(ctx, p); cerr != nil {
		if paprika.ErrorCode(cerr) == paprika.CodeRateLimited {
			return cerr
		}
		// Uncounted for a failure of the database: the refusal stands.
		s.log.WarnContext(ctx, "a refused request was not counted", "requestId", requestID(ctx), "err", cerr)
	}
	return err
}

// countRequest applies the tier's ratePerMinute (docs/scheduler.md) with the tier
// the request would run at now.
func (s *Server) countRequest(ctx context.Context, p *tenantCaller) error {
	tier := p.Tier
	if tier.RatePerMinute == 0 {
		return nil
	}
	ok, retry, err := s.store.CountRequest(ctx, p.Tenant.ID, tier.RatePerMinute)
	if err != nil {
		return err
	}
	if !ok {
		s.meters.RateLimited(tier.Key)
		return &paprika.Error{
			Code:       paprika.CodeRateLimited,
			Message:    "Rate limited: the " + tier.Key + " tier allows " + strconv.Itoa(tier.RatePerMinute) + " renders and submissions a minute",
			RetryAfter: retry, Limit: tier.RatePerMinute,
		}
	}
	return nil
}

package console

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/api"
)

// previewInput is what the playground posts as you type.
type previewInput struct {
	Template string `json:"template"`
	Data     string `json:"data"` // the data editor's text, checked here for its line
	Format   string `json:"format"`
	// Options are the Page panel's fields (paper, margins, …), by the
	// names the form posts them under, over the template's options, as the
	// save would store them.
	Options url.Values `json:"options"`
}

// previewError says where a preview failed: in the template or the data
// (with the line when known), in the options, in the request (rate limit,
// busy, scope), or in the session (it ended: sign in again).
type previewError struct {
	Where   string `json:"where"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
	// Problems are the PDF/UA-1 check's problems, each naming its
	// element, when that check failed.
	Problems []string `json:"problems,omitempty"`
}

var (
	errorLine    = regexp.MustCompile(`\bline (\d+)\b`)
	accessFailed = regexp.MustCompile(`accessibility check \(PDF/UA-1\), (\d+) problems?: 1\. `)
)

// accessibilityProblems splits the 422 of a failed PDF/UA-1 check ("…, 3
// problems: 1. …; 2. …; 3. …", docs/rendering.md) into its problems; nil
// for any other message.
func accessibilityProblems(msg string) []string {
	m := accessFailed.FindStringSubmatchIndex(msg)
	if m == nil {
		return nil
	}
	n, _ := strconv.Atoi(msg[m[2]:m[3]])
	rest := msg[m[1]:]
	var out []string
	for k := 2; k <= n; k++ {
		i := strings.Index(rest, "; "+strconv.Itoa(k)+". ")
		if i < 0 {
			break
		}
		out = append(out, rest[:i])
		rest = rest[i+len("; "+strconv.Itoa(k)+". "):]
	}
	return append(out, rest)
}

// preview renders the playground's template through the tenant's own
// synchronous render (POST /v1/renders): its scope, its rate limit, its
// render slots; or, for a Word template, its source (?source=). The
// document is kept for the preview frame to load.
func (c *Console) preview(w http.ResponseWriter, r *http.Request, s *session) error {
	var in previewInput
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		if api.BodyRefused(r.Body) {
			w.Header().Set("Retry-After", "1")
			return previewFailed(w, http.StatusServiceUnavailable, previewError{Where: "request", Message: errBodiesBusy().Message})
		}
		return previewFailed(w, http.StatusBadRequest, previewError{Where: "request", Message: "Bad request: the preview's body is not JSON"})
	}
	// A Word template's page posts to ?source=assets/NAME: its preview is
	// that file filled with the sample data, as PDF.
	source := r.URL.Query().Get("source")
	switch {
	case source != "" && in.Format != "pdf":
		return previewFailed(w, http.StatusBadRequest, previewError{Where: "request", Message: "Bad request: a Word template previews as pdf"})
	case in.Format == "html", in.Format == "pdf", in.Format == "png":
	default:
		return previewFailed(w, http.StatusBadRequest, previewError{Where: "request", Message: "Bad request: format is one of html, pdf or png"})
	}
	data := json.RawMessage("{}")
	if strings.TrimSpace(in.Data) != "" {
		if perr := checkJSON(in.Data); perr != nil {
			return previewFailed(w, http.StatusBadRequest, *perr)
		}
		data = json.RawMessage(in.Data)
	}
	body := map[string]any{"template": in.Template, "data": data, "format": in.Format}
	if source != "" {
		body = map[string]any{"source": source, "data": data, "format": in.Format}
	}
	if in.Options != nil {
		opts, err := studioFromValues(in.Options).options(in.Format)
		if err != nil {
			return previewFailed(w, http.StatusBadRequest, previewError{Where: "options", Message: "Bad request: " + err.Error()})
		}
		body["options"] = opts
	}
	// Counted in the tenant's usage as a preview, not as a render.
	resp, err := c.send(api.AsPreview(r), s, http.MethodPost, "/v1/renders", body)
	if err != nil {
		var ae *apiError
		if !errors.As(err, &ae) {
			return err
		}
		if ae.Status == http.StatusUnauthorized {
			return err
		}
		pe := previewError{Where: "request", Message: ae.Message}
		if ae.Code == "bad-request" && strings.Contains(ae.Message, "options") {
			pe.Where = "options"
		}
		if ae.Code == "template-error" {
			pe.Where = "template"
			// A failed PDF/UA-1 check names elements, not template lines.
			pe.Problems = accessibilityProblems(ae.Message)
			if strings.Contains(ae.Message, "options.") {
				// An option's template (options.pdf.facturx.xmlTemplate):
				// its line is not the template's.
				pe.Where = "options"
			} else if m := errorLine.FindStringSubmatch(ae.Message); m != nil && pe.Problems == nil {
				pe.Line, _ = strconv.Atoi(m[1])
			}
		}
		if ae.RetryAfter != "" {
			w.Header().Set("Retry-After", ae.RetryAfter)
		}
		return previewFailed(w, ae.Status, pe)
	}
	doc := resp.body.Bytes()
	id, err := c.sessions.savePreview(r.Context(), s, resp.header.Get("Content-Type"), doc)
	if err != nil {
		return err
	}
	pages, _ := strconv.Atoi(resp.header.Get("X-Render-Pages"))
	writeJSON(w, http.StatusOK, map[string]any{
		"url": "/console/previews/" + id, "format": in.Format, "bytes": len(doc), "pages": pages,
		"seconds": resp.header.Get("X-Render-Seconds"),
	})
	return nil
}

// checkJSON finds the line of a syntax error in the data.
func checkJSON(text string) *previewError {
	var v any
	err := json.Unmarshal([]byte(text), &v)
	if err == nil {
		return nil
	}
	pe := &previewError{Where: "data", Message: "Data is not JSON: " + err.Error()}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		pe.Line = 1 + strings.Count(text[:min(int(se.Offset), len(text))], "\n")
		pe.Message = "line " + strconv.Itoa(pe.Line) + ": " + se.Error()
	}
	return pe
}

func previewFailed(w http.ResponseWriter, status int, e previewError) error {
	writeJSON(w, status, map[string]any{"error": e})
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// previewCSP is the policy of an html preview: a sandbox (an origin of its
// own, no scripts), and nothing loaded but what the document holds inline.
const previewCSP = "sandbox; default-src 'none'; style-src 'unsafe-inline' data:; img-src data:; font-src data:; frame-ancestors 'self'"

// mediaCSP is the policy of a pdf or png preview: the page the browser
// wraps an image or a PDF in, opened on its own or in the frame, styles
// itself inline, which the console's own policy would refuse (a CSP
// violation in the console for every preview opened).
const mediaCSP = "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"

// previewShow serves a kept preview to the playground's frame.
func (c *Console) previewShow(w http.ResponseWriter, r *http.Request, s *session) error {
	contentType, body, ok, err := c.sessions.preview(r.Context(), s, r.PathValue("id"))
	if err != nil {
		return err
	}
	if !ok {
		return &apiError{Status: http.StatusNotFound, Message: "Not found: this preview is gone; type to render another."}
	}
	if strings.HasPrefix(contentType, "text/html") {
		w.Header().Set("Content-Security-Policy", previewCSP)
	} else {
		w.Header().Set("Content-Security-Policy", mediaCSP)
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
	return nil
}

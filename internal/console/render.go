package console

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/wire"
)

// view is what every page template gets.
type view struct {
	Session *session
	Active  string // the navigation entry to mark
	Flash   string // a message from the action that led here
	Page    any    // the page's own data
}

var funcs = template.FuncMap{
	// when shows an RFC 3339 time of the API shortly, in UTC.
	"when": func(v any) string {
		var s string
		switch t := v.(type) {
		case string:
			s = t
		case *string:
			if t == nil {
				return "—"
			}
			s = *t
		}
		if tm, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return tm.UTC().Format("2006-01-02 15:04:05Z")
		}
		return s
	},
	"status": func(p *int) string {
		if p == nil {
			return "no answer"
		}
		return fmt.Sprint(*p)
	},
	"deref": func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	},
	// metadata shows a JSON value compactly, as text (html/template escapes it).
	"metadata": func(m json.RawMessage) string {
		if len(m) == 0 || string(m) == "null" {
			return ""
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, m); err != nil {
			return string(m)
		}
		return buf.String()
	},
	"attachmentSize": attachmentSize,
	"bytes": func(n int64) string {
		switch {
		case n >= 1<<20:
			return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
		case n >= 1<<10:
			return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
		}
		return fmt.Sprintf("%d B", n)
	},
	"seconds": func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprintf("%.2f s", *p)
	},
	"limit": func(p *int) string {
		if p == nil {
			return "none"
		}
		return fmt.Sprint(*p)
	},
	"join":     strings.Join,
	"list":     func(v ...string) []string { return v },
	"contains": func(list []string, s string) bool { return contains(list, s) },
	"is":       func(p *string, s string) bool { return (p == nil && s == "") || (p != nil && *p == s) },
	// rendered is what of a batch was rendered: done or failed, not canceled.
	"rendered": func(b wire.Batch) int { return b.Done + b.Failed },
	"inc":      func(n int) int { return n + 1 },
	"int64":    func(n int) int64 { return int64(n) },
	"ext": func(format string) string {
		if format == "" {
			return "pdf"
		}
		return format
	},
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// parsePages parses each page of templates/ with the layout around it and
// the parts pages share (deliveries.html).
func parsePages() map[string]*template.Template {
	names, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		panic(err)
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" || name == "deliveries" {
			continue
		}
		pages[name] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFiles, "templates/layout.html", "templates/deliveries.html", n))
	}
	return pages
}

// render writes page name with status for s (nil before sign-in).
func (c *Console) render(w http.ResponseWriter, r *http.Request, s *session, status int, name, active string, data any) {
	t, ok := c.pages[name]
	if !ok {
		panic("console: no page " + name)
	}
	var buf bytes.Buffer
	v := view{Session: s, Active: active, Flash: flashes[r.URL.Query().Get("ok")], Page: data}
	if err := t.Execute(&buf, v); err != nil {
		c.log.ErrorContext(r.Context(), "console: render page", "page", name, "err", err)
		http.Error(w, "Internal error: it has been logged.", http.StatusInternalServerError)
		return
	}
	headers(w)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// flashes are the messages a redirect may ask for with ?ok=: a fixed set,
// so that nothing a URL carries is shown.
var flashes = map[string]string{
	"saved":     "Saved.",
	"created":   "Created.",
	"deleted":   "Deleted.",
	"canceled":  "Canceled.",
	"revoked":   "The key is revoked: it and its sessions stopped working at once.",
	"suspended": "The tenant is suspended: its keys get 403 and its queued work waits.",
	"resumed":   "The tenant is active again.",
	"submitted": "Submitted.",
	"rotated":   "The webhook secret is rotated: the previous one signs beside it for 24 hours.",
	"restored":  "Restored: the old version is stored again as the newest.",
	"uploaded":  "Uploaded: renders starting from now use it.",
}

// seeOther redirects after a POST, with a flash message from flashes.
func seeOther(w http.ResponseWriter, r *http.Request, path, flash string) {
	if flash != "" {
		path += "?ok=" + flash
	}
	http.Redirect(w, r, path, http.StatusSeeOther)
}

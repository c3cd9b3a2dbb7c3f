package console

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/paprikahq/paprika/internal/wire"
)

// playgroundPage is the playground: a template (stored or not yet), its
// sample data and options, its versions and what to queue with it.
type playgroundPage struct {
	New         bool
	Template    wire.Template
	Latest      int   // the stored template's latest version
	Versions    []int // newest first
	VersionList []wire.TemplateVersion
	Data        string // the sample data, as the data editor shows it
	Options     studioOptions
	Papers      []string
	Format      string
	Records     string
	Metadata    string
	Error       string // why the last save failed
}

// PreviewURL is where the page posts its previews: a Word template's
// names its source, which the preview renders in place of the HTML.
func (p playgroundPage) PreviewURL() string {
	if p.Template.Source == "" {
		return "/console/preview"
	}
	return "/console/preview?source=" + url.QueryEscape(p.Template.Source)
}

// Formats are the preview's formats: a Word template's is pdf alone.
func (p playgroundPage) Formats() []string {
	if p.Template.Source != "" {
		return []string{"pdf"}
	}
	return []string{"html", "pdf", "png"}
}

// DraftKey names the tab's draft of this page in sessionStorage: the
// template and the version the edit started from.
func (p playgroundPage) DraftKey() string {
	if p.New {
		return "new"
	}
	return p.Template.ID + "@" + strconv.Itoa(p.Template.Version)
}

// defaultFormat is the preview's format until the browser says which the
// author chose last (the editor keeps that choice): pdf, the document as
// work renders it, with its assets, fonts, header and footer.
const defaultFormat = "pdf"

const (
	sampleTemplate = `<!doctype html>
<html>
  <head><style>body { font-family: sans-serif; margin: 2cm; } h1 { color: #1a5fb4; }</style></head>
  <body>
    <h1>Hello, {{name}}!</h1>
    <ul>
      {{#each items}}<li>{{this}}</li>{{/each}}
    </ul>
  </body>
</html>
`
	sampleData    = "{\n  \"name\": \"World\",\n  \"items\": [\"one\", \"two\", \"three\"]\n}\n"
	sampleRecords = "[\n  {\"name\": \"Ada\", \"items\": [\"a\"]},\n  {\"name\": \"Grace\", \"items\": [\"b\"]}\n]\n"
)

// templateNew is the playground on a template not yet stored.
func (c *Console) templateNew(w http.ResponseWriter, r *http.Request, s *session) error {
	c.render(w, r, s, http.StatusOK, "playground", "new", playgroundPage{
		New: true, Template: wire.Template{Content: sampleTemplate}, Data: sampleData, Format: defaultFormat,
		Options: studioFromOptions(nil), Papers: paperNames, Records: sampleRecords})
	return nil
}

// templateEdit is the playground on a stored template, at its latest
// version or at ?version=N, with that version's sample data and options.
func (c *Console) templateEdit(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	if base, version, ok := strings.Cut(id, "@"); ok {
		// Work names the version it used (id@N): show that version.
		http.Redirect(w, r, "/console/templates/"+url.PathEscape(base)+"?version="+url.QueryEscape(version), http.StatusSeeOther)
		return nil
	}
	var latest wire.Template
	if err := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id), nil, &latest); err != nil {
		return err
	}
	t := latest
	if v, err := strconv.Atoi(r.URL.Query().Get("version")); err == nil && v > 0 && v != latest.Version {
		if err := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id+"@"+strconv.Itoa(v)), nil, &t); err != nil {
			return err
		}
	}
	p := playgroundPage{Template: t, Latest: latest.Version, Data: indentJSON(t.SampleData),
		Options: studioFromOptions(t.Options), Papers: paperNames, Format: defaultFormat, Records: sampleRecords}
	if err := c.versions(r, s, id, &p); err != nil {
		return err
	}
	c.render(w, r, s, http.StatusOK, "playground", "templates", p)
	return nil
}

// versions fills in the template's versions, with their dates.
func (c *Console) versions(r *http.Request, s *session, id string, p *playgroundPage) error {
	var list page[wire.TemplateVersion]
	if err := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id)+"/versions?limit=1000", nil, &list); err != nil {
		return err
	}
	p.VersionList = list.Data
	p.Versions = make([]int, len(list.Data))
	for i, v := range list.Data {
		p.Versions[i] = v.Version
	}
	return nil
}

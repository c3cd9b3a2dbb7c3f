package console

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// playgroundPage is the playground: a template (stored or not yet), its
// sample data and what to queue with it.
type playgroundPage struct {
	New      bool
	Template templateJSON
	Latest   int   // the stored template's latest version
	Versions []int // newest first
	Data     string
	Format   string
	Records  string
	Metadata string
	Error    string // why the last save failed
}

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
		New: true, Template: templateJSON{Content: sampleTemplate}, Data: sampleData, Format: "html",
		Records: sampleRecords})
	return nil
}

// templateEdit is the playground on a stored template, at its latest
// version or at ?version=N.
func (c *Console) templateEdit(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	if base, version, ok := strings.Cut(id, "@"); ok {
		// Work names the version it used (id@N): show that version.
		http.Redirect(w, r, "/console/templates/"+url.PathEscape(base)+"?version="+url.QueryEscape(version), http.StatusSeeOther)
		return nil
	}
	var latest templateJSON
	if err := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id), nil, &latest); err != nil {
		return err
	}
	t := latest
	if v, err := strconv.Atoi(r.URL.Query().Get("version")); err == nil && v > 0 && v != latest.Version {
		if err := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id+"@"+strconv.Itoa(v)), nil, &t); err != nil {
			return err
		}
	}
	c.render(w, r, s, http.StatusOK, "playground", "templates", playgroundPage{
		Template: t, Latest: latest.Version, Versions: versions(latest.Version),
		Data: sampleData, Format: "html", Records: sampleRecords})
	return nil
}

func versions(latest int) []int {
	out := make([]int, 0, latest)
	for v := latest; v >= 1; v-- {
		out = append(out, v)
	}
	return out
}

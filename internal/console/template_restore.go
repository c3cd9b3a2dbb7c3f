package console

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/paprikahq/paprika/internal/wire"
)

// templateRestore stores an old version again as the template's newest:
// its content (or source), sample data and options (the name stays the latest's).
func (c *Console) templateRestore(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	v, err := strconv.Atoi(r.PostFormValue("version"))
	if err != nil || v < 1 {
		return &apiError{Status: http.StatusBadRequest, Message: "Bad request: version is a version number"}
	}
	var old wire.Template
	if err := c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id+"@"+strconv.Itoa(v)), nil, &old); err != nil {
		return err
	}
	in := map[string]any{"content": old.Content, "sampleData": old.SampleData, "options": old.Options}
	if old.Source != "" { // a Word template's version
		in = map[string]any{"source": old.Source, "sampleData": old.SampleData, "options": old.Options}
	}
	if err := c.call(r, s, http.MethodPut, "/v1/templates/"+url.PathEscape(id), in, nil); err != nil {
		return err
	}
	seeOther(w, r, "/console/templates/"+url.PathEscape(id), "restored")
	return nil
}

package console

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/paprikahq/paprika/internal/wire"
)

// comparePage is two versions of a template side by side.
type comparePage struct {
	ID       string
	A, B     wire.Template
	Versions []int
	Parts    []compared
}

// compared is one part of the versions (content, sample data, options)
// compared line by line.
type compared struct {
	Name string
	Rows []diffRow
	Same bool
}

// templateCompare compares versions ?a= and ?b= of a template, line by
// line: its content, its sample data and its options.
func (c *Console) templateCompare(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	p := comparePage{ID: id}
	var pg playgroundPage
	if err := c.versions(r, s, id, &pg); err != nil {
		return err
	}
	p.Versions = pg.Versions
	get := func(q string, dst *wire.Template) error {
		v, err := strconv.Atoi(r.URL.Query().Get(q))
		if err != nil || v < 1 {
			return &apiError{Status: http.StatusBadRequest, Message: "Bad request: choose two versions to compare"}
		}
		return c.call(r, s, http.MethodGet, "/v1/templates/"+url.PathEscape(id+"@"+strconv.Itoa(v)), nil, dst)
	}
	if err := get("a", &p.A); err != nil {
		return err
	}
	if err := get("b", &p.B); err != nil {
		return err
	}
	for _, part := range []struct{ name, a, b string }{
		{"Template", p.A.Content, p.B.Content},
		{"Sample data", indentJSON(p.A.SampleData), indentJSON(p.B.SampleData)},
		{"Options", indentJSON(p.A.Options), indentJSON(p.B.Options)},
	} {
		p.Parts = append(p.Parts, compared{Name: part.name, Rows: lineDiff(part.a, part.b), Same: part.a == part.b})
	}
	c.render(w, r, s, http.StatusOK, "compare", "templates", p)
	return nil
}

package console

import (
	"net/http"
	"net/url"

	"github.com/paprikahq/paprika/internal/wire"
)

type batchesPage struct {
	Batches []wire.Batch
	Next    string
	Live    bool
}

// batchesList lists the tenant's batches with their counts.
func (c *Console) batchesList(w http.ResponseWriter, r *http.Request, s *session) error {
	q := url.Values{"limit": {"50"}}
	if after := r.URL.Query().Get("after"); after != "" {
		q.Set("after", after)
	}
	var list page[wire.Batch]
	if err := c.call(r, s, http.MethodGet, "/v1/batches?"+q.Encode(), nil, &list); err != nil {
		return err
	}
	p := batchesPage{Batches: list.Data, Next: list.Next}
	for _, b := range p.Batches {
		p.Live = p.Live || b.Live()
	}
	c.render(w, r, s, http.StatusOK, "batches", "batches", p)
	return nil
}

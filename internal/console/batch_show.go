package console

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/paprikahq/paprika/internal/wire"
)

type batchPage struct {
	Batch      wire.Batch
	Records    []wire.Record
	More       bool // more records than shown
	Deliveries wire.Deliveries
}

// Live tells whether the page may still change: the batch, or its webhook.
func (p batchPage) Live() bool { return p.Batch.Live() || p.Deliveries.Pending() }

// recordsShown is how many records the batch page lists.
const recordsShown = 200

// batchShow is one batch: its progress, its records, its downloads.
func (c *Console) batchShow(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	var p batchPage
	if err := c.call(r, s, http.MethodGet, "/v1/batches/"+id, nil, &p.Batch); err != nil {
		return err
	}
	var records page[wire.Record]
	if err := c.call(r, s, http.MethodGet, "/v1/batches/"+id+"/records?limit="+strconv.Itoa(recordsShown), nil, &records); err != nil {
		return err
	}
	p.Records, p.More = records.Data, records.Next != ""
	if err := c.call(r, s, http.MethodGet, "/v1/batches/"+id+"/deliveries", nil, &p.Deliveries); err != nil {
		return err
	}
	c.render(w, r, s, http.StatusOK, "batch", "batches", p)
	return nil
}

// batchCancel cancels what of a batch has not started.
func (c *Console) batchCancel(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodDelete, "/v1/batches/"+id, nil, nil); err != nil {
		return err
	}
	seeOther(w, r, "/console/batches/"+id, "canceled")
	return nil
}

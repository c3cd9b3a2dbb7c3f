package console

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/paprikahq/paprika/internal/wire"
)

// templateSubmit queues work with a stored template from the playground: a
// job with the data, or a batch with the records.
func (c *Console) templateSubmit(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	in := map[string]any{"templateId": id, "format": r.PostFormValue("format")}
	if m := strings.TrimSpace(r.PostFormValue("metadata")); m != "" {
		if !json.Valid([]byte(m)) {
			return &apiError{Status: http.StatusBadRequest, Message: "Bad request: metadata is not JSON"}
		}
		in["metadata"] = json.RawMessage(m)
	}
	if u := strings.TrimSpace(r.PostFormValue("webhookUrl")); u != "" {
		in["webhookUrl"] = u
	}
	switch r.PostFormValue("kind") {
	case "job":
		data := strings.TrimSpace(r.PostFormValue("data"))
		if data == "" {
			data = "{}"
		}
		if perr := checkJSON(data); perr != nil {
			return &apiError{Status: http.StatusBadRequest, Message: "Bad request: data " + perr.Message}
		}
		in["data"] = json.RawMessage(data)
		var job wire.Job
		if err := c.call(r, s, http.MethodPost, "/v1/jobs", in, &job); err != nil {
			return err
		}
		seeOther(w, r, "/console/jobs/"+url.PathEscape(job.ID), "submitted")
	case "batch":
		records := strings.TrimSpace(r.PostFormValue("records"))
		if perr := checkJSON(records); perr != nil {
			return &apiError{Status: http.StatusBadRequest, Message: "Bad request: records " + perr.Message}
		}
		in["records"] = json.RawMessage(records)
		var batch wire.Batch
		if err := c.call(r, s, http.MethodPost, "/v1/batches", in, &batch); err != nil {
			return err
		}
		seeOther(w, r, "/console/batches/"+url.PathEscape(batch.ID), "submitted")
	default:
		return &apiError{Status: http.StatusBadRequest, Message: "Bad request: kind is job or batch"}
	}
	return nil
}

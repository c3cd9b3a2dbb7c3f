package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/storage"
	"github.com/paprikahq/paprika/internal/wire"
)

// MaxRecords is the most records one batch may hold.
const MaxRecords = 100_000

// toBatchJSON is b as tenant p sees it, as toJobJSON.
func (s *Server) toBatchJSON(b *paprika.Batch, p *tenantCaller) wire.Batch {
	return wire.NewBatch(b, p.tierOf(b.KeyTier).Key)
}

// batchInput is a batch's JSON body.
type batchInput struct {
	workInput
	Records []json.RawMessage `json:"records"`
}

func (s *Server) createBatch(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	var in batchInput
	ctype, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ctype == "application/x-ndjson" {
		if err := s.readNDJSON(w, r, &in); err != nil {
			return s.refused(r.Context(), p, err)
		}
	} else if body, err := readBody(w, r, s.cfg.MaxBatchBytes); err != nil {
		return s.refused(r.Context(), p, err)
	} else if err := decodeBatch(body, &in); err != nil {
		return s.refused(r.Context(), p, err)
	}
	if in.Data != nil {
		return s.refused(r.Context(), p, paprika.BadRequest("a batch takes records, not data"))
	}
	src, _, err := s.source(r.Context(), p.Tenant.ID, &in.renderInput)
	if err != nil {
		return s.refused(r.Context(), p, err)
	}
	if src, err = queued(src, &in.renderInput); err != nil {
		return err
	}
	if err := s.checkWork(&in.workInput); err != nil {
		return s.refused(r.Context(), p, err)
	}
	if len(in.Records) == 0 || len(in.Records) > MaxRecords {
		return s.refused(r.Context(), p, paprika.BadRequest("records is a list of 1 to %d JSON objects", MaxRecords))
	}
	for i, rec := range in.Records {
		if in.Records[i], err = checkData("record "+strconv.Itoa(i+1), rec); err != nil {
			return s.refused(r.Context(), p, err)
		}
	}
	if err := s.countRequest(r.Context(), p); err != nil {
		return err
	}
	b := &paprika.Batch{TenantID: p.Tenant.ID, KeyID: p.Key.ID, KeyTier: p.Key.Tier, Source: src,
		Metadata: in.Metadata, WebhookURL: in.WebhookURL}
	if err := s.store.CreateBatch(r.Context(), b, in.Records); err != nil {
		return err
	}
	b, err = s.store.Batch(r.Context(), p.Tenant.ID, b.ID)
	if err != nil {
		return err
	}
	out, err := s.queuedBatchJSON(r.Context(), b, p, nil)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/v1/batches/"+b.ID.String())
	writeJSON(w, http.StatusAccepted, out)
	return nil
}

// readNDJSON reads a batch sent as NDJSON: the first line is the input
// without records, then one record a line. Blank lines are skipped.
func (s *Server) readNDJSON(w http.ResponseWriter, r *http.Request, in *batchInput) error {
	body := limitBody(w, r, s.cfg.MaxBatchBytes)
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), int(s.cfg.MaxRequestBytes))
	line := 0
	head := false
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if sc.Err() != nil {
			break // the body's limit cut this line short: answered 413 below
		}
		if !head {
			head = true
			var head workInput
			if err := decodeBytes(b, &head); err != nil {
				var pe *paprika.Error
				if errors.As(err, &pe) {
					pe.Message += fmt.Sprintf(" (line %d)", line)
				}
				return err
			}
			in.workInput = head
			continue
		}
		if len(in.Records) == MaxRecords {
			return paprika.BadRequest("records is a list of 1 to %d JSON objects", MaxRecords)
		}
		if !json.Valid(b) {
			return paprika.BadRequest("line %d is not valid JSON", line)
		}
		if b[0] != '{' && string(b) != "null" {
			return paprika.BadRequest("line %d must be a JSON object", line)
		}
		// A record is as deep in the records of a JSON body: two levels in.
		if err := checkJSONInput(b, "records["+strconv.Itoa(len(in.Records))+"]", 2); err != nil {
			var pe *paprika.Error
			if errors.As(err, &pe) {
				pe.Message += fmt.Sprintf(" (line %d)", line)
			}
			return err
		}
		in.Records = append(in.Records, json.RawMessage(bytes.Clone(b)))
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return paprika.Errorf(paprika.CodePayloadTooLarge, "Payload too large: line %d is over %d bytes", line+1, s.cfg.MaxRequestBytes)
	} else if err != nil {
		return bodyError(err, s.cfg.MaxBatchBytes)
	}
	if !head {
		return paprika.BadRequest("the body is empty; send the input on line 1, then one record a line")
	}
	return nil
}

func (s *Server) getBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "batch")
	if err != nil {
		return err
	}
	b, err := s.store.Batch(r.Context(), principal(r).Tenant.ID, id)
	if err != nil {
		return err
	}
	out, err := s.queuedBatchJSON(r.Context(), b, principal(r), nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) listBatches(w http.ResponseWriter, r *http.Request) error {
	limit, status, after, err := listCursor(r)
	if err != nil {
		return err
	}
	p := principal(r)
	rows, err := s.store.Batches(r.Context(), p.Tenant.ID, status, after, limit+1)
	if err != nil {
		return err
	}
	out := make([]wire.Batch, len(rows))
	memo := groupWaits{}
	for i := range rows {
		if out[i], err = s.queuedBatchJSON(r.Context(), &rows[i], p, memo); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(b wire.Batch) string { return b.ID }))
	return nil
}

func (s *Server) cancelBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "batch")
	if err != nil {
		return err
	}
	b, err := s.store.CancelBatch(r.Context(), principal(r).Tenant.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toBatchJSON(b, principal(r)))
	return nil
}

func (s *Server) listRecords(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "batch")
	if err != nil {
		return err
	}
	limit, status, _, err := listCursor(withoutAfter(r))
	if err != nil {
		return err
	}
	after := 0
	if v := r.URL.Query().Get("after"); v != "" {
		if after, err = strconv.Atoi(v); err != nil || after < 0 {
			return paprika.BadRequest("after is a cursor from a previous page's next")
		}
	}
	rows, err := s.store.Records(r.Context(), principal(r).Tenant.ID, id, status, after, limit+1)
	if err != nil {
		return err
	}
	out := make([]wire.Record, len(rows))
	for i := range rows {
		out[i] = wire.NewRecord(id, &rows[i])
	}
	writeJSON(w, http.StatusOK, newList(out, limit, func(rec wire.Record) string { return strconv.Itoa(rec.Index) }))
	return nil
}

// withoutAfter lets listCursor read limit and status of a list whose cursor
// is not an id.
func withoutAfter(r *http.Request) *http.Request {
	q := r.URL.Query()
	q.Del("after")
	r2 := r.Clone(r.Context())
	r2.URL.RawQuery = q.Encode()
	return r2
}

func (s *Server) recordOutput(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "batch")
	if err != nil {
		return err
	}
	index, err := strconv.Atoi(r.PathValue("index"))
	if err != nil {
		return paprika.NotFound("record")
	}
	p := principal(r)
	b, err := s.store.Batch(r.Context(), p.Tenant.ID, id)
	if err != nil {
		return err
	}
	rec, err := s.store.Record(r.Context(), p.Tenant.ID, id, index)
	if err != nil {
		return err
	}
	if rec.Status != paprika.StatusDone || rec.Output == nil {
		return paprika.Errorf(paprika.CodeNotFound, "Not found: the record's output is not ready (status %s)", rec.Status)
	}
	return s.serveOutput(w, r, storage.RecordKey(p.Tenant.ID, id, index, b.Format), rec.Output.ContentType)
}

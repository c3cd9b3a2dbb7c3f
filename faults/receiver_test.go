package faults

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
)

// receiver is a webhook endpoint on loopback that keeps every event by its
// webhook-id, as a receiver deduplicating retries would.
type receiver struct {
	url string

	mu     sync.Mutex
	events map[string]string          // webhook-id → the finished thing's id
	byWork map[string]map[string]bool // job or batch id → its webhook-ids
	status map[string]string          // job or batch id → the status announced
	posts  int
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	r := &receiver{events: map[string]string{}, byWork: map[string]map[string]bool{}, status: map[string]string{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.url = "http://" + ln.Addr().String() + "/hook"
	srv := &http.Server{Handler: http.HandlerFunc(r.serve)}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	b, _ := io.ReadAll(io.LimitReader(req.Body, 1<<20))
	var ev struct {
		Type string `json:"type"`
		Data struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"data"`
	}
	id := req.Header.Get("webhook-id")
	if json.Unmarshal(b, &ev) != nil || id == "" || ev.Data.ID == "" {
		http.Error(w, "not a webhook", http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.posts++
	r.events[id] = ev.Data.ID
	if r.byWork[ev.Data.ID] == nil {
		r.byWork[ev.Data.ID] = map[string]bool{}
	}
	r.byWork[ev.Data.ID][id] = true
	r.status[ev.Data.ID] = ev.Data.Status
	w.WriteHeader(http.StatusNoContent)
}

// announced returns how many distinct events announced id, and the status
// of the last.
func (r *receiver) announced(id string) (int, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.byWork[id]), r.status[id]
}

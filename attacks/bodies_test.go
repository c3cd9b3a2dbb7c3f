package attacks

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDeepData proves the 64 levels of JSON a body may nest: data nested
// 5,000 deep is a 400 naming the field, sync and as a job.
func TestDeepData(t *testing.T) {
	w := shared(t)
	nest := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	w.attack(t, "deep-data", func() {
		for _, path := range []string{"/v1/renders", "/v1/jobs"} {
			a, err := w.do(t.Context(), http.MethodPost, path, w.mallory, `{"template": "<p>x</p>", "data": `+nest+`}`)
			if err != nil {
				t.Fatal(err)
			}
			e := refused(t, a, http.StatusBadRequest, "bad-request")
			if !strings.Contains(e.Message, "data.a.a") || !strings.Contains(e.Message, "64 levels") {
				t.Errorf("%s: the refusal does not name the field and the limit: %s", path, e.Message)
			}
		}
	})
}

// TestSlowBodies proves the 60 s a request body has to arrive, however
// slowly it trickles: 20 connections trickling a byte a second are cut,
// and answered 400 if at all. The cut is not configurable, so this is the
// suite's one test that waits a minute.
func TestSlowBodies(t *testing.T) {
	w := shared(t)
	w.attack(t, "slow-bodies", func() {
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				if err := trickle(w, 10_000); err != nil {
					t.Errorf("connection %d: %v", i, err)
				}
			})
		}
		wg.Wait()
	})
}

// trickle sends a render's headers announcing n bytes of body, then a byte
// a second, until the server cuts the connection; an error if it does not
// within 3 minutes, or answers anything but 400.
func trickle(w *world, n int) error {
	conn, err := net.DialTimeout("tcp", w.api.Addr, 10*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/renders HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
		w.api.Addr, w.mallory, n)
	cut := make(chan string, 1)
	go func() {
		_ = conn.SetReadDeadline(time.Now().Add(3 * time.Minute))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			cut <- "" // closed without an answer
			return
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		cut <- resp.Status
	}()
	deadline := time.Now().Add(3 * time.Minute)
	for sent := 0; sent < n; sent++ {
		select {
		case status := <-cut:
			if status != "" && !strings.HasPrefix(status, "400") {
				return fmt.Errorf("answered %s, want 400 or a cut", status)
			}
			return nil
		case <-time.After(time.Second):
		}
		if time.Now().After(deadline) {
			break
		}
		if _, err := conn.Write([]byte{' '}); err != nil {
			return nil // cut while writing
		}
	}
	return fmt.Errorf("the body trickled for 3 minutes and was not cut")
}

// batchBomb is a batch body of 90,000 records of about 1 KB (91 MB, under
// the 100 MiB of PAPRIKA_MAX_BATCH_BYTES), whose last record holds a NUL
// character: the body must be read whole to be refused.
var batchBomb = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	b.WriteString(`{"template": "<p>{{a}}</p>", "format": "html", "records": [`)
	rec := `{"a":"` + strings.Repeat("x", 1000) + `"},`
	for range 90_000 {
		b.WriteString(rec)
	}
	b.WriteString(`{"a":"\u0000"}]}`)
	return b.Bytes()
})

// TestConcurrentUploads proves the bound on request bodies being read at
// once in one process: 16 batch bodies of 91 MB at the same time are each
// a 400 (the bad record) or 503 busy, and the api stays in its memory.
func TestConcurrentUploads(t *testing.T) {
	w := shared(t)
	body := batchBomb()
	t.Logf("each body %d MB", len(body)/1_000_000)
	w.attack(t, "concurrent-uploads", func() {
		var wg sync.WaitGroup
		for i := range 16 {
			wg.Go(func() {
				a, err := w.do(t.Context(), http.MethodPost, "/v1/batches", w.mallory, raw{"application/json", body})
				if err != nil {
					t.Errorf("upload %d: %v", i, err)
					return
				}
				e := errorOf(a)
				switch {
				case a.status == http.StatusBadRequest && e.Code == "bad-request":
				case a.status == http.StatusServiceUnavailable && e.Code == "busy":
				default:
					t.Errorf("upload %d: %d %.300s, want 400 bad-request or 503 busy", i, a.status, a.body)
				}
			})
		}
		wg.Wait()
	})
}

// TestAttachmentsOverTheLimits proves the limits of a document's
// attachments (20 files, 8 MiB together): past either, a 400 naming them.
func TestAttachmentsOverTheLimits(t *testing.T) {
	w := shared(t)
	many := make([]map[string]any, 21)
	for i := range many {
		many[i] = map[string]any{"name": fmt.Sprintf("a%d.txt", i), "contentType": "text/plain", "text": "x", "relationship": "Data"}
	}
	big := []map[string]any{{"name": "big.txt", "contentType": "text/plain", "text": strings.Repeat("x", 8<<20+1), "relationship": "Data"}}
	w.attack(t, "attachments", func() {
		for _, as := range [][]map[string]any{many, big} {
			in := map[string]any{"template": "<p>x</p>", "options": map[string]any{"pdf": map[string]any{
				"standards": []string{"PDF/A-3b"}, "attachments": as}}}
			e := refused(t, w.must(t, http.MethodPost, "/v1/renders", w.mallory, in, http.StatusBadRequest), http.StatusBadRequest, "bad-request")
			if !strings.Contains(e.Message, "attachments") {
				t.Errorf("the refusal does not name attachments: %s", e.Message)
			}
		}
	})
}

// TestFacturXExternalEntity proves that an e-invoice's XML reads nothing
// but itself: a DOCTYPE with an external entity naming /etc/passwd is
// refused, and nothing of the file comes back.
func TestFacturXExternalEntity(t *testing.T) {
	w := shared(t)
	xml := `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><x>&xxe;</x></rsm:CrossIndustryInvoice>`
	w.attack(t, "facturx-xxe", func() {
		in := map[string]any{"template": "<p>invoice</p>", "options": map[string]any{"pdf": map[string]any{
			"facturx": map[string]any{"profile": "EN 16931", "xml": xml}}}}
		a, err := w.do(t.Context(), http.MethodPost, "/v1/renders", w.mallory, in)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(a.body, []byte("root:")) {
			t.Fatalf("the answer holds /etc/passwd: %.500s", a.body)
		}
		e := errorOf(a)
		if !(a.status == http.StatusUnprocessableEntity && e.Code == "template-error") && !(a.status == http.StatusBadRequest && e.Code == "bad-request") {
			t.Fatalf("answered %d %.300s, want 422 template-error or 400", a.status, a.body)
		}
		if !strings.Contains(e.Message, "DOCTYPE") {
			t.Errorf("the refusal does not name the DOCTYPE: %s", e.Message)
		}
	})
}

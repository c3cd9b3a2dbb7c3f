package attacks

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// slowRender is a page ready only after ms milliseconds.
func slowRender(ms int) map[string]any {
	return map[string]any{"template": "<p>slow</p>", "options": map[string]any{
		"waitFor": "(window.t0 ||= Date.now()) && Date.now() - window.t0 > " + strconv.Itoa(ms)}}
}

// renders is mallory's renders counted in her usage today.
func (w *world) renders(t *testing.T) int64 {
	t.Helper()
	var u struct{ Total struct{ Renders int64 } }
	if err := w.must(t, http.MethodGet, "/v1/usage", w.mallory, nil, http.StatusOK).json(&u); err != nil {
		t.Fatal(err)
	}
	return u.Total.Renders
}

// hangUp sends in as a sync render and hangs up once the api has started
// rendering it (its work_started counter moved).
func (w *world) hangUp(t *testing.T, in map[string]any) {
	t.Helper()
	started := metric(t, w.api, "paprika_work_started_total", `kind="render"`)
	w.hangUpWhen(t, in, func() bool { return metric(t, w.api, "paprika_work_started_total", `kind="render"`) > started })
}

// hangUpAfterPrint sends in as a sync render and hangs up once the api has
// logged that its page printed: while the document is post-processed.
func (w *world) hangUpAfterPrint(t *testing.T, in map[string]any) {
	t.Helper()
	const printed = `"msg":"printed; finishing the document"`
	before := strings.Count(w.api.Log(), printed)
	w.hangUpWhen(t, in, func() bool { return strings.Count(w.api.Log(), printed) > before })
}

// hangUpWhen sends in as mallory's sync render and hangs up once now says
// so (or a minute has passed).
func (w *world) hangUpWhen(t *testing.T, in map[string]any, now func() bool) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = w.do(ctx, http.MethodPost, "/v1/renders", w.mallory, in)
	}()
	deadline := time.Now().Add(time.Minute)
	for !now() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	<-done
}

// longFinish is a document Chromium prints fast whose post-processing
// (a watermark on each of its pages, PDF/A) takes seconds after it.
func longFinish() map[string]any {
	return map[string]any{"template": "<title>long</title>" + strings.Repeat("<p style=\"break-after: page\">page</p>", 300),
		"options": map[string]any{"pdf": map[string]any{"standards": []string{"PDF/A-2b"}, "watermark": map[string]any{"text": "COPY"}}}}
}

// TestUsageOnHangUp proves that a synchronous render that finished is
// counted whatever its client does after: a client that hangs up while its
// document is post-processed (after the page printed) still finds the
// render in GET /v1/usage. (A client that hangs up before the page printed
// ends its render: nothing finished, nothing is counted.)
func TestUsageOnHangUp(t *testing.T) {
	w := shared(t)
	w.attackAs(t, "usage-on-hang-up", false, func() { // alice's sync renders would count as in flight
		before := w.renders(t)
		w.hangUpAfterPrint(t, longFinish())
		deadline := time.Now().Add(time.Minute)
		for w.renders(t) < before+1 {
			if time.Now().After(deadline) {
				t.Fatalf("the render whose client hung up is not in the usage a minute later (%d renders before, %d now)", before, w.renders(t))
			}
			time.Sleep(250 * time.Millisecond)
		}
	})
}

// clientWentAway is what the api logs of a client that hung up.
var clientWentAway = regexp.MustCompile(`(?i)client (went away|hung up|gone|closed|disconnected|canceled)|went away|hung up`)

// TestHangUpsAreNotServerErrors proves that a client that hangs up is not
// the service failing: three hang-ups mid-render leave no new 5xx in
// paprika_http_requests_total, and the api's log says the client went
// away.
func TestHangUpsAreNotServerErrors(t *testing.T) {
	w := shared(t)
	w.attackAs(t, "hang-ups", false, func() { // alice's sync renders would count as in flight
		before := serverErrors(t, w.api)
		answered := metric(t, w.api, "paprika_http_requests_total", `route="/v1/renders"`, `method="POST"`)
		logged := len(clientWentAway.FindAllString(w.api.Log(), -1))
		for range 3 {
			w.hangUp(t, slowRender(1500))
		}
		deadline := time.Now().Add(time.Minute)
		for len(clientWentAway.FindAllString(w.api.Log(), -1)) < logged+3 {
			if time.Now().After(deadline) {
				t.Errorf("the api's log does not say the clients went away (%d such lines of 3)", len(clientWentAway.FindAllString(w.api.Log(), -1))-logged)
				break
			}
			time.Sleep(250 * time.Millisecond)
		}
		// The requests are counted once their handlers return.
		for metric(t, w.api, "paprika_http_requests_total", `route="/v1/renders"`, `method="POST"`) < answered+3 {
			if time.Now().After(deadline) {
				t.Fatal("the three hung-up renders are not counted in paprika_http_requests_total a minute later")
			}
			time.Sleep(250 * time.Millisecond)
		}
		if n := metric(t, w.api, "paprika_http_requests_total", `route="/v1/renders"`, `status="499"`); n < 3 {
			t.Errorf("%v hung-up renders counted 499, not 3", n)
		}
		after := serverErrors(t, w.api)
		for s, n := range after {
			if n != before[s] {
				t.Errorf("%v new %s answers counted for hang-ups", n-before[s], s)
			}
		}
	})
}

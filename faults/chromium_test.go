package faults

import (
	"bytes"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hangingPage never finishes loading: its script never yields.
const hangingPage = `<html><body><p>forever</p><script>for (;;) {}</script></body></html>`

// Chromium killed mid-render, in a worker and in an api, and a page that
// hangs: the render fails cleanly or is retried, the pool starts a new
// browser, and the next render succeeds. internal/render's
// TestBrowserKilledMidRender and TestEndlessLoopTimesOut check the engine
// alone; this checks the processes around it.
func TestChromiumKilledAndPageHangs(t *testing.T) {
	t.Parallel()
	// The timeout is short for the hanging page, long enough that an
	// ordinary page on a busy machine is in no danger: a timeout is not
	// tried again.
	c := newCluster(t, map[string]string{"PAPRIKA_RENDER_TIMEOUT": "10s"})
	api := c.startProc("api", "api", nil)
	worker := c.startProc("worker", "worker", nil)
	key := c.tenant(api, "acme", "")

	// A page that hangs: it times out once and fails, not tried again.
	hang := c.must(http.MethodPost, api.URL("/v1/jobs"), key, map[string]any{"template": hangingPage}, http.StatusAccepted)
	var hung struct{ ID string }
	if err := hang.json(&hung); err != nil {
		t.Fatal(err)
	}

	// A job whose worker's Chromium is killed while it renders is rendered
	// again, by a new browser.
	victim := c.submitJob(api, key, 1, 1500)
	if !waitLogged(worker, `"jobId":"`+victim+`"`, 2*time.Minute) {
		t.Fatal("the worker never claimed the job")
	}
	time.Sleep(500 * time.Millisecond)
	killed := killAll(worker.Chromiums())
	t.Logf("killed the worker's Chromium mid-render: %d processes", killed)

	// The same in the api, under a synchronous render: the api renders it
	// once more on the new browser, so the client sees a PDF, not the
	// crash; then a render works.
	answered := make(chan answer, 1)
	go func() {
		a, err := c.do(t.Context(), http.MethodPost, api.URL("/v1/renders"), key, renderInput(2, 1500))
		if err != nil {
			t.Errorf("the render whose Chromium was killed: %v", err)
		}
		answered <- a
	}()
	time.Sleep(700 * time.Millisecond)
	t.Logf("killed the api's Chromium mid-render: %d processes", killAll(api.Chromiums()))
	a := <-answered
	if a.status == http.StatusOK && bytes.HasPrefix(a.body, []byte("%PDF-")) {
		c.doneBefore++ // synchronous renders count in the measures
		t.Logf("the api's render answered a PDF (rendered again after the crash: %t)",
			strings.Contains(api.Log(), `"msg":"synchronous render failed in Chromium; rendering it once more"`))
	} else {
		t.Errorf("the render whose Chromium was killed answered %d %.300s; one crash should be invisible", a.status, a.body)
	}
	next := c.must(http.MethodPost, api.URL("/v1/renders"), key, renderInput(3, 0), http.StatusOK)
	if !bytes.HasPrefix(next.body, []byte("%PDF-")) {
		t.Errorf("the next render is not a PDF: %.100s", next.body)
	}

	c.doneBefore++
	after := c.submitJob(api, key, 4, 0)
	c.checkDoneOnce(api, work{key: key, jobs: []string{victim, after}})

	var j struct {
		Status   string
		Attempts int
		Error    *struct{ Code, Message string }
	}
	if err := c.must(http.MethodGet, api.URL("/v1/jobs/"+hung.ID), key, nil, http.StatusOK).json(&j); err != nil {
		t.Fatal(err)
	}
	if j.Status != "failed" || j.Error == nil || j.Error.Code != "render-timeout" || j.Attempts > 2 {
		// 2 when its first attempt ran in the worker's Chromium killed
		// above (render-failed, tried again); never the third attempt a
		// timeout tried again would make.
		t.Errorf("the hanging page's job: %s after %d attempts, error %+v; want failed, render-timeout, at most 2 (a timeout is not rendered again)", j.Status, j.Attempts, j.Error)
	}
	if n := c.claims()[hung.ID]; n != j.Attempts {
		t.Errorf("the hanging page's job: %d attempts but %d claims logged", j.Attempts, n)
	}
	if n, status := c.hooks.announced(hung.ID); n != 0 || status != "" {
		t.Logf("the hanging job (no webhookUrl) was announced %d times", n)
	}
	var victimJob struct{ Attempts int }
	_ = c.must(http.MethodGet, api.URL("/v1/jobs/"+victim), key, nil, http.StatusOK).json(&victimJob)
	if victimJob.Attempts < 2 {
		t.Errorf("the job whose Chromium was killed took %d attempt: the kill missed it", victimJob.Attempts)
	}
}

// killAll SIGKILLs pids and returns how many it reached.
func killAll(pids []int) int {
	n := 0
	for _, pid := range pids {
		if syscall.Kill(pid, syscall.SIGKILL) == nil {
			n++
		}
	}
	return n
}

package attacks

import (
	"bytes"
	"image/png"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/testkit"
)

// renderLimit checks that in, rendered sync by mallory, is a 422
// render-limit.
func (w *world) renderLimit(t *testing.T, in map[string]any) {
	t.Helper()
	a, err := w.do(t.Context(), http.MethodPost, "/v1/renders", w.mallory, in)
	if err != nil {
		t.Fatal(err)
	}
	e := refused(t, a, http.StatusUnprocessableEntity, "render-limit")
	if !strings.Contains(e.Message, "memory") {
		t.Errorf("the refusal does not name memory: %s", e.Message)
	}
}

// TestImageBomb proves PAPRIKA_RENDER_MAX_MEMORY on a picture: it fails
// that render alone, with render-limit, sync and as a job.
func TestImageBomb(t *testing.T) {
	w := shared(t)
	w.attack(t, "image-bomb", func() {
		w.renderLimit(t, map[string]any{"template": testkit.ImageBomb()})
		j := w.waitJob(t, w.mallory, w.submit(t, map[string]any{"template": testkit.ImageBomb()}), "failed")
		if j.Error == nil || j.Error.Code != "render-limit" {
			t.Errorf("the job failed with %+v, want render-limit", j.Error)
		}
	})
}

// TestArrayBufferBomb proves PAPRIKA_RENDER_MAX_MEMORY on a script: 4 GiB
// of ArrayBuffers fail that render alone, with render-limit.
func TestArrayBufferBomb(t *testing.T) {
	w := shared(t)
	w.attack(t, "arraybuffer-bomb", func() {
		w.renderLimit(t, map[string]any{"template": testkit.ArrayBufferBomb, "options": map[string]any{"waitFor": "window.done"}})
	})
}

// fillIndexedDB writes 100 MiB into IndexedDB (ten blobs of 10 MB), then
// spins until the render's timeout.
const fillIndexedDB = `<p>filling</p><script>
(async () => {
	const db = await new Promise((resolve, reject) => {
		const open = indexedDB.open("big", 1);
		open.onupgradeneeded = () => open.result.createObjectStore("s");
		open.onsuccess = () => resolve(open.result);
		open.onerror = () => reject(open.error);
	});
	for (let i = 0; i < 10; i++) {
		const chunk = new Uint8Array(10 << 20).fill(i + 1);
		await new Promise((resolve, reject) => {
			const tx = db.transaction("s", "readwrite");
			tx.objectStore("s").put(new Blob([chunk]), i);
			tx.oncomplete = resolve;
			tx.onerror = () => reject(tx.error);
		});
	}
	while (true) {}
})();
</script>`

// TestIndexedDBThatTimesOut proves that a page's storage never outlives
// its render, nor PAPRIKA_RENDER_TIMEOUT: 100 MB of IndexedDB written
// three times by pages that time out (504 render-timeout) leave the api's
// memory (its profile on disk is in its tmpfs or page cache) where it was.
func TestIndexedDBThatTimesOut(t *testing.T) {
	w := shared(t)
	w.attack(t, "indexeddb-timeout", func() {
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				a, err := w.renderRetryingBusy(t.Context(), w.mallory, map[string]any{"template": fillIndexedDB,
					"options": map[string]any{"waitFor": "window.done === true"}}) // never
				if err != nil {
					t.Error(err)
					return
				}
				if e := errorOf(a); a.status != http.StatusGatewayTimeout || e.Code != "render-timeout" {
					t.Errorf("answered %d %.300s, want 504 render-timeout", a.status, a.body)
				}
			})
		}
		wg.Wait()
	})
}

// TestTenantErrorsDoNotRestartChromium proves that the page's and its
// options' errors are the tenant's: a script that throws in the wait for
// readiness and a header Chromium cannot print are 422 template-error,
// never a restart of the api's Chromium, however many.
func TestTenantErrorsDoNotRestartChromium(t *testing.T) {
	w := shared(t)
	restarts := w.api.restarts()
	w.attack(t, "tenant-errors", func() {
		// The wait for readiness reads document.fonts, which throws.
		throws := map[string]any{"template": `<p>x</p><script>
Object.defineProperty(document, "fonts", {get() { throw new Error("no fonts for you") }});
</script>`}
		header := map[string]any{"template": "<p>body</p>", "options": map[string]any{
			"headerTemplate": `<link rel="stylesheet" href="http://styles.example.com/header.css"><span class="title"></span>`}}
		for range 4 {
			for _, in := range []map[string]any{throws, header} {
				// Again when the page's renderer crashed, as the queue
				// would: a crash is render-failed, retried, never the
				// tenant's nor held against the browser.
				var a answer
				for range 3 {
					var err error
					if a, err = w.renderRetryingBusy(t.Context(), w.mallory, in); err != nil {
						t.Fatal(err)
					}
					if e := errorOf(a); e.Code != "render-failed" || !strings.Contains(e.Message, "crashed") {
						break
					}
					t.Logf("the page's renderer crashed; rendering again")
				}
				refused(t, a, http.StatusUnprocessableEntity, "template-error")
			}
		}
	})
	if n := w.api.restarts() - restarts; n != 0 {
		t.Errorf("the api's Chromium restarted %d times for a tenant's errors:\n%s", n, w.api.restartsSince(restarts))
	}
}

// TestLoopAfterPrint proves that a render ends when it has printed: a
// script that loops forever 300 ms after the page is ready leaves three
// 200s, and no restart of the api's Chromium.
func TestLoopAfterPrint(t *testing.T) {
	w := shared(t)
	restarts := w.api.restarts()
	w.attack(t, "loop-after-print", func() {
		in := map[string]any{"template": `<p>x</p><script>window.done=1; setTimeout(()=>{while(true){}},300)</script>`,
			"options": map[string]any{"waitFor": "window.done===1"}}
		for i := range 3 {
			a, err := w.renderRetryingBusy(t.Context(), w.mallory, in)
			if err != nil {
				t.Fatal(err)
			}
			if a.status != http.StatusOK {
				t.Errorf("render %d: %d %.300s, want 200", i, a.status, a.body)
			}
		}
	})
	if n := w.api.restarts() - restarts; n != 0 {
		t.Errorf("the api's Chromium restarted %d times for pages that looped after printing:\n%s", n, w.api.restartsSince(restarts))
	}
}

// TestSlotHog proves that one tenant never holds every synchronous slot
// (PAPRIKA_WORKERS=2 here): while mallory holds one with a slow render,
// her second at once is 503 busy, and alice's render gets the last slot.
func TestSlotHog(t *testing.T) {
	w := shared(t)
	w.attackAs(t, "slot-hog", false, func() { // alice's sync renders would count as in flight
		started := metric(t, w.api, "paprika_work_started_total", `kind="render"`)
		first := make(chan answer, 1)
		go func() {
			a, _ := w.do(t.Context(), http.MethodPost, "/v1/renders", w.mallory, slowRender(8000))
			first <- a
		}()
		deadline := time.Now().Add(time.Minute)
		for metric(t, w.api, "paprika_work_started_total", `kind="render"`) <= started {
			if time.Now().After(deadline) {
				t.Fatal("mallory's first render has not started after a minute")
			}
			time.Sleep(50 * time.Millisecond)
		}
		second := make(chan answer, 1)
		go func() {
			a, _ := w.do(t.Context(), http.MethodPost, "/v1/renders", w.mallory, slowRender(8000))
			second <- a
		}()
		// Alice asks once mallory's second is answered, or holds a slot.
		var refusedSecond *answer
		for refusedSecond == nil && metric(t, w.api, "paprika_work_started_total", `kind="render"`) <= started+1 {
			select {
			case a := <-second:
				refusedSecond = &a
			case <-time.After(50 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatal("mallory's second render neither answered nor started after a minute")
			}
		}
		a, err := w.do(t.Context(), http.MethodPost, "/v1/renders", w.alice, map[string]any{"template": hello})
		if err != nil {
			t.Fatal(err)
		}
		if a.status != http.StatusOK {
			t.Errorf("alice's render beside mallory's two: %d %.300s, want 200", a.status, a.body)
		}
		if refusedSecond == nil {
			a := <-second
			refusedSecond = &a
		}
		if e := errorOf(*refusedSecond); refusedSecond.status != http.StatusServiceUnavailable || e.Code != "busy" {
			t.Errorf("mallory's second render at once: %d %.200s, want 503 busy", refusedSecond.status, refusedSecond.body)
		}
		if a := <-first; a.status != http.StatusOK {
			t.Errorf("mallory's first render: %d %.200s, want 200", a.status, a.body)
		}
	})
}

// widePNG is a page of incompressible noise, as wide as a png may be and
// 6,000 px high: a 145 MB PNG, before its area was bounded.
var widePNG = testkit.NoiseCanvas(2000, 1465)

// TestWidePNGs proves the png's area bound (MaxScreenshotPixels): two jobs
// and a synchronous render of a page of noise 8,192 px wide at once, which
// killed a process of 3 GiB when a png was bounded by its height only,
// each answer a PNG cut at 2,048 px.
func TestWidePNGs(t *testing.T) {
	w := shared(t)
	w.attack(t, "wide-pngs", func() {
		in := map[string]any{"template": widePNG, "format": "png", "options": map[string]any{"width": 8192, "waitFor": "window.drawn"}}
		ids := []string{w.submit(t, in), w.submit(t, in)}
		a := w.must(t, http.MethodPost, "/v1/renders", w.mallory, in, http.StatusOK)
		cfg, err := png.DecodeConfig(bytes.NewReader(a.body))
		if err != nil || cfg.Width != 8192 || cfg.Height != 2048 {
			t.Errorf("the render's png: %v, %dx%d, want 8192x2048", err, cfg.Width, cfg.Height)
		}
		for _, id := range ids {
			w.waitJob(t, w.mallory, id, "done")
		}
	})
}

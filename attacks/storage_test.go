package attacks

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestTemplateQuota proves PAPRIKA_TEMPLATE_QUOTA (20 MiB here): PUTs of
// versions of 1 MiB of content and 1 MiB of sampleData are refused with 413
// payload-too-large once the tenant holds the quota, not stored without
// end.
func TestTemplateQuota(t *testing.T) {
	w := shared(t)
	// Each at its own limit: 1 MiB of template text, 1 MiB of sampleData.
	content := "<p>" + strings.Repeat("x", 1<<20-7) + "</p>"
	sample := map[string]any{"s": strings.Repeat("y", 1<<20-8)} // {"s":"…"}
	w.attack(t, "template-quota", func() {
		w.must(t, http.MethodPost, "/v1/templates", w.mallory, map[string]any{"id": "hoard", "name": "hoard", "content": "<p>x</p>"}, http.StatusCreated)
		// Twice the quota's worth of versions, at most.
		for i := range 2 * templateQuota / (2 << 20) {
			a, err := w.do(t.Context(), http.MethodPut, "/v1/templates/hoard", w.mallory, map[string]any{"content": content, "sampleData": sample})
			if err != nil {
				t.Fatal(err)
			}
			if a.status == http.StatusRequestEntityTooLarge {
				e := refused(t, a, http.StatusRequestEntityTooLarge, "payload-too-large")
				t.Logf("refused at version %d: %s", i+2, e.Message)
				return
			}
			if a.status != http.StatusOK {
				t.Fatalf("PUT %d: %d %.300s", i, a.status, a.body)
			}
		}
		t.Errorf("%d MiB of versions stored past a quota of %d MiB", 2*templateQuota>>20, templateQuota>>20)
	})
}

// TestAssetCount proves the 10,000 assets a tenant may hold: the 10,001st
// is a 413 payload-too-large. Tiny assets, 16 PUTs at a time.
func TestAssetCount(t *testing.T) {
	w := shared(t)
	key := w.tenant(t, "mallory-assets", "")
	w.attack(t, "asset-count", func() {
		start := time.Now()
		var (
			next   atomic.Int64
			failed atomic.Int64
			wg     sync.WaitGroup
		)
		for range 16 {
			wg.Go(func() {
				for {
					i := next.Add(1)
					if i > 10_000 || failed.Load() > 0 {
						return
					}
					a, err := w.do(t.Context(), http.MethodPut, fmt.Sprintf("/v1/assets/a%05d.png", i), key, raw{"image/png", tinyPNG()})
					if err != nil || a.status != http.StatusCreated {
						failed.Add(1)
						t.Errorf("asset %d: %v %d %.300s", i, err, a.status, a.body)
						return
					}
				}
			})
		}
		wg.Wait()
		t.Logf("10,000 assets stored in %s", time.Since(start).Round(time.Millisecond))
		if failed.Load() > 0 {
			return
		}
		a, err := w.do(t.Context(), http.MethodPut, "/v1/assets/one-more.png", key, raw{"image/png", tinyPNG()})
		if err != nil {
			t.Fatal(err)
		}
		refused(t, a, http.StatusRequestEntityTooLarge, "payload-too-large")
	})
}

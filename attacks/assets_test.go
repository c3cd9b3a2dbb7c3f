package attacks

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// putAsset stores an asset of mallory's (or key's) and fails the test
// unless it is answered want.
func (w *world) putAsset(t *testing.T, key, name, ctype string, body []byte, want int) answer {
	t.Helper()
	return w.must(t, http.MethodPut, "/v1/assets/"+name, key, raw{ctype, body}, want)
}

var tinyPNG = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		panic(err)
	}
	return b.Bytes()
})

// TestAssetNamesReachingOutside proves the shape of asset names: `..`,
// an absolute path and their encodings are never a name, to PUT or GET.
func TestAssetNamesReachingOutside(t *testing.T) {
	w := shared(t)
	w.attack(t, "asset-names", func() {
		for _, name := range []string{"..", "../x.png", "%2e%2e/x.png", "..%2fx.png", "%2Fetc%2Fpasswd", "a/../../x.png",
			"%2e%2e%2f%2e%2e%2fetc%2fpasswd", "fonts/..", ".hidden.png"} {
			for _, method := range []string{http.MethodPut, http.MethodGet} {
				var body any
				if method == http.MethodPut {
					body = raw{"image/png", tinyPNG()}
				}
				a, err := w.do(t.Context(), method, "/v1/assets/"+name, w.mallory, body)
				if err != nil {
					t.Fatal(err)
				}
				e := errorOf(a)
				if a.status != http.StatusNotFound && a.status != http.StatusBadRequest || e.Code == "" {
					t.Errorf("%s %s: %d %.200s, want 404 or 400", method, name, a.status, a.body)
				}
			}
		}
	})
}

// TestCrossTenantAssets proves that a page reaches only its own tenant's
// assets: mallory's page naming alice's asset is a template-error, never
// alice's bytes.
func TestCrossTenantAssets(t *testing.T) {
	w := shared(t)
	w.putAsset(t, w.alice, "alice-secret.css", "text/css", []byte(`p::after { content: "ALICE-SECRET" }`), http.StatusCreated)
	w.attack(t, "cross-tenant-assets", func() {
		for _, tpl := range []string{`<link rel="stylesheet" href="assets/alice-secret.css"><p>x</p>`, `<link rel="stylesheet" href="{{asset "alice-secret.css"}}"><p>x</p>`} {
			for _, format := range []string{"pdf", "html"} {
				a, err := w.do(t.Context(), http.MethodPost, "/v1/renders", w.mallory, map[string]any{"template": tpl, "format": format})
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Contains(a.body, []byte("ALICE-SECRET")) {
					t.Fatalf("mallory's %s render holds alice's asset", format)
				}
				if format == "pdf" { // html is the template's text, which Chromium never loads
					e := refused(t, a, http.StatusUnprocessableEntity, "template-error")
					if !strings.Contains(e.Message, "alice-secret.css") {
						t.Errorf("the refusal does not name the asset: %s", e.Message)
					}
				}
			}
		}
		w.must(t, http.MethodGet, "/v1/assets/alice-secret.css", w.mallory, nil, http.StatusNotFound)
	})
}

// TestSVGWithScript proves that an asset downloaded from the api is never
// a page on its origin: an SVG holding a script comes back with
// Content-Security-Policy: sandbox and nosniff.
func TestSVGWithScript(t *testing.T) {
	w := shared(t)
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/v1/templates")</script><rect width="4" height="4"/></svg>`)
	w.attack(t, "svg-script", func() {
		a, err := w.do(t.Context(), http.MethodPut, "/v1/assets/evil.svg", w.mallory, raw{"image/svg+xml", svg})
		if err != nil {
			t.Fatal(err)
		}
		if a.status == http.StatusBadRequest {
			return // refused outright: nothing to download
		}
		if a.status != http.StatusCreated && a.status != http.StatusOK {
			t.Fatalf("PUT: %d %.300s", a.status, a.body)
		}
		got := w.must(t, http.MethodGet, "/v1/assets/evil.svg", w.mallory, nil, http.StatusOK)
		if csp := got.header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") {
			t.Errorf("Content-Security-Policy is %q, want sandbox", csp)
		}
		if got.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("X-Content-Type-Options is %q, want nosniff", got.header.Get("X-Content-Type-Options"))
		}
	})
}

// bigPNG is a valid PNG of about 10 MiB, under the asset limit: random
// RGB pixels, stored without compression.
var bigPNG = sync.OnceValue(func() []byte {
	const side = 1860 // 1860² × 3 bytes = 10.4 MB, under 10 MiB with its filter bytes
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		if i%4 == 3 {
			img.Pix[i] = 0xff
		} else {
			img.Pix[i] = uint8(r.Uint32())
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
})

// fetchBomb is a page of 100 images of the 10 MiB asset under as many
// query strings, and a script fetching it 300 times at once.
func fetchBomb() string {
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, `<img src="assets/big.png?%d" style="width:10px;height:10px">`, i)
	}
	b.WriteString(`<script>
window.done = false;
Promise.all(Array.from({length: 300}, (_, i) => fetch("assets/big.png?f" + i).then(r => r.arrayBuffer())))
	.finally(() => { window.done = true });
</script>`)
	return b.String()
}

// TestAssetFetchBomb proves that the bytes of assets served to a render
// count toward its memory, one copy whatever the query string: a page
// asking for a 10 MiB asset 400 times at once is a 200 or a 422
// render-limit, two at once, sync and as a job; neither process dies and
// their memory returns.
func TestAssetFetchBomb(t *testing.T) {
	w := shared(t)
	w.putAsset(t, w.mallory, "big.png", "image/png", bigPNG(), http.StatusCreated)
	in := map[string]any{"template": fetchBomb(), "options": map[string]any{"waitFor": "window.done === true"}}
	ok := func(status int, code string) bool {
		return status == http.StatusOK || status == http.StatusUnprocessableEntity && code == "render-limit"
	}
	w.attack(t, "asset-fetch-bomb", func() {
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Go(func() {
				a, err := w.renderRetryingBusy(t.Context(), w.mallory, in)
				if err != nil {
					t.Errorf("render %d: %v", i, err)
					return
				}
				if !ok(a.status, errorOf(a).Code) {
					t.Errorf("render %d: %d %.300s, want 200 or 422 render-limit", i, a.status, a.body)
				}
			})
		}
		wg.Wait()
		j := w.waitJob(t, w.mallory, w.submit(t, in), "")
		if j.Status != "done" && (j.Error == nil || j.Error.Code != "render-limit") {
			t.Errorf("the job ended %s %+v, want done or render-limit", j.Status, j.Error)
		}
	})
}

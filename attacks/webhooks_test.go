package attacks

import (
	"net/http"
	"strings"
	"testing"
)

// TestWebhookURLsRefused proves where a webhook may go: https, or http to
// an allow-listed host (none here), never loopback or the metadata
// address; anything else is a 400 naming webhookUrl at submission.
func TestWebhookURLsRefused(t *testing.T) {
	w := shared(t)
	w.attack(t, "webhook-urls", func() {
		for _, url := range []string{"https://127.0.0.1/hook", "https://169.254.169.254/latest/meta-data/", "http://example.com/hook",
			"https://[::1]/hook", "https://localhost:99999/hook"} {
			for _, path := range []string{"/v1/jobs", "/v1/batches"} {
				in := map[string]any{"template": hello, "webhookUrl": url}
				if path == "/v1/batches" {
					in["records"] = []map[string]any{{}}
				}
				e := refused(t, w.must(t, http.MethodPost, path, w.mallory, in, http.StatusBadRequest), http.StatusBadRequest, "bad-request")
				if !strings.Contains(e.Message, "webhookUrl") {
					t.Errorf("%s %s: the refusal does not name webhookUrl: %s", path, url, e.Message)
				}
			}
		}
	})
}

package webhook_test

// docs:begin — docs/webhooks.md shows this code as is (TestDocsGoReceiver).
import (
	"encoding/json"
	"io"
	"log"
	"net/http"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// paprikaWebhook verifies and handles Paprika's webhooks. secret is the
// tenant's whsec_… secret (GET /v1/admin/tenants/{id}/webhook-secret).
func paprikaWebhook(secret string, handle func(id, typ string, data json.RawMessage) error) (http.Handler, error) {
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 10<<20))
		if err != nil {
			http.Error(w, "cannot read the body", http.StatusBadRequest)
			return
		}
		// The signature, and a webhook-timestamp within 5 minutes of now.
		if err := wh.Verify(body, r.Header); err != nil {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var event struct {
			Type string          `json:"type"` // job.finished or batch.finished
			Data json.RawMessage `json:"data"` // the job or batch, as GET /v1/jobs/{id} answers it
		}
		if err := json.Unmarshal(body, &event); err != nil {
			http.Error(w, "bad JSON", http.StatusBadRequest)
			return
		}
		// webhook-id is the same on every retry: handle each id once.
		if err := handle(r.Header.Get("webhook-id"), event.Type, event.Data); err != nil {
			log.Printf("webhook: %v", err)
			http.Error(w, "try again later", http.StatusServiceUnavailable) // Paprika retries
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}), nil
}

// docs:end

package webhook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/webhook"
)

// Example_receiver delivers a signed event to the receiver of
// docs/webhooks.md: it verifies with the right secret and refuses the
// event signed with another.
func Example_receiver() {
	secret := postgres.NewWebhookSecret()
	h, err := paprikaWebhook(secret, func(id, typ string, data json.RawMessage) error {
		fmt.Println(id, typ, string(data))
		return nil
	})
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := webhook.NewClient(webhook.ClientOptions{Allow: webhook.NewAllowList([]string{"127.0.0.1"})})
	defer c.CloseIdleConnections()
	body := []byte(`{"type":"job.finished","timestamp":"2026-12-01T08:00:00.000Z","data":{"id":"0193…","status":"done"}}`)

	ans, err := c.Post(context.Background(), srv.URL, "evt_1", []string{secret}, body)
	fmt.Println(ans.Status, err)
	ans, err = c.Post(context.Background(), srv.URL, "evt_2", []string{postgres.NewWebhookSecret()}, body)
	fmt.Println(ans.Status, err)
	// Output:
	// evt_1 job.finished {"id":"0193…","status":"done"}
	// 204 <nil>
	// 401 <nil>
}

// TestDocsGoReceiver keeps the Go receiver of docs/webhooks.md the code
// that Example_receiver runs.
func TestDocsGoReceiver(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("example_receiver_test.go")
	require.NoError(t, err)
	_, code, ok := strings.Cut(string(src), "(TestDocsGoReceiver).\n")
	require.True(t, ok)
	code, _, ok = strings.Cut(code, "\n// docs:end")
	require.True(t, ok)
	doc, err := os.ReadFile("../../docs/webhooks.md")
	require.NoError(t, err)
	want := "```go\n" + code + "```"
	require.Contains(t, string(doc), want, "docs/webhooks.md must show the Go receiver of example_receiver_test.go exactly")
}

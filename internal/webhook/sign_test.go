package webhook

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/postgres"
)

// TestSignSpecVector checks the signature against the test vector the
// Standard Webhooks specification publishes.
func TestSignSpecVector(t *testing.T) {
	t.Parallel()
	sig, err := Sign([]string{"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"}, "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	require.NoError(t, err)
	require.Equal(t, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", sig)
}

// TestSignVerifiesWithLibrary signs with two secrets, as during a rotation:
// the header holds two signatures, each verifies with its own secret alone
// through the Standard Webhooks Go library, and a third secret verifies none.
func TestSignVerifiesWithLibrary(t *testing.T) {
	t.Parallel()
	secrets := []string{newSecret(t), newSecret(t)}
	body := []byte(`{"type":"job.finished","timestamp":"2026-12-01T08:00:00.000Z","data":{"id":"x"}}`)
	now := time.Now()
	sig, err := Sign(secrets, "evt_1", now, body)
	require.NoError(t, err)
	require.Len(t, strings.Split(sig, " "), 2)
	h := http.Header{}
	h.Set(HeaderID, "evt_1")
	h.Set(HeaderTimestamp, strconv.FormatInt(now.Unix(), 10))
	h.Set(HeaderSignature, sig)
	for _, s := range secrets {
		wh, err := standardwebhooks.NewWebhook(s)
		require.NoError(t, err)
		require.NoError(t, wh.Verify(body, h))
		require.Error(t, wh.Verify(append(body, ' '), h), "a changed body must not verify")
	}
	other, err := standardwebhooks.NewWebhook(newSecret(t))
	require.NoError(t, err)
	require.ErrorIs(t, other.Verify(body, h), standardwebhooks.ErrNoMatchingSignature)

	_, err = Sign([]string{"not-a-secret"}, "evt_1", now, body)
	require.Error(t, err)
}

func newSecret(t *testing.T) string {
	t.Helper()
	s := postgres.NewWebhookSecret()
	require.True(t, strings.HasPrefix(s, "whsec_"))
	return s
}

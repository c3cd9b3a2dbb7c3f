package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Headers of Standard Webhooks 1.0.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// secretPrefix starts every signing secret.
const secretPrefix = "whsec_"

// Sign returns the webhook-signature header of body sent as event id at ts:
// "v1,<base64 HMAC-SHA256 of id.timestamp.body>" for each secret (whsec_
// and base64 key bytes), space-separated.
func Sign(secrets []string, id string, ts time.Time, body []byte) (string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, secretPrefix))
		if err != nil || !strings.HasPrefix(s, secretPrefix) {
			return "", fmt.Errorf("a signing secret is not whsec_ and base64")
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(id + "." + strconv.FormatInt(ts.Unix(), 10) + "."))
		mac.Write(body)
		sigs = append(sigs, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return strings.Join(sigs, " "), nil
}

package api

import (
	"bytes"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"software.sslmate.com/src/go-pkcs12"

	"github.com/paprikahq/paprika/internal/certtest"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

func newSecretKey(t *testing.T) string {
	t.Helper()
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	return base64.StdEncoding.EncodeToString(raw)
}

// TestSignedDocuments uploads a PKCS#12 file over the API (real
// PostgreSQL), renders a signed PDF through the real engine (a
// synchronous render, and a job the worker renders) and checks it with
// pdfsig and openssl; then a flipped byte, an expired certificate, a name
// not stored, another tenant's certificate and a deleted one.
func TestSignedDocuments(t *testing.T) {
	t.Parallel()
	engine := render.New(render.Config{Slots: 2}) // one Chromium for the api and the worker
	t.Cleanup(func() { require.NoError(t, engine.Close()) })
	e := setupEnv(t, map[string]string{"PAPRIKA_SECRET_KEY": newSecretKey(t), "PAPRIKA_WORKERS": "2"}, WithRenderer(engine))
	key := e.tenantKey(t, "acme")
	other := e.tenantKey(t, "globex")
	set := certtest.New(t, certtest.Options{CommonName: "Acme Invoicing"})
	const password = "correct horse battery"
	pfx := base64.StdEncoding.EncodeToString(set.PKCS12(t, password))
	e.secrets.add(pfx)
	e.secrets.add(password)
	certB64 := base64.StdEncoding.EncodeToString(set.Cert.Raw)
	keyDER, err := x509.MarshalPKCS8PrivateKey(set.Key)
	require.NoError(t, err)
	e.secrets.add(base64.StdEncoding.EncodeToString(keyDER))

	t.Run("refused uploads", func(t *testing.T) {
		trustOnly, err := pkcs12.Modern.EncodeTrustStore([]*x509.Certificate{set.CA}, password)
		require.NoError(t, err)
		for _, c := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"pkcs12": pfx, "password": "wrong"}, "password does not open"},
			{map[string]any{"pkcs12": "not base64!"}, "pkcs12 is not base64"},
			{map[string]any{"pkcs12": base64.StdEncoding.EncodeToString([]byte("no pkcs12"))}, "pkcs12 is not a PKCS#12 file"},
			{map[string]any{"pkcs12": base64.StdEncoding.EncodeToString(trustOnly), "password": password}, "pkcs12 is not a PKCS#12 file"},
			{map[string]any{"password": password}, "pkcs12 is required"},
		} {
			resp, body := e.do(t, http.MethodPut, "/v1/certificates/main", key, c.body)
			got := requireError(t, http.StatusBadRequest, "bad-request", resp, body)
			require.Contains(t, got.Message, c.want)
		}
		resp, body := e.do(t, http.MethodPut, "/v1/certificates/main", e.createKey(t, "acme", ScopeRender).Secret, map[string]any{"pkcs12": pfx, "password": password})
		requireError(t, http.StatusForbidden, "forbidden", resp, body)
	})

	resp, body := e.do(t, http.MethodPut, "/v1/certificates/main", key, map[string]any{"pkcs12": pfx, "password": password})
	requireStatus(t, http.StatusOK, resp, body)
	stored := requireObject(t, body, []string{"name", "subject", "issuer", "notBefore", "notAfter", "createdAt"})
	require.Equal(t, "main", stored["name"])
	require.Equal(t, "CN=Acme Invoicing,O=Paprika Tests", stored["subject"])
	require.Equal(t, "CN=Paprika Test CA,O=Paprika Tests", stored["issuer"])
	require.Equal(t, wire.Timestamp(set.Cert.NotAfter), stored["notAfter"])

	t.Run("the key is sealed and never shown", func(t *testing.T) {
		var sealed []byte
		require.NoError(t, e.Pool.QueryRow(t.Context(), `SELECT sealed FROM certificates WHERE tenant_id = 'acme' AND name = 'main'`).Scan(&sealed))
		require.False(t, bytes.Contains(sealed, keyDER), "the private key is stored in the clear")
		require.False(t, bytes.Contains(sealed, set.Cert.Raw), "the certificate is stored in the clear")
		resp, body := e.do(t, http.MethodGet, "/v1/certificates", key, nil)
		requireStatus(t, http.StatusOK, resp, body)
		list := decodeJSON[struct {
			Data []wire.Certificate `json:"data"`
			Next *string            `json:"next"`
		}](t, body)
		require.Len(t, list.Data, 1)
		require.Equal(t, "main", list.Data[0].Name)
		for _, secret := range []string{certB64[:40], pfx[:40], base64.StdEncoding.EncodeToString(keyDER)[:40], password} {
			require.NotContains(t, string(body), secret)
		}
		resp, body = e.do(t, http.MethodGet, "/v1/certificates", other, nil)
		requireStatus(t, http.StatusOK, resp, body)
		require.JSONEq(t, `{"data":[],"next":null}`, string(body))
	})

	signed := func(token, certificate string, extra map[string]any) (*http.Response, []byte) {
		pdfOpts := map[string]any{"title": "Invoice 7", "signature": map[string]any{
			"certificate": certificate, "reason": "Invoice approved", "location": "Berlin", "contactInfo": "billing@acme.example"}}
		for k, v := range extra {
			pdfOpts[k] = v
		}
		return e.do(t, http.MethodPost, "/v1/renders", token, map[string]any{
			"template": `<h1>Invoice {{n}}</h1>`, "data": map[string]any{"n": 7}, "options": map[string]any{"pdf": pdfOpts}})
	}

	t.Run("a signed render verifies", func(t *testing.T) {
		resp, doc := signed(key, "main", nil)
		requireStatus(t, http.StatusOK, resp, doc)
		out := certtest.Pdfsig(t, doc)
		require.Contains(t, out, "Signature Validation: Signature is Valid.", out)
		require.Contains(t, out, "Signer Certificate Common Name: Acme Invoicing", out)
		require.Contains(t, out, "Signer full Distinguished Name: CN=Acme Invoicing,O=Paprika Tests", out)
		require.Contains(t, out, "Total document signed", out)
		require.Contains(t, out, "Signature Type: ETSI.CAdES.detached", out)
		require.Contains(t, set.OpenSSL(t, doc), "Verification successful")
		info, err := docTool(t, doc, "pdfinfo")
		require.NoError(t, err)
		require.Regexp(t, `(?m)^Title:\s+Invoice 7$`, info, "the signature comes after the metadata")

		bad := bytes.Clone(doc)
		i := bytes.Index(bad, []byte("\n%")) + 2 // the header's binary comment: in the signed range
		require.Greater(t, i, 2)
		bad[i] ^= 0x01
		out = certtest.Pdfsig(t, bad)
		require.NotContains(t, out, "Signature is Valid", out)
		require.Contains(t, out, "Digest Mismatch", out)
	})

	t.Run("a signed job verifies", func(t *testing.T) {
		e.startWorker(t, engine)
		job := e.postJob(t, key, map[string]any{"template": `<h1>Job {{n}}</h1>`, "data": map[string]any{"n": 8},
			"options": map[string]any{"pdf": map[string]any{"signature": map[string]any{"certificate": "main", "reason": "Queued"}}}})
		e.waitJob(t, key, job.ID, "done")
		resp, doc := e.getBody(t, key, "/v1/jobs/"+job.ID+"/output")
		requireStatus(t, http.StatusOK, resp, doc)
		out := certtest.Pdfsig(t, doc)
		require.Contains(t, out, "Signature Validation: Signature is Valid.", out)
		require.Contains(t, out, "Signer Certificate Common Name: Acme Invoicing", out)
		require.Contains(t, out, "Total document signed", out)

		job = e.postJob(t, key, map[string]any{"template": `<h1>Job</h1>`,
			"options": map[string]any{"pdf": map[string]any{"signature": map[string]any{"certificate": "nosuch"}}}})
		failed := e.waitJob(t, key, job.ID, "failed")
		require.NotNil(t, failed.Error)
		require.Equal(t, "template-error", failed.Error.Code)
		require.Contains(t, failed.Error.Message, `"nosuch" is not a stored certificate`)
	})

	t.Run("refused signatures", func(t *testing.T) {
		resp, body := signed(key, "main", map[string]any{"password": map[string]any{"user": "u"}})
		got := requireError(t, http.StatusBadRequest, "bad-request", resp, body)
		require.Contains(t, got.Message, "options.pdf.signature and options.pdf.password")

		resp, body = signed(key, "nosuch", nil)
		got = requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
		require.Contains(t, got.Message, `"nosuch" is not a stored certificate`)

		resp, body = signed(other, "main", nil) // acme's name, globex's key
		got = requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
		require.Contains(t, got.Message, `"main" is not a stored certificate`)
	})

	t.Run("an expired certificate", func(t *testing.T) {
		old := certtest.New(t, certtest.Options{NotBefore: time.Now().AddDate(-2, 0, 0), NotAfter: time.Now().AddDate(0, 0, -1)})
		oldPFX := base64.StdEncoding.EncodeToString(old.PKCS12(t, password))
		e.secrets.add(oldPFX)
		resp, body := e.do(t, http.MethodPut, "/v1/certificates/old", key, map[string]any{"pkcs12": oldPFX, "password": password})
		requireStatus(t, http.StatusOK, resp, body)
		resp, body = signed(key, "old", nil)
		got := requireError(t, http.StatusUnprocessableEntity, "template-error", resp, body)
		require.Contains(t, got.Message, `"old" has expired`)
		require.Contains(t, got.Message, old.Cert.NotBefore.UTC().Format(time.RFC3339))
		require.Contains(t, got.Message, old.Cert.NotAfter.UTC().Format(time.RFC3339))
	})

	t.Run("delete", func(t *testing.T) {
		resp, body := e.do(t, http.MethodDelete, "/v1/certificates/old", key, nil)
		requireStatus(t, http.StatusNoContent, resp, body)
		resp, body = e.do(t, http.MethodDelete, "/v1/certificates/old", key, nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
		resp, body = e.do(t, http.MethodDelete, "/v1/certificates/main", other, nil)
		requireError(t, http.StatusNotFound, "not-found", resp, body)
		resp, body = e.do(t, http.MethodGet, "/v1/certificates?limit=1", key, nil)
		requireStatus(t, http.StatusOK, resp, body)
		list := decodeJSON[struct {
			Data []map[string]any `json:"data"`
			Next *string          `json:"next"`
		}](t, body)
		require.Equal(t, []map[string]any{stored}, list.Data, "what is left is what was stored")
		require.Nil(t, list.Next)
	})
}

// TestCertificatesWithoutSecretKey: a server without PAPRIKA_SECRET_KEY
// stores no certificate, and says why.
func TestCertificatesWithoutSecretKey(t *testing.T) {
	t.Parallel()
	e := setupWork(t, nil, nil)
	key := e.tenantKey(t, "acme")
	set := certtest.New(t, certtest.Options{})
	pfx := base64.StdEncoding.EncodeToString(set.PKCS12(t, "pw"))
	e.secrets.add(pfx)
	resp, body := e.do(t, http.MethodPut, "/v1/certificates/main", key, map[string]any{"pkcs12": pfx, "password": "pw"})
	got := requireError(t, http.StatusConflict, "conflict", resp, body)
	require.Contains(t, got.Message, "PAPRIKA_SECRET_KEY")
	resp, body = e.do(t, http.MethodPut, "/v1/certificates/..bad", key, map[string]any{"pkcs12": pfx, "password": "pw"})
	requireError(t, http.StatusNotFound, "not-found", resp, body)
}

// TestPKCS12IterationsBounded: a PKCS#12 file asking for millions of
// key-derivation rounds, in its MAC or in an encrypted bag's PBKDF2
// parameters, is refused before any round runs.
func TestPKCS12IterationsBounded(t *testing.T) {
	t.Parallel()
	set := certtest.New(t, certtest.Options{ECDSA: true})
	pfx, err := pkcs12.Modern.WithIterations(1<<16).Encode(set.Key, set.Cert, nil, "pw")
	require.NoError(t, err)
	c, err := countPKCS12(pfx, false)
	require.NoError(t, err)
	require.Equal(t, int64(65_536*(1+2*1+1)), c.rounds, "the MAC's, the certificates' container's (decrypted twice) and the key's rounds")
	// 65,536 is INTEGER 02 03 01 00 00; 7f ff ff (8,388,607) has the same length.
	count := []byte{0x02, 0x03, 0x01, 0x00, 0x00}
	require.Equal(t, 3, bytes.Count(pfx, count), "the MAC's and the two bags' PBKDF2 counts")
	for name, at := range map[string]int{"an encrypted bag's": bytes.Index(pfx, count), "the MAC's": bytes.LastIndex(pfx, count)} {
		bad := bytes.Clone(pfx)
		copy(bad[at+2:], []byte{0x7f, 0xff, 0xff})
		_, err := countPKCS12(bad, false)
		require.Error(t, err, name)
		require.Contains(t, err.Error(), "asks for 8388607 key-derivation iterations", name)
	}
}

// FuzzParsePKCS12: whatever bytes a tenant uploads, the parse answers a
// key or a 400, and never panics.
func FuzzParsePKCS12(f *testing.F) {
	set := certtest.New(f, certtest.Options{ECDSA: true})
	f.Add(set.PKCS12(f, "pw"), "pw")
	f.Add([]byte{0x30, 0x03, 0x02, 0x01, 0x03}, "")
	f.Fuzz(func(t *testing.T, pfx []byte, password string) {
		sk, err := parsePKCS12(pfx, password)
		if err != nil {
			require.Equal(t, "bad-request", paprika.ErrorCode(err), "%v", err)
			return
		}
		require.NotNil(t, sk.Key)
		require.NotNil(t, sk.Certificate)
	})
}

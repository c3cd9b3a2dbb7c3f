package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// templates push --data and --options store the template's sampleData and
// options with its content; a push without them keeps the last version's;
// a file that is not JSON, or options the API refuses, fail the command.
func TestCLITemplatesPushDataAndOptions(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	cliOK(t, env, "tenants", "create", "fabrikam")
	key := cliJSON[cliKey](t, env, "keys", "create", "fabrikam", "--name", "t", "--scope", "templates")
	tenant := map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": key.Secret}

	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	file := write("invoice.html", "<h1>Invoice {{number}}</h1>")
	data := write("sample.json", `{"number": "INV-1", "customer": "Ada"}`)
	options := write("options.json", `{"paper": "Letter", "margin": {"top": "2cm"}, "pdf": {"title": "Invoice"}}`)
	type tmpl struct {
		Version    int             `json:"version"`
		SampleData json.RawMessage `json:"sampleData"`
		Options    json.RawMessage `json:"options"`
	}
	v1 := cliJSON[tmpl](t, tenant, "templates", "push", "invoice", file, "--data", data, "--options", options)
	require.Equal(t, 1, v1.Version)
	require.JSONEq(t, `{"number": "INV-1", "customer": "Ada"}`, string(v1.SampleData))
	require.JSONEq(t, `{"paper": "Letter", "margin": {"top": "2cm"}, "pdf": {"title": "Invoice"}}`, string(v1.Options))

	v2 := cliJSON[tmpl](t, tenant, "templates", "push", "invoice", file)
	require.Equal(t, 2, v2.Version)
	require.JSONEq(t, string(v1.SampleData), string(v2.SampleData), "a push without --data keeps the sample data")
	require.JSONEq(t, string(v1.Options), string(v2.Options))

	v3 := cliJSON[tmpl](t, tenant, "templates", "push", "invoice", file, "--options", write("landscape.json", `{"landscape": true}`))
	require.JSONEq(t, `{"landscape": true}`, string(v3.Options))
	require.JSONEq(t, string(v1.SampleData), string(v3.SampleData))

	_, stderr := cliFails(t, 1, tenant, "templates", "push", "invoice", file, "--data", write("bad.json", `{"number": `))
	require.Contains(t, stderr, "bad.json is not JSON")
	_, stderr = cliFails(t, 1, tenant, "templates", "push", "invoice", file, "--options", write("scale.json", `{"scale": 9}`))
	require.True(t, strings.HasPrefix(stderr, "Bad request: options.scale"), stderr)
	_, stderr = cliFails(t, 1, tenant, "templates", "push", "invoice", file, "--data", write("list.json", `[1, 2]`))
	require.True(t, strings.HasPrefix(stderr, "Bad request: sampleData must be a JSON object"), stderr)
}

// templates push of a Word file uploads it as the asset named as the file
// is, and stores a template whose source is that asset: a stored Word
// template (docs/office.md); pushed again, the asset is replaced and the
// template gets its next version.
func TestCLITemplatesPushWord(t *testing.T) {
	t.Parallel()
	env := startTestAPI(t)
	cliOK(t, env, "tenants", "create", "fabrikam")
	key := cliJSON[cliKey](t, env, "keys", "create", "fabrikam", "--name", "t", "--scope", "templates")
	tenant := map[string]string{"PAPRIKA_URL": env["PAPRIKA_URL"], "PAPRIKA_KEY": key.Secret}

	letter, err := os.ReadFile("../../internal/render/docx/testdata/letter.docx")
	require.NoError(t, err)
	dir := t.TempDir()
	file := filepath.Join(dir, "letter.docx")
	require.NoError(t, os.WriteFile(file, letter, 0o600))
	data := filepath.Join(dir, "sample.json")
	require.NoError(t, os.WriteFile(data, []byte(`{"customer": {"name": "Ada"}}`), 0o600))
	type tmpl struct {
		Version    int             `json:"version"`
		Content    string          `json:"content"`
		Source     string          `json:"source"`
		SampleData json.RawMessage `json:"sampleData"`
	}
	v1 := cliJSON[tmpl](t, tenant, "templates", "push", "letter", file, "--data", data)
	require.Equal(t, 1, v1.Version)
	require.Equal(t, "assets/letter.docx", v1.Source)
	require.Empty(t, v1.Content)
	require.JSONEq(t, `{"customer": {"name": "Ada"}}`, string(v1.SampleData))
	v2 := cliJSON[tmpl](t, tenant, "templates", "push", "letter", file)
	require.Equal(t, 2, v2.Version)
	require.Equal(t, "assets/letter.docx", v2.Source)

	// The asset is the file, with its Word media type.
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, env["PAPRIKA_URL"]+"/v1/assets/letter.docx", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key.Secret)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	require.Equal(t, paprika.TypeDOCX, resp.Header.Get("Content-Type"))
	require.Equal(t, letter, body)
}

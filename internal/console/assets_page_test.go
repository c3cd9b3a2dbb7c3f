package console_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// The assets page: a file uploaded under a name of folders, listed with its
// type and the reference to paste (copied with a click), a file that is not
// what its name says refused with the API's message, and one deleted after
// a confirmation.
func TestAssetsPage(t *testing.T) {
	e := setup(t)
	secret, _ := e.tenant(t, "acme")
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	img.Set(1, 1, color.RGBA{200, 30, 30, 255})
	var logo bytes.Buffer
	require.NoError(t, png.Encode(&logo, img))
	logoPath := filepath.Join(dir, "logo.png")
	require.NoError(t, os.WriteFile(logoPath, logo.Bytes(), 0o600))
	fakePath := filepath.Join(dir, "fake.png")
	require.NoError(t, os.WriteFile(fakePath, []byte("not a picture at all"), 0o600))

	tb := e.newTab(t)
	tb.signIn(secret)
	tb.open("/console/assets")
	require.Contains(t, tb.text("main"), "No assets yet.")
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#asset-file"), []string{logoPath}))
	tb.setValue("asset-name", "img/logo.png")
	tb.submit("#upload")
	require.Equal(t, "/console/assets?ok=uploaded", tb.path())
	row := evalAs[[]string](tb, `[...document.querySelector('#assets tr[data-name="img/logo.png"]').cells].map(c => c.innerText.trim())`)
	require.Equal(t, "img/logo.png", row[0])
	require.Equal(t, "image/png", row[1])
	require.Equal(t, "assets/img/logo.png", evalAs[string](tb, `document.querySelector('#assets tr[data-name="img/logo.png"] td.ref input').value`))
	tb.check("assets")

	// The bytes stored are the file's.
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.URL+"/v1/assets/img/logo.png", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+secret)
	resp, err := e.client.Do(req)
	require.NoError(t, err)
	var got bytes.Buffer
	_, err = got.ReadFrom(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, logo.Bytes(), got.Bytes())

	// Copy the reference.
	tb.click(`button[data-copy]`)
	tb.waitFor("the copy", `document.getElementById("copy-status").textContent.includes("assets/img/logo.png")`)

	// Not what its name says: the API's refusal, on the page.
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#asset-file"), []string{fakePath}))
	tb.submit("#upload")
	require.Contains(t, tb.text("#upload-error"), "Bad request")
	require.Contains(t, tb.text("#upload-error"), "image/png")

	// Deleted, once confirmed.
	tb.open("/console/assets")
	tb.confirming(false)
	tb.click(`button[aria-label="Delete img/logo.png"]`)
	require.Equal(t, []string{"Delete the asset img/logo.png? Renders that use it fail with template-error."}, evalAs[[]string](tb, `window.__asked`))
	tb.confirming(true)
	tb.submit(`button[aria-label="Delete img/logo.png"]`)
	require.Equal(t, "/console/assets?ok=deleted", tb.path())
	require.Contains(t, tb.text("main"), "No assets yet.")
	status, _ := e.api(t, http.MethodGet, "/v1/assets", secret, nil)
	require.Equal(t, http.StatusOK, status)
}

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRenderCommandWritesAPDF(t *testing.T) {
	t.Parallel()
	pdftotext, err := exec.LookPath("pdftotext")
	require.NoError(t, err, "pdftotext not found; install it with: sudo apt-get install -y poppler-utils")
	dir := t.TempDir()
	tmpl := filepath.Join(dir, "t.html")
	data := filepath.Join(dir, "d.json")
	out := filepath.Join(dir, "out.pdf")
	require.NoError(t, os.WriteFile(tmpl, []byte(`<h1>Invoice for {{customer}}</h1><p>{{note}}</p>`), 0o600))
	require.NoError(t, os.WriteFile(data, []byte(`{"customer": "Fabrikam", "note": "<b>bold</b>"}`), 0o600))
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", tmpl, data, "-o", out, "-paper", "Letter", "-landscape",
		"-pdf", `{"title":"Fabrikam's invoice","watermark":{"text":"DRAFT","rotation":0}}`}, func(string) string { return "" }, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	text, err := exec.Command(pdftotext, out, "-").Output()
	require.NoError(t, err)
	require.Contains(t, string(text), "Invoice for Fabrikam")
	require.Contains(t, string(text), "<b>bold</b>", "escaped HTML shows as text")
	require.Contains(t, string(text), "DRAFT", "the -pdf watermark")
	info, err := exec.Command("pdfinfo", out).Output()
	require.NoError(t, err)
	require.Contains(t, string(info), "Fabrikam's invoice")
	require.Contains(t, stderr.String(), "1 page(s)")
}

func TestRenderCommandErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tmpl := filepath.Join(dir, "t.html")
	data := filepath.Join(dir, "d.json")
	require.NoError(t, os.WriteFile(tmpl, []byte(`{{#if x}}unclosed`), 0o600))
	require.NoError(t, os.WriteFile(data, []byte(`{}`), 0o600))
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"render", tmpl}, 2, "give TEMPLATE.html, DATA.json and -o OUT"},
		{[]string{"render", tmpl, data, "-o", filepath.Join(dir, "x.pdf"), "-scale", "9"}, 2, "scale"},
		{[]string{"render", tmpl, data, "-o", filepath.Join(dir, "x.html")}, 1, "template-error"},
		{[]string{"render", tmpl, data, "-o", filepath.Join(dir, "x.pdf"), "-pdf", `{"watermark":{"text":"x","opacity":3}}`}, 2, "options.pdf.watermark.opacity"},
		{[]string{"render", tmpl, data, "-o", filepath.Join(dir, "x.png"), "-pdf", `{"title":"x"}`}, 2, "options.pdf applies to the pdf format only"},
		{[]string{"render", tmpl, data, "-o", filepath.Join(dir, "x.pdf"), "-pdf", `{"titel":"x"}`}, 2, "titel"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), c.args, func(string) string { return "" }, &stdout, &stderr)
		require.Equal(t, c.code, code, strings.Join(c.args, " "))
		require.Contains(t, stderr.String(), c.want)
	}
}

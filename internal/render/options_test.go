package render

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// unmarshal decodes options as the API does: unknown fields refused.
func (o *Options) unmarshal(t *testing.T, s string) error {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(o); err != nil {
		return err
	}
	return o.Validate()
}

func TestOptionsValidate(t *testing.T) {
	t.Parallel()
	good := []string{
		`{}`,
		`{"paper":"A4"}`, `{"paper":"letter","landscape":true}`, `{"paper":{"width":"210mm","height":"297mm"}}`,
		`{"paper":{"width":"8.5in","height":"11in"}}`,
		`{"margin":{"top":"10mm","right":"0.5in","bottom":"20px","left":"0"}}`,
		`{"scale":0.1}`, `{"scale":2}`, `{"printBackground":false}`,
		`{"pageRanges":"1-5, 8, 11-13"}`, `{"pageRanges":"3-"}`,
		`{"width":800}`, `{"waitFor":"window.ready"}`,
		`{"headerTemplate":"<span class=pageNumber></span>","footerTemplate":"x"}`,
	}
	for _, s := range good {
		var o Options
		require.NoError(t, o.unmarshal(t, s), s)
	}
	bad := map[string]string{
		`{"paper":"B5"}`:                                   "options.paper must be one of",
		`{"paper":{"width":"210mm"}}`:                      "options.paper needs both width and height",
		`{"paper":{"width":"210mm","height":"1m"}}`:        "options.paper.height must be a length in mm or in",
		`{"paper":{"width":"210mm","height":"2mm"}}`:       "options.paper.height must be between",
		`{"paper":{"width":"1in","height":"1in","d":"1"}}`: `unknown field "d"`,
		`{"margin":{"top":"1em"}}`:                         "options.margin.top must be a CSS length",
		`{"margin":{"top":"10"}}`:                          "options.margin.top must be a CSS length",
		`{"margin":{"top":"150mm","bottom":"150mm"}}`:      "options.margin: top and bottom leave no room",
		`{"margin":{"middle":"1mm"}}`:                      `unknown field "middle"`,
		`{"scale":3}`:                                      "options.scale must be between 0.1 and 2",
		`{"scale":0}`:                                      "options.scale must be between 0.1 and 2",
		`{"pageRanges":"a-b"}`:                             "options.pageRanges must look like",
		`{"pageRanges":"5-2"}`:                             "options.pageRanges has a range that ends before it starts",
		`{"pageRanges":"0"}`:                               "options.pageRanges counts pages from 1",
		`{"width":-1}`:                                     "options.width must be between 1 and 8192",
		`{"width":9000}`:                                   "options.width must be between 1 and 8192",
		`{"colour":"red"}`:                                 `unknown field "colour"`,
	}
	for s, want := range bad {
		var o Options
		err := o.unmarshal(t, s)
		require.Error(t, err, s)
		require.Contains(t, err.Error(), want, s)
	}
	require.ErrorContains(t, Input{Format: "gif"}.Validate(), "format must be one of pdf, png, html")
}

func TestPaperRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range []string{`{"paper":"Letter"}`, `{"paper":{"width":"100mm","height":"6in"}}`} {
		var o Options
		require.NoError(t, json.Unmarshal([]byte(s), &o))
		b, err := json.Marshal(o)
		require.NoError(t, err)
		require.JSONEq(t, s, string(b))
	}
}

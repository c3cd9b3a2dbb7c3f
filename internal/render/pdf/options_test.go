package pdf

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestValidateNamesTheField(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("p", MaxPassword+1)
	cases := map[string]string{
		`{"permissions":["print"]}`:                       "options.pdf.permissions need options.pdf.password",
		`{"password":{"user":"u"},"permissions":["fly"]}`: `options.pdf.permissions has "fly"`,
		`{"password":{}}`:                                 "options.pdf.password needs a user or an owner password",
		`{"password":{"user":"` + long + `"}}`:            "options.pdf.password.user must be at most 127 bytes",
		`{"password":{"owner":"` + long + `"}}`:           "options.pdf.password.owner must be at most 127 bytes",
		`{"password":{"user":"a b"}}`:                     "options.pdf.password.user may hold letters",
		`{"password":{"user":"a","owner":"a"}}`:           "options.pdf.password.owner must differ",
		`{"watermark":{"text":"x","opacity":1.5}}`:        "options.pdf.watermark.opacity must be between 0 and 1",
		`{"watermark":{"text":"x","opacity":-0.1}}`:       "options.pdf.watermark.opacity must be between 0 and 1",
		`{"watermark":{"text":"x","fontSize":0}}`:         "options.pdf.watermark.fontSize",
		`{"watermark":{"text":"x","rotation":400}}`:       "options.pdf.watermark.rotation",
		`{"watermark":{}}`:                                "options.pdf.watermark.text is required",
		`{"watermark":{"text":"page %p"}}`:                "may not have % right before",
		`{"watermark":{"text":"秘密"}}`:                     "Latin-1",
		`{"title":"` + strings.Repeat("t", 5000) + `"}`:   "options.pdf.title must be at most",
		`{"bookmark":"a b"}`:                              "options.pdf.bookmark",
	}
	for in, want := range cases {
		var o Options
		require.NoError(t, json.Unmarshal([]byte(in), &o), in)
		err := o.Validate()
		require.Error(t, err, in)
		require.Contains(t, err.Error(), want, in)
	}
	var ok Options
	require.NoError(t, json.Unmarshal([]byte(`{"title":"T","password":{"user":"u"},"permissions":[],
		"watermark":{"text":"Entwurf - vertraulich, ä","opacity":0,"fontSize":500,"rotation":-360},"bookmark":"customer_name"}`), &ok))
	require.NoError(t, ok.Validate())
	require.Equal(t, 0xF0C3, ok.permissions())
}

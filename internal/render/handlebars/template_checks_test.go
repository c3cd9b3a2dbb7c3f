package handlebars

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A call of a helper that does not exist is a template-error naming it and
// its line, with the helper it was likely meant to be; a field that is
// missing from the data still renders empty.
func TestUnknownHelperIsAnError(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"<p>\n<b>{{formatCurency total \"EUR\"}}</b>\n</p>", []string{"line 2: formatCurency is not a helper (did you mean formatCurrency?)"}},
		{"<p>{{formatNumber (roud total 2)}}</p>", []string{"line 1: roud is not a helper (did you mean round?)"}},
		{"a\n\n{{#if (gtt a 1)}}x{{/if}}", []string{"line 3: gtt is not a helper (did you mean gt?)"}},
		{"{{#eachh items}}{{this}}{{/eachh}}", []string{"line 1: eachh is not a helper (did you mean each?)"}},
		{"{{total.sum x}}", []string{"line 1: total.sum is not a helper"}},
		{"{{formatDate when format=(nohelper)}}", []string{"nohelper is not a helper"}},
		{"{{#*inline \"row\"}}\n{{fmtDate when}}\n{{/inline}}{{> row}}", []string{"line 2: fmtDate is not a helper"}},
		{"{{> row (qrcod x)}}", []string{"qrcod is not a helper"}},
		{"{{zzqxw 1}}", []string{"line 1: zzqxw is not a helper"}},
	} {
		err := Check(c.src)
		requireTemplateError(t, err, c.want...)
		if c.src == "{{zzqxw 1}}" {
			require.NotContains(t, err.Error(), "did you mean", "no suggestion when nothing is close")
		}
	}
	// Fields, missing or not, helpers with their arguments, raymond's own
	// built-ins, and hash options all still compile and run.
	out := mustExecute(t, `{{missing}}|{{customer.name}}|{{formatNumber total decimals=2}}|{{lookup names 0}}|{{#with customer}}{{name}}{{/with}}|{{default nothing "-"}}`,
		`{"customer": {"name": "Ada"}, "total": 3, "names": ["x"]}`)
	require.Equal(t, "|Ada|3.00|x|Ada|-", out)
}

// A block that does not close where it must is reported at the line that
// opens it, in words an author reads, not the parser's tokens.
func TestBlockErrorsNameTheOpeningLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src, want string
	}{
		{"<ul>\n{{#each items}}\n<li>{{this}}</li>\n</ul>\n", "line 2: {{#each}} is never closed: end it with {{/each}}"},
		{"<p>\n{{#each items}}\n<li>{{this}}</li>\n{{/if}}\n</p>", "line 2: {{#each}} is closed by {{/if}} on line 4: end it with {{/each}} first"},
		{"{{#if a}}\n{{#each items}}\nx\n{{/if}}", "line 2: {{#each}} is closed by {{/if}} on line 4"},
		{"a\n{{/if}}", "line 2: {{/if}} closes no block that is open"},
		{"a\n{{#*inline \"p\"}}\nx\n{{#if x}}\n{{/inline}}\n", "line 4: {{#if}} is not closed before {{/inline}} on line 5: end it with {{/if}} inside the partial"},
		{"{{#*inline \"p\"}}\n{{/each}}\n{{/inline}}", "line 2: {{/each}} closes no block that is open"},
	} {
		err := Check(c.src)
		requireTemplateError(t, err, c.want)
		require.NotContains(t, err.Error(), "Pos:", c.src)
		require.NotContains(t, err.Error(), "OpenEndBlock", c.src)
	}
}

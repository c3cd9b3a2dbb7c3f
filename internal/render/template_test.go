package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/stretchr/testify/require"
)

// execute compiles and runs src on data, as Render does for html.
func execute(t *testing.T, src, data string) (string, error) {
	t.Helper()
	tpl, err := compile(src)
	if err != nil {
		return "", err
	}
	return tpl.exec(context.Background(), json.RawMessage(data))
}

func mustExecute(t *testing.T, src, data string) string {
	t.Helper()
	out, err := execute(t, src, data)
	require.NoError(t, err)
	return out
}

func requireTemplateError(t *testing.T, err error, contains ...string) {
	t.Helper()
	var re *paprika.Error
	require.ErrorAs(t, err, &re)
	require.Equal(t, paprika.CodeTemplateError, re.Code)
	require.False(t, BrowserFailed(err), "a template error is the tenant's, never rendered again")
	for _, c := range contains {
		require.Contains(t, re.Message, c)
	}
}

func TestEscaping(t *testing.T) {
	t.Parallel()
	out := mustExecute(t, `<p>{{name}}</p><div>{{{html}}}</div>`, `{"name":"<b>Tom & \"Jerry\"</b>","html":"<i>raw</i>"}`)
	require.Equal(t, `<p>&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;</p><div><i>raw</i></div>`, out)
}

func TestHelpers(t *testing.T) {
	t.Parallel()
	cases := []struct{ src, data, want string }{
		{`{{formatNumber 1234567.891}}`, `{}`, "1,234,567.89"},
		{`{{formatNumber x decimals=3 locale="de-DE"}}`, `{"x":1234.5}`, "1.234,500"},
		{`{{formatNumber 4}}`, `{}`, "4"},
		{`{{formatCurrency x "EUR"}}`, `{"x":1234.5}`, "€1,234.50"},
		{`{{formatCurrency x "EUR" locale="de-DE"}}`, `{"x":1234.5}`, "1.234,50\u00a0€"},
		{`{{formatCurrency x "USD" locale="en-US"}}`, `{"x":-3}`, "-$3.00"},
		{`{{formatCurrency x "JPY"}}`, `{"x":1234}`, "¥1,234"},
		{`{{formatCurrency x "CHF" locale="de-CH"}}`, `{"x":1234.5}`, "CHF\u00a01’234.50"},
		{`{{formatDate d "2 January 2006"}}`, `{"d":"2026-11-30"}`, "30 November 2026"},
		{`{{formatDate d "2006-01-02 15:04 MST" tz="Europe/Berlin"}}`, `{"d":"2026-11-30T23:30:00Z"}`, "2026-12-01 00:30 CET"},
		{`{{formatDate d "02.01.2006"}}`, `{"d":0}`, "01.01.1970"},
		{`{{#if (eq a "x")}}yes{{else}}no{{/if}}`, `{"a":"x"}`, "yes"},
		{`{{#if (ne a 2)}}yes{{else}}no{{/if}}`, `{"a":2}`, "no"},
		{`{{#if (gt a 10)}}big{{/if}}{{#if (lt a 10)}}small{{/if}}`, `{"a":9.5}`, "small"},
		{`{{#if (and (gte a 1) (lte a 1))}}one{{/if}}`, `{"a":1}`, "one"},
		{`{{add 0.1 0.2}} {{sub 5 2}} {{mul x 3}} {{div 7 2}}`, `{"x":1.5}`, "0.3 3 4.5 3.5"},
		{`{{round 2.345 decimals=2}}`, `{}`, "2.35"},
		{`{{sum items of="qty*price"}} {{sum nums}}`, `{"items":[{"qty":2,"price":1.25},{"qty":3,"price":10}],"nums":[1,2,3]}`, "32.5 6"},
		{`{{formatCurrency (sum items of="qty*price") "EUR"}}`, `{"items":[{"qty":2,"price":1.25}]}`, "€2.50"},
		{`<script>var d = {{{json this}}};</script>`, `{"a":"</script>"}`, `<script>var d = {"a":"\u003c/script\u003e"};</script>`},
		{`{{default name "anonymous"}}`, `{}`, "anonymous"},
		{`{{#each items}}{{@index}}:{{this}}{{#if @last}}.{{else}},{{/if}}{{/each}}`, `{"items":["a","b"]}`, "0:a,1:b."},
		{`{{#each m}}{{@key}}={{this}};{{/each}}`, `{"m":{"b":2,"a":1,"c":3}}`, "a=1;b=2;c=3;"},
		{`{{#each none}}x{{else}}empty{{/each}}`, `{}`, "empty"},
		{`{{#with customer}}{{name}}{{/with}}`, `{"customer":{"name":"Ada"}}`, "Ada"},
		{`{{log "x"}}ok`, `{}`, "ok"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			require.Equal(t, c.want, mustExecute(t, c.src, c.data))
		})
	}
}

func TestInlinePartials(t *testing.T) {
	t.Parallel()
	src := "{{#*inline \"row\"}}<tr><td>{{name}}</td><td>{{formatCurrency amount \"EUR\"}}</td></tr>{{/inline}}" +
		"<table>{{#each rows}}{{> row}}{{/each}}</table>"
	out := mustExecute(t, src, `{"rows":[{"name":"a","amount":1},{"name":"<b>","amount":2}]}`)
	require.Equal(t, "<table><tr><td>a</td><td>€1.00</td></tr><tr><td>&lt;b&gt;</td><td>€2.00</td></tr></table>", out)
}

func TestCompileErrorNamesLine(t *testing.T) {
	t.Parallel()
	err := CheckTemplate("<html>\n<body>\n{{#if x}}\n<p>unclosed\n</body>")
	requireTemplateError(t, err, "line ")
	t.Log(err)

	err = CheckTemplate("a\nb\n{{name}\n")
	requireTemplateError(t, err, "line 3")
	t.Log(err)

	err = CheckTemplate("a\n{{#*inline \"p\"}}\nx\n{{#if x}}\n{{/inline}}\n")
	requireTemplateError(t, err, "line 5", "{{#if}} is not closed")
	t.Log(err)

	err = CheckTemplate("a\n\n{{#items}}{{name}}{{/items}}")
	requireTemplateError(t, err, "line 3", "{{#each items}}")
	t.Log(err)
}

func TestDataErrorNamesLine(t *testing.T) {
	t.Parallel()
	src := "<p>\n{{customer.name}}\n</p>\n<p>{{formatCurrency total \"EUR\"}}</p>"
	_, err := execute(t, src, `{"customer":{"name":"x"},"total":"lots"}`)
	requireTemplateError(t, err, "line 4", `formatCurrency: "lots" is not a number`)

	// An error raymond raises itself names the line too.
	_, err = execute(t, "a\nb\n{{formatCurrency 1}}", `{}`)
	requireTemplateError(t, err, "line 3", "formatCurrency")
	t.Log(err)

	// So does one inside a partial, counted in the tenant's source.
	src = "x\n{{#*inline \"p\"}}\n\n{{formatDate when \"2006\"}}\n{{/inline}}\n{{> p}}"
	_, err = execute(t, src, `{"when":"yesterday"}`)
	requireTemplateError(t, err, "line 4", "date")

	_, err = execute(t, "{{> missing}}", `{}`)
	requireTemplateError(t, err, "line 1", "missing")

	_, err = execute(t, "{{x}}", `{not json`)
	requireTemplateError(t, err, "JSON")
}

func TestSelfIncludingPartialIsBounded(t *testing.T) {
	t.Parallel()
	_, err := execute(t, `{{#*inline "loop"}}x{{> loop}}{{/inline}}{{> loop}}`, `{}`)
	requireTemplateError(t, err, "line 1: partials nest deeper than 32")
	// The line is the partial's that went too deep, on any line.
	_, err = execute(t, "<h1>{{title}}</h1>\n<p>\n{{#*inline \"loop\"}}\nx{{> loop}}{{/inline}}\n</p>{{> loop}}", `{}`)
	requireTemplateError(t, err, "line 3: partials nest deeper than 32")

	// Recursion the data bounds is fine.
	src := `{{#*inline "tree"}}<li>{{name}}<ul>{{#each children}}{{> tree}}{{/each}}</ul></li>{{/inline}}{{> tree}}`
	out := mustExecute(t, src, `{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[]}]}]}`)
	require.Equal(t, "<li>a<ul><li>b<ul><li>c<ul></ul></li></ul></li></ul></li>", out)
}

func TestOutputIsBounded(t *testing.T) {
	t.Parallel()
	items := make([]int, 2000)
	data, _ := json.Marshal(map[string]any{"items": items})
	// 2000^3 iterations: stopped long before.
	src := "<table>\n{{#each items}}\n{{#each ../items}}\n  {{#each ../../items}}0123456789{{/each}}{{/each}}{{/each}}"
	_, err := execute(t, src, string(data))
	requireTemplateError(t, err, "line 4: the document grows past the limit of 32 MiB") // the innermost loop's

	// Partials fanned out into each other: 10^12 copies.
	var b strings.Builder
	b.WriteString(`{{#*inline "p0"}}0123456789{{/inline}}`)
	for i := 1; i <= 12; i++ {
		b.WriteString(`{{#*inline "p` + itoa(i) + `"}}`)
		for range 10 {
			b.WriteString(`{{> p` + itoa(i-1) + `}}`)
		}
		b.WriteString(`{{/inline}}`)
	}
	b.WriteString(`{{> p12}}`)
	_, err = execute(t, b.String(), `{}`)
	requireTemplateError(t, err, "32 MiB")

	// Empty loops cost work too.
	src = `{{#each items}}{{#each ../items}}{{#each ../../items}}{{/each}}{{/each}}{{/each}}`
	_, err = execute(t, src, string(data))
	requireTemplateError(t, err, "32 MiB")
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestExecutionStopsWithContext(t *testing.T) {
	t.Parallel()
	items := make([]int, 3000)
	data, _ := json.Marshal(map[string]any{"items": items})
	tpl, err := compile(`{{#each items}}{{#each ../items}}{{/each}}{{/each}}`)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = tpl.exec(ctx, data)
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
}

func TestPanicsAreRecovered(t *testing.T) {
	t.Parallel()
	// raymond panics on values it cannot print.
	_, err := execute(t, `{{#with x}}{{@_paprika}}{{/with}}`, `{"x":{}}`)
	if err != nil {
		requireTemplateError(t, err)
	}
	for _, src := range []string{"{{", "}}", "{{#each}}{{/each}}", "{{> }}", "{{#*inline \"a\"}}", "{{/inline}}", "{{lookup}}", "{{log}}", "{{#if}}{{/if}}", "{{>(lookup . 'x')}}", "{{@../../x}}", "{{#each . as |a b c|}}{{/each}}"} {
		_, err := execute(t, src, `{"a":[1]}`)
		if err != nil {
			requireTemplateError(t, err)
		}
	}
}

func TestFailedCompilesLeakNothing(t *testing.T) {
	// raymond's own parser would leave a goroutine behind for each.
	before := runtime.NumGoroutine()
	for i := range 200 {
		err := CheckTemplate(fmt.Sprintf("{{#if x}}%d{{/each}} and {{more}} {{tokens}} after the error", i))
		requireTemplateError(t, err)
	}
	require.Eventually(t, func() bool { return runtime.NumGoroutine() <= before+2 }, 2*time.Second, 10*time.Millisecond,
		"goroutines: %d before, %d after", before, runtime.NumGoroutine())
}

func TestCacheIsBounded(t *testing.T) {
	t.Parallel()
	c := newTemplateCache(3, 1<<20)
	for i := range 10 {
		_, err := c.get(fmt.Sprintf("<p>%d</p>", i))
		require.NoError(t, err)
	}
	n, _ := c.size()
	require.Equal(t, 3, n)
	a, err := c.get("<p>9</p>")
	require.NoError(t, err)
	b, err := c.get("<p>9</p>")
	require.NoError(t, err)
	require.Same(t, a, b)
}

// FuzzTemplate runs any template on any data: it may fail, with a
// template-error, but never panic, hang or grow without bound.
//
//	go test ./internal/render -run '^$' -fuzz FuzzTemplate -fuzztime 1m
func FuzzTemplate(f *testing.F) {
	f.Add("<p>{{name}}</p>", `{"name":"x"}`)
	f.Add(`{{#each items}}{{@index}}{{formatCurrency this "EUR"}}{{/each}}`, `{"items":[1,"2",null]}`)
	f.Add(`{{#*inline "p"}}{{> p}}{{/inline}}{{> p}}`, `{}`)
	f.Add(`{{#with a}}{{../b}}{{lookup . "c"}}{{/with}}`, `{"a":{"c":1},"b":2}`)
	f.Add(`{{formatDate d "2006" tz="Mars/Base"}}{{formatNumber n decimals=99}}`, `{"d":"2026-01-01","n":1}`)
	f.Add(`{{sum l of="a*b"}}{{div 1 0}}{{json this}}`, `{"l":[{"a":1}]}`)
	f.Add("{{#if}}{{else}}{{/if}}{{{{raw}}}} {{{{/raw}}}}", `[]`)
	f.Fuzz(func(t *testing.T, src, data string) {
		tpl, err := compile(src)
		if err != nil {
			var re *paprika.Error
			require.ErrorAs(t, err, &re)
			return
		}
		if !json.Valid([]byte(data)) {
			data = "{}"
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		out, err := tpl.exec(ctx, json.RawMessage(data))
		if err != nil {
			var re *paprika.Error
			if !errors.As(err, &re) {
				require.ErrorIs(t, err, context.DeadlineExceeded)
			}
			return
		}
		require.LessOrEqual(t, len(out), MaxTemplateOutput)
	})
}

// An invoice's own number, date and currency fields are fields, not the
// formatting helpers: those have names no invoice uses for its data.
func TestCommonFieldNamesAreNotHelpers(t *testing.T) {
	t.Parallel()
	out, err := execute(t, `{{number}} {{date}} {{currency}} {{formatNumber total}}`,
		`{"number": "INV-7", "date": "2026-11-30", "currency": "EUR", "total": 1234.5}`)
	require.NoError(t, err)
	require.Equal(t, "INV-7 2026-11-30 EUR 1,234.5", out)
}

package handlebars

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// deepIfs is a hostile template: n blocks nested in one another.
// At n = 300,000 it is 4.8 MB, and evaluating it overflowed the stack of
// the process that ran it: a fatal error, not a panic.
func deepIfs(n int) string {
	return strings.Repeat("{{#if a}}", n) + "x" + strings.Repeat("{{/if}}", n)
}

func TestTemplateSizeLimit(t *testing.T) {
	t.Parallel()
	// Exactly the limit compiles, partials included in the count.
	pad := `{{#*inline "p"}}<b>{{x}}</b>{{/inline}}{{> p}}`
	ok := pad + strings.Repeat("y", MaxTemplateBytes-len(pad))
	require.NoError(t, Check(ok))
	err := Check(ok + "y")
	requireTemplateError(t, err, "the template is 1.0 MiB (1048577 bytes), more than 1 MiB")

	err = Check(deepIfs(300_000))
	requireTemplateError(t, err, "the template is 4.6 MiB (4800001 bytes), more than 1 MiB")
}

// The depth is refused before anything recursive runs, with the line of
// the first block too deep; 100 levels still render.
func TestTemplateDepthLimit(t *testing.T) {
	t.Parallel()
	nested := func(n int) string {
		return strings.Repeat("{{#if a}}\n", n) + "x" + strings.Repeat("{{/if}}", n)
	}
	out, err := execute(t, nested(MaxTemplateDepth), `{"a":1}`)
	require.NoError(t, err)
	require.Equal(t, "x", strings.TrimSpace(out))
	_, err = execute(t, nested(MaxTemplateDepth+1), `{"a":1}`)
	requireTemplateError(t, err, "line 101: blocks nest deeper than 100 levels")

	// What the parser nests as deep as blocks: {{^x}}, links of
	// {{else x}} (each nests in the previous), sub-expressions, and blocks
	// inside an inline partial, which is compiled as a source of its own.
	for name, src := range map[string]string{
		"inverse blocks": strings.Repeat("{{^a}}", 101) + strings.Repeat("{{/a}}", 101),
		"else chains":    "{{#if a}}" + strings.Repeat("{{else if a}}", 100) + "{{/if}}",
		"sub-expressions": "{{add 1 " + strings.Repeat("(add 1 ", 101) + "1" +
			strings.Repeat(")", 101) + "}}",
		"partials": `{{#*inline "p"}}` + nested(100) + `{{/inline}}{{> p}}`,
		"mixed":    strings.Repeat(`{{#each a}}{{#with b}}{{else if (eq (add 1 2) 3)}}`, 40) + strings.Repeat("{{/with}}{{/each}}", 40),
		// A raw block's text is not code: its {{/if}} close nothing.
		"raw in deep": strings.Repeat("{{#if a}}", 95) + "{{{{raw}}}}" + strings.Repeat("{{/if}}", 10) + "{{{{/raw}}}}" + strings.Repeat("{{#if a}}", 10),
	} {
		_, err := compile(src)
		require.Error(t, err, name)
		requireTemplateError(t, err, "blocks nest deeper than 100 levels")
	}
	// A chain of 99 links in one block is 100 levels: it compiles.
	_, err = compile("{{#if a}}" + strings.Repeat("{{else if a}}", 99) + "{{/if}}")
	require.NoError(t, err)
}

// An inline partial is compiled as a source of its own; one cut out of a
// comment would hide its depth from a count over the whole text. Each
// source compiled is counted.
func TestDepthOfPartialHiddenInComment(t *testing.T) {
	t.Parallel()
	src := `{{!-- {{#*inline "p"}}` + deepIfs(50_000) + `{{/inline}} --}}{{> p}}`
	require.Less(t, len(src), MaxTemplateBytes)
	err := Check(src)
	requireTemplateError(t, err, "line 1: blocks nest deeper than 100 levels")
}

// The state of an execution is out of the template's reach: every way to
// name a private variable prints nothing of it.
func TestPrivateStateUnreachable(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`{{@_paprika}}`,
		`{{{@_paprika}}}`,
		`{{#with @_paprika}}[{{this}}{{ctx}}{{work}}]{{/with}}`,
		`{{#each @_paprika}}{{@key}}={{this}};{{/each}}`,
		`{{lookup @root "_paprika"}}`,
		`{{log @_paprika}}`,
		`{{json @_paprika}}`,
		`{{#if @_paprika}}present{{/if}}`,
		`{{#each items}}{{@_paprika}}{{@../_paprika}}{{json @_paprika}}{{/each}}`,
		`{{#*inline "p"}}{{@_paprika}}{{json @_paprika}}{{/inline}}{{> p}}`,
	} {
		out, err := execute(t, src, `{"items":[1,2]}`)
		require.NoError(t, err, src)
		require.Contains(t, []string{"", "null", "nullnull"}, out, "%s printed %q", src, out)
	}
	// The helpers still find it, within loops and partials: the work limit
	// holds, which needs it.
	out := mustExecute(t, `{{#*inline "p"}}{{#each items}}{{formatNumber this}}{{/each}}{{/inline}}{{#each items}}{{> p}}{{/each}}`, `{"items":[1,2]}`)
	require.Equal(t, "1212", out)
}

// A locale is the template's to choose: 300,000 distinct tags keep the
// cache of printers at its bound.
func TestLocaleCacheIsBounded(t *testing.T) {
	t.Parallel()
	const n = 300_000
	tags := make([]string, n)
	for i := range tags {
		tags[i] = fmt.Sprintf("en-x-%d", i)
	}
	data, err := json.Marshal(map[string]any{"tags": tags})
	require.NoError(t, err)
	tpl, err := compile(`{{#each tags}}{{formatNumber 1 locale=this}}{{/each}}`)
	require.NoError(t, err)
	out, err := tpl.Exec(context.Background(), data)
	require.NoError(t, err)
	require.Equal(t, strings.Repeat("1", n), out)
	entries, _ := printers.size()
	require.LessOrEqual(t, entries, maxPrinters)
	require.Positive(t, entries)
}

func TestLRUBounds(t *testing.T) {
	t.Parallel()
	c := newLRU[int, int](3, 10)
	for i := range 5 {
		c.add(i, i, 1)
	}
	n, w := c.size()
	require.Equal(t, 3, n, "the count bounds it")
	require.Equal(t, 3, w)
	_, ok := c.get(1)
	require.False(t, ok, "the least recently used went first")
	c.get(2) // now more recent than 3
	c.add(9, 9, 9)
	n, w = c.size()
	require.Equal(t, 2, n, "the weight bounds it")
	require.Equal(t, 10, w)
	_, ok = c.get(2)
	require.True(t, ok, "the entry used last stayed")
	require.Equal(t, 9, c.add(9, 5, 1), "a key held is shared, not replaced")
}

// Each inline partial is parsed by itself, not padded to the length of the
// text before it: a template of 20,000 partials costs memory in proportion
// to its length. (Padded, it allocated 6 GB and lexed as much again.) Not
// parallel: it counts the bytes the process allocates while it compiles.
func TestManyPartialsCompileInLinearMemory(t *testing.T) {
	var b strings.Builder
	const n = 20_000
	for i := range n {
		fmt.Fprintf(&b, "{{#*inline \"p%d\"}}<i>{{x}}</i>{{/inline}}\n", i)
	}
	b.WriteString(`{{> p0}}{{> p19999}}`)
	src := b.String()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tpl, err := compile(src)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes of template, %d partials: %d MB allocated", len(src), n, allocated>>20)
	require.Less(t, allocated, uint64(200*len(src)))
	out, err := tpl.Exec(context.Background(), json.RawMessage(`{"x": 1}`))
	require.NoError(t, err)
	require.Equal(t, "<i>1</i><i>1</i>", strings.TrimSpace(strings.ReplaceAll(out, "\n", "")))

	// An error in the last partial still names its line.
	_, err = compile(strings.TrimSuffix(src, `{{> p0}}{{> p19999}}`) + "{{#*inline \"bad\"}}\n{{#if}}{{/inline}}")
	requireTemplateError(t, err, fmt.Sprintf("line %d:", n+2))
}

// A partial parsed by itself still names lines of the whole template, in
// each kind of error: the parser's, the depth's, raymond's evaluation's
// and a helper's.
func TestPartialErrorsNameTemplateLines(t *testing.T) {
	t.Parallel()
	head := "a\nb\n{{#*inline \"q\"}}x{{/inline}}\n{{#*inline \"p\"}}\n"
	// head ends on line 4: what follows starts on line 5.
	_, err := compile(head + "\n{{name}\n{{/inline}}{{> p}}")
	requireTemplateError(t, err, "line 6")
	_, err = compile(head + "\n" + strings.Repeat("{{#if a}}", 101) + strings.Repeat("{{/if}}", 101) + "{{/inline}}")
	requireTemplateError(t, err, "line 6: blocks nest deeper than 100 levels")
	_, err = execute(t, head+"\n\n{{formatCurrency 1}}{{/inline}}{{> p}}", `{}`)
	requireTemplateError(t, err, "line 7", "formatCurrency")
	_, err = execute(t, head+"{{#each l}}\n{{formatDate this \"2006\"}}{{/each}}{{/inline}}\n{{> p}}", `{"l": ["x"]}`)
	requireTemplateError(t, err, "line 6", "formatDate")
}

package hbsparse

import (
	"errors"
	"strings"
	"testing"

	"github.com/mailgun/raymond/v2/ast"
)

// astDepth is how deep the parser and raymond recurse on prog, in the
// levels checkDepth counts: blocks (a chained {{else x}} is a block inside
// the previous one's inverse) and sub-expressions.
func astDepth(n ast.Node) int {
	deepest := func(nodes ...ast.Node) int {
		d := 0
		for _, c := range nodes {
			d = max(d, astDepth(c))
		}
		return d
	}
	switch n := n.(type) {
	case *ast.Program:
		if n == nil {
			return 0
		}
		return deepest(n.Body...)
	case *ast.BlockStatement:
		return 1 + deepest(n.Expression, n.Program, n.Inverse)
	case *ast.MustacheStatement:
		return deepest(n.Expression)
	case *ast.PartialStatement:
		return deepest(append([]ast.Node{n.Name, n.Hash}, n.Params...)...)
	case *ast.Expression:
		if n == nil {
			return 0
		}
		return deepest(append([]ast.Node{n.Path, n.Hash}, n.Params...)...)
	case *ast.SubExpression:
		return 1 + deepest(n.Expression)
	case *ast.Hash:
		if n == nil {
			return 0
		}
		d := 0
		for _, p := range n.Pairs {
			d = max(d, astDepth(p.Val))
		}
		return d
	}
	return 0
}

// FuzzDepthBoundsTheParse checks that the count over the tokens is never
// below the depth of what the parser builds: any source that parses as d
// levels deep is refused with a limit of d-1, so nothing deeper than the
// limit ever reaches the recursive parser or raymond.
//
//	go test ./internal/render/handlebars/internal/hbsparse -run '^$' -fuzz FuzzDepthBoundsTheParse -fuzztime 1m
func FuzzDepthBoundsTheParse(f *testing.F) {
	for _, s := range []string{
		"{{#if a}}{{#each b}}{{/each}}{{/if}}",
		"{{^a}}{{^b}}x{{/b}}{{/a}}",
		"{{#if a}}{{else if b}}{{else if c}}{{#if d}}{{/if}}{{else}}{{/if}}",
		"{{x (a (b (c d)))}}{{#if (eq (add 1 2) 3)}}{{/if}}",
		"{{x a=(b c=(d e))}}{{> p (q (r))}}{{#with a as |x|}}{{x}}{{/with}}",
		"{{{{raw}}}}{{#if a}}{{/if}}{{{{/raw}}}}{{#if a}}{{/if}}",
		"\\{{#if a}}{{#if b}}{{/if}}{{!-- {{#if c}} --}}{{! {{#if}} }}",
		"{{#if 'a)'}}{{x \"(\"}}{{/if}}{{[a(]}}",
		"{{~#if a~}}{{~else if b~}}{{~^~}}{{~/if~}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return // astDepth recurses: keep the inputs it walks small
		}
		prog, err := Parse(src, Origin{}, 1<<30)
		if err != nil {
			return
		}
		d := astDepth(prog)
		if d == 0 {
			return
		}
		_, err = Parse(src, Origin{}, d-1)
		var deep *DepthError
		if !errors.As(err, &deep) {
			t.Fatalf("%q parses %d deep, and passes a limit of %d (%v)", src, d, d-1, err)
		}
		if _, err := Parse(src, Origin{}, d); err != nil && errors.As(err, &deep) {
			// Over-counting is safe, but for sources that parse the count
			// is exact: the limit of the docs is the one applied.
			t.Fatalf("%q parses %d deep, and is refused at a limit of %d", src, d, d)
		}
	})
}

// The offsets and lines of a source parsed at an Origin are those of the
// text it stands in.
func TestParseAtOrigin(t *testing.T) {
	t.Parallel()
	prog, err := Parse("{{#if a}}\n{{b}}{{/if}}", Origin{Pos: 1000, Line: 7}, 10)
	if err != nil {
		t.Fatal(err)
	}
	block := prog.Body[0].(*ast.BlockStatement)
	if block.Loc != (ast.Loc{Pos: 1000, Line: 7}) {
		t.Fatalf("block at %+v", block.Loc)
	}
	var must *ast.MustacheStatement
	for _, n := range block.Program.Body {
		if m, ok := n.(*ast.MustacheStatement); ok {
			must = m
		}
	}
	if must == nil || must.Loc != (ast.Loc{Pos: 1010, Line: 8}) {
		t.Fatalf("mustache at %+v", must)
	}
	_, err = Parse("x\n\n{{name}", Origin{Pos: 5, Line: 3}, 10)
	if err == nil || !strings.Contains(err.Error(), "line 5") {
		t.Fatalf("error %v does not name line 5", err)
	}
	_, err = Parse("\n"+strings.Repeat("{{#if a}}", 3), Origin{Line: 3}, 2)
	var deep *DepthError
	if !errors.As(err, &deep) || deep.Line != 4 || deep.Pos != 19 {
		t.Fatalf("depth error %+v", err)
	}
}

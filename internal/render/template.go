package render

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/mailgun/raymond/v2"
	"github.com/mailgun/raymond/v2/ast"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/internal/hbsparse"
)

// Limits of one template execution. They stop a template from growing
// without bound on hostile data: partials that include themselves, loops
// nested over large arrays, partials fanned out into each other.
const (
	// MaxTemplateOutput is the largest HTML document a template may produce.
	MaxTemplateOutput = 32 << 20
	// maxPartialDepth is how deep partials may include one another.
	maxPartialDepth = 32
	// maxWork bounds the bytes that loops and partials produce, counted
	// at every level of nesting, plus a fixed cost per iteration so that
	// empty loops are bounded too. It is a few times MaxTemplateOutput,
	// because an outer loop counts again what its inner loops produced.
	maxWork = 2 * MaxTemplateOutput
	// iterationCost is what one loop iteration or partial costs in maxWork.
	iterationCost = 64
)

// builtinBlocks are the block helpers raymond brings; ours are in helpers.
var builtinBlocks = map[string]bool{"if": true, "unless": true, "with": true, "each": true, "lookup": true, "equal": true, "log": true}

// template is a compiled template: raymond's, plus what maps an error's
// byte offset back to a line of the source the tenant wrote.
type template struct {
	tpl *raymond.Template
	src string
}

var (
	inlineOpenRE  = regexp.MustCompile(`\{\{#\*inline[ \t]+"([^"{}]+)"[ \t]*\}\}`)
	inlineCloseRE = regexp.MustCompile(`\{\{/inline[ \t]*\}\}`)
	parseLineRE   = regexp.MustCompile(`(?s)^Parse error on line (\d+):\s*(.*)$`)
	lexerRE       = regexp.MustCompile(`Lexer error Token: Error\{"(.*)"\}`)
	evalPosRE     = regexp.MustCompile(`(?s)^Evaluation error: (.*)\nCurrent node:\n\t.*Pos: ?(\d+)`)
)

// CheckTemplate compiles src without running it. A template that does not
// compile gives a *paprika.Error with Code template-error whose message names the
// line and the cause.
func CheckTemplate(src string) error {
	_, err := compile(src)
	return err
}

// compile parses src, with its inline partials ({{#*inline "name"}} …
// {{/inline}}), into a template. raymond has no inline partials, so they
// are cut out here and registered as partials: in the main template each
// is replaced by a comment of the same length and line count, and each is
// parsed as standing where it stands in src, so that every byte offset and
// line in a node or an error is one of src.
func compile(src string) (_ *template, err error) {
	defer func() {
		// raymond reports some errors by panicking; none may escape.
		if r := recover(); r != nil {
			err = templateErrorf("template does not compile: %v", r)
		}
	}()
	if err := checkSize(src); err != nil {
		return nil, err
	}
	type partial struct {
		name, src string
		at        hbsparse.Origin
	}
	var partials []partial
	defined := map[string]bool{}
	main := []byte(src)
	rest, restLine := 0, 1 // lines are counted as the cuts go: once over src
	for {
		open := inlineOpenRE.FindStringSubmatchIndex(src[rest:])
		if open == nil {
			break
		}
		openStart, openEnd := rest+open[0], rest+open[1]
		name := src[rest+open[2] : rest+open[3]]
		openLine := restLine + strings.Count(src[rest:openStart], "\n")
		closing := inlineCloseRE.FindStringIndex(src[openEnd:])
		if closing == nil {
			return nil, templateErrorf("line %d: {{#*inline %q}} has no {{/inline}}", openLine, name)
		}
		closeStart, closeEnd := openEnd+closing[0], openEnd+closing[1]
		if defined[name] {
			return nil, templateErrorf("line %d: partial %q is defined twice", openLine, name)
		}
		defined[name] = true
		// The partial's source: its body inside {{#_p}} (which bounds
		// depth and work), the wrapper standing just before the body.
		const wrapOpen, wrapClose = "{{#_p}}", "{{/_p}}"
		bodyLine := openLine + strings.Count(src[openStart:openEnd], "\n")
		partials = append(partials, partial{name: name, src: wrapOpen + src[openEnd:closeStart] + wrapClose,
			at: hbsparse.Origin{Pos: openEnd - len(wrapOpen), Line: bodyLine}})
		copy(main[openStart:closeEnd], blank(src[openStart:closeEnd], 0))
		rest, restLine = closeEnd, bodyLine+strings.Count(src[openEnd:closeEnd], "\n")
	}
	if loc := inlineCloseRE.FindStringIndex(string(main)); loc != nil {
		return nil, templateErrorf("line %d: {{/inline}} without {{#*inline}}", lineAt(src, loc[0]))
	}

	t := &template{src: src}
	if t.tpl, err = t.parse(string(main), hbsparse.Origin{}); err != nil {
		return nil, err
	}
	for _, p := range partials {
		ptpl, err := t.parse(p.src, p.at)
		if err != nil {
			return nil, err
		}
		t.tpl.RegisterPartialTemplate(p.name, ptpl)
	}
	t.tpl.RegisterHelpers(helpers)
	return t, nil
}

// blank returns a Handlebars comment as long as s less trim bytes, with as
// many line breaks as s, so that it shifts neither offsets nor lines.
func blank(s string, trim int) string {
	nl := strings.Count(s, "\n")
	spaces := len(s) - trim - len("{{!----}}") - nl
	if spaces < 0 { // cannot happen: s holds at least the {{#*inline}} tag
		spaces = 0
	}
	return "{{!--" + strings.Repeat("\n", nl) + strings.Repeat(" ", spaces) + "--}}"
}

// parse parses src, which starts at at in t.src, with hbsparse, whose
// failures leak nothing and which refuses, without recursing, a source
// nested deeper than MaxTemplateDepth (see its package comment), so that
// raymond only ever runs what parses within that depth. It also refuses
// {{#name}} blocks that are not helpers, which raymond would iterate over
// arrays mustache-style, out of reach of the work limit that our each
// helper enforces.
func (t *template) parse(src string, at hbsparse.Origin) (*raymond.Template, error) {
	prog, err := hbsparse.Parse(src, at, MaxTemplateDepth)
	var deep *hbsparse.DepthError
	if errors.As(err, &deep) {
		return nil, templateErrorf("%s", deep.Error())
	}
	if err != nil {
		return nil, t.templateError(err)
	}
	var walk func(n ast.Node) error
	walk = func(n ast.Node) error {
		switch n := n.(type) {
		case *ast.Program:
			if n == nil {
				return nil
			}
			for _, s := range n.Body {
				if err := walk(s); err != nil {
					return err
				}
			}
		case *ast.MustacheStatement:
			return t.checkCall(n.Expression, n.Loc.Pos)
		case *ast.PartialStatement:
			return t.checkArgs(n.Params, n.Hash)
		case *ast.BlockStatement:
			if err := t.checkArgs(n.Expression.Params, n.Expression.Hash); err != nil {
				return err
			}
			name := n.Expression.HelperName()
			if e := n.Expression; !knownHelper(name) && (len(e.Params) > 0 || (e.Hash != nil && len(e.Hash.Pairs) > 0)) {
				return t.requireHelper(e, n.Loc.Pos) // {{#eachh items}}: a helper misspelled
			}
			if _, ours := helpers[name]; !ours && !builtinBlocks[name] {
				path := n.Expression.Canonical()
				if p := n.Expression.FieldPath(); p != nil {
					path = p.Original
				}
				return templateErrorf("line %d: {{#%s}} is not a helper; loop with {{#each %s}} or test with {{#if %s}}",
					lineAt(t.src, n.Loc.Pos), path, path, path)
			}
			if err := walk(n.Program); err != nil {
				return err
			}
			return walk(n.Inverse)
		}
		return nil
	}
	if err := walk(prog); err != nil {
		return nil, err
	}
	tpl, err := raymondTemplate(prog)
	if err != nil {
		return nil, templateErrorf("%v", err)
	}
	return tpl, nil
}

// execState is one execution's account of work, depth and deadline.
type execState struct {
	ctx   context.Context
	work  int
	depth int
	calls int
}

// charge accounts for n bytes of the output of the loop or partial of o
// and stops the execution, by panicking with an error raymond recovers,
// past a limit: the error names the line of the loop or partial that
// crossed it.
func (s *execState) charge(o *raymond.Options, n int) {
	s.work += n + iterationCost
	if s.work > maxWork {
		panic(&helperError{pos: callPos(o), msg: errTooLarge.Error()})
	}
	if s.calls++; s.calls%256 == 0 && s.ctx.Err() != nil {
		panic(ctxError{s.ctx.Err()})
	}
}

var (
	errTooLarge = errors.New("the document grows past the limit of 32 MiB (a loop nested over large data, or partials including each other?)")
	errTooDeep  = fmt.Errorf("partials nest deeper than %d (does a partial include itself?)", maxPartialDepth)
)

// ctxError carries the end of the caller's context out of raymond.
type ctxError struct{ err error }

func (e ctxError) Error() string { return e.err.Error() }

// helperError is a helper's complaint, with the byte offset of the call.
type helperError struct {
	pos int
	msg string
}

func (e *helperError) Error() string { return e.msg }

// exec runs the template on JSON data (empty means {}).
func (t *template) exec(ctx context.Context, data json.RawMessage) (out string, err error) {
	var v any = map[string]any{}
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &v); err != nil {
			return "", templateErrorf("data is not valid JSON: %v", err)
		}
	}
	st := &execState{ctx: ctx}
	// The frame holds no @-variable of ours: the helpers find st by the
	// frame's address (state.go).
	frame := raymond.NewDataFrame()
	defer register(frame, st)()
	defer func() {
		// raymond re-panics runtime errors (nil maps, bad conversions in
		// its reflection); they are the template's failure, not a crash.
		if r := recover(); r != nil {
			err = templateErrorf("template fails on the data: %v", r)
		}
	}()
	out, err = t.tpl.ExecWith(v, frame)
	if err != nil {
		var ce ctxError
		if errors.As(err, &ce) {
			return "", ce.err
		}
		return "", t.templateError(err)
	}
	if len(out) > MaxTemplateOutput {
		return "", templateErrorf("%v", errTooLarge)
	}
	return out, nil
}

// templateError turns raymond's errors, and ours raised inside it, into a
// template-error naming the line.
func (t *template) templateError(err error) *paprika.Error {
	var he *helperError
	if errors.As(err, &he) {
		if he.pos >= 0 {
			return templateErrorf("line %d: %s", lineAt(t.src, he.pos), he.msg)
		}
		return templateErrorf("%s", he.msg)
	}
	if be, ok := blockError(err); ok {
		return be
	}
	msg := err.Error()
	if m := parseLineRE.FindStringSubmatch(msg); m != nil {
		cause := oneLine(m[2])
		cause = lexerRE.ReplaceAllString(cause, "$1")
		return templateErrorf("line %s: %s", m[1], cause)
	}
	if m := evalPosRE.FindStringSubmatch(msg); m != nil {
		pos, _ := strconv.Atoi(m[2])
		return templateErrorf("line %d: %s", lineAt(t.src, pos), oneLine(m[1]))
	}
	if errors.Is(err, errTooLarge) || errors.Is(err, errTooDeep) {
		return templateErrorf("%v", err)
	}
	return templateErrorf("%s", oneLine(msg))
}

// lineAt is the 1-based line of byte offset pos in src.
func lineAt(src string, pos int) int {
	pos = min(max(pos, 0), len(src))
	return 1 + strings.Count(src[:pos], "\n")
}

// oneLine joins a multi-line message, dropping raymond's source excerpts.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func templateErrorf(format string, args ...any) *paprika.Error {
	return &paprika.Error{Code: paprika.CodeTemplateError, Message: fmt.Sprintf(format, args...)}
}

package handlebars

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mailgun/raymond/v2/ast"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/handlebars/internal/hbsparse"
)

// Helpers are strict: a call of a helper that does not exist is a
// template-error naming it and its line when the template compiles.
// raymond renders {{formatCurency total "EUR"}} (a typo) as nothing, and
// an invoice's total ships blank. A call is a mustache or block with
// arguments or hash options, or any sub-expression; a bare {{name}} is a
// field, and a missing field is still empty, as in Handlebars.

// knownHelper says whether name is one of ours or raymond's built-ins.
func knownHelper(name string) bool {
	_, ours := helpers[name]
	return ours || builtinBlocks[name]
}

// checkCall checks an expression: a call of an unknown helper is an error;
// the arguments and hash values are checked in turn (sub-expressions).
func (t *Template) checkCall(e *ast.Expression, pos int) error {
	if e == nil {
		return nil
	}
	if len(e.Params) > 0 || (e.Hash != nil && len(e.Hash.Pairs) > 0) {
		if err := t.requireHelper(e, pos); err != nil {
			return err
		}
	}
	return t.checkArgs(e.Params, e.Hash)
}

// checkArgs checks the sub-expressions among arguments and hash values.
func (t *Template) checkArgs(params []ast.Node, hash *ast.Hash) error {
	check := func(n ast.Node) error {
		sub, ok := n.(*ast.SubExpression)
		if !ok || sub.Expression == nil {
			return nil
		}
		if err := t.requireHelper(sub.Expression, sub.Loc.Pos); err != nil {
			return err
		}
		return t.checkArgs(sub.Expression.Params, sub.Expression.Hash)
	}
	for _, p := range params {
		if err := check(p); err != nil {
			return err
		}
	}
	if hash != nil {
		for _, pair := range hash.Pairs {
			if err := check(pair.Val); err != nil {
				return err
			}
		}
	}
	return nil
}

// requireHelper refuses a call whose name is no helper, suggesting the
// helper it was probably meant to be.
func (t *Template) requireHelper(e *ast.Expression, pos int) error {
	name := e.HelperName()
	if name != "" && knownHelper(name) {
		return nil
	}
	shown := name
	if shown == "" {
		shown = e.Canonical()
	}
	msg := fmt.Sprintf("line %d: %s is not a helper", lineAt(t.src, pos), shown)
	if near := nearestHelper(shown); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	return Errorf("%s", msg)
}

// nearestHelper is the helper closest to name by edit distance, if it is
// close enough to be a typo of it.
func nearestHelper(name string) string {
	names := make([]string, 0, len(helpers)+len(builtinBlocks))
	for n := range helpers {
		if !strings.HasPrefix(n, "_") {
			names = append(names, n)
		}
	}
	for n := range builtinBlocks {
		names = append(names, n)
	}
	slices.Sort(names) // ties go the same way every time
	best, bestDist := "", max(1, len(name)/4)+1
	for _, n := range names {
		if d := editDistance(strings.ToLower(name), strings.ToLower(n)); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance is Levenshtein's distance, for short names.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// blockError says in an author's words which block is not closed, at the
// line that opens it. A block open when a partial's {{/inline}} comes
// meets the wrapper compile puts around the partial's body ({{/_p}}).
func blockError(err error) (*paprika.Error, bool) {
	var be *hbsparse.BlockError
	if !errors.As(err, &be) {
		return nil, false
	}
	switch {
	case be.Open == "" || be.Open == "_p":
		return Errorf("line %d: {{/%s}} closes no block that is open", be.CloseLine, be.Close), true
	case be.Close == "":
		return Errorf("line %d: {{#%s}} is never closed: end it with {{/%s}}", be.Line, be.Open, be.Open), true
	case be.Close == "_p":
		return Errorf("line %d: {{#%s}} is not closed before {{/inline}} on line %d: end it with {{/%s}} inside the partial",
			be.Line, be.Open, be.CloseLine, be.Open), true
	}
	return Errorf("line %d: {{#%s}} is closed by {{/%s}} on line %d: end it with {{/%s}} first",
		be.Line, be.Open, be.Close, be.CloseLine, be.Open), true
}

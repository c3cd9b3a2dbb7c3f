package hbsparse

import (
	"fmt"

	"github.com/mailgun/raymond/v2/lexer"
)

// DepthError is a source that nests deeper than the parse allows.
type DepthError struct {
	Line  int // 1-based line of the block or sub-expression one level too deep
	Pos   int // its byte offset
	Limit int
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("line %d: blocks nest deeper than %d levels", e.Line, e.Limit)
}

// checkDepth counts, in one pass over the tokens and without recursion, how
// deep the parser would recurse on them, and stops at the first token past
// limit. Each level of the AST the parser (and then raymond's whitespace
// pass and evaluator) recurses into is one of:
//   - a block, {{#x}} or {{^x}}, open until its {{/x}};
//   - an {{else x}} of a block: the parser nests each link of an inverse
//     chain inside the previous one, so they count until the block closes;
//   - a sub-expression, ( … ), open until its ).
//
// Closing tokens only close a frame of their own kind: on a source that
// does not parse the count may then run high, never low, and the parser
// stops at the first mismatch anyway.
func checkDepth(tokens []*lexer.Token, limit int) error {
	const (
		block = iota
		sexpr
	)
	type frame struct {
		kind   int
		levels int // 1, plus the {{else x}} links of a block
	}
	var stack []frame
	depth := 0
	open := func(tok *lexer.Token, kind int) error {
		if depth++; depth > limit {
			return &DepthError{Line: tok.Line, Pos: tok.Pos, Limit: limit}
		}
		stack = append(stack, frame{kind: kind, levels: 1})
		return nil
	}
	closeFrame := func(kind int) {
		if n := len(stack); n > 0 && stack[n-1].kind == kind {
			depth -= stack[n-1].levels
			stack = stack[:n-1]
		}
	}
	for _, tok := range tokens {
		var err error
		switch tok.Kind {
		case lexer.TokenOpenBlock, lexer.TokenOpenInverse, lexer.TokenOpenRawBlock:
			err = open(tok, block)
		case lexer.TokenOpenEndBlock, lexer.TokenOpenEndRawBlock:
			closeFrame(block)
		case lexer.TokenOpenInverseChain:
			if depth++; depth > limit {
				return &DepthError{Line: tok.Line, Pos: tok.Pos, Limit: limit}
			}
			if n := len(stack); n > 0 && stack[n-1].kind == block {
				stack[n-1].levels++
			} else {
				// An {{else x}} outside a block does not parse; count it
				// as a frame that never closes, so the count runs high.
				stack = append(stack, frame{kind: -1, levels: 1})
			}
		case lexer.TokenOpenSexpr:
			err = open(tok, sexpr)
		case lexer.TokenCloseSexpr:
			closeFrame(sexpr)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

package secrets

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// secretWords are the words of a name that say it holds secret material:
// a name is split into words at case changes, underscores and digits
// (adminTokenHash: admin, token, hash).
var secretWords = map[string]bool{
	"token": true, "tokens": true, "secret": true, "secrets": true,
	"password": true, "passwd": true, "passphrase": true,
	"csrf": true, "xsrf": true, "nonce": true,
	"signature": true, "signatures": true, "sig": true, "sigs": true, "hmac": true, "mac": true,
	"hash": true, "hashes": true, "digest": true,
	"credential": true, "credentials": true, "bearer": true, "authorization": true,
}

// variableTime are the calls that compare in a time that depends on where
// the inputs first differ.
var variableTime = map[string]bool{
	"bytes.Equal": true, "bytes.Compare": true, "bytes.EqualFold": true,
	"strings.EqualFold": true, "strings.Compare": true,
	"slices.Equal": true, "slices.Compare": true, "reflect.DeepEqual": true,
}

// constantTime are the standard library's constant-time comparisons: right
// in principle, but only for inputs of the same length (they answer at once
// otherwise), so everything goes through Equal, which hashes first.
var constantTime = map[string]bool{
	"subtle.ConstantTimeCompare": true, "hmac.Equal": true,
}

// notSecret is the comment that exempts a line whose names only look like a
// secret's (a lease's fencing token, a content hash); a reason must follow.
const notSecret = "secrets:not-secret"

// finding is one comparison of secret material in variable time.
type finding struct {
	pos  token.Position
	what string
}

func (f finding) String() string { return f.pos.String() + ": " + f.what }

// words splits an identifier into lower-case words.
func words(name string) []string {
	var out []string
	var cur []rune
	runes := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range runes {
		switch {
		case r == '_' || unicode.IsDigit(r):
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0:
			// A new word at a lower-to-upper change, or at the last capital
			// of a run of them (CSRFToken: CSRF, Token).
			prevLower := unicode.IsLower(runes[i-1])
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if prevLower || nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

func secretName(name string) bool {
	for _, w := range words(name) {
		if secretWords[w] {
			return true
		}
	}
	return false
}

// secretOperand returns the name that makes e secret material, if any: the
// identifier, field or function it is, seen through parentheses,
// conversions to string or []byte, slicing, indexing and dereferences.
func secretOperand(e ast.Expr) (string, bool) {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.Ident:
			return x.Name, secretName(x.Name)
		case *ast.SelectorExpr:
			return x.Sel.Name, secretName(x.Sel.Name)
		case *ast.CallExpr:
			if conversion(x) {
				e = x.Args[0]
				continue
			}
			if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "len" || id.Name == "cap") {
				return "", false // a length, not the bytes
			}
			return secretOperand(x.Fun) // what a function named hashToken returns
		default:
			return "", false
		}
	}
}

// conversion says whether c is string(x) or []byte(x).
func conversion(c *ast.CallExpr) bool {
	if len(c.Args) != 1 {
		return false
	}
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name == "string"
	case *ast.ArrayType:
		id, ok := f.Elt.(*ast.Ident)
		return ok && f.Len == nil && id.Name == "byte"
	}
	return false
}

// zero says whether e is nil, "", 0 or false: comparing a secret with it
// says only whether there is one, which the length says anyway.
func zero(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "nil" || x.Name == "false"
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return err == nil && s == ""
		}
		return x.Value == "0"
	}
	return false
}

// constant says whether e names a constant of consts, or anything of an
// imported package (lexer.TokenEOF): a package's exported names hold values
// written in code, never a secret, which arrives in a request or the
// configuration.
func constant(e ast.Expr, consts, imports map[string]bool) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return consts[x.Name]
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && imports[pkg.Name] {
			return true
		}
		return consts[x.Sel.Name]
	}
	return false
}

// importNames are the names f's imports are used by: their own, or the
// last element of their path (before a /vN suffix).
func importNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	for _, spec := range f.Imports {
		if spec.Name != nil {
			names[spec.Name.Name] = true
			continue
		}
		path, _ := strconv.Unquote(spec.Path.Value)
		parts := strings.Split(path, "/")
		last := parts[len(parts)-1]
		if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
			last = parts[len(parts)-2]
		}
		names[strings.TrimPrefix(strings.TrimPrefix(last, "go-"), "go.")] = true
	}
	return names
}

func callName(c *ast.CallExpr) string {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return pkg.Name + "." + sel.Sel.Name
}

// constants are the names declared const in files: a comparison with one
// compares with a value written in the code (a lexer's TokenEOF), which is
// no secret.
func constants(files ...*ast.File) map[string]bool {
	names := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, spec := range g.Specs {
					for _, n := range spec.(*ast.ValueSpec).Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}

// check returns the comparisons of secret material in f that are not
// secrets.Equal, except with a constant (consts) and on lines marked
// notSecret with a reason.
func check(fset *token.FileSet, f *ast.File, consts map[string]bool) []finding {
	exempt := map[int]bool{}
	var out []finding
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if i := strings.Index(c.Text, notSecret); i >= 0 {
				line := fset.Position(c.Pos()).Line
				if strings.TrimSpace(c.Text[i+len(notSecret):]) == "" {
					out = append(out, finding{fset.Position(c.Pos()), notSecret + " without a reason"})
					continue
				}
				exempt[line] = true
			}
		}
	}
	imports := importNames(f)
	report := func(n ast.Node, what string) {
		pos := fset.Position(n.Pos())
		if !exempt[pos.Line] {
			out = append(out, finding{pos, what})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op != token.EQL && x.Op != token.NEQ {
				return true
			}
			if zero(x.X) || zero(x.Y) || constant(x.X, consts, imports) || constant(x.Y, consts, imports) {
				return true
			}
			for _, side := range []ast.Expr{x.X, x.Y} {
				if name, ok := secretOperand(side); ok {
					report(x, x.Op.String()+" on "+name)
					break
				}
			}
		case *ast.CallExpr:
			name := callName(x)
			if constantTime[name] {
				report(x, name+" (answers at once on inputs of different lengths)")
				return true
			}
			if !variableTime[name] {
				return true
			}
			for _, a := range x.Args {
				if arg, ok := secretOperand(a); ok {
					report(x, name+" on "+arg)
					break
				}
			}
		case *ast.SwitchStmt:
			if x.Tag != nil {
				if name, ok := secretOperand(x.Tag); ok {
					report(x, "switch on "+name)
				}
			}
		}
		return true
	})
	return out
}

// moduleRoot is the folder of the product's go.mod, above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// Every comparison of secret material in the product's code (its non-test
// Go files, every package but other modules such as bench/river) goes through
// Equal: == and friends stop at the first differing byte, so their time
// tells an attacker how much of a guess was right.
func TestSecretsAreComparedInConstantTime(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	self, err := filepath.Abs("secrets.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor" || name == "node_modules") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // another module (bench/river)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == self {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	consts := constants(files...)
	for _, f := range files {
		for _, found := range check(fset, f, consts) {
			rel, _ := filepath.Rel(root, found.pos.Filename)
			t.Errorf("%s:%d: %s: compare secret material with secrets.Equal (internal/secrets), "+
				"or, if the name only looks like a secret's, say why on the line: // %s <reason>",
				rel, found.pos.Line, found.what, notSecret)
		}
	}
	if len(files) < 50 {
		t.Fatalf("only %d Go files found under %s: the walk is looking in the wrong place", len(files), root)
	}
}

// The check finds what it is for, and lets through what it must: a test
// of the test, on code written to be caught.
func TestCheckFindsVariableTimeComparisons(t *testing.T) {
	t.Parallel()
	const src = `package p

import "example.com/lexer"

func f(r *Request, s *Session, keyHash, want []byte, got string) {
	_ = r.Header.Get("X") == s.CSRFToken     // bad 1
	_ = string(keyHash[:]) != string(want)    // bad 2
	_ = bytes.Equal(want, s.secretHash[:])    // bad 3
	_ = strings.EqualFold(got, adminToken)    // bad 4
	_ = subtle.ConstantTimeCompare(want, want) // bad 5: not the one helper
	_ = hmac.Equal(want, want)                // bad 6
	switch s.password {                       // bad 7
	}
	_ = hashToken(got) == s.stored            // bad 8
	_ = got == webhookSignature               // bad 9
	_ = s.token == r.lease // secrets:not-secret
	_ = s.leaseToken == r.token // secrets:not-secret a lease's fencing number, public

	_ = s.CSRFToken == ""
	_ = keyHash != nil
	_ = len(s.secret) == 32
	_ = got == "done"
	_ = bytes.Equal(want, got)
	_ = secrets.Equal(got, s.CSRFToken)
	_ = strings.HasPrefix(s.secret, "pk_")
	_ = s.Tokenizer == nil
	_ = s.keyID == r.keyID
	_ = tok.Kind == TokenEOF
	_ = tok.Kind != lexer.TokenError
}

const TokenEOF = 1
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, fd := range check(fset, f, constants(f)) {
		found = append(found, fmt.Sprintf("%d: %s", fd.pos.Line, fd.what))
	}
	want := []string{
		"12: switch on password",
		"14: == on hashToken",
		"15: == on webhookSignature",
		"16: " + notSecret + " without a reason",
		"16: == on token",
		"6: == on CSRFToken",
		"7: != on keyHash",
		"8: bytes.Equal on secretHash",
		"9: strings.EqualFold on adminToken",
		"10: subtle.ConstantTimeCompare (answers at once on inputs of different lengths)",
		"11: hmac.Equal (answers at once on inputs of different lengths)",
	}
	slices.Sort(found)
	slices.Sort(want)
	if !slices.Equal(found, want) {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(found, "\n"), strings.Join(want, "\n"))
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"adminTokenHash": "admin token hash",
		"CSRFToken":      "csrf token",
		"secret_hash":    "secret hash",
		"Tokenizer":      "tokenizer",
		"keyID":          "key id",
		"sha256Sum":      "sha sum",
	} {
		if got := strings.Join(words(name), " "); got != want {
			t.Errorf("words(%q) = %q, want %q", name, got, want)
		}
	}
}

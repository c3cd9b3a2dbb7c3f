package handlebars

import (
	"errors"
	"reflect"
	"unsafe"

	"github.com/mailgun/raymond/v2"
	"github.com/mailgun/raymond/v2/ast"
)

// raymondTemplate makes a raymond template of a program hbsparse parsed.
// raymond parses only a source of its own, from its first byte; an inline
// partial's source is its body alone, which hbsparse parses as standing
// where it stands in the template, so that the offsets and lines of its
// errors are the template's. (Before, each partial's source was padded
// with a comment as long as the template before it: a template of many
// partials cost the square of its length to compile.) raymond has no way
// to take a parsed program, so it is set in the template's unexported
// field: if a new raymond ever renames it, every compile fails, loudly.
func raymondTemplate(prog *ast.Program) (*raymond.Template, error) {
	tpl, err := raymond.Parse("") // a template with its maps made, and no program to speak of
	if err != nil {
		return nil, err
	}
	f := reflect.ValueOf(tpl).Elem().FieldByName("program")
	if !f.IsValid() || f.Type() != reflect.TypeOf(prog) {
		return nil, errors.New("internal: raymond's Template has no program field")
	}
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(prog))
	return tpl, nil
}

package pdf

import (
	"bytes"
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Producer is the producer every finished document names.
const Producer = "Paprika"

func init() {
	// pdfcpu would otherwise write a config.yml under the user's config
	// directory on first use; its defaults are all we need.
	api.DisableConfigDir()
}

// Apply finishes a PDF: watermark, metadata, then encryption, in one read
// and one write. It returns the document and its page count.
func Apply(doc []byte, o *Options) (_ []byte, _ int, err error) {
	defer recoverTo(&err)
	ctx, err := read(bytes.NewReader(doc), nil)
	if err != nil {
		return nil, 0, err
	}
	if err := applyContext(ctx, o); err != nil {
		return nil, 0, err
	}
	var buf bytes.Buffer
	buf.Grow(len(doc) + len(doc)/4)
	if err := api.WriteContext(ctx, &buf); err != nil {
		return nil, 0, fmt.Errorf("write pdf: %w", err)
	}
	out := buf.Bytes()
	if o.standard() {
		pdf17(out)
	}
	return out, ctx.PageCount, nil
}

// recoverTo turns a panic of pdfcpu's into an error: a document it cannot
// handle must fail one render, not stop the process.
func recoverTo(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("pdfcpu: %v", r)
	}
}

// read parses a document, decrypting it with o's passwords if it has one.
func read(rs io.ReadSeeker, o *Options) (*model.Context, error) {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	if o != nil && o.Password != nil {
		conf.UserPW, conf.OwnerPW = o.Password.User, o.Password.Owner
	}
	ctx, err := api.ReadContext(rs, conf)
	if err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	return ctx, nil
}

func applyContext(ctx *model.Context, o *Options) error {
	if o.Watermark != nil {
		wm, err := watermark(o.Watermark, o.standard())
		if err != nil {
			return err
		}
		if err := pdfcpu.AddWatermarks(ctx, nil, wm); err != nil {
			return fmt.Errorf("watermark: %w", err)
		}
	}
	pageTitle := documentTitle(ctx)
	if err := setInfo(ctx, o, pageTitle); err != nil {
		return err
	}
	if err := applyStandards(ctx, o, pageTitle, time.Now()); err != nil {
		return err
	}
	if o.Password != nil {
		owner := o.Password.Owner
		if owner == "" {
			owner = randomPassword()
		}
		ctx.Cmd = model.ENCRYPT
		ctx.EncryptUsingAES = true
		ctx.EncryptKeyLength = 256
		ctx.UserPW, ctx.OwnerPW = o.Password.User, owner
		ctx.Permissions = model.PermissionFlags(o.permissions())
		if o.accessible() {
			// PDF/UA: assistive technology may always read the text
			// (bit 10), whatever else is denied.
			ctx.Permissions |= 1 << 9
		}
	}
	return nil
}

// watermark is pdfcpu's stamp for o: on top of the page content, so that
// backgrounds do not hide it, and sized in points rather than scaled to
// the page. pdfcpu writes it as an /Artifact marked-content sequence
// (of subtype Watermark), as PDF/UA asks of content that is not the
// document's. In a document with a standard it is set in an embedded
// font (watermarkfont.go), as PDF/A asks; otherwise in Helvetica, which a
// viewer has and the file need not carry.
func watermark(w *Watermark, embed bool) (*model.Watermark, error) {
	opacity, size, rot := DefaultOpacity, DefaultFontSize, DefaultRotation
	if w.Opacity != nil {
		opacity = *w.Opacity
	}
	if w.FontSize != nil {
		size = *w.FontSize
	}
	if w.Rotation != nil {
		rot = *w.Rotation
	}
	fontName := "Helvetica"
	if embed {
		var err error
		if fontName, err = embeddedFont(); err != nil {
			return nil, err
		}
	}
	desc := fmt.Sprintf("fontname:%s, points:%d, rotation:%g, opacity:%g, scalefactor:1 abs, fillcolor:#808080",
		fontName, int(size+0.5), rot, opacity)
	text := strings.ReplaceAll(w.Text, "%", "%%") // a literal %, see Watermark.validate
	wm, err := pdfcpu.ParseTextWatermarkDetails(text, desc, true, types.POINTS)
	if err != nil {
		return nil, fmt.Errorf("watermark: %w", err)
	}
	return wm, nil
}

// setInfo writes the document information dictionary: o's fields, the
// page's <title> where o has no title, and Paprika as the Creator and
// Producer (Chromium's would be its user agent and Skia). The document is
// marked PDF 2.0: pdfcpu then leaves the dictionary as given (below 2.0
// it names itself the producer) and encrypts with the standard AES-256
// handler (revision 6) rather than Adobe's deprecated revision 5.
func setInfo(ctx *model.Context, o *Options, pageTitle string) error {
	d := types.NewDict()
	if ctx.Info != nil {
		if old, err := ctx.DereferenceDict(*ctx.Info); err == nil && old != nil {
			for _, k := range []string{"CreationDate", "ModDate"} {
				if v, ok := old[k]; ok {
					d[k] = v
				}
			}
		}
	}
	for _, f := range []struct{ key, v string }{
		{"Title", cmp.Or(o.Title, pageTitle)}, {"Author", o.Author}, {"Subject", o.Subject}, {"Keywords", o.Keywords},
		{"Creator", Producer}, {"Producer", Producer},
	} {
		if f.v != "" {
			d[f.key] = textString(f.v)
		}
	}
	ir, err := ctx.IndRefForNewObject(d)
	if err != nil {
		return err
	}
	ctx.Info = ir
	v := model.V20
	ctx.HeaderVersion = &v
	ctx.RootVersion = nil
	return nil
}

// textString is a PDF text string: UTF-16BE with its byte order mark, as
// hex, which holds any text without escaping.
func textString(s string) types.HexLiteral {
	return types.NewHexLiteral([]byte(types.EncodeUTF16String(s)))
}

func randomPassword() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

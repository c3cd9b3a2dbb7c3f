package render

import (
	"context"
	"errors"
	"time"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render/pdf"
	"github.com/paprikahq/paprika/internal/sealed"
)

// Certificates are one tenant's stored signing certificates, for
// options.pdf.signature: Find looks one up by name (a paprika not-found
// when there is none), Key opens its sealed signing key
// (PAPRIKA_SECRET_KEY; nil when none is configured). The api and the
// worker make them for the render's tenant; render reads no database.
type Certificates struct {
	Find func(ctx context.Context, name string) (*paprika.Certificate, error)
	Key  *sealed.Key
}

// sign signs the finished document, the last step of a pdf render, when
// its options ask for it. What the tenant can mend (a name not stored, a
// certificate out of its dates) is a template-error naming it; the rest
// (the database, the operator's key) is logged and render-failed.
func (e *Engine) sign(ctx context.Context, out *Output, in Input) (*Output, error) {
	s := in.Options.PDF.Signature
	if s == nil {
		return out, nil
	}
	c := in.Certificates
	if c == nil || c.Find == nil {
		return nil, paprika.Errorf(paprika.CodeTemplateError, "options.pdf.signature: this render has no stored certificates to sign with (a local render signs nothing)")
	}
	cert, err := c.Find(ctx, s.Certificate)
	if paprika.ErrorCode(err) == paprika.CodeNotFound {
		return nil, paprika.Errorf(paprika.CodeTemplateError, "options.pdf.signature.certificate %q is not a stored certificate (PUT /v1/certificates/%s)", s.Certificate, s.Certificate)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		e.log.ErrorContext(ctx, "signing certificate not read", "certificate", s.Certificate, "error", err)
		return nil, paprika.Errorf(paprika.CodeRenderFailed, "the signing certificate could not be read")
	}
	now := time.Now()
	if !cert.ValidAt(now) {
		state := "has expired"
		if now.Before(cert.NotBefore) {
			state = "is not valid yet"
		}
		return nil, paprika.Errorf(paprika.CodeTemplateError, "options.pdf.signature.certificate %q %s: it is valid from %s to %s",
			s.Certificate, state, cert.NotBefore.UTC().Format(time.RFC3339), cert.NotAfter.UTC().Format(time.RFC3339))
	}
	if c.Key == nil {
		e.log.ErrorContext(ctx, "a render asks for a signature and PAPRIKA_SECRET_KEY is not set", "certificate", s.Certificate)
		return nil, paprika.Errorf(paprika.CodeRenderFailed, "this server cannot open stored certificates (no PAPRIKA_SECRET_KEY); its operator must set it")
	}
	key, err := cert.SigningKey(c.Key)
	if err != nil {
		msg := "the stored signing key does not open"
		if errors.Is(err, sealed.ErrOpen) {
			msg += " with this server's PAPRIKA_SECRET_KEY"
		}
		e.log.ErrorContext(ctx, msg, "certificate", s.Certificate, "error", err)
		return nil, paprika.Errorf(paprika.CodeRenderFailed, "%s", msg)
	}
	body, err := pdf.Sign(out.Body, key, s, now)
	if err != nil {
		e.log.ErrorContext(ctx, "signing the PDF failed", "error", err)
		return nil, paprika.Errorf(paprika.CodeRenderFailed, "signing the PDF (options.pdf.signature) failed")
	}
	out.Body = body
	return out, nil
}

package worker

import (
	"context"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/sealed"
)

// certificates are a render's tenant's signing certificates, for
// options.pdf.signature. A signed render reads its certificate's row when
// it signs, uncached: one look-up by primary key beside a Chromium
// render, and a certificate replaced or deleted stops signing at once.
func (c *sourceCache) certificates(tenantID string, key *sealed.Key) *render.Certificates {
	return &render.Certificates{Key: key, Find: func(ctx context.Context, name string) (cert *paprika.Certificate, err error) {
		err = c.lookup(ctx, func() error {
			cert, err = c.queue.Certificate(ctx, tenantID, name)
			return err
		})
		return cert, err
	}}
}

package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/postgres"
	"github.com/paprikahq/paprika/internal/sealed"
)

// checkSecretKey stops a process that could not sign with the signing
// certificates tenants have stored: PAPRIKA_SECRET_KEY unset while some
// are stored, or set to a key that does not open them (another key than
// they were sealed with). The error is a config.Error: one line, exit
// status 2. A malformed key never gets here: config.Load refuses it.
func checkSecretKey(ctx context.Context, cfg *config.Config, pool *pgxpool.Pool) error {
	c, err := (&postgres.Store{Pool: pool}).AnyCertificate(ctx)
	if err != nil || c == nil {
		return err
	}
	if cfg.SecretKey == nil {
		return &config.Error{Var: "PAPRIKA_SECRET_KEY", Reason: "is required: tenants have stored signing certificates, encrypted with it (set the key they were stored with)"}
	}
	if _, err := c.SigningKey(cfg.SecretKey); err != nil {
		reason := "does not open the stored signing certificates: it is not the key they were stored with"
		if !errors.Is(err, sealed.ErrOpen) {
			reason = fmt.Sprintf("opens a stored signing certificate that does not parse: %v", err)
		}
		return &config.Error{Var: "PAPRIKA_SECRET_KEY", Reason: reason}
	}
	return nil
}

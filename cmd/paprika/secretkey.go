package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
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

// devSecretKey gives dev mode a PAPRIKA_SECRET_KEY when none is set: one
// made at its first start and kept in its state file (path, beside the
// admin token), so that a newcomer can store signing certificates and
// find them again after a restart.
func devSecretKey(cfg *config.Config, st *devState, path string) error {
	if cfg.SecretKey != nil {
		return nil
	}
	if st.SecretKey == "" {
		raw := make([]byte, sealed.KeySize)
		_, _ = rand.Read(raw) // never fails (crypto/rand)
		st.SecretKey = base64.StdEncoding.EncodeToString(raw)
		if err := saveDevState(cfg, st); err != nil {
			return err
		}
	}
	k, err := sealed.ParseKey(st.SecretKey)
	if err != nil {
		return fmt.Errorf("%s: secretKey %w (delete it to start afresh)", path, err)
	}
	cfg.SecretKey = k
	return nil
}

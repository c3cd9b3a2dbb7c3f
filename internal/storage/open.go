package storage

import (
	"context"
	"fmt"

	"github.com/paprikahq/paprika/internal/config"
)

// New returns the store PAPRIKA_STORAGE_URL names.
func New(ctx context.Context, cfg config.Storage) (Store, error) {
	switch cfg.Kind {
	case config.StorageFile:
		return &Files{Dir: cfg.Dir}, nil
	case config.StorageS3:
		return NewS3(ctx, cfg)
	default:
		return nil, fmt.Errorf("storage: unknown kind %q", cfg.Kind)
	}
}

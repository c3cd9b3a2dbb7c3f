// Package storage keeps rendered documents as files under PAPRIKA_DATA_DIR,
// the volume every api and worker shares. Files are written atomically: a
// temporary file in the same folder, synced, then renamed into place, so a
// reader sees a whole document or none.
package storage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/google/uuid"
)

// Store writes and opens outputs under Dir.
type Store struct {
	Dir string
}

// Extension returns a format's file extension.
func Extension(format string) string {
	switch format {
	case "png":
		return "png"
	case "html":
		return "html"
	default:
		return "pdf"
	}
}

// JobPath is where a job's output lives.
func (s *Store) JobPath(tenantID string, id uuid.UUID, format string) string {
	return filepath.Join(s.Dir, "outputs", tenantID, "jobs", id.String()+"."+Extension(format))
}

// RecordPath is where a batch record's output lives; records are named by
// their index, zero-padded, as in the batch's ZIP.
func (s *Store) RecordPath(tenantID string, batchID uuid.UUID, index int, format string) string {
	return filepath.Join(s.Dir, "outputs", tenantID, "batches", batchID.String(), RecordName(index, format))
}

// RecordName is a record's file name: 000001.pdf.
func RecordName(index int, format string) string {
	return fmt.Sprintf("%06d.%s", index, Extension(format))
}

// TenantDir holds every output of a tenant (the sweeper removes it when the
// tenant is purged).
func (s *Store) TenantDir(tenantID string) string {
	return filepath.Join(s.Dir, "outputs", tenantID)
}

// Write stores body at path atomically and durably: one output staged and
// committed (see Stage and Commit).
func (s *Store) Write(path string, body []byte) error {
	st, err := s.Stage(path, body)
	if err != nil {
		return err
	}
	return s.Commit([]Staged{st})
}

// Open opens a stored output for reading.
func (s *Store) Open(path string) (*os.File, error) {
	return os.Open(path)
}

// Copy writes the file at path to w.
func Copy(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

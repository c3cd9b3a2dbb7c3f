package render

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// spool holds a print on its way from Chromium (chromium.Tab.PrintTo) in
// an unlinked temporary file, so that the process holds the PDF once, read
// back at its exact size, rather than in a buffer grown by doubling while
// the chunks arrive: a 1,000-page ledger is a 67 MB PDF. Where no
// temporary file can be made, it holds the print in memory.
type spool struct {
	f    *os.File
	n    int64
	mem  bytes.Buffer
	werr error // the first write that failed: the service's, not Chromium's
}

// newSpool makes a spool; its file is gone from the directory at once, so
// that nothing is left behind whatever becomes of the process.
func newSpool() *spool {
	s := &spool{}
	if f, err := os.CreateTemp("", "paprika-print-*.pdf"); err == nil {
		_ = os.Remove(f.Name())
		s.f = f
	}
	return s
}

func (s *spool) Write(p []byte) (int, error) {
	if s.f == nil {
		return s.mem.Write(p)
	}
	n, err := s.f.Write(p)
	s.n += int64(n)
	if err != nil && s.werr == nil {
		s.werr = err
	}
	return n, err
}

// Bytes returns what was written, whole.
func (s *spool) Bytes() ([]byte, error) {
	if s.f == nil {
		return s.mem.Bytes(), nil
	}
	b := make([]byte, s.n)
	if _, err := s.f.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, fmt.Errorf("reading the print back: %w", err)
	}
	return b, nil
}

// Close frees the file.
func (s *spool) Close() {
	if s.f != nil {
		_ = s.f.Close()
	}
}

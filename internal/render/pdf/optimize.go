package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// QPDF is the tool that compresses and linearizes finished documents
// (options.pdf.compress and options.pdf.linearize): qpdf, from Debian's
// package of that name, found on PATH. No Go library writes a linearized
// PDF; qpdf is the reference implementation of linearization, kept by its
// author since 2005, and it rewrites a document losslessly.
const QPDF = "qpdf"

// Limits of one optimization: qpdf holds the document's objects in memory
// (a few times the file's size), so its address space is bounded, and its
// time too, whatever the caller's context allows.
const (
	optimizeMemory  = 2 << 30
	optimizeTimeout = 2 * time.Minute
)

// ErrNoQPDF says the server cannot compress or linearize: qpdf is not
// installed. It is the operator's to fix (docs/rendering.md).
var ErrNoQPDF = errors.New("options.pdf.compress and options.pdf.linearize need qpdf, which this server does not have (apt-get install qpdf)")

// optimizes reports whether o asks for a rewrite by qpdf.
func (o *Options) optimizes() bool { return o != nil && (o.Compress || o.Linearize) }

// Optimize rewrites a finished document as o asks, losslessly: with
// Compress, every Flate stream recompressed at zlib's best level and the
// objects packed into object streams; with Linearize, laid out for fast
// web view (a viewer shows the first page before the rest has arrived).
// It runs after every other step but the signature, which must sign the
// bytes as they are sent; an encrypted document stays encrypted with the
// same keys (qpdf opens it with the user password). It returns doc as it
// is when o asks for neither.
func Optimize(ctx context.Context, doc []byte, o *Options) ([]byte, error) {
	if !o.optimizes() {
		return doc, nil
	}
	bin, err := exec.LookPath(QPDF)
	if err != nil {
		return nil, ErrNoQPDF
	}
	dir, err := os.MkdirTemp("", "paprika-qpdf-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "in.pdf"), doc, 0o600); err != nil {
		return nil, err
	}
	if o.Password != nil {
		// In a file, not on the command line, which other users of the
		// host can read in /proc.
		if err := os.WriteFile(filepath.Join(dir, "password"), []byte(o.Password.User), 0o600); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, optimizeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, qpdfArgs(o, dir)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lim := unix.Rlimit{Cur: optimizeMemory, Max: optimizeMemory}
	_ = unix.Prlimit(cmd.Process.Pid, unix.RLIMIT_AS, &lim, nil) // best effort: it has only just started
	err = cmd.Wait()
	// qpdf exits 3 when it succeeded with warnings (a damaged object it
	// repaired): the output is written and sound.
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 3) {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("qpdf did not finish in %s", optimizeTimeout)
		}
		return nil, fmt.Errorf("qpdf: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	return os.ReadFile(filepath.Join(dir, "out.pdf"))
}

// qpdfArgs are qpdf's arguments for o, reading dir/in.pdf and writing
// dir/out.pdf.
func qpdfArgs(o *Options, dir string) []string {
	args := []string{"--no-warn", "--warning-exit-0"}
	if o.Password != nil {
		// The user password opens the document; qpdf keeps its
		// encryption, and its keys, as they are.
		args = append(args, "--password-file="+filepath.Join(dir, "password"))
	}
	if o.Compress {
		args = append(args, "--recompress-flate", "--compression-level=9", "--object-streams=generate")
	}
	if o.Linearize {
		args = append(args, "--linearize")
	}
	return append(args, filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf"))
}

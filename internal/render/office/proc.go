package office

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/paprikahq/paprika/internal/procgroup"
)

// proc is one running LibreOffice: the helper (helper.py) that drives it
// over UNO, and soffice, its child, in one process group and one
// directory (profile and working files), both thrown away with it.
type proc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	replies chan reply    // the helper's answers; closed when its stdout ends
	exited  chan struct{} // closed once the helper has been waited for
	stderr  *tail
	dir     string
	work    string // where a conversion's files are, the sandbox user's
	pgid    int
	tenant  string // whose documents it converted; "" while fresh
	docs    int    // documents it converted
	started time.Time
}

// reply is one line of the helper.
type reply struct {
	Ready bool   `json:"ready"`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Kind  string `json:"kind"` // "load" (the file) or "store" (the PDF)
}

// request is one conversion asked of the helper.
type request struct {
	In         string `json:"in"`
	Out        string `json:"out"`
	Filter     string `json:"filter"`
	Service    string `json:"service"`
	Export     string `json:"export"`
	PDFVersion int    `json:"pdfVersion,omitempty"`
}

// start starts a LibreOffice in a fresh directory and profile, and waits
// until it accepts conversions (its first start of a profile takes a
// second or two).
func (e *Engine) start(ctx context.Context) (_ *proc, err error) {
	dir, err := os.MkdirTemp(e.cfg.Dir, "paprika-office-")
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			_ = os.RemoveAll(dir)
		}
	}()
	if err := e.acct.Own(dir, e.log); err != nil {
		return nil, fmt.Errorf("handing LibreOffice's directory %s to user %s: %w", dir, e.acct.Name, err)
	}
	profile, err := e.newProfile(dir)
	if err != nil {
		return nil, fmt.Errorf("writing LibreOffice's profile: %w", err)
	}
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o700); err != nil {
		return nil, err
	}
	if e.acct != nil {
		if err := os.Chown(work, e.acct.UID, e.acct.GID); err != nil {
			return nil, err
		}
	}
	var name [8]byte
	_, _ = rand.Read(name[:])
	pipe := "paprika-" + hex.EncodeToString(name[:])

	cmd := exec.Command(e.cfg.Python, e.helper, e.cfg.Soffice, pipe, "file://"+profile)
	cmd.Dir = dir
	cmd.Env = env(dir)
	cmd.SysProcAttr = sysProcAttr(e.acct)
	p := &proc{cmd: cmd, replies: make(chan reply, 1), exited: make(chan struct{}),
		stderr: &tail{max: 4 << 10}, dir: dir, work: work, started: time.Now()}
	cmd.Stderr = p.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		if strings.Contains(err.Error(), "operation not permitted") || strings.Contains(err.Error(), "invalid argument") {
			return nil, fmt.Errorf("%w: %v; %s", ErrSandbox, err, SandboxHint)
		}
		return nil, fmt.Errorf("starting LibreOffice's helper %s: %w", e.cfg.Python, err)
	}
	p.pgid = cmd.Process.Pid
	go p.read(stdout)
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()

	ctx, cancel := context.WithTimeout(ctx, e.cfg.StartTimeout)
	defer cancel()
	select {
	case r, ok := <-p.replies:
		if ok && r.Ready {
			return p, nil
		}
		<-p.exited
	case <-ctx.Done():
	}
	p.kill()
	return nil, fmt.Errorf("LibreOffice did not start (%s): %s", context.Cause(ctx), p.stderr.String())
}

// read passes the helper's answers on, one per line, until its stdout
// ends. A line that is not an answer (the helper never writes one) ends
// it as well: the process is then replaced.
func (p *proc) read(stdout io.Reader) {
	defer close(p.replies)
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		var r reply
		if json.Unmarshal(sc.Bytes(), &r) != nil {
			return
		}
		p.replies <- r
	}
}

// convert runs one conversion of the file in p.work, measuring the
// group's memory every memoryPoll until the answer, the deadline or the
// limit.
func (p *proc) convert(ctx context.Context, req request, maxMemory int64) (reply, error) {
	b, _ := json.Marshal(req)
	if _, err := p.stdin.Write(append(b, '\n')); err != nil {
		return reply{}, errExited
	}
	tick := time.NewTicker(memoryPoll)
	defer tick.Stop()
	for {
		select {
		case r, ok := <-p.replies:
			if !ok {
				return reply{}, errExited
			}
			return r, nil
		case <-ctx.Done():
			return reply{}, ctx.Err()
		case <-tick.C:
			if maxMemory > 0 && procgroup.RSS(p.pgid) > maxMemory {
				return reply{}, errMemory
			}
		}
	}
}

// shutdown asks the helper to end LibreOffice and itself (its stdin
// closed), so that LibreOffice writes its profile out; a process that has
// not ended within a while is killed. The directory is left.
func (p *proc) shutdown(wait time.Duration) {
	_ = p.stdin.Close()
	select {
	case <-p.exited:
	case <-time.After(wait):
	}
	group := procgroup.Members(p.pgid)
	procgroup.Kill(p.pgid)
	<-p.exited
	procgroup.Reap(group)
}

// alive reports whether the helper still runs.
func (p *proc) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill ends the whole process group at once, waits for the helper, reaps
// what was left to us, and removes the directory.
func (p *proc) kill() {
	p.shutdown(0)
	_ = os.RemoveAll(p.dir)
}

var (
	errExited = errors.New("LibreOffice exited during the conversion")
	errMemory = errors.New("LibreOffice went past its memory limit")
)

// tail keeps the last max bytes written to it: the end of the helper's
// and soffice's stderr, for the error of a start that failed.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, b...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.b))
}

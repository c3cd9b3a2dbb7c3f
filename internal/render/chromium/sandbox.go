package chromium

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/chromedp/chromedp"

	"github.com/paprikahq/paprika/internal/osuser"
)

// ErrSandbox is returned when Chromium cannot run with its sandbox. Paprika
// then refuses to render rather than fall back to --no-sandbox: tenants'
// templates run JavaScript, and the sandbox is what keeps one renderer
// exploit inside one renderer.
var ErrSandbox = errors.New("chromium's sandbox cannot run here")

// SandboxHint says how to make the sandbox work, or how to turn it off.
const SandboxHint = "Chromium's sandbox needs unprivileged user namespaces: in a container, run it " +
	"with the seccomp profile deploy/seccomp/paprika-chromium.json (see docs/deployment.md); " +
	"on a host, check that sysctl user.max_user_namespaces is above 0 (and, on Ubuntu, " +
	"kernel.apparmor_restrict_unprivileged_userns is 0). To run without the sandbox on purpose, " +
	"set PAPRIKA_CHROMIUM_NO_SANDBOX=true"

// SandboxUsers are the users Chromium runs as when Paprika is root, first
// found first: Chromium's sandbox refuses to run as root.
var SandboxUsers = []string{"paprika", "nobody"}

// launch is how one Chromium process is started: as whom, with which
// profile, sandboxed or not.
type launch struct {
	sandboxed bool
	acct      *osuser.Account // nil: as we are
	dir       string          // HOME and the profile, removed by cleanup
	cmd       *exec.Cmd       // the browser's, once chromedp made it
}

// newLaunch prepares a start: as root with the sandbox, it picks the
// unprivileged user and gives it a fresh directory for Chromium's profile.
func newLaunch(noSandbox bool, users []string, log *slog.Logger) (*launch, error) {
	l := &launch{sandboxed: !noSandbox}
	if l.sandboxed {
		acct, err := osuser.ForRoot(users...)
		if err != nil {
			return nil, fmt.Errorf("%w: running as root, and Chromium's sandbox refuses to: %v; "+
				"create a user named paprika, or set PAPRIKA_CHROMIUM_NO_SANDBOX=true", ErrSandbox, err)
		}
		l.acct = acct
	}
	dir, err := makeProfileDir(os.TempDir(), log)
	if err != nil {
		return nil, err
	}
	l.dir = dir
	if err := l.acct.Own(dir, log); err != nil {
		l.cleanup()
		return nil, fmt.Errorf("handing Chromium's profile %s to user %s: %w", dir, l.acct.Name, err)
	}
	return l, nil
}

// options are chromedp's options for this start.
func (l *launch) options() []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.UserDataDir(l.dir + "/profile"),
		// chromedp adds --no-sandbox by itself when we are root, unless
		// told otherwise: Chromium runs as another user then.
		chromedp.Flag("no-sandbox", !l.sandboxed),
		// Chromium gets none of our environment (the database URL, the
		// admin token), only what it needs.
		chromedp.NoInheritEnv,
		chromedp.Env(l.env()...),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			// A process group of its own, so that Close can kill every
			// process Chromium started (zygote, renderers, GPU) at once.
			cmd.SysProcAttr = &syscall.SysProcAttr{
				Setpgid:    true,
				Pdeathsig:  syscall.SIGKILL,
				Credential: l.acct.Credential(),
			}
			// Our working directory may not be the user's to enter.
			cmd.Dir = l.dir
			l.cmd = cmd
		}),
	}
}

// env is Chromium's environment: its home, config, cache and temporary
// files (shared memory, with --disable-dev-shm-usage) in its own
// directory, and the few variables of ours that it reads.
func (l *launch) env() []string {
	env := []string{"HOME=" + l.dir, "TMPDIR=" + l.dir,
		"XDG_CONFIG_HOME=" + l.dir + "/.config", "XDG_CACHE_HOME=" + l.dir + "/.cache"}
	for _, k := range []string{"PATH", "LANG", "LC_ALL", "TZ", "FONTCONFIG_FILE", "FONTCONFIG_PATH", "CHROME_DEVEL_SANDBOX"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// pid is the browser process's id, which is also its process group's, or
// 0 if it never started. Only once chromedp's allocation has returned:
// cmd.Start has then happened, or never will.
func (l *launch) pid() int {
	if l.cmd == nil || l.cmd.Process == nil {
		return 0
	}
	return l.cmd.Process.Pid
}

// user is who Chromium runs as, for the log.
func (l *launch) user() string {
	if l.acct != nil {
		return l.acct.Name
	}
	return fmt.Sprint(os.Getuid())
}

// startError explains a start that failed because of the sandbox.
func (l *launch) startError(err error) error {
	msg := err.Error()
	if l.sandboxed && sandboxFailure(msg) {
		return fmt.Errorf("%w: %s\n%s", ErrSandbox, SandboxHint, lastLines(msg, 6))
	}
	return err
}

// sandboxFailure recognizes what Chromium prints when its sandbox cannot
// start: no namespaces and no setuid helper ("No usable sandbox!"), a
// seccomp filter that refuses clone or unshare ("Failed to move to new
// namespace: … Operation not permitted", then no zygote), or one that
// refuses chroot ("Check failed: sys_chroot(…)").
func sandboxFailure(msg string) bool {
	for _, s := range []string{"No usable sandbox", "Failed to move to new namespace", "sys_chroot", "Cannot communicate with zygote", "Zygote process exited prematurely"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// cleanup removes the profile; Chromium must have exited.
func (l *launch) cleanup() {
	if l.dir != "" {
		_ = os.RemoveAll(l.dir)
	}
}

// lastLines keeps the end of Chromium's output, where the fatal line is.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

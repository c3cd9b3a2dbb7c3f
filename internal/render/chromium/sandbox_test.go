package chromium

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/stretchr/testify/require"
)

// TestRenderersRunSandboxed proves that a page renders in a process that
// runs under Chromium's seccomp-bpf filter, in a user and PID namespace of
// its own, and, when we are root, not as root; and that with NoSandbox it
// does not (so that the test can tell the two apart).
func TestRenderersRunSandboxed(t *testing.T) {
	t.Parallel()
	for _, noSandbox := range []bool{false, true} {
		t.Run("noSandbox="+strconv.FormatBool(noSandbox), func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			b, err := Start(ctx, Config{Path: os.Getenv("PAPRIKA_CHROMIUM"), Tabs: 1, NoSandbox: noSandbox})
			require.NoError(t, err)
			defer b.Close()
			require.Equal(t, !noSandbox, b.Sandboxed())

			tab, err := b.Acquire(ctx)
			require.NoError(t, err)
			_, pages, err := tab.PDF(ctx, Page{HTML: `<p id=x>sandboxed</p><script>window.done = true</script>`,
				Scripts: true, WaitFor: "window.done"}, page.PrintToPDFParams{})
			b.Release(tab, true)
			require.NoError(t, err)
			require.Equal(t, 1, pages)

			renderers := processesOfType(t, b.Pid(), "renderer")
			require.NotEmpty(t, renderers, "no renderer process in Chromium's process group")
			for _, pid := range renderers {
				st := procStatus(t, pid)
				if noSandbox {
					require.Equal(t, "0", st["Seccomp"], "renderer %d", pid)
					require.Equal(t, nsOf(t, "self", "user"), nsOf(t, strconv.Itoa(pid), "user"))
					require.Equal(t, nsOf(t, "self", "pid"), nsOf(t, strconv.Itoa(pid), "pid"))
					continue
				}
				require.Equal(t, "2", st["Seccomp"], "renderer %d runs without the seccomp filter", pid)
				require.NotEqual(t, nsOf(t, "self", "user"), nsOf(t, strconv.Itoa(pid), "user"), "renderer %d shares our user namespace", pid)
				require.NotEqual(t, nsOf(t, "self", "pid"), nsOf(t, strconv.Itoa(pid), "pid"), "renderer %d shares our PID namespace", pid)
				if os.Geteuid() == 0 {
					require.NotEqual(t, "0", strings.Fields(st["Uid"])[0], "renderer %d runs as root", pid)
				}
			}
			if os.Geteuid() == 0 && !noSandbox {
				require.NotEqual(t, "0", strings.Fields(procStatus(t, b.Pid())["Uid"])[0], "the browser runs as root")
			}
		})
	}
}

// TestSandboxNeedsAnUnprivilegedUser checks that as root, with no user to
// run Chromium as, the start fails with ErrSandbox instead of running
// Chromium unsandboxed, unless NoSandbox says so; and that the profile
// directory belongs to the user Chromium runs as.
func TestSandboxNeedsAnUnprivilegedUser(t *testing.T) {
	t.Parallel()
	l, err := newLaunch(false, []string{"paprika-no-such-user"}, nil)
	if os.Geteuid() == 0 {
		require.ErrorIs(t, err, ErrSandbox)
		require.ErrorContains(t, err, "PAPRIKA_CHROMIUM_NO_SANDBOX=true")
	} else {
		require.NoError(t, err, "not root: Chromium runs sandboxed as us")
		require.Nil(t, l.acct)
		l.cleanup()
	}

	l, err = newLaunch(true, []string{"paprika-no-such-user"}, nil)
	require.NoError(t, err)
	require.False(t, l.sandboxed)
	require.Nil(t, l.acct, "no user looked up without the sandbox")
	l.cleanup()

	l, err = newLaunch(false, SandboxUsers, nil)
	require.NoError(t, err)
	defer l.cleanup()
	fi, err := os.Stat(l.dir)
	require.NoError(t, err)
	owner := int(fi.Sys().(*syscall.Stat_t).Uid)
	if os.Geteuid() == 0 {
		require.NotNil(t, l.acct)
		require.Equal(t, l.acct.UID, owner)
		require.NotZero(t, owner)
	} else {
		require.Equal(t, os.Geteuid(), owner)
	}
}

// processesOfType lists Chromium's processes of one --type (renderer,
// zygote, gpu-process…) in the browser's process group.
func processesOfType(t *testing.T, pgid int, typ string) []int {
	t.Helper()
	var pids []int
	for _, pid := range processGroup(pgid) {
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err != nil {
			continue // exited meanwhile
		}
		// Chromium rewrites its children's command lines into one string,
		// so the switches are separated by spaces rather than NULs.
		for _, arg := range strings.Fields(string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}))) {
			if arg == "--type="+typ {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// procStatus reads /proc/<pid>/status as a map of its fields.
func procStatus(t *testing.T, pid int) map[string]string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	require.NoError(t, err)
	m := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			m[k] = strings.TrimSpace(v)
		}
	}
	return m
}

// nsOf is the namespace a process is in, like "user:[4026531837]".
func nsOf(t *testing.T, pid, ns string) string {
	t.Helper()
	s, err := os.Readlink("/proc/" + pid + "/ns/" + ns)
	require.NoError(t, err)
	return s
}

// TestSandboxFailureIsRecognized holds the lines Chromium 156 printed here
// when its sandbox could not start, under Docker's default seccomp profile
// (with and without Debian's setuid chromium-sandbox) and with every
// capability dropped.
func TestSandboxFailureIsRecognized(t *testing.T) {
	t.Parallel()
	for _, out := range []string{
		"[1:1:1201/082531.789133:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:130] No usable sandbox! If this is a Debian system, please install the chromium-sandbox package to solve this problem.",
		"Failed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted\n[1:1:1201/082608.814958:FATAL:content/common/zygote/zygote_communication_linux.cc:291] Cannot communicate with zygote",
		"Check failed: sys_chroot(\"/proc/self/fdinfo/\") == 0\n[1:1:1201/083001.509111:FATAL:content/browser/zygote_host/zygote_host_impl_linux.cc:251] Zygote process exited prematurely with exit code -1",
	} {
		l := &launch{sandboxed: true}
		err := l.startError(errors.New("chrome failed to start:\n" + out))
		require.ErrorIs(t, err, ErrSandbox, out)
		require.ErrorContains(t, err, "deploy/seccomp/paprika-chromium.json")
		require.ErrorContains(t, err, out[len(out)-20:], "Chromium's own words are kept")

		l.sandboxed = false
		require.NotErrorIs(t, l.startError(errors.New(out)), ErrSandbox, "without the sandbox, not the sandbox's fault")
	}
	require.NotErrorIs(t, (&launch{sandboxed: true}).startError(errors.New("websocket url timeout reached")), ErrSandbox)
}

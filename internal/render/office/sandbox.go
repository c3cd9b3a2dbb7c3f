package office

import (
	"errors"
	"os"
	"syscall"

	"github.com/paprikahq/paprika/internal/osuser"
)

// ErrSandbox is returned when LibreOffice cannot be started in its
// sandbox. The engine then refuses to convert rather than run it with the
// network: an Office file can link images and data by URL.
var ErrSandbox = errors.New("LibreOffice's sandbox cannot run here")

// SandboxHint says how to make the sandbox work.
const SandboxHint = "LibreOffice runs in a network namespace of its own: as root, create a user named " +
	"paprika (it runs as that user); otherwise it needs unprivileged user namespaces: check that sysctl " +
	"user.max_user_namespaces is above 0 and, in a container, run it with the seccomp profile " +
	"deploy/seccomp/paprika-chromium.json (see docs/deployment.md)"

// SandboxUsers are the users LibreOffice runs as when Paprika is root,
// first found first: the same as Chromium's.
var SandboxUsers = []string{"paprika", "nobody"}

// sysProcAttr is how a slot's helper, and the soffice it starts, run:
//
//   - in a network namespace of their own, which has only a loopback
//     that is down: no connection leaves it, to the internet, the
//     cluster or this host's own ports;
//   - as the unprivileged acct when we are root (root makes the
//     namespace, then the child drops to acct), else as ourselves in a
//     user namespace that maps only our uid and gid;
//   - in a process group of their own, which the pool measures and kills
//     as one (internal/procgroup), and killed if we die.
func sysProcAttr(acct *osuser.Account) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{
		Setpgid:    true,
		Pdeathsig:  syscall.SIGKILL,
		Cloneflags: syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC,
	}
	if acct != nil {
		attr.Credential = acct.Credential()
		return attr
	}
	if os.Geteuid() != 0 {
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}}
	}
	return attr
}

// env is the helper's and LibreOffice's environment: their home and
// temporary files in the slot's directory, headless rendering, and the few
// variables of ours that they read (fonts are found through the same
// fontconfig as Chromium's). None of our secrets.
func env(dir string) []string {
	e := []string{"HOME=" + dir, "TMPDIR=" + dir, "XDG_CONFIG_HOME=" + dir + "/.config",
		"XDG_CACHE_HOME=" + dir + "/.cache", "SAL_USE_VCLPLUGIN=svp", "PYTHONDONTWRITEBYTECODE=1"}
	for _, k := range []string{"PATH", "LANG", "LC_ALL", "TZ", "FONTCONFIG_FILE", "FONTCONFIG_PATH"} {
		if v, ok := os.LookupEnv(k); ok {
			e = append(e, k+"="+v)
		}
	}
	return e
}

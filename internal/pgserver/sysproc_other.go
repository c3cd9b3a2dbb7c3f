//go:build unix && !linux

package pgserver

import "syscall"

// sysProcAttr has no parent-death signal outside Linux: there postgres only
// stops when Stop is called, or when it notices on its own that we are gone.
func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Setpgid: true}
}

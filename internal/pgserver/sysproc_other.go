//go:build unix && !linux

package pgserver

import "syscall"

// sysProcAttr has no parent-death signal outside Linux: there postgres
// outlives a parent that dies without calling Stop.
func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Setpgid: true}
}

package benchkit

import "syscall"

// ChildAttr makes a child process die with the benchmark, even when the
// benchmark is killed with SIGKILL.
func ChildAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

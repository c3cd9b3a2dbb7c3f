package pgserver

import "syscall"

// sysProcAttr keeps postgres from outliving us: the kernel sends it SIGINT,
// a fast shutdown, when we die, even by SIGKILL. Its own process group keeps
// a terminal's Ctrl-C from reaching it directly, so that it stops once, when
// we tell it to, instead of racing our shutdown.
//
// Pdeathsig fires when the thread that forked the child exits, not the
// process; Start forks from a goroutine locked to its thread for the child's
// whole life so that the Go runtime never retires that thread early.
func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{
		Credential: cred,
		Setpgid:    true,
		Pdeathsig:  syscall.SIGINT,
	}
}

package s3test

import (
	"os/exec"
	"runtime"
	"syscall"
)

// sysProcAttr keeps versitygw from outliving the test binary, even one
// killed by SIGKILL: the kernel kills it when the thread that forked it exits.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// startLocked starts cmd from a goroutine locked to its thread for the
// child's whole life (Pdeathsig fires when that thread exits, and the Go
// runtime retires threads) and closes exited when the child has gone.
func startLocked(cmd *exec.Cmd, exited chan<- struct{}) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		_ = cmd.Wait()
		close(exited)
	}()
	return <-started
}

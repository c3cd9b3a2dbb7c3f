//go:build !linux

package s3test

import (
	"os/exec"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// startLocked starts cmd and closes exited when the child has gone.
func startLocked(cmd *exec.Cmd, exited chan<- struct{}) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait(); close(exited) }()
	return nil
}

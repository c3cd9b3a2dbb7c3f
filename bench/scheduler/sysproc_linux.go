package main

import "syscall"

// childAttr makes a worker process die with the benchmark.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

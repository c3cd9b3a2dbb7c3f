//go:build !linux

package benchkit

import "syscall"

// ChildAttr is nil where there is no parent-death signal: the benchmark
// stops its children itself.
func ChildAttr() *syscall.SysProcAttr { return nil }

//go:build !linux

package main

import "time"

// threadCPU is 0 where the thread's own CPU time is not at hand.
func threadCPU() time.Duration { return 0 }

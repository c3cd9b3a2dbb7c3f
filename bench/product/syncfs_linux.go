package main

import "golang.org/x/sys/unix"

// syncfs flushes the whole file system holding fd (syncfs(2)).
func syncfs(fd uintptr) error { return unix.Syncfs(int(fd)) }

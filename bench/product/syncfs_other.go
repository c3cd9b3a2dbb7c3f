//go:build !linux

package main

import "errors"

func syncfs(fd uintptr) error { return errors.New("syncfs: Linux only") }

package main

import (
	"context"
	"io"
)

func runRender(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return usageError("render comes with the renderer")
}

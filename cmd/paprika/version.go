package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func printVersion(w io.Writer) {
	commit, modified := "unknown", ""
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = " (modified)"
				}
			}
		}
	}
	fmt.Fprintf(w, "paprika %s\ncommit %s%s\n%s %s/%s\n", version, commit, modified, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

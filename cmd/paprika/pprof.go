//go:build pprof

package main

import (
	"net"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on http.DefaultServeMux
	"os"
	"runtime"

	"github.com/paprikahq/paprika/internal/api"
)

// Built with -tags pprof only (bench/product -profile does), never in a
// release: PAPRIKA_PPROF=127.0.0.1:PORT serves net/http/pprof there, with
// block and mutex profiling on, so a real worker or api process can be
// profiled under the benchmark's load. Without the variable nothing changes.
func init() {
	addr := os.Getenv("PAPRIKA_PPROF")
	if addr == "" {
		return
	}
	runtime.SetBlockProfileRate(100_000) // one sample per 100 µs blocked
	runtime.SetMutexProfileFraction(100)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		os.Stderr.WriteString("PAPRIKA_PPROF: " + err.Error() + "\n")
		os.Exit(exitConfig)
	}
	// The same connection limits as every other server of the process.
	srv := api.NewHTTPServer(http.DefaultServeMux, api.DefaultTimeouts(), nil)
	go func() { _ = srv.Serve(ln) }()
}

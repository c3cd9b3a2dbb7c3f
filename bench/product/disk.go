package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// diskProbe is what writing one output costs on the data directory's
// disk right now, written the ways a worker could write a flush of 8:
// one by one, 8 at once each with its own fsync (today's slots), 8
// written first and then fsynced together in parallel, and 8 written then
// one syncfs(2) for all.
type diskProbe struct {
	Mode       string  `json:"mode"`
	Files      int     `json:"files"`
	CPUPerFile float64 `json:"cpuUsPerFile"`  // user+system of this process
	WallFile   float64 `json:"wallUsPerFile"` // elapsed ÷ files
	// Steps: for "one by one", the CPU µs of each step, measured on the
	// writing thread: create, write, fsync, close, rename.
	Steps map[string]float64 `json:"cpuUsPerStep,omitempty"`
}

const probeGroup = 8

// probeDisk writes n files of 700 bytes (an html output's size) in dir
// each way; they go with dir at the end of the bench (see env.keep).
func probeDisk(dir string, n int) ([]diskProbe, error) {
	root, err := os.MkdirTemp(dir, "probe")
	if err != nil {
		return nil, err
	}
	body := make([]byte, 700)
	var out []diskProbe
	for _, mode := range []string{"one by one", "8 at once, each fsyncs", "8 written, then fsynced in parallel", "8 written, then one syncfs"} {
		sub := filepath.Join(root, fmt.Sprint(len(out)))
		if err := os.Mkdir(sub, 0o750); err != nil {
			return nil, err
		}
		c0, t0 := selfCPU(), time.Now()
		var err error
		var steps *[5]time.Duration
		if mode == "one by one" {
			steps = new([5]time.Duration)
			runtime.LockOSThread()
		}
		for i := 0; i < n && err == nil; i += probeGroup {
			switch mode {
			case "one by one":
				for j := i; j < i+probeGroup && err == nil; j++ {
					err = writeTimed(sub, j, body, steps)
				}
			case "8 at once, each fsyncs":
				err = eachParallel(i, func(j int) error { return writeSynced(sub, j, body) })
			default:
				err = writeGroup(sub, i, body, mode == "8 written, then one syncfs")
			}
		}
		if err != nil {
			return nil, err
		}
		el, cpu := time.Since(t0), selfCPU()-c0
		p := diskProbe{Mode: mode, Files: n, CPUPerFile: 1e6 * cpu.Seconds() / float64(n), WallFile: 1e6 * el.Seconds() / float64(n)}
		if steps != nil {
			runtime.UnlockOSThread()
			p.Steps = map[string]float64{}
			for k, name := range stepNames {
				p.Steps[name] = 1e6 * steps[k].Seconds() / float64(n)
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// writeSynced is storage.Store.Write: a temporary file, written, fsynced,
// closed and renamed into place.
func writeSynced(dir string, i int, body []byte) error {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(body); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, fmt.Sprintf("%06d.html", i)))
}

var stepNames = [5]string{"create", "write", "fsync", "close", "rename"}

// writeTimed is writeSynced adding each step's CPU, on this thread (locked
// to it by the caller), to steps.
func writeTimed(dir string, i int, body []byte, steps *[5]time.Duration) error {
	t := threadCPU()
	lap := func(k int) {
		now := threadCPU()
		steps[k] += now - t
		t = now
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	lap(0)
	_, err = f.Write(body)
	lap(1)
	if err == nil {
		err = f.Sync()
	}
	lap(2)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	lap(3)
	if err != nil {
		return err
	}
	err = os.Rename(f.Name(), filepath.Join(dir, fmt.Sprintf("%06d.html", i)))
	lap(4)
	return err
}

// writeGroup writes probeGroup files, then makes them durable together:
// fsyncs in parallel, or one syncfs of the file system.
func writeGroup(dir string, from int, body []byte, oneSyncfs bool) error {
	fs := make([]*os.File, probeGroup)
	for j := range fs {
		f, err := os.CreateTemp(dir, ".tmp-*")
		if err != nil {
			return err
		}
		fs[j] = f
		if _, err := f.Write(body); err != nil {
			return err
		}
	}
	var err error
	if oneSyncfs {
		err = syncfs(fs[0].Fd())
	} else {
		err = eachParallel(0, func(j int) error { return fs[j].Sync() })
	}
	for j, f := range fs {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(f.Name(), filepath.Join(dir, fmt.Sprintf("%06d.html", from+j)))
		}
	}
	return err
}

// eachParallel runs f(from .. from+probeGroup-1) at once.
func eachParallel(from int, f func(int) error) error {
	errs := make([]error, probeGroup)
	var wg sync.WaitGroup
	for j := range probeGroup {
		wg.Add(1)
		go func() { defer wg.Done(); errs[j] = f(from + j) }()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func printProbe(w io.Writer, ps []diskProbe) {
	for _, p := range ps {
		fmt.Fprintf(w, "  disk, %d files of 700 B %s: %.0f µs CPU and %.0f µs wall per file", p.Files, p.Mode, p.CPUPerFile, p.WallFile)
		if p.Steps != nil {
			fmt.Fprint(w, " (CPU")
			for _, name := range stepNames {
				fmt.Fprintf(w, " %s %.0f", name, p.Steps[name])
			}
			fmt.Fprint(w, ")")
		}
		fmt.Fprintln(w)
	}
}

//go:build unix

package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
)

// BenchmarkFilesPutGroup stores flushes shaped like bench/scheduler's: 128
// records a flush, each in a batch folder of its own, the same 128 folders
// flush after flush (a batch gives one record to each flush). It runs on
// the file system of the test's temporary folder (TMPDIR=/dev/shm for
// tmpfs), each way of naming the files a sub-benchmark, with the folders
// kept open between flushes and, as before 695031c, opened for each flush.
// cpu-µs/file is the process's user and system time for each file stored.
// Nothing is deleted until every sub-benchmark is done: on an ext4 without
// a journal, as this VM's, creating files within 60–300 s of deleting many
// costs ten times as much (see docs/performance.md, recently_deleted).
//
//	TMPDIR=/dev/shm go test -run '^$' -bench FilesPutGroup -benchtime 300x ./internal/storage/
func BenchmarkFilesPutGroup(b *testing.B) {
	ways := []linkWay{linkEmptyPath, linkProc, linkNone}
	names := map[linkWay]string{linkEmptyPath: "unnamed", linkProc: "unnamed-proc", linkNone: "named"}
	root, runs := b.TempDir(), 0
	for _, way := range ways {
		for _, keep := range []bool{true, false} {
			name := fmt.Sprintf("%s/kept=%v", names[way], keep)
			b.Run(name, func(b *testing.B) {
				runs++ // a folder of its own for each run: none holds another's outputs
				s := &Files{Dir: filepath.Join(root, fmt.Sprintf("%s-%d", strings.ReplaceAll(name, "/", "-"), runs)), only: way}
				defer s.Close()
				if way != linkNone && probeWay(b, s.Dir) > way {
					b.Skipf("this kernel refuses %s here", names[way])
				}
				batches := make([]uuid.UUID, 128)
				for i := range batches {
					batches[i] = uuid.New()
				}
				body := make([]byte, 2048)
				outs := make([]Output, len(batches))
				ctx := context.Background()
				cpu0 := cpuTime(b)
				b.ResetTimer()
				for n := range b.N {
					for i, batch := range batches {
						outs[i] = Output{Key: RecordKey("acme", batch, n, "html"), Body: body}
					}
					if err := s.PutGroup(ctx, outs); err != nil {
						b.Fatal(err)
					}
					if !keep {
						s.folders.closeAll()
					}
				}
				b.StopTimer()
				files := float64(b.N * len(batches))
				b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/files, "cpu-µs/file")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/files, "ns/file")
			})
		}
	}
}

// probeWay is the best way of linking unnamed files that works in dir.
func probeWay(b *testing.B, dir string) linkWay {
	w, known := probeLinkWay(dir)
	if !known {
		b.Fatalf("no answer from the probe in %s", dir)
	}
	return w
}

// cpuTime is the CPU time (user and system) the process has used, as
// internal/render's benchmarks read it.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

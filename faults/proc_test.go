package faults

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/paprikahq/paprika/internal/proctest"
)

// proc is one paprika process a test started.
type proc = proctest.Proc

// startProc runs `paprika command` with vars, logging to a file of the
// test's, and returns once its /readyz answers 200 (Chromium up, database
// reachable). The process is killed, with its Chromium, when the test ends.
func (c *cluster) startProc(name, command string, extra map[string]string) *proc {
	c.t.Helper()
	vars := map[string]string{}
	for k, v := range c.vars {
		vars[k] = v
	}
	for k, v := range extra {
		vars[k] = v
	}
	c.seq++
	p := proctest.Start(c.t, proctest.Options{Bin: bin, Name: name, Command: command, Vars: vars,
		LogPath: filepath.Join(c.dir, fmt.Sprintf("%02d-%s.log", c.seq, name))})
	c.procs = append(c.procs, p)
	return p
}

// logLine is the part of a process's JSON log lines the checks read.
type logLine struct {
	Msg     string `json:"msg"`
	Level   string `json:"level"`
	JobID   string `json:"jobId"`
	BatchID string `json:"batchId"`
	Index   int    `json:"index"`
	Attempt int    `json:"attempt"`
}

// claims counts the claims every process of the test logged, by item
// (job id, or batch id/index), killed processes' included, less the
// hand-backs they logged (work handed back while the output store was
// down, whose attempt is not counted).
func (c *cluster) claims() map[string]int {
	n := map[string]int{}
	for _, p := range c.procs {
		for _, line := range strings.Split(p.Log(), "\n") {
			delta := 1
			switch {
			case strings.Contains(line, `"msg":"claim"`):
			case strings.Contains(line, `"msg":"handed back"`):
				delta = -1
			default:
				continue
			}
			var l logLine
			if json.Unmarshal([]byte(line), &l) != nil {
				continue
			}
			if l.JobID != "" {
				n[l.JobID] += delta
			} else {
				n[fmt.Sprintf("%s/%d", l.BatchID, l.Index)] += delta
			}
		}
	}
	return n
}

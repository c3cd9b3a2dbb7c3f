// Package procgroup reads and ends a child's whole process group from /proc.
// Chromium and LibreOffice each run in a group of their own (Setpgid), so a
// group is one engine and everything it started: what its memory is measured
// over, and what a kill must reach (internal/render/chromium,
// internal/render/office).
package procgroup

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Members lists the live processes of process group pgid.
func Members(pgid int) []int {
	if pgid <= 0 {
		return nil
	}
	var pids []int
	for _, pid := range PIDs() {
		if st, ok := ReadStat(pid); ok && st.Pgrp == pgid {
			pids = append(pids, pid)
		}
	}
	return pids
}

// PIDs lists the processes of the machine (of this PID namespace) now,
// from /proc.
func PIDs() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// Stat is what /proc/<pid>/stat says of a process that we use.
type Stat struct {
	State byte
	PPid  int
	Pgrp  int
	RSS   int64 // pages
}

// ReadStat parses /proc/<pid>/stat. The command name, in parentheses, may
// hold spaces, so the fields are counted from its closing parenthesis.
func ReadStat(pid int) (Stat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return Stat{}, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return Stat{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 22 {
		return Stat{}, false
	}
	// After the name: state(3) ppid(4) pgrp(5) … rss(24), numbered from 1.
	ppid, _ := strconv.Atoi(f[1])
	pgrp, _ := strconv.Atoi(f[2])
	rss, _ := strconv.ParseInt(f[21], 10, 64)
	return Stat{State: f[0][0], PPid: ppid, Pgrp: pgrp, RSS: rss}, true
}

// RSS is the resident memory of the whole group, in bytes.
func RSS(pgid int) int64 {
	page := int64(os.Getpagesize())
	var total int64
	for _, pid := range Members(pgid) {
		if st, ok := ReadStat(pid); ok {
			total += st.RSS * page
		}
	}
	return total
}

// Kill sends SIGKILL to every process of the group.
func Kill(pgid int) {
	if pgid > 0 {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// Reap waits for the processes of a killed group that ended up as our
// children. That happens when this process is PID 1 in a container:
// orphans are reparented to it, and nothing else would wait for them.
// Each pid is waited for by number, never with wait(-1), so that no other
// package's exec.Cmd loses its child's exit status.
func Reap(pids []int) {
	self := os.Getpid()
	deadline := time.Now().Add(2 * time.Second)
	for _, pid := range pids {
		for {
			st, ok := ReadStat(pid)
			if !ok || st.PPid != self {
				break // gone, or someone else's to reap
			}
			var ws syscall.WaitStatus
			if got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); got == pid || err != nil {
				break
			}
			if time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

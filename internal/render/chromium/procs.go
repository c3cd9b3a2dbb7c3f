package chromium

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// processGroup lists the live processes of process group pgid, read from
// /proc. Chromium runs in a group of its own (Setpgid), so this is the
// browser and everything it started.
func processGroup(pgid int) []int {
	if pgid <= 0 {
		return nil
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok && st.pgrp == pgid {
			pids = append(pids, pid)
		}
	}
	return pids
}

type procStat struct {
	state byte
	ppid  int
	pgrp  int
	rss   int64 // pages
}

// readStat parses /proc/<pid>/stat. The command name, in parentheses, may
// hold spaces, so the fields are counted from its closing parenthesis.
func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 22 {
		return procStat{}, false
	}
	// After the name: state(3) ppid(4) pgrp(5) … rss(24), numbered from 1.
	ppid, _ := strconv.Atoi(f[1])
	pgrp, _ := strconv.Atoi(f[2])
	rss, _ := strconv.ParseInt(f[21], 10, 64)
	return procStat{state: f[0][0], ppid: ppid, pgrp: pgrp, rss: rss}, true
}

// killGroup sends SIGKILL to every process of the group.
func killGroup(pgid int) {
	if pgid > 0 {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// reap waits for the processes of a killed group that ended up as our
// children. That happens when this process is PID 1 in a container:
// orphans are reparented to it, and nothing else would wait for them.
// Each pid is waited for by number, never with wait(-1), so that no other
// package's exec.Cmd loses its child's exit status.
func reap(pids []int) {
	self := os.Getpid()
	deadline := time.Now().Add(2 * time.Second)
	for _, pid := range pids {
		for {
			st, ok := readStat(pid)
			if !ok || st.ppid != self {
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

// MemoryBytes is the resident memory of the browser's whole process group.
func (b *Browser) MemoryBytes() int64 {
	page := int64(os.Getpagesize())
	var total int64
	for _, pid := range processGroup(b.pid) {
		if st, ok := readStat(pid); ok {
			total += st.rss * page
		}
	}
	return total
}

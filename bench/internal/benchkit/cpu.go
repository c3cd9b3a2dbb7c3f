package benchkit

import (
	"os"
	"strconv"
	"strings"
)

// clockTicks is USER_HZ, the unit of /proc's CPU times, on Linux.
const clockTicks = 100

// ProcTimes reads /proc/PID/stat: user+system seconds of the process itself,
// the same of its waited-for children that have exited, and its parent's
// pid. ok is false when the process is gone or the file unreadable.
func ProcTimes(pid int) (self, children float64, ppid int, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')') // the command may hold spaces and parentheses
	if i < 0 {
		return 0, 0, 0, false
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3, state
	if len(f) < 15 {
		return 0, 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	var t [4]float64 // utime, stime, cutime, cstime: fields 14–17
	for k := range t {
		t[k], _ = strconv.ParseFloat(f[11+k], 64)
	}
	return (t[0] + t[1]) / clockTicks, (t[2] + t[3]) / clockTicks, ppid, true
}

// ProcCPU returns the user+system CPU seconds a process has used (its
// threads included, its children not), and its parent's pid; 0, 0 if the
// process is gone.
func ProcCPU(pid int) (seconds float64, ppid int) {
	self, _, ppid, _ := ProcTimes(pid)
	return self, ppid
}

// ProcSystemCPU returns the system (kernel) part of ProcCPU: the time the
// process spent in its system calls.
func ProcSystemCPU(pid int) float64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	st, _ := strconv.ParseFloat(f[12], 64)
	return st / clockTicks
}

// ServerCPU returns the CPU seconds used by a server that works in child
// processes, such as PostgreSQL's postmaster and its backends: the
// postmaster's own time, the time of every live child, and the time of the
// children that have exited (a closed connection's backend), which the
// kernel adds to the postmaster's cutime and cstime when it reaps them.
// Grandchildren are not counted: PostgreSQL has none.
func ServerCPU(pid int) float64 {
	self, children, _, ok := ProcTimes(pid)
	if !ok {
		return 0
	}
	total := self + children
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if v, _, ppid, ok := ProcTimes(p); ok && ppid == pid {
			total += v
		}
	}
	return total
}

// MachineCPU returns the CPU seconds of all cores since boot from
// /proc/stat: busy (everything but idle and iowait) and total.
func MachineCPU() (busy, total float64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 2 {
		return 0, 0
	}
	for i, x := range f[1:] {
		if i >= 8 { // guest time is already in user
			break
		}
		v, _ := strconv.ParseFloat(x, 64)
		total += v / clockTicks
		if i != 3 && i != 4 { // idle, iowait
			busy += v / clockTicks
		}
	}
	return busy, total
}

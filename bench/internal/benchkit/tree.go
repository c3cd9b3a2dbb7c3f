package benchkit

import (
	"os"
	"strconv"
)

// TreeSampler follows the CPU of a process and every process below it: a
// paprika process's Chromium and its zygote, GPU and renderer processes
// (bench/storm, bench/product). Each
// process counts its own time and that of its reaped children (cutime:
// Chromium's zygote reaps renderers that live a render or so). Processes
// also leave the tree without dying (re-parented when their parent exits),
// and summing ServerCPU over the tree at two instants lost them and gave
// negative figures; so every process ever seen in the tree (read at each
// Sample, bench/storm's every 250 ms, each pass reading each stat once)
// stays counted where it
// goes: its time now less its time at the start (0 if born since); one that
// exited and whose parent was followed too counts through that parent's
// cutime (its start time taken off), else by its last reading.
type TreeSampler struct {
	root  int
	procs map[int]*followed
}

type followed struct {
	ppid        int
	start, last float64 // own + reaped children's CPU seconds
}

// NewTreeSampler starts following the tree rooted at root.
func NewTreeSampler(root int) *TreeSampler {
	t := &TreeSampler{root: root, procs: map[int]*followed{}}
	all := scanProcs()
	for p, st := range all {
		if t.inTree(p, all) {
			t.procs[p] = &followed{ppid: st.ppid, start: st.cpu, last: st.cpu}
		}
	}
	return t
}

type procStat struct {
	ppid int
	cpu  float64
}

// scanProcs reads every process's stat once.
func scanProcs() map[int]procStat {
	out := map[int]procStat{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		if p, err := strconv.Atoi(e.Name()); err == nil {
			if self, cut, ppid, ok := ProcTimes(p); ok {
				out[p] = procStat{ppid, self + cut}
			}
		}
	}
	return out
}

func (t *TreeSampler) inTree(p int, all map[int]procStat) bool {
	for q := p; q > 1; q = all[q].ppid {
		if q == t.root {
			return true
		}
	}
	return false
}

// Sample reads the processes again, adding those new in the tree.
func (t *TreeSampler) Sample() map[int]procStat {
	all := scanProcs()
	for p, st := range all {
		f, ok := t.procs[p]
		switch {
		case ok:
			f.ppid, f.last = st.ppid, max(f.last, st.cpu)
		case t.inTree(p, all):
			t.procs[p] = &followed{ppid: st.ppid, last: st.cpu} // born since the start
		}
	}
	return all
}

// Total is the CPU seconds the tree used since the start, and the processes
// in it now.
func (t *TreeSampler) Total() (float64, int) {
	all := t.Sample()
	sum, n := 0.0, 0
	for p, f := range t.procs {
		if _, alive := all[p]; alive {
			sum += f.last - f.start
			if t.inTree(p, all) {
				n++
			}
			continue
		}
		if _, parentAlive := all[f.ppid]; parentAlive && t.procs[f.ppid] != nil {
			sum -= f.start // all of its life is in its parent's cutime
		} else {
			sum += f.last - f.start
		}
	}
	return sum, n
}

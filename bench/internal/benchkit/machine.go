package benchkit

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
)

// LoadAvg returns the 1, 5 and 15 minute load averages as uptime prints
// them ("1.30 0.95 0.40"), "?" when unknown.
func LoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// MachineInfo names the cores, their model, the memory and the platform.
func MachineInfo() string {
	model := "?"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	mem := "?"
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int64
		for _, l := range strings.Split(string(b), "\n") {
			if _, err := fmt.Sscanf(l, "MemTotal: %d kB", &kb); err == nil {
				mem = fmt.Sprintf("%.0f GiB", float64(kb)/(1<<20))
				break
			}
		}
	}
	return fmt.Sprintf("%d cores (%s), %s RAM, %s/%s", runtime.NumCPU(), model, mem, runtime.GOOS, runtime.GOARCH)
}

// QuantileIndex is the index of quantile q (0–1) in a sorted slice of n
// elements, by the nearest-rank method.
func QuantileIndex(n int, q float64) int {
	i := int(math.Ceil(q*float64(n))) - 1
	return min(max(i, 0), n-1)
}

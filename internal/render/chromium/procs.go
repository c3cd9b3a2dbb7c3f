package chromium

import (
	"github.com/paprikahq/paprika/internal/procgroup"
)

// The browser's process group, read and ended through internal/procgroup,
// which LibreOffice's pool shares.
var (
	processGroup = procgroup.Members
	readStat     = procgroup.ReadStat
	killGroup    = procgroup.Kill
	reap         = procgroup.Reap
)

// MemoryBytes is the resident memory of the browser's whole process group.
func (b *Browser) MemoryBytes() int64 {
	return procgroup.RSS(b.pid)
}

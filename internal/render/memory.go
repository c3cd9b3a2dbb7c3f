package render

import (
	"runtime/debug"
	"sync"
	"time"
)

// largeOutput is the size of a document past which its render gives the
// process's unused memory back to the system soon after: Chromium answers
// a document in one message, base64, and the process holds it encoded,
// decoded and copied for a moment; Go's collector frees that, but its
// scavenger keeps the pages for minutes (two 8,192 px wide PNGs of noise
// left a worker 500 MiB above its level two minutes after).
const largeOutput = 16 << 20

// returnAfter is how long after such a render the memory is given back:
// long enough for its caller to have stored or sent the document.
const returnAfter = 2 * time.Second

// returnEvery bounds how often it is given back: FreeOSMemory runs a full
// collection.
const returnEvery = 10 * time.Second

var memoryReturn struct {
	sync.Mutex
	pending bool
	last    time.Time
}

// returnMemorySoon gives the pages the heap no longer uses back to the
// system returnAfter from now (or returnEvery after the last time, if
// later), unless that is already planned.
func returnMemorySoon() {
	memoryReturn.Lock()
	defer memoryReturn.Unlock()
	if memoryReturn.pending {
		return
	}
	memoryReturn.pending = true
	time.AfterFunc(max(returnAfter, returnEvery-time.Since(memoryReturn.last)), func() {
		debug.FreeOSMemory()
		memoryReturn.Lock()
		memoryReturn.pending, memoryReturn.last = false, time.Now()
		memoryReturn.Unlock()
	})
}

package benchkit

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log"
	"net"
	"os"
	"strings"
	"sync"
)

// LogKeeper reads a process's JSON log lines and keeps the warnings and
// errors (the first ten in full, and how many), and the last 20 lines for
// when the process fails. With Echo, each warning and error is also
// printed, prefixed with Prefix.
type LogKeeper struct {
	Echo   bool
	Prefix string

	mu   sync.Mutex
	bad  []string
	badN int
	last []string
}

// Read reads r's lines until it ends.
func (k *LogKeeper) Read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		k.mu.Lock()
		if strings.Contains(line, `"level":"WARN"`) || strings.Contains(line, `"level":"ERROR"`) {
			k.badN++
			if len(k.bad) < 10 {
				k.bad = append(k.bad, line)
			}
			if k.Echo {
				log.Printf("%s: %s", k.Prefix, line)
			}
		}
		if len(k.last) == 20 {
			k.last = k.last[1:]
		}
		k.last = append(k.last, line)
		k.mu.Unlock()
	}
}

// Tail is the last lines read.
func (k *LogKeeper) Tail() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return strings.Join(k.last, "\n")
}

// Counts returns the warnings and errors logged, and the first few.
func (k *LogKeeper) Counts() (int, []string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.badN, append([]string(nil), k.bad...)
}

// FreePort asks the kernel for a free TCP port on loopback. Another process
// could take it before ours listens; the start then fails and says so.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// Environ is the bench's environment without Paprika's variables and PORT,
// plus vars.
func Environ(vars map[string]string) []string {
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "PAPRIKA_") || k == "PORT" {
			continue
		}
		out = append(out, kv)
	}
	for k, v := range vars {
		out = append(out, k+"="+v)
	}
	return out
}

// RandomHex is 16 random bytes in hex: a token for a bench's own use.
func RandomHex() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

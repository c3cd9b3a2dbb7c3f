package api

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
)

// chromiums lists the Chromium processes under this test binary that are
// not in before (those that ran before the test's engine started).
func chromiums(before map[int]bool) []int {
	children := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, so after the last ')'.
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 1 {
			if ppid, err := strconv.Atoi(fields[1]); err == nil {
				children[ppid] = append(children[ppid], pid)
			}
		}
	}
	var out []int
	queue := []int{os.Getpid()}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, k := range children[p] {
			queue = append(queue, k)
			cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(k) + "/cmdline")
			if !before[k] && bytes.Contains(cmd, []byte("chrom")) {
				out = append(out, k)
			}
		}
	}
	return out
}

// A synchronous render under which Chromium crashes is rendered once more
// on the browser started in its place, and answers 200: one crash is
// invisible. Two crashes answer 502 render-failed, as one did before; a
// timeout is not rendered again. The page fetches /started from a loopback
// server of the test's when it runs, which is when the test kills Chromium
// (the real browser, SIGKILL), so each kill lands inside a render.
//
// Not parallel: it kills every Chromium this binary started after its own
// engine's start, which are its engine's only while no other test runs.
func TestRenderRetriedOnceAfterChromiumCrash(t *testing.T) {
	var before = map[int]bool{}
	for _, pid := range chromiums(nil) {
		before[pid] = true
	}
	var mu sync.Mutex
	hits, killAt := 0, map[int]bool{}
	killed := 0
	started := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits++
		kill := killAt[hits]
		mu.Unlock()
		if kill {
			for _, pid := range chromiums(before) {
				if syscall.Kill(pid, syscall.SIGKILL) == nil {
					mu.Lock()
					killed++
					mu.Unlock()
				}
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer started.Close()
	reset := func(kills ...int) {
		mu.Lock()
		defer mu.Unlock()
		hits, killed, killAt = 0, 0, map[int]bool{}
		for _, k := range kills {
			killAt[k] = true
		}
	}
	counts := func() (int, int) {
		mu.Lock()
		defer mu.Unlock()
		return hits, killed
	}

	host := strings.TrimPrefix(started.URL, "http://")
	engine := render.New(render.Config{Slots: 1, Timeout: 5 * time.Second, AllowHosts: []string{host}})
	t.Cleanup(func() { require.NoError(t, engine.Close()) })
	e := setupWork(t, nil, engine)
	key := e.tenantKey(t, "acme")
	page := func(waitFor string) map[string]any {
		return map[string]any{
			"template": `<p>Invoice {{n}}</p><img src="` + started.URL + `/started">` +
				`<script>setTimeout(() => { window.ready = true }, 200)</script>`,
			"data":    map[string]any{"n": 7},
			"options": map[string]any{"waitFor": waitFor},
		}
	}

	// Warm: the engine's browser is up, and the page reaches the server.
	reset()
	resp, body := e.do(t, http.MethodPost, "/v1/renders", key, page("window.ready === true"))
	requireStatus(t, http.StatusOK, resp, body)
	h, _ := counts()
	require.Equal(t, 1, h, "the page fetched /started once")

	t.Run("one crash is invisible", func(t *testing.T) {
		reset(1)
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, page("window.ready === true"))
		requireStatus(t, http.StatusOK, resp, body)
		require.True(t, bytes.HasPrefix(body, []byte("%PDF-")))
		h, k := counts()
		require.Positive(t, k, "Chromium was killed under the first attempt")
		require.Equal(t, 2, h, "rendered twice: the crashed attempt and the one on the new browser")
		require.Contains(t, e.logs.String(), `"msg":"synchronous render failed in Chromium; rendering it once more"`)
	})

	t.Run("two crashes answer render-failed", func(t *testing.T) {
		reset(1, 2)
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, page("window.ready === true"))
		requireError(t, http.StatusBadGateway, paprika.CodeRenderFailed, resp, body)
		h, _ := counts()
		require.Equal(t, 2, h, "rendered once more, not twice more")
	})

	t.Run("a timeout is not rendered again", func(t *testing.T) {
		reset()
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, page("false"))
		requireError(t, http.StatusGatewayTimeout, paprika.CodeRenderTimeout, resp, body)
		h, _ := counts()
		require.Equal(t, 1, h)
	})

	t.Run("the next render works", func(t *testing.T) {
		reset()
		resp, body := e.do(t, http.MethodPost, "/v1/renders", key, page("window.ready === true"))
		requireStatus(t, http.StatusOK, resp, body)
	})
}

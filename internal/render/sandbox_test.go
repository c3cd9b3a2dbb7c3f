package render

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// counter is an HTTP server on 127.0.0.1 that counts every connection
// made to it, HTTP or not (a WebSocket, a TURN allocation).
type counter struct {
	addr  string // 127.0.0.1:port
	conns atomic.Int64
	hits  atomic.Int64
}

func newCounter(t *testing.T, handler http.Handler) *counter {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	c := &counter{addr: ln.Addr().String()}
	if handler == nil {
		handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Access-Control-Allow-Origin", "*")
			fmt.Fprint(w, "LEAKED")
		})
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.hits.Add(1)
		handler.ServeHTTP(w, r)
	})}
	go srv.Serve(countingListener{ln, &c.conns})
	t.Cleanup(func() { srv.Close() })
	return c
}

type countingListener struct {
	net.Listener
	n *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.n.Add(1)
	}
	return c, err
}

// sandboxVectors are ways a template may try to reach the network, with
// {addr} for the address (127.0.0.1:port) of a server counting connections
// and {port} for its port.

var sandboxVectors = map[string]string{
	"img":            `<img src="http://{addr}/img.png">`,
	"link":           `<link rel="stylesheet" href="http://{addr}/style.css">`,
	"link prefetch":  `<link rel="prefetch" href="http://{addr}/prefetch"><link rel="preconnect" href="http://{addr}">`,
	"css url":        `<style>@import url("http://{addr}/import.css"); body { background: url("http://{addr}/bg.png") }</style>`,
	"font-face":      `<style>@font-face { font-family: x; src: url("http://{addr}/font.woff2") } p { font-family: x }</style><p>text</p>`,
	"iframe":         `<iframe src="http://{addr}/frame"></iframe>`,
	"script src":     `<script src="http://{addr}/script.js"></script>`,
	"fetch":          `<script>fetch("http://{addr}/fetch").catch(() => {})</script>`,
	"xhr":            `<script>const x = new XMLHttpRequest(); x.open("GET", "http://{addr}/xhr"); x.send()</script>`,
	"websocket":      `<script>try { new WebSocket("ws://{addr}/ws") } catch (e) {}</script>`,
	"beacon":         `<script>navigator.sendBeacon("http://{addr}/beacon", "x")</script>`,
	"eventsource":    `<script>try { new EventSource("http://{addr}/events") } catch (e) {}</script>`,
	"worker fetch":   `<script>new Worker(URL.createObjectURL(new Blob(['fetch("http://{addr}/worker").catch(() => {})'], {type: "text/javascript"})))</script>`,
	"redirect js":    `<script>location.href = "http://{addr}/redirect"</script>`,
	"meta refresh":   `<meta http-equiv="refresh" content="0; url=http://{addr}/refresh">`,
	"form submit":    `<form id="f" action="http://{addr}/form" method="post"></form><script>document.getElementById("f").submit()</script>`,
	"window.open":    `<script>window.open("http://{addr}/popup")</script>`,
	"object":         `<object data="http://{addr}/object"></object><embed src="http://{addr}/embed">`,
	"video":          `<video src="http://{addr}/video.mp4" autoplay></video><audio src="http://{addr}/audio.mp3" autoplay></audio>`,
	"webrtc turn":    `<script>try { const pc = new RTCPeerConnection({iceServers: [{urls: "turn:{addr}?transport=tcp", username: "u", credential: "p"}]}); pc.createDataChannel("x"); pc.createOffer().then(o => pc.setLocalDescription(o)) } catch (e) {}</script>`,
	"srcdoc":         `<iframe srcdoc="<img src='http://{addr}/srcdoc'>"></iframe>`,
	"svg image":      `<svg xmlns="http://www.w3.org/2000/svg"><image href="http://{addr}/svg.png" width="10" height="10"/></svg>`,
	"base href":      `<base href="http://{addr}/"><img src="relative.png">`,
	"localhost name": `<img src="http://localhost:{port}/byname">`,
}

func TestSandboxBlocksNetwork(t *testing.T) {
	t.Parallel()
	for name, vector := range sandboxVectors {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := newCounter(t, nil)
			_, port, _ := net.SplitHostPort(srv.addr)
			html := strings.NewReplacer("{addr}", srv.addr, "{port}", port).Replace(vector)
			src := `<!DOCTYPE html><html><head><title>` + name + `</title></head><body><p>still here</p>` + html + `</body></html>`
			out := render(t, shared, Input{Template: src})
			require.Contains(t, pdfText(t, out.Body), "still here", "the render completes, with its own document")
			require.NotContains(t, pdfText(t, out.Body), "LEAKED")
			time.Sleep(300 * time.Millisecond) // for anything the page left running
			require.Zero(t, srv.conns.Load(), "connections to %s", srv.addr)
		})
	}
}

func TestSandboxBlocksFilesAndMetadata(t *testing.T) {
	t.Parallel()
	src := `<p>still here</p>
<iframe src="file:///etc/passwd" width="600" height="200"></iframe>
<object data="file:///etc/passwd"></object>
<img src="file:///etc/passwd">
<img src="http://169.254.169.254/latest/meta-data/">
<iframe src="http://169.254.169.254/latest/meta-data/"></iframe>
<script>
fetch("file:///etc/passwd").then(r => r.text()).then(t => document.body.append(t)).catch(() => {});
fetch("http://169.254.169.254/latest/meta-data/").then(r => r.text()).then(t => document.body.append(t)).catch(() => {});
</script>`
	out := render(t, shared, Input{Template: src})
	text := pdfText(t, out.Body)
	require.Contains(t, text, "still here")
	require.NotContains(t, text, "root:")
}

func TestHeaderTemplateCannotReachNetwork(t *testing.T) {
	t.Parallel()
	srv := newCounter(t, nil)
	out := render(t, shared, Input{Template: "<p>body</p>", Options: Options{
		HeaderTemplate: fmt.Sprintf(`<img src="http://%s/header.png"><span style="font-size:8px">head</span>`, srv.addr),
	}})
	require.Contains(t, pdfText(t, out.Body), "body")
	time.Sleep(200 * time.Millisecond)
	require.Zero(t, srv.conns.Load())
}

func TestAllowListedHost(t *testing.T) {
	t.Parallel()
	forbidden := newCounter(t, nil)
	allowed := newCounter(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/redirect":
			http.Redirect(w, r, "http://"+forbidden.addr+"/via-redirect", http.StatusFound)
		default:
			w.Header().Set("Access-Control-Allow-Origin", "*")
			fmt.Fprint(w, "served by the allowed host")
		}
	}))
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, AllowHosts: []string{allowed.addr}})
	defer e.Close()

	src := fmt.Sprintf(`<p id="out">waiting</p>
<img src="http://%[1]s/redirect">
<script>
fetch("http://%[1]s/data").then(r => r.text()).then(t => {
	document.getElementById("out").textContent = t;
	return fetch("http://%[1]s/redirect").catch(() => {});
}).finally(() => { window.done = true });
fetch("http://%[2]s/direct").catch(() => {});
</script>`, allowed.addr, forbidden.addr)
	out := render(t, e, Input{Template: src, Options: Options{WaitFor: "window.done"}})
	require.Contains(t, pdfText(t, out.Body), "served by the allowed host")
	require.GreaterOrEqual(t, allowed.hits.Load(), int64(2))
	time.Sleep(200 * time.Millisecond)
	require.Zero(t, forbidden.conns.Load(), "a redirect from an allowed host, or a direct request, reaches no other host")
}

func TestAllowListParsing(t *testing.T) {
	t.Parallel()
	e := New(Config{Chromium: shared.cfg.Chromium, AllowHosts: []string{"https://example.com/x"}})
	defer e.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := e.Render(ctx, Input{Template: "x"})
	requireCode(t, err, paprika.CodeRenderFailed)
}

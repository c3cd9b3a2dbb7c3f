package render

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// writeEverything leaves every trace a page can leave: cookies (for its
// host and for its whole site), local and session storage, an IndexedDB
// database, a window name, a global, and a timer that would scribble on a
// later page sharing its realm.
const writeEverything = `<p id="out">writing</p><script>
(async () => {
	document.cookie = "host_secret=1; max-age=3600; path=/";
	const site = location.hostname.split(".").slice(1).join(".");
	document.cookie = "site_secret=1; max-age=3600; path=/; domain=" + site;
	localStorage.setItem("secret", "1");
	sessionStorage.setItem("secret", "1");
	await new Promise((resolve, reject) => {
		const open = indexedDB.open("secretdb", 1);
		open.onupgradeneeded = () => open.result.createObjectStore("s");
		open.onerror = reject;
		open.onsuccess = () => {
			const tx = open.result.transaction("s", "readwrite");
			tx.objectStore("s").put("1", "k");
			tx.oncomplete = () => { open.result.close(); resolve(); };
		};
	});
	window.name = "secret";
	window.leakedGlobal = 1;
	setInterval(() => document.body.append(" TAMPERED "), 5);
	const dbs = (await indexedDB.databases()).map(d => d.name);
	document.getElementById("out").textContent = "WROTE " + JSON.stringify({origin: location.origin, cookie: document.cookie, local: localStorage.length, idb: dbs});
	window.done = true;
})();
</script>`

// readEverything reports what a page can see of those traces.
const readEverything = `<p id="out">reading</p><script>
(async () => {
	const dbs = (await indexedDB.databases()).map(d => d.name);
	const seen = {origin: location.origin, cookie: document.cookie, local: localStorage.length, session: sessionStorage.length,
		idb: dbs, name: window.name, global: typeof window.leakedGlobal, history: history.length};
	document.getElementById("out").textContent = "READ " + JSON.stringify(seen) + " END";
	window.done = true;
})();
</script>`

func TestRendersAreIsolated(t *testing.T) {
	t.Parallel()
	// One slot and no spare tab: every render is on the same tab.
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1})
	e.spare = 0
	defer e.Close()
	wait := Options{WaitFor: "window.done === true"}

	wrote := pdfText(t, render(t, e, Input{Template: writeEverything, Options: wait}).Body)
	require.Contains(t, wrote, "WROTE")
	var w struct {
		Origin string
		Cookie string
		Local  int
		IDB    []string
	}
	require.NoError(t, json.Unmarshal([]byte(between(t, wrote, "WROTE ", "}")+"}"), &w))
	// The writes happened: the next renders must not see them.
	require.Contains(t, w.Cookie, "host_secret=1")
	require.Contains(t, w.Cookie, "site_secret=1", "a cookie for the whole site")
	require.Equal(t, 1, w.Local)
	require.Equal(t, []string{"secretdb"}, w.IDB)
	t.Logf("writer: %+v", w)

	for range 2 {
		read := pdfText(t, render(t, e, Input{Template: readEverything, Options: wait}).Body)
		require.NotContains(t, read, "TAMPERED", "a timer of the writer ran in a later page")
		var r struct {
			Origin  string
			Cookie  string
			Local   int
			Session int
			IDB     []string
			Name    string
			Global  string
		}
		require.NoError(t, json.Unmarshal([]byte(between(t, read, "READ ", " END")), &r), read)
		t.Logf("reader: %+v", r)
		require.NotEqual(t, w.Origin, r.Origin)
		require.Equal(t, tabSite(w.Origin), tabSite(r.Origin), "the same tab")
		require.Empty(t, r.Cookie)
		require.Zero(t, r.Local)
		require.Zero(t, r.Session)
		require.Empty(t, r.IDB)
		require.Empty(t, r.Name)
		require.Equal(t, "undefined", r.Global)
	}
}

// tabSite is the tab's part of a render origin, http://r<x>.<tab site>.
func tabSite(origin string) string {
	_, site, _ := strings.Cut(origin, ".")
	return site
}

var spaceRE = regexp.MustCompile(`\s+`)

// between returns the text of s from after start up to end, with the line
// breaks pdftotext adds joined.
func between(t *testing.T, s, start, end string) string {
	t.Helper()
	s = spaceRE.ReplaceAllString(s, " ")
	s = strings.ReplaceAll(s, `", "`, `","`)
	i := strings.Index(s, start)
	require.GreaterOrEqual(t, i, 0, s)
	s = s[i+len(start):]
	j := strings.Index(s, end)
	require.GreaterOrEqual(t, j, 0, s)
	return s[:j]
}

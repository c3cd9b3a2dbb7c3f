package render

import (
	"io/fs"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// fillIndexedDB writes 100 MiB into IndexedDB (ten blobs of 10 MB), reads
// back how much the database holds, then, in the render that times out,
// spins until the timeout. (navigator.storage, which would tell the
// origin's usage, needs a secure origin, which pages are not.)
const fillIndexedDB = `<p id="out">filling</p><script>
(async () => {
	const db = await new Promise((resolve, reject) => {
		const open = indexedDB.open("big", 1);
		open.onupgradeneeded = () => open.result.createObjectStore("s");
		open.onsuccess = () => resolve(open.result);
		open.onerror = () => reject(open.error);
	});
	for (let i = 0; i < 10; i++) {
		const chunk = new Uint8Array(10 << 20).fill(i + 1);
		await new Promise((resolve, reject) => {
			const tx = db.transaction("s", "readwrite");
			tx.objectStore("s").put(new Blob([chunk]), i);
			tx.oncomplete = resolve;
			tx.onerror = () => reject(tx.error);
		});
	}
	const blobs = await new Promise((resolve, reject) => {
		const get = db.transaction("s").objectStore("s").getAll();
		get.onsuccess = () => resolve(get.result);
		get.onerror = () => reject(get.error);
	});
	document.getElementById("out").textContent = "STORED " + blobs.reduce((n, b) => n + b.size, 0) + " END";
	window.done = true;
	if (SPIN) while (true) {}
})();
</script>`

// readStorage reports the IndexedDB databases a page sees.
const readStorage = `<p id="out">reading</p><script>
(async () => {
	const dbs = (await indexedDB.databases()).map(d => d.name);
	document.getElementById("out").textContent = "DBS " + JSON.stringify(dbs) + " END";
	window.done = true;
})();
</script>`

// TestPageStorageDoesNotOutliveItsRender fills IndexedDB with 100 MiB in a
// render that then times out: the profile on disk does not grow, and the
// next page sees nothing of it.
func TestPageStorageDoesNotOutliveItsRender(t *testing.T) {
	t.Parallel()
	// One slot and no spare tab: every render is on the same slot.
	e := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, Timeout: time.Minute})
	e.spare = 0
	defer e.Close()
	render(t, e, Input{Template: "<p>warm</p>"})
	e.mu.Lock()
	profile := e.current.ProfileDir()
	e.mu.Unlock()
	before := dirSize(t, profile)

	// The write works, and takes less than the render's time: a render
	// that ends well reports the usage.
	wait := Options{WaitFor: "window.done === true"}
	filled := pdfText(t, render(t, e, Input{Template: "<script>const SPIN = false</script>" + fillIndexedDB, Options: wait}).Body)
	stored, err := strconv.ParseInt(spaceRE.ReplaceAllString(between(t, filled, "STORED ", " END"), ""), 10, 64)
	require.NoError(t, err, filled)
	require.Equal(t, int64(100<<20), stored, "the page stored its 100 MiB")

	// Now one that stores as much and spins until its timeout.
	short := New(Config{Chromium: shared.cfg.Chromium, Slots: 1, Timeout: 20 * time.Second})
	short.spare = 0
	defer short.Close()
	render(t, short, Input{Template: "<p>warm</p>"})
	short.mu.Lock()
	shortProfile := short.current.ProfileDir()
	short.mu.Unlock()
	shortBefore := dirSize(t, shortProfile)
	_, err = renderErr(t, short, Input{Template: "<script>const SPIN = true</script>" + fillIndexedDB, Options: wait})
	requireCode(t, err, paprika.CodeRenderTimeout)

	for _, eng := range []*Engine{e, short} {
		read := pdfText(t, render(t, eng, Input{Template: readStorage, Options: wait}).Body)
		require.Equal(t, "[]", between(t, read, "DBS ", " END"), "the next page sees no database")
	}

	// Generous: Chromium writes a little to its profile as it runs
	// (preferences, caches of its own), never anything near 100 MiB.
	const margin = 20 << 20
	for dir, was := range map[string]int64{profile: before, shortProfile: shortBefore} {
		now := dirSize(t, dir)
		t.Logf("profile %s: %d KiB, was %d KiB", dir, now>>10, was>>10)
		require.Less(t, now-was, int64(margin), "the profile grew")
	}
}

// dirSize is the bytes of the files under dir.
func dirSize(t *testing.T, dir string) int64 {
	t.Helper()
	var total int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // a file Chromium removed meanwhile
		}
		if info, err := d.Info(); err == nil && !d.IsDir() {
			total += info.Size()
		}
		return nil
	})
	require.NoError(t, err)
	return total
}

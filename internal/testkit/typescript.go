package testkit

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TypeScriptModules returns a node_modules holding exactly what dir's
// package-lock.json pins (docs/typescript), installed by `npm ci` on the
// first run for that lock and kept in the user's cache directory after,
// where every test that type-checks or runs the TypeScript client finds it.
func TypeScriptModules(t *testing.T, npm, dir string) string {
	t.Helper()
	pkg, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	lock, err := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(append(append(pkg, 0), lock...))
	cache, err := os.UserCacheDir()
	if err != nil { // no HOME: a cache that lasts until the next reboot
		cache = os.TempDir()
	}
	root := filepath.Join(cache, "paprika", "typescript")
	into := filepath.Join(root, hex.EncodeToString(sum[:8]))
	modules := filepath.Join(into, "node_modules")
	if _, err := os.Stat(filepath.Join(modules, ".package-lock.json")); err == nil {
		return modules
	}

	// Installed beside, then renamed into place: a run that stops halfway,
	// or another one installing at the same time, leaves no half a tree.
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp, err := os.MkdirTemp(root, "install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	for name, b := range map[string][]byte{"package.json": pkg, "package-lock.json": lock} {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.CommandContext(t.Context(), npm, "ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund",
		"--cache", filepath.Join(cache, "paprika", "npm"))
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "NO_UPDATE_NOTIFIER=1", "npm_config_update_notifier=false",
		"npm_config_fund=false", "npm_config_audit=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci of docs/typescript failed (it needs the npm registry once); by hand: cd docs/typescript && npm ci\n%v\n%s", err, out)
	}
	if err := os.Rename(tmp, into); err != nil {
		if _, statErr := os.Stat(filepath.Join(modules, ".package-lock.json")); statErr != nil {
			t.Fatal(err)
		} // else another run installed it first
	}
	return modules
}

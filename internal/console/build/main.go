// Command build rebuilds the console's committed front-end files from npm
// packages, without Node:
//
//	go run ./internal/console/build
//
// It downloads every package of package-lock.json from the npm registry,
// checks each tarball against the lock's sha512 integrity, unpacks them into
// a temporary node_modules, bundles editor.js (CodeMirror 6) with esbuild's
// Go API into internal/console/static/editor.js, and copies uPlot's and
// axe-core's prebuilt files next to it (axe-core into the test's testdata).
// To move to newer versions, edit package.json and run `npm install
// --package-lock-only` once where npm is at hand, then this command.
package main

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/evanw/esbuild/pkg/api"
)

const registry = "https://registry.npmjs.org/"

// copies are prebuilt files taken as they are: package file → destination
// relative to internal/console.
var copies = map[string]string{
	"uplot/dist/uPlot.iife.min.js": "static/uPlot.iife.min.js",
	"uplot/dist/uPlot.min.css":     "static/uPlot.min.css",
	"axe-core/axe.min.js":          "testdata/axe.min.js",
}

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		return fmt.Errorf("cannot find my own directory")
	}
	buildDir := filepath.Dir(self)
	consoleDir := filepath.Dir(buildDir)
	tmp, err := os.MkdirTemp("", "paprika-console-build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	modules := filepath.Join(tmp, "node_modules")
	if err := fetchAll(ctx, filepath.Join(buildDir, "package-lock.json"), modules); err != nil {
		return err
	}
	result := api.Build(api.BuildOptions{
		EntryPoints:       []string{filepath.Join(buildDir, "editor.js")},
		Bundle:            true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		NodePaths:         []string{modules},
		Outfile:           filepath.Join(consoleDir, "static", "editor.js"),
		Write:             true,
		LegalComments:     api.LegalCommentsEndOfFile,
		LogLevel:          api.LogLevelWarning,
	})
	if len(result.Errors) > 0 {
		return fmt.Errorf("esbuild: %s", result.Errors[0].Text)
	}
	for from, to := range copies {
		b, err := os.ReadFile(filepath.Join(modules, filepath.FromSlash(from)))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(consoleDir, filepath.FromSlash(to)), b, 0o644); err != nil {
			return err
		}
	}
	fmt.Println("wrote static/editor.js, static/uPlot.iife.min.js, static/uPlot.min.css, testdata/axe.min.js")
	return nil
}

type lockfile struct {
	Packages map[string]struct {
		Version   string `json:"version"`
		Resolved  string `json:"resolved"`
		Integrity string `json:"integrity"`
	} `json:"packages"`
}

// fetchAll unpacks every package of the lock file into modules.
func fetchAll(ctx context.Context, lockPath, modules string) error {
	b, err := os.ReadFile(lockPath)
	if err != nil {
		return err
	}
	var lock lockfile
	if err := json.Unmarshal(b, &lock); err != nil {
		return fmt.Errorf("%s: %w", lockPath, err)
	}
	client := &http.Client{Timeout: 2 * time.Minute}
	for key, p := range lock.Packages {
		name, ok := strings.CutPrefix(key, "node_modules/")
		if !ok || strings.Contains(name, "/node_modules/") {
			continue // the root, or a nested copy the bundle does not need
		}
		url := p.Resolved
		if url == "" {
			url = registry + name + "/-/" + path.Base(name) + "-" + p.Version + ".tgz"
		}
		if err := fetch(ctx, client, url, p.Integrity, filepath.Join(modules, filepath.FromSlash(name))); err != nil {
			return fmt.Errorf("%s@%s: %w", name, p.Version, err)
		}
	}
	return nil
}

// fetch downloads one tarball, checks its integrity and unpacks its package/
// directory into dir.
func fetch(ctx context.Context, client *http.Client, url, integrity, dir string) error {
	want, ok := strings.CutPrefix(integrity, "sha512-")
	if !ok {
		return fmt.Errorf("integrity %q is not sha512", integrity)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	sum := sha512.Sum512(body)
	if got := base64.StdEncoding.EncodeToString(sum[:]); got != want {
		return fmt.Errorf("integrity mismatch: got sha512-%s", got)
	}
	gz, err := gzip.NewReader(strings.NewReader(string(body)))
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		// Every npm tarball holds one top directory, usually package/.
		_, rel, found := strings.Cut(path.Clean(h.Name), "/")
		if !found || strings.HasPrefix(rel, "..") {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		f, err := os.Create(dst)
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, tr); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
}

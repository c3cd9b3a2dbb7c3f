package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
)

// fetchProfile saves /debug/pprof/KIND (profile, trace, block, mutex) of a
// process built with -tags pprof and run with PAPRIKA_PPROF into path;
// seconds > 0 asks for that long a profile or trace.
func fetchProfile(ctx context.Context, addr, kind string, seconds int, path string) error {
	u := "http://" + addr + "/debug/pprof/" + kind
	if seconds > 0 {
		u += "?seconds=" + strconv.Itoa(seconds)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	if _, err := io.Copy(&b, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile: %s: %s", resp.Status, strings.TrimSpace(b.String()))
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

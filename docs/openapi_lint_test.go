package docs

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// redoclyVersion is the Redocly CLI the lint runs. 1.34 is the newest line
// that runs on Debian 12's Node.js 18 (2.x needs Node 20.19).
const redoclyVersion = "1.34.20"

// TestOpenAPILint reads openapi.yaml with an independent linter, Redocly
// CLI's recommended rules, and fails on any error (warnings are logged).
// npx fetches Redocly once into the user's cache directory; later runs
// start from there.
func TestOpenAPILint(t *testing.T) {
	t.Parallel()
	npx, err := exec.LookPath("npx")
	if err != nil {
		t.Fatal("npx (npm) is missing; install it with: apt-get install -y npm (or: scripts/install-deps.sh test)")
	}
	cache, err := os.UserCacheDir()
	if err != nil { // no HOME: a cache that lasts until the next reboot
		cache = os.TempDir()
	}
	cmd := exec.CommandContext(t.Context(), npx, "--yes", "--prefer-offline", "--cache", filepath.Join(cache, "paprika", "npm"),
		"@redocly/cli@"+redoclyVersion, "lint", "--extends=recommended", "--format=json", "openapi.yaml")
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "NO_UPDATE_NOTIFIER=1",
		"npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()

	var report struct {
		Totals struct {
			Errors, Warnings int
		} `json:"totals"`
		Problems []struct {
			RuleID   string `json:"ruleId"`
			Severity string `json:"severity"`
			Message  string `json:"message"`
			Location []struct {
				Pointer string `json:"pointer"`
			} `json:"location"`
		} `json:"problems"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		t.Fatalf("npx @redocly/cli@%s lint did not report (%v): %v\nstdout: %s\nstderr: %s", redoclyVersion, runErr, err, stdout.String(), stderr.String())
	}
	for _, p := range report.Problems {
		where := ""
		if len(p.Location) > 0 {
			where = p.Location[0].Pointer
		}
		if p.Severity == "error" {
			t.Errorf("%s %s: %s", p.RuleID, where, p.Message)
		} else {
			t.Logf("%s %s %s: %s", p.Severity, p.RuleID, where, p.Message)
		}
	}
	if report.Totals.Errors > 0 || runErr != nil {
		t.Errorf("Redocly CLI %s: %d errors (exit: %v); by hand: cd docs && npx @redocly/cli@%s lint openapi.yaml",
			redoclyVersion, report.Totals.Errors, runErr, redoclyVersion)
	}
}

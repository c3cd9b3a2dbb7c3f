package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

const (
	dashboardFile = "../../deploy/grafana/paprika.json"
	alertsFile    = "../../deploy/prometheus/alerts.yml"
)

// The alerting rules and the example configuration pass promtool's checks,
// and the rules their unit tests (deploy/prometheus/alerts_test.yml: the
// starved tier, the wait p95, the growing queue, busy, server errors, the
// restart storm and the exhausted pool fire, and only where they should);
// every dashboard query is PromQL promtool accepts, and every panel reads
// the dashboard's data source.
// TestMetrics checks their metric names against real processes.
func TestDashboardAndAlerts(t *testing.T) {
	t.Parallel()
	promtool, err := exec.LookPath("promtool")
	require.NoError(t, err, "promtool checks deploy/prometheus/alerts.yml; install it with: apt-get install -y prometheus (or make deps-test)")
	out, err := exec.Command(promtool, "check", "rules", alertsFile).CombinedOutput()
	require.NoError(t, err, "promtool check rules:\n%s", out)
	out, err = exec.Command(promtool, "test", "rules", "../../deploy/prometheus/alerts_test.yml").CombinedOutput()
	require.NoError(t, err, "promtool test rules:\n%s", out)
	out, err = exec.Command(promtool, "check", "config", "../../deploy/prometheus/prometheus.yml").CombinedOutput()
	require.NoError(t, err, "promtool check config:\n%s", out)

	// Grafana's $__rate_interval is no PromQL: a fixed range stands in for
	// it, and each query becomes a recording rule for promtool to parse.
	var rules strings.Builder
	rules.WriteString("groups:\n  - name: dashboard\n    rules:\n")
	for i, expr := range dashboardExprs(t) {
		expr = strings.ReplaceAll(expr, "$__rate_interval", "5m")
		q, err := json.Marshal(expr) // a JSON string is a YAML string
		require.NoError(t, err)
		fmt.Fprintf(&rules, "      - record: paprika:dashboard:%d\n        expr: %s\n", i, q)
	}
	path := filepath.Join(t.TempDir(), "dashboard.yml")
	require.NoError(t, os.WriteFile(path, []byte(rules.String()), 0o644))
	out, err = exec.Command(promtool, "check", "rules", path).CombinedOutput()
	require.NoError(t, err, "a dashboard query is not PromQL:\n%s", out)
}

type dashboard struct {
	Panels []struct {
		Type       string `json:"type"`
		Title      string `json:"title"`
		Datasource struct {
			Type string `json:"type"`
			UID  string `json:"uid"`
		} `json:"datasource"`
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

// dashboardExprs returns every query of the dashboard's panels.
func dashboardExprs(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(dashboardFile)
	require.NoError(t, err)
	var d dashboard
	require.NoError(t, json.Unmarshal(b, &d))
	var exprs []string
	for _, p := range d.Panels {
		if p.Type == "row" {
			continue
		}
		require.Equal(t, "${datasource}", p.Datasource.UID, "panel %q", p.Title)
		require.NotEmpty(t, p.Targets, "panel %q has no query", p.Title)
		for _, tg := range p.Targets {
			require.NotEmpty(t, tg.Expr, "panel %q", p.Title)
			exprs = append(exprs, tg.Expr)
		}
	}
	require.NotEmpty(t, exprs)
	return exprs
}

// alertExprs returns every rule's expression in alerts.yml.
func alertExprs(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(alertsFile)
	require.NoError(t, err)
	var f struct {
		Groups []struct {
			Rules []struct {
				Alert string `yaml:"alert"`
				Expr  string `yaml:"expr"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	require.NoError(t, yaml.Unmarshal(b, &f))
	var exprs []string
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			require.NotEmpty(t, r.Expr, "alert %s", r.Alert)
			exprs = append(exprs, r.Expr)
		}
	}
	require.NotEmpty(t, exprs)
	return exprs
}

// metricName matches the names of series in our queries: every metric the
// dashboard and the rules read is Paprika's (paprika_), the Go runtime's
// (go_) or the process's (process_). A label name or a function never has
// those prefixes; a word inside a label matcher's quotes is skipped by
// removing quoted strings first.
var (
	metricName = regexp.MustCompile(`\b(?:paprika|go|process)_[a-zA-Z0-9_]*[a-zA-Z0-9]\b`)
	quoted     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// deployedMetricNames returns every metric name the dashboard and the
// rules use, each once. Every expression names at least one.
func deployedMetricNames(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, expr := range append(dashboardExprs(t), alertExprs(t)...) {
		found := metricName.FindAllString(quoted.ReplaceAllString(expr, `""`), -1)
		require.NotEmpty(t, found, "no metric of ours in %q", expr)
		names = append(names, found...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

package config

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseTiers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     Tiers
		err      string // substring of the error; "" = valid
	}{
		{name: "unset", in: "", want: Tiers{{Key: "standard", Name: "standard", Weight: 1}}},
		{name: "example", in: `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`,
			want: Tiers{{Key: "standard", Name: "standard", Weight: 1}, {Key: "priority", Name: "priority", Weight: 4, MaxRunning: 20, RatePerMinute: 600}}},
		{name: "order kept, not sorted", in: `{"zeta": {}, "alpha": {"weight": 2.5}}`,
			want: Tiers{{Key: "zeta", Name: "zeta", Weight: 1}, {Key: "alpha", Name: "alpha", Weight: 2.5}}},
		{name: "display name and nulls", in: `{"gold": {"name": "Gold plan", "maxRunning": null, "ratePerMinute": null}}`,
			want: Tiers{{Key: "gold", Name: "Gold plan", Weight: 1}}},
		{name: "invalid JSON", in: `{"standard": {"weight": 1}`, err: "invalid JSON"},
		{name: "not JSON", in: `standard`, err: "invalid JSON"},
		{name: "array", in: `[{"weight": 1}]`, err: "must be a JSON object"},
		{name: "empty object", in: `{}`, err: "no tiers"},
		{name: "trailing text", in: `{"a": {}} {"b": {}}`, err: "text after"},
		{name: "unknown setting", in: `{"standard": {"weigth": 1}}`, err: `unknown setting "weigth"`},
		{name: "weight zero", in: `{"standard": {"weight": 0}}`, err: "weight must be a number greater than 0"},
		{name: "weight negative", in: `{"standard": {"weight": -2}}`, err: "weight must be"},
		{name: "weight string", in: `{"standard": {"weight": "4"}}`, err: "weight must be a number"},
		{name: "maxRunning fraction", in: `{"standard": {"maxRunning": 2.5}}`, err: "maxRunning must be a whole number"},
		{name: "maxRunning zero", in: `{"standard": {"maxRunning": 0}}`, err: "maxRunning must be a whole number"},
		{name: "rate negative", in: `{"standard": {"ratePerMinute": -1}}`, err: "ratePerMinute must be a whole number"},
		{name: "rate huge", in: `{"standard": {"ratePerMinute": 1e40}}`, err: "ratePerMinute must be a whole number"},
		{name: "bad tier name", in: `{"Gold": {}}`, err: "tier name \"Gold\" must match"},
		{name: "empty tier name", in: `{"": {}}`, err: "tier name \"\" must match"},
		{name: "long tier name", in: `{"` + strings.Repeat("a", 33) + `": {}}`, err: "must match"},
		{name: "duplicate tier", in: `{"a": {}, "a": {"weight": 2}}`, err: "given twice"},
		{name: "tier not an object", in: `{"a": 4}`, err: "must be an object"},
		{name: "tier null", in: `{"a": null}`, err: "must be an object"},
		{name: "empty display name", in: `{"a": {"name": " "}}`, err: "name must not be empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseTiers(tt.in)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				require.NotContains(t, err.Error(), "\n", "one line")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	tiers, err := ParseTiers(`{"standard": {}, "priority": {"weight": 4}}`)
	require.NoError(t, err)
	require.Equal(t, "priority", tiers.Resolve("priority", "").Key, "key tier wins")
	require.Equal(t, "standard", tiers.Resolve("standard", "priority").Key, "key tier wins over tenant's")
	require.Equal(t, "priority", tiers.Resolve("", "priority").Key, "tenant tier")
	require.Equal(t, "priority", tiers.Resolve("gold", "priority").Key, "unconfigured key tier falls to tenant's")
	require.Equal(t, "standard", tiers.Resolve("gold", "gold").Key, "unconfigured falls to default")
	require.Equal(t, "standard", tiers.Resolve("", "").Key)
}

func TestParseWorkerTiers(t *testing.T) {
	t.Parallel()
	tiers, err := ParseTiers(`{"standard": {}, "priority": {"weight": 4}}`)
	require.NoError(t, err)
	got, err := ParseWorkerTiers("", tiers)
	require.NoError(t, err)
	require.Equal(t, []string{"standard", "priority"}, got)
	got, err = ParseWorkerTiers(" priority ,priority", tiers)
	require.NoError(t, err)
	require.Equal(t, []string{"priority"}, got)
	_, err = ParseWorkerTiers("gold", tiers)
	require.ErrorContains(t, err, `tier "gold" is not configured`)
	_, err = ParseWorkerTiers("priority,", tiers)
	require.ErrorContains(t, err, "empty tier name")
}

// FuzzParseTiers checks that no input crashes the parser, that every error is
// one line, and that what it accepts holds the rules of docs/scheduler.md.
func FuzzParseTiers(f *testing.F) {
	for _, s := range []string{``, `{}`, `{"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}`,
		`{"a": {"weight": 0.5, "name": "A"}}`, `{"a": null}`, `[1]`, `{"a": {"maxRunning": 1.0}}`, `{"a":{}}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tiers, err := ParseTiers(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		if len(tiers) == 0 {
			t.Fatal("accepted with no tiers")
		}
		seen := map[string]bool{}
		for _, tr := range tiers {
			if !tierName.MatchString(tr.Key) || seen[tr.Key] || tr.Weight <= 0 || tr.MaxRunning < 0 || tr.RatePerMinute < 0 || tr.Name == "" {
				t.Fatalf("accepted an invalid tier %+v from %q", tr, s)
			}
			seen[tr.Key] = true
		}
	})
}

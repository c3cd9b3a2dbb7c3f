package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Tier is one service tier of PAPRIKA_TIERS.
type Tier struct {
	Key           string  // the tier's name in PAPRIKA_TIERS, e.g. "priority"
	Name          string  // display name; the key when unset
	Weight        float64 // share of the workers, > 0
	MaxRunning    int     // the most of one tenant's work running at once; 0 = no limit
	RatePerMinute int     // the most renders and submissions of one tenant a minute; 0 = no limit
}

// Tiers are the configured tiers in the order of the text; the first is the
// default.
type Tiers []Tier

// DefaultTiers is what an unset PAPRIKA_TIERS means: one tier, standard, with
// no limits.
func DefaultTiers() Tiers {
	return Tiers{{Key: "standard", Name: "standard", Weight: 1}}
}

var tierName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// Default returns the default tier, the first configured.
func (ts Tiers) Default() Tier { return ts[0] }

// Get returns the tier called key.
func (ts Tiers) Get(key string) (Tier, bool) {
	for _, t := range ts {
		if t.Key == key {
			return t, true
		}
	}
	return Tier{}, false
}

// Names returns the tier keys in order.
func (ts Tiers) Names() []string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Key
	}
	return names
}

// Resolve returns the tier work runs at (docs/scheduler.md): the key's tier when it
// has one that is configured, else the tenant's when configured, else the
// default. keyTier and tenantTier are "" when unset.
func (ts Tiers) Resolve(keyTier, tenantTier string) Tier {
	if t, ok := ts.Get(keyTier); ok && keyTier != "" {
		return t
	}
	if t, ok := ts.Get(tenantTier); ok && tenantTier != "" {
		return t
	}
	return ts.Default()
}

// ParseTiers reads PAPRIKA_TIERS. JSON objects lose their order in Go maps,
// so it walks the tokens: the first tier in the text is the default.
func ParseTiers(s string) (Tiers, error) {
	if strings.TrimSpace(s) == "" {
		return DefaultTiers(), nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New(`must be a JSON object of tiers, e.g. {"standard": {"weight": 1}}`)
	}
	var tiers Tiers
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %v", err)
		}
		key := tok.(string) // object keys are always strings
		if !tierName.MatchString(key) {
			return nil, fmt.Errorf("tier name %q must match [a-z0-9][a-z0-9_-]{0,31}", key)
		}
		if _, dup := tiers.Get(key); dup {
			return nil, fmt.Errorf("tier %q is given twice", key)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("invalid JSON: %v", err)
		}
		t, err := parseTier(key, raw)
		if err != nil {
			return nil, err
		}
		tiers = append(tiers, t)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: text after the object")
	}
	if len(tiers) == 0 {
		return nil, errors.New("no tiers: give at least one, e.g. {\"standard\": {\"weight\": 1}}")
	}
	return tiers, nil
}

func parseTier(key string, raw json.RawMessage) (Tier, error) {
	var fields struct {
		Weight        json.RawMessage `json:"weight"`
		MaxRunning    json.RawMessage `json:"maxRunning"`
		RatePerMinute json.RawMessage `json:"ratePerMinute"`
		Name          *string         `json:"name"`
	}
	if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '{' {
		return Tier{}, fmt.Errorf("tier %q: must be an object of settings, e.g. {\"weight\": 1}", key)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fields); err != nil {
		var typeErr *json.UnmarshalTypeError
		switch {
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			field := strings.TrimPrefix(err.Error(), "json: unknown field ")
			return Tier{}, fmt.Errorf("tier %q: unknown setting %s (settings are weight, maxRunning, ratePerMinute, name)", key, field)
		case errors.As(err, &typeErr):
			if typeErr.Field == "" {
				return Tier{}, fmt.Errorf("tier %q: must be an object of settings", key)
			}
			return Tier{}, fmt.Errorf("tier %q: %s must be a %s", key, typeErr.Field, kindOf(typeErr.Field))
		default:
			return Tier{}, fmt.Errorf("tier %q: %v", key, err)
		}
	}
	t := Tier{Key: key, Name: key, Weight: 1}
	if fields.Name != nil {
		if strings.TrimSpace(*fields.Name) == "" {
			return Tier{}, fmt.Errorf("tier %q: name must not be empty", key)
		}
		t.Name = *fields.Name
	}
	if w, ok := number(fields.Weight); ok {
		f, err := w.Float64()
		if err != nil || f <= 0 || math.IsInf(f, 0) {
			return Tier{}, fmt.Errorf("tier %q: weight must be a number greater than 0, not %s", key, oneLine(fields.Weight))
		}
		t.Weight = f
	} else if fields.Weight != nil {
		return Tier{}, fmt.Errorf("tier %q: weight must be a number greater than 0, not %s", key, oneLine(fields.Weight))
	}
	var err error
	if t.MaxRunning, err = wholeSetting(key, "maxRunning", fields.MaxRunning); err != nil {
		return Tier{}, err
	}
	if t.RatePerMinute, err = wholeSetting(key, "ratePerMinute", fields.RatePerMinute); err != nil {
		return Tier{}, err
	}
	return t, nil
}

func kindOf(field string) string {
	if field == "name" {
		return "string"
	}
	return "number"
}

// number reads a raw JSON value that must be a number literal (not a
// string holding one).
func number(raw json.RawMessage) (json.Number, bool) {
	if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) {
		return "", false
	}
	return json.Number(raw), true
}

// wholeSetting reads a whole number ≥ 1; absent or null is 0, no limit.
func wholeSetting(key, setting string, raw json.RawMessage) (int, error) {
	if raw == nil || string(raw) == "null" {
		return 0, nil
	}
	n, ok := number(raw)
	v, err := n.Int64()
	if !ok || err != nil || v < 1 || v > math.MaxInt32 {
		return 0, fmt.Errorf("tier %q: %s must be a whole number of at least 1, or null for no limit, not %s", key, setting, oneLine(raw))
	}
	return int(v), nil
}

// ParseWorkerTiers reads PAPRIKA_WORKER_TIERS: comma-separated configured tier
// names. Empty means every tier.
func ParseWorkerTiers(s string, tiers Tiers) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return tiers.Names(), nil
	}
	var out []string
	for _, part := range strings.Split(s, ",") {
		name := strings.TrimSpace(part)
		if name == "" {
			return nil, errors.New("empty tier name in the list")
		}
		if _, ok := tiers.Get(name); !ok {
			return nil, fmt.Errorf("tier %q is not configured in PAPRIKA_TIERS (configured: %s)", name, strings.Join(tiers.Names(), ", "))
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// oneLine shows a JSON value on one line, as every configuration error is.
func oneLine(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return strconv.Quote(string(raw))
	}
	return b.String()
}

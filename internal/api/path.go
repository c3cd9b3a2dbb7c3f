package api

import (
	"net/http"
	"regexp"
	"strings"
	"sync"

	"github.com/google/uuid"

	"github.com/paprikahq/paprika/internal/paprika"
)

// pathShape is what one wildcard of a route's path may hold: anything else
// is a thing that cannot exist, so not-found, before any handler or
// PostgreSQL sees it (a NUL, bytes that are not UTF-8, a path of the file
// system, a string of any length).
type pathShape struct {
	what string // the thing named in the not-found message
	ok   func(string) bool
}

var (
	keyIDPattern = regexp.MustCompile(`^key_[a-z0-9]{1,64}$`)
	indexPattern = regexp.MustCompile(`^[0-9]{1,9}$`)
	// templateRefPattern is a template id, or id@version (GET).
	templateRefPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}(@[0-9]{1,9})?$`)
)

func isUUID(s string) bool { _, err := uuid.Parse(s); return err == nil }

// pathShapes gives the shape of every wildcard of the router's routes, by
// the path segment before it and its name. A route with a wildcard missing
// here does not start (see wildcards).
var pathShapes = map[string]pathShape{
	"tenants/{id}":    {"tenant", tenantID.MatchString},
	"keys/{keyId}":    {"key", keyIDPattern.MatchString},
	"jobs/{id}":       {"job", isUUID},
	"batches/{id}":    {"batch", isUUID},
	"records/{index}": {"record", indexPattern.MatchString},
	"templates/{id}":  {"template", templateRefPattern.MatchString},
	// A signing certificate's name has the shape of a template's id.
	"certificates/{name}": {"certificate", templateIDPattern.MatchString},
	// An asset's name may hold folders: the rest of the path.
	"assets/{name...}": {"asset", paprika.ValidAssetName},
}

// pathWildcard is one wildcard of a route: its name and shape.
type pathWildcard struct {
	name  string
	shape pathShape
}

// wildcards returns the wildcards of pattern with their shapes, and panics
// on one without a shape: a route cannot be added without saying what its
// ids look like.
func wildcards(pattern string) []pathWildcard {
	_, path, _ := strings.Cut(pattern, " ")
	segs := strings.Split(path, "/")
	var out []pathWildcard
	for i, seg := range segs {
		if !strings.HasPrefix(seg, "{") {
			continue
		}
		key := ""
		if i > 0 {
			key = segs[i-1] + "/" + seg
		}
		shape, ok := pathShapes[key]
		if !ok {
			panic("api: route " + pattern + ": give wildcard " + seg + " a shape in pathShapes")
		}
		out = append(out, pathWildcard{name: strings.Trim(seg, "{}."), shape: shape})
	}
	return out
}

// routeWildcards caches wildcards by pattern.
var routeWildcards sync.Map // pattern → []pathWildcard

// checkPath answers not-found when a wildcard of r's path has the wrong
// shape. admin and tenant call it once the caller is known, so that a caller
// without a key learns nothing but 401.
func checkPath(r *http.Request) error {
	v, ok := routeWildcards.Load(r.Pattern)
	if !ok {
		v, _ = routeWildcards.LoadOrStore(r.Pattern, wildcards(r.Pattern))
	}
	for _, w := range v.([]pathWildcard) {
		if !w.shape.ok(r.PathValue(w.name)) {
			return paprika.NotFound(w.shape.what)
		}
	}
	return nil
}

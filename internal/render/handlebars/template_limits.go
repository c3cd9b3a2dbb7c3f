package handlebars

// Limits of a template's source, checked when it is compiled (on save, on
// a synchronous render, and when a worker renders claimed work), before
// anything recursive parses or runs it. docs/templates.md states them.
const (
	// MaxTemplateBytes is the largest template source: the whole text,
	// its inline partials included.
	MaxTemplateBytes = 1 << 20
	// MaxTemplateDepth is how deep blocks, {{else x}} links and
	// sub-expressions may nest. Parsing and evaluating a template recurse
	// once per level, and a Go stack overflow cannot be recovered: a
	// template nested 300,000 deep killed the process that ran it.
	MaxTemplateDepth = 100
)

// checkSize refuses a source longer than MaxTemplateBytes. The size comes
// first: it bounds the time of everything after it, the depth's count
// included.
func checkSize(src string) error {
	if len(src) <= MaxTemplateBytes {
		return nil
	}
	return Errorf("the template is %.1f MiB (%d bytes), more than 1 MiB",
		float64(len(src))/(1<<20), len(src))
}

package render

// Options are the rendering options of SPEC §3.2. The JSON shape is the API's.
// (Contract placeholder: the renderer work fills in parsing and validation.)
type Options struct {
	Paper           *Paper   `json:"paper,omitempty"`
	Landscape       bool     `json:"landscape,omitempty"`
	Margin          *Margin  `json:"margin,omitempty"`
	PrintBackground *bool    `json:"printBackground,omitempty"`
	Scale           *float64 `json:"scale,omitempty"`
	HeaderTemplate  string   `json:"headerTemplate,omitempty"`
	FooterTemplate  string   `json:"footerTemplate,omitempty"`
	PageRanges      string   `json:"pageRanges,omitempty"`
	Width           int      `json:"width,omitempty"`
	WaitFor         string   `json:"waitFor,omitempty"`
}

// Paper is a named size (A4, Letter, Legal, A3, A5) or a custom one.
type Paper struct {
	Name   string
	Width  string
	Height string
}

// Margin holds CSS lengths.
type Margin struct {
	Top    string `json:"top,omitempty"`
	Right  string `json:"right,omitempty"`
	Bottom string `json:"bottom,omitempty"`
	Left   string `json:"left,omitempty"`
}

// Validate reports the first invalid option, naming it (e.g. "options.scale").
func (o Options) Validate() error { return nil }

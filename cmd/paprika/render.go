package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/render"
)

const renderUsage = `usage: paprika render TEMPLATE.html DATA.json -o OUT.pdf [flags]

Renders one document locally, without a database: the template is Handlebars
HTML, the data a JSON object ("-" reads it from standard input). The page
loads images, fonts, stylesheets and scripts by assets/NAME (or {{asset
"NAME"}}, or url(assets/NAME) in CSS) from --assets DIR: DIR/NAME, checked
as an upload to PUT /v1/assets is (the name, 10 MiB at most, the type its
extension says, its bytes what that type is, nothing outside DIR).

An Office file in place of TEMPLATE.html is rendered as a source
(docs/office.md): a Word or OpenDocument text (.docx, .odt) filled with the
data's tags, written as such (-o OUT.docx, OUT.odt) or converted to PDF by
LibreOffice; any other Office file (.xlsx, .pptx, .ods, .odp, .rtf)
converted as it is. Its folder is its assets' (or --assets DIR, which must
hold it).

flags:
`

// runRender renders one document with the same engine the api and worker use.
func runRender(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, renderUsage); fs.PrintDefaults() }
	out := fs.String("o", "", "output file (required; - for standard output)")
	format := fs.String("format", "", "pdf, png or html (default: from -o's extension, else pdf)")
	paper := fs.String("paper", "", `paper size: A4 (default), Letter, Legal, A3, A5, or WIDTHxHEIGHT like 210mmx297mm`)
	landscape := fs.Bool("landscape", false, "landscape orientation")
	margin := fs.String("margin", "", "margins as CSS lengths: one for all sides, or top,right,bottom,left")
	scale := fs.Float64("scale", 0, "scale of the page, 0.1 to 2 (default 1)")
	noBackground := fs.Bool("no-background", false, "do not print backgrounds")
	header := fs.String("header", "", "header template (Chromium's pageNumber and totalPages classes)")
	footer := fs.String("footer", "", "footer template")
	pageRanges := fs.String("page-ranges", "", "pages to print, e.g. 1-3,5")
	width := fs.Int("width", 0, "png width in px (default 1024)")
	waitFor := fs.String("wait-for", "", "a JavaScript expression to wait for before printing")
	pdfOpts := fs.String("pdf", "", `document options as the API's options.pdf JSON, e.g. '{"title":"Invoice","watermark":{"text":"DRAFT"}}'`)
	timeout := fs.Duration("timeout", 0, "the render's limit (default PAPRIKA_RENDER_TIMEOUT, 30s)")
	assetsDir := fs.String("assets", "", "the directory of the assets the page loads by assets/NAME")

	// An explicit request for help is answered on stdout, exit 0.
	for _, a := range args {
		if isHelp(a) {
			fs.SetOutput(stdout)
			fmt.Fprint(stdout, renderUsage)
			fs.PrintDefaults()
			return nil
		}
	}

	// Flags may come before, between or after the two file names.
	var files []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil
			}
			return usageError(err.Error())
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(files) != 2 || *out == "" {
		fs.Usage()
		return usageError("give TEMPLATE.html, DATA.json and -o OUT")
	}
	cfg, err := config.Load(config.RoleRender, getenv)
	if err != nil {
		return err
	}
	if *timeout > 0 {
		cfg.RenderTimeout = *timeout
	}

	// An Office file is a source, not a template (docs/office.md): it is
	// read as an asset of its folder, or of --assets.
	var tmpl []byte
	source := "assets/" + filepath.Base(files[0])
	if _, _, err := render.SourceAsset(source, ""); err == nil {
		if *assetsDir == "" {
			*assetsDir = filepath.Dir(files[0])
		} else if abs, _ := filepath.Abs(filepath.Dir(files[0])); abs != mustAbs(*assetsDir) {
			return usageError("an Office source is read from --assets DIR: put " + filepath.Base(files[0]) + " there")
		}
	} else {
		source = ""
		if tmpl, err = os.ReadFile(files[0]); err != nil {
			return err
		}
	}
	var data []byte
	if files[1] == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(files[1])
	}
	if err != nil {
		return err
	}
	if !json.Valid(data) {
		return usageError(files[1] + " is not valid JSON")
	}
	if *format == "" {
		*format = render.FormatPDF
		switch strings.ToLower(filepath.Ext(*out)) {
		case ".png":
			*format = render.FormatPNG
		case ".html", ".htm":
			*format = render.FormatHTML
		case ".docx":
			*format = render.FormatDOCX
		case ".odt":
			*format = render.FormatODT
		}
	}
	opts, err := renderOptions(*paper, *landscape, *margin, *scale, *noBackground, *header, *footer, *pageRanges, *width, *waitFor)
	if err != nil {
		return usageError(err.Error())
	}
	if *pdfOpts != "" {
		dec := json.NewDecoder(strings.NewReader(*pdfOpts))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&opts.PDF); err != nil {
			return usageError("-pdf: " + err.Error())
		}
		if err := opts.ValidateFor(*format); err != nil {
			return usageError(err.Error())
		}
	}

	assets, err := openDirAssets(*assetsDir)
	if err != nil {
		return err
	}
	defer assets.Close() //nolint:errcheck // read only

	engine := render.New(render.Config{Chromium: cfg.Chromium, Slots: 1, Timeout: cfg.RenderTimeout, AllowHosts: cfg.AllowHosts,
		NoSandbox: cfg.ChromiumNoSandbox, PageMemory: cfg.RenderMaxMemory})
	defer engine.Close()
	if *format != render.FormatHTML && source == "" {
		if err := engine.CheckSandbox(ctx); err != nil {
			return err // with why, and what to do about it
		}
	}
	start := time.Now()
	doc, err := engine.Render(ctx, render.Input{Template: string(tmpl), Source: source, Tenant: "local", Data: data, Format: *format, Options: opts, Assets: assets})
	if err != nil {
		return assets.renderError(err)
	}
	if *out == "-" {
		_, err = stdout.Write(doc.Body)
		return err
	}
	if err := os.WriteFile(*out, doc.Body, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s: %s, %d bytes, %d page(s) in %.2fs\n", *out, doc.ContentType, len(doc.Body), doc.Pages, time.Since(start).Seconds())
	return nil
}

// renderOptions builds and validates the options from the flags, through the
// same JSON the API takes.
func renderOptions(paper string, landscape bool, margin string, scale float64, noBackground bool,
	header, footer, pageRanges string, width int, waitFor string) (render.Options, error) {
	m := map[string]any{}
	if paper != "" {
		if w, h, ok := strings.Cut(paper, "x"); ok {
			m["paper"] = map[string]string{"width": w, "height": h}
		} else {
			m["paper"] = paper
		}
	}
	if landscape {
		m["landscape"] = true
	}
	if margin != "" {
		sides := strings.Split(margin, ",")
		switch len(sides) {
		case 1:
			sides = []string{sides[0], sides[0], sides[0], sides[0]}
		case 4:
		default:
			return render.Options{}, errors.New("-margin is one length or four: top,right,bottom,left")
		}
		m["margin"] = map[string]string{"top": sides[0], "right": sides[1], "bottom": sides[2], "left": sides[3]}
	}
	if scale != 0 {
		m["scale"] = scale
	}
	if noBackground {
		m["printBackground"] = false
	}
	for k, v := range map[string]string{"headerTemplate": header, "footerTemplate": footer, "pageRanges": pageRanges, "waitFor": waitFor} {
		if v != "" {
			m[k] = v
		}
	}
	if width != 0 {
		m["width"] = width
	}
	raw, _ := json.Marshal(m)
	var opts render.Options
	if err := json.Unmarshal(raw, &opts); err != nil {
		return opts, err
	}
	return opts, opts.Validate()
}

// mustAbs is path made absolute, or as it is when it cannot be.
func mustAbs(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

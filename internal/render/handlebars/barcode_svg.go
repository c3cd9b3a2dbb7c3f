package handlebars

import (
	"html"
	"image/color"
	"strconv"
	"strings"
)

// Default sizes of a drawn symbol, in CSS pixels per module: enough for a
// phone's camera and for zbar on a 1:1 screenshot; width= and height=
// scale it, in print the SVG stays vector.
const (
	modulePx2D     = 3
	modulePxLinear = 2
	linearBarsH    = 50 // modules: the bars' height of a linear code
)

// svgOf draws s as one inline SVG element whose modules are merged into
// runs: a 2D symbol is one path of horizontal strokes, one per run of dark
// modules in a row, a linear one a path of one rectangle per bar. A white
// background holds the quiet zone, so the symbol scans on any page colour.
func svgOf(s symbol, d drawOptions) string {
	b := s.code.Bounds()
	var w, h int // in modules, quiet zone included
	var path strings.Builder
	if s.linear {
		w, h = b.Dx()+2*s.quiet, linearBarsH
		path.Grow(b.Dx() * 4)
		for x := 0; x < b.Dx(); {
			if !dark(s.code.At(b.Min.X+x, b.Min.Y)) {
				x++
				continue
			}
			n := 1
			for x+n < b.Dx() && dark(s.code.At(b.Min.X+x+n, b.Min.Y)) {
				n++
			}
			path.WriteString("M" + strconv.Itoa(x+s.quiet) + " 0h" + strconv.Itoa(n) + "v" + strconv.Itoa(h) + "h-" + strconv.Itoa(n) + "z")
			x += n
		}
	} else {
		rowH := max(s.rowH, 1)
		rows := b.Dy()
		w, h = b.Dx()+2*s.quiet, rows*rowH+2*s.quiet
		path.Grow(b.Dx() * rows * 2)
		for r := range rows {
			y := b.Min.Y + r
			// A stroke of width rowH along the row's middle covers the
			// row exactly; within a row each run moves relative to the
			// end of the last, which keeps the numbers short.
			at := -1 // x where the pen is in this row; -1 before the first run
			for x := 0; x < b.Dx(); {
				if !dark(s.code.At(b.Min.X+x, y)) {
					x++
					continue
				}
				n := 1
				for x+n < b.Dx() && dark(s.code.At(b.Min.X+x+n, y)) {
					n++
				}
				if at < 0 {
					path.WriteString("M" + strconv.Itoa(x+s.quiet) + " " + half(s.quiet*2+r*rowH*2+rowH))
				} else {
					path.WriteString("m" + strconv.Itoa(x-at) + " 0")
				}
				path.WriteString("h" + strconv.Itoa(n))
				at = x + n
				x += n
			}
		}
	}

	width, height := d.width, d.height
	if width == "" && height == "" {
		px := s.px
		switch {
		case px > 0:
		case s.linear:
			px = modulePxLinear
		default:
			px = modulePx2D
		}
		width, height = strconv.Itoa(w*px)+"px", strconv.Itoa(h*px)+"px"
	}
	var out strings.Builder
	out.Grow(path.Len() + 400)
	label := html.EscapeString(s.label)
	if s.linear && d.text {
		out.WriteString(`<span class="paprika-barcode" style="display:inline-block;text-align:center;line-height:1.2">`)
	}
	out.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="paprika-barcode" role="img" aria-label="` + label + `"`)
	out.WriteString(` viewBox="0 0 ` + strconv.Itoa(w) + " " + strconv.Itoa(h) + `"`)
	if width != "" {
		out.WriteString(` width="` + width + `"`)
	}
	if height != "" {
		out.WriteString(` height="` + height + `"`)
	}
	if s.linear {
		// Bars may stretch to any box; modules of a 2D symbol stay square.
		out.WriteString(` preserveAspectRatio="none"`)
	}
	if s.linear && d.text {
		out.WriteString(` style="display:block;margin:0 auto"`)
	}
	out.WriteString(` shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>`)
	if s.linear {
		out.WriteString(`<path fill="#000" d="`)
	} else {
		out.WriteString(`<path fill="none" stroke="#000" stroke-width="` + strconv.Itoa(max(s.rowH, 1)) + `" d="`)
	}
	out.WriteString(path.String())
	out.WriteString(`"/></svg>`)
	if s.linear && d.text {
		out.WriteString(`<span class="paprika-barcode-text" style="display:block;font-family:monospace;letter-spacing:.1em">` + label + `</span></span>`)
	}
	return out.String()
}

// half writes n/2 with at most one decimal.
func half(n int) string {
	if n%2 == 0 {
		return strconv.Itoa(n / 2)
	}
	return strconv.Itoa(n/2) + ".5"
}

func dark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x8000
}

package pdf

import (
	"fmt"
	"os"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/font"
)

// WatermarkFontFile is the TrueType font a watermark is set in when the
// document has a standard: DejaVu Sans, of Debian's fonts-dejavu-core,
// which the image installs for Chromium. PDF/A needs every font embedded,
// and pdfcpu embeds (a subset of) a font it has installed, never one of
// the 14 core fonts such as Helvetica.
const WatermarkFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

var watermarkFont struct {
	once sync.Once
	name string
	err  error
}

// embeddedFont installs WatermarkFontFile as a pdfcpu user font, once per
// process, and returns the name pdfcpu knows it by. pdfcpu keeps its user
// fonts in a directory of its own (font.UserFontDir, a package variable):
// a temporary one, as the configuration directory is disabled (apply.go).
func embeddedFont() (string, error) {
	w := &watermarkFont
	w.once.Do(func() {
		if _, err := os.Stat(WatermarkFontFile); err != nil {
			w.err = fmt.Errorf("the watermark font of documents with a standard is missing (install fonts-dejavu-core): %w", err)
			return
		}
		dir, err := os.MkdirTemp("", "paprika-pdf-fonts-")
		if err != nil {
			w.err = fmt.Errorf("watermark font: %w", err)
			return
		}
		rep, err := font.InstallTrueTypeFont(dir, WatermarkFontFile)
		if err != nil || len(rep.Fonts) != 1 {
			w.err = fmt.Errorf("watermark font: install %s: %v", WatermarkFontFile, err)
			return
		}
		font.UserFontDir = dir
		if err := font.ReloadUserFonts(); err != nil {
			w.err = fmt.Errorf("watermark font: %w", err)
			return
		}
		w.name = rep.Fonts[0].PostScriptName
	})
	return w.name, w.err
}

package docx

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/gif"  // the formats an image tag places
	_ "image/jpeg" // (registered for image.DecodeConfig)
	_ "image/png"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Assets gives a tenant's asset by name: the images {{image "name"}}
// places in a Word document.
type Assets interface {
	Asset(ctx context.Context, name string) ([]byte, error)
}

// imageTagRE is {{image "name"}} with optional width= and height=.
var imageTagRE = regexp.MustCompile(`^image\s+"([^"]+)"((?:\s+(?:width|height)=(?:"[^"]*"|'[^']*'|[^\s"']+))*)$`)

var imageOptRE = regexp.MustCompile(`(width|height)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))`)

// isImageTag says whether a tag's inner text calls image.
func isImageTag(inner string) bool {
	return inner == "image" || strings.HasPrefix(inner, "image ") || strings.HasPrefix(inner, "image\t")
}

// imageUse is one {{image}} tag of a part: its drawing is a static chunk
// of the skeleton written once the image is read.
type imageUse struct {
	tag           *tag
	name          string
	width, height string // as the tag gives them, "" for none
	static        int
}

// parseImageTag reads an image tag of part.
func parseImageTag(part string, tg *tag) (imageUse, error) {
	m := imageTagRE.FindStringSubmatch(inner(tg.src))
	if m == nil {
		return imageUse{}, errorf(`in %s, %s: an image tag is {{image "name of the asset"}}, with width= and height= if need be`, where(part, tg.para.text), tg.src)
	}
	u := imageUse{tag: tg, name: m[1]}
	for _, o := range imageOptRE.FindAllStringSubmatch(m[2], -1) {
		v := o[2] + o[3] + o[4]
		if o[1] == "width" {
			u.width = v
		} else {
			u.height = v
		}
	}
	return u, nil
}

// media is an image placed in the document.
type media struct {
	target string // its entry, relative to word/
	cx, cy int64  // its size in pixels
}

// imager places the images of a document's tags: each asset read once,
// added once under word/media, related to each part that shows it.
type imager struct {
	assets  Assets
	a       *archive
	media   map[string]*media
	added   map[string][]byte            // new entries
	rels    map[string]map[string]string // part → asset → relationship id
	types   map[string]string            // extension → content type, to declare
	drawing int
}

func newImager(assets Assets, a *archive) *imager {
	return &imager{assets: assets, a: a, media: map[string]*media{}, added: map[string][]byte{},
		rels: map[string]map[string]string{}, types: map[string]string{}}
}

// place reads each image of sk and writes its drawing into sk's static
// chunk; the image's bytes count toward budget.
func (im *imager) place(ctx context.Context, sk *skeleton, budget *int64) error {
	for _, u := range sk.images {
		if im.a.d != docx {
			return errorf("in %s, %s: images are placed in Word documents only", where(sk.part, u.tag.para.text), u.tag.src)
		}
		if im.assets == nil {
			return errorf("in %s, %s: this document has no assets to take images from", where(sk.part, u.tag.para.text), u.tag.src)
		}
		m, err := im.read(ctx, sk.part, u, budget)
		if err != nil {
			return err
		}
		cx, cy, err := size(m, u)
		if err != nil {
			return errorf("in %s, %s: %v", where(sk.part, u.tag.para.text), u.tag.src, err)
		}
		id := im.relate(sk.part, u.name, m)
		im.drawing++
		sk.static[u.static] = drawingXML(sk, id, im.drawing, u.name, cx, cy)
	}
	return nil
}

// read returns the image of asset u.name, read once per document.
func (im *imager) read(ctx context.Context, part string, u imageUse, budget *int64) (*media, error) {
	if m, ok := im.media[u.name]; ok {
		return m, nil
	}
	data, err := im.assets.Asset(ctx, u.name)
	if err != nil {
		return nil, err
	}
	if *budget -= int64(len(data)); *budget < 0 {
		return nil, errorf("the filled document grows past the limit (its images)")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, errorf("in %s, %s: the asset %q is not a PNG, JPEG or GIF image", where(part, u.tag.para.text), u.tag.src, u.name)
	}
	ext := map[string]string{"png": "png", "jpeg": "jpeg", "gif": "gif"}[format]
	m := &media{target: fmt.Sprintf("media/paprika-image%d.%s", len(im.media)+1, ext), cx: int64(cfg.Width), cy: int64(cfg.Height)}
	im.media[u.name] = m
	im.added["word/"+m.target] = data
	im.types[ext] = "image/" + ext
	return m, nil
}

// relate returns the relationship id of asset name in part, adding it.
func (im *imager) relate(part, name string, m *media) string {
	ids := im.rels[part]
	if ids == nil {
		ids = map[string]string{}
		im.rels[part] = ids
	}
	if id, ok := ids[name]; ok {
		return id
	}
	id := fmt.Sprintf("rIdPaprikaImage%d", len(ids)+1)
	ids[name] = id
	return id
}

// finish returns the package entries that placing the images changed or
// added: relationships, content types, the images.
func (im *imager) finish(filled map[string][]byte) map[string][]byte {
	if len(im.media) == 0 {
		return im.added
	}
	for part, ids := range im.rels {
		relsName := path.Join(path.Dir(part), "_rels", path.Base(part)+".rels")
		var add strings.Builder
		for name, id := range ids {
			fmt.Fprintf(&add, `<Relationship Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="%s"/>`, id, im.media[name].target)
		}
		if old, ok := im.a.pkg[relsName]; ok {
			filled[relsName] = insertBefore(old, "</Relationships>", add.String())
		} else {
			im.added[relsName] = []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
				`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` + add.String() + `</Relationships>`)
		}
	}
	const ctName = "[Content_Types].xml"
	if old, ok := im.a.pkg[ctName]; ok {
		var add strings.Builder
		for ext, ct := range im.types {
			if !bytes.Contains(bytes.ToLower(old), []byte(`extension="`+ext+`"`)) {
				fmt.Fprintf(&add, `<Default Extension="%s" ContentType="%s"/>`, ext, ct)
			}
		}
		filled[ctName] = insertBefore(old, "</Types>", add.String())
	}
	return im.added
}

// insertBefore inserts add before the last end tag of xml.
func insertBefore(xml []byte, end, add string) []byte {
	i := bytes.LastIndex(xml, []byte(end))
	if i < 0 {
		return xml
	}
	return []byte(string(xml[:i]) + add + string(xml[i:]))
}

// emuPer are the English Metric Units of a unit of length.
var emuPer = map[string]float64{"cm": 360000, "mm": 36000, "in": 914400, "pt": 12700, "px": 9525, "": 9525}

var lengthRE = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)\s*(cm|mm|in|pt|px)?$`)

// maxEMU is the largest side of an image: a metre.
const maxEMU = 36_000_000

// size is an image's size in EMU: its pixels at 96 per inch, or the
// width and height the tag gives (one of them keeps the proportions).
func size(m *media, u imageUse) (cx, cy int64, err error) {
	length := func(s string) (int64, error) {
		l := lengthRE.FindStringSubmatch(strings.TrimSpace(s))
		if l == nil {
			return 0, fmt.Errorf("%q is not a length (3cm, 25mm, 1in, 72pt, 96px)", s)
		}
		f, _ := strconv.ParseFloat(l[1], 64)
		v := f * emuPer[l[2]]
		if v < 1 || v > maxEMU {
			return 0, fmt.Errorf("%q is not a length between 0 and 1 m", s)
		}
		return int64(v), nil
	}
	cx, cy = m.cx*9525, m.cy*9525
	switch {
	case u.width != "" && u.height != "":
		if cx, err = length(u.width); err == nil {
			cy, err = length(u.height)
		}
	case u.width != "":
		var w int64
		if w, err = length(u.width); err == nil {
			cx, cy = w, max(1, w*m.cy/m.cx)
		}
	case u.height != "":
		var h int64
		if h, err = length(u.height); err == nil {
			cx, cy = max(1, h*m.cx/m.cy), h
		}
	}
	return min(cx, maxEMU), min(cy, maxEMU), err
}

// drawingXML is an inline picture in a run, in place of a tag in a w:t:
// the w:t closes before it and opens after it. It declares the namespaces
// it uses, whatever the part's root binds.
func drawingXML(sk *skeleton, relID string, n int, name string, cx, cy int64) string {
	w := func(local string) string { return sk.wordName(local) }
	return fmt.Sprintf(`</%[1]s><%[2]s>`+
		`<wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" distT="0" distB="0" distL="0" distR="0">`+
		`<wp:extent cx="%[3]d" cy="%[4]d"/><wp:docPr id="%[5]d" name="Image %[5]d" descr="%[6]s"/>`+
		`<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">`+
		`<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="%[5]d" name="%[6]s"/><pic:cNvPicPr/></pic:nvPicPr>`+
		`<pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="%[7]s"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>`+
		`<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="%[3]d" cy="%[4]d"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>`+
		`</a:graphicData></a:graphic></wp:inline></%[2]s><%[1]s xml:space="preserve">`,
		w("t"), w("drawing"), cx, cy, 0x5000+n, attrEscaper.Replace(name), relID)
}

var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

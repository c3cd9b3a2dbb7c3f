package paprika

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// assetSignatures are the first bytes of each binary type.
var assetSignatures = map[string][]string{
	"image/png":  {"\x89PNG\r\n\x1a\n"},
	"image/jpeg": {"\xff\xd8\xff"},
	"image/gif":  {"GIF87a", "GIF89a"},
	"font/woff2": {"wOF2"},
	"font/woff":  {"wOFF"},
	"font/ttf":   {"\x00\x01\x00\x00", "true"},
	"font/otf":   {"OTTO"},
	// Office files are ZIP archives, but for RTF; what is inside is read
	// when one renders, bounded (render/docx, render/office).
	TypeDOCX: {"PK\x03\x04"}, TypeXLSX: {"PK\x03\x04"}, TypePPTX: {"PK\x03\x04"},
	TypeODT: {"PK\x03\x04"}, TypeODS: {"PK\x03\x04"}, TypeODP: {"PK\x03\x04"},
	TypeRTF: {"{\\rtf"},
}

// SniffAsset checks that body is what its type says: the signature of a
// binary type; UTF-8 text for stylesheets and scripts; for SVG, XML whose
// root is <svg>. Anything else is a bad-request naming the type. Uploads
// and the local render's assets directory (paprika render --assets) check
// the same, so that a file that renders locally uploads too.
func SniffAsset(contentType string, body []byte) error {
	notIt := func(why string) error {
		return BadRequest("the body is not %s: %s", contentType, why)
	}
	switch contentType {
	case "image/webp":
		if len(body) < 12 || string(body[:4]) != "RIFF" || string(body[8:12]) != "WEBP" {
			return notIt("it does not start with a RIFF WEBP header")
		}
		return nil
	case "text/css", "text/javascript":
		return checkAssetText(body, notIt)
	case "image/svg+xml":
		if err := checkAssetText(body, notIt); err != nil {
			return err
		}
		return checkSVG(body, notIt)
	}
	for _, sig := range assetSignatures[contentType] {
		if bytes.HasPrefix(body, []byte(sig)) {
			return nil
		}
	}
	return notIt("its first bytes are not that format's signature (" + describeStart(body) + ")")
}

// describeStart names what a body starts with, for the error of a
// mismatched type, when it is one of the other types.
func describeStart(body []byte) string {
	if bytes.HasPrefix(body, []byte("PK\x03\x04")) {
		return "they are a ZIP archive's (an Office file's, or another)"
	}
	for t, sigs := range assetSignatures {
		for _, sig := range sigs {
			if bytes.HasPrefix(body, []byte(sig)) {
				return "they are " + t + "'s"
			}
		}
	}
	n := min(len(body), 8)
	return "they are " + strconv.Quote(string(body[:n]))
}

func checkAssetText(body []byte, notIt func(string) error) error {
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(body) {
		return notIt("it is not valid UTF-8 text")
	}
	if i := bytes.IndexByte(body, 0); i >= 0 {
		return notIt(fmt.Sprintf("it holds a NUL byte at byte %d, which text does not", i))
	}
	return nil
}

// checkSVG checks that body parses as XML with an <svg> root element.
func checkSVG(body []byte, notIt func(string) error) error {
	dec := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))))
	dec.Strict = true
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return notIt("it does not parse as XML: " + err.Error())
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			if root != "svg" {
				return notIt(fmt.Sprintf("its root element is <%s>, not <svg>", root))
			}
		}
	}
	if root == "" {
		return notIt("it has no <svg> element")
	}
	return nil
}

// assetExtensions give a file's asset type by its extension, where no
// Content-Type says it (the local render's assets directory).
var assetExtensions = map[string]string{
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
	".svg": "image/svg+xml", ".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf",
	".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript",
	".docx": TypeDOCX, ".xlsx": TypeXLSX, ".pptx": TypePPTX, ".odt": TypeODT, ".ods": TypeODS, ".odp": TypeODP,
	".rtf": TypeRTF,
}

// AssetTypeByName returns the asset type a file name's extension says
// (case-insensitive), or false when it says none of AssetTypes.
func AssetTypeByName(name string) (string, bool) {
	ext := name[strings.LastIndexByte(name, '/')+1:]
	if i := strings.LastIndexByte(ext, '.'); i >= 0 {
		t, ok := assetExtensions[strings.ToLower(ext[i:])]
		return t, ok
	}
	return "", false
}

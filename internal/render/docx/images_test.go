package docx

import (
	"context"
	"encoding/json"
	"image/color"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paprikahq/paprika/internal/assettest"
	"github.com/paprikahq/paprika/internal/paprika"
)

// assetMap is a tenant's assets in memory.
type assetMap map[string][]byte

func (m assetMap) Asset(_ context.Context, name string) ([]byte, error) {
	if b, ok := m[name]; ok {
		return b, nil
	}
	return nil, &paprika.Error{Code: paprika.CodeTemplateError, Message: "no asset " + name}
}

// {{image}} places an asset's picture in Word's body (once per item of a
// loop) and in a header that had no relationships: LibreOffice prints
// them all, at the size asked.
func TestImages(t *testing.T) {
	doc := wordDoc(t, map[string][][2]string{
		mainPart: {
			{`<w:t>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</w:t>`, `<w:t xml:space="preserve">Logo: {{image "logo.png"}} {{#each items}}{{image “dot.png” width="1cm"}}{{/each}}</w:t>`},
		},
		"word/header1.xml": {{`<w:t>Left-side</w:t>`, `<w:t>{{ima</w:t></w:r><w:r><w:t>ge "logo.png" height="1in"}}</w:t>`}},
	})
	assets := assetMap{"logo.png": assettest.PNG(t, 300, 100, color.RGBA{200, 0, 0, 255}), "dot.png": assettest.PNG(t, 10, 10, color.RGBA{0, 0, 200, 255})}
	out, err := Fill(context.Background(), raymondExec, doc, json.RawMessage(`{"items":[1,2,3]}`), Options{Assets: assets})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(entry(t, out, "word/_rels/header1.xml.rels"), `Target="media/paprika-image1.png"`) ||
		!strings.Contains(entry(t, out, "word/_rels/document.xml.rels"), `Target="media/paprika-image2.png"`) ||
		!strings.Contains(entry(t, out, "[Content_Types].xml"), `Extension="png"`) {
		t.Errorf("the images are not related or declared")
	}
	body := entry(t, out, mainPart)
	if n := strings.Count(body, `cx="360000" cy="360000"`); n != 2*3 { // extent and xfrm, three items
		t.Errorf("the dot's 1 cm square stands %d times, want 6", n/2)
	}
	dir := sofficeConvert(t, "pdf", [][]byte{out})
	list, err := exec.Command("pdfimages", "-list", filepath.Join(dir, docName(0)+".pdf")).Output()
	if err != nil {
		t.Fatalf("pdfimages (apt-get install -y poppler-utils): %v", err)
	}
	// pdfimages lists a header and a rule, then one line per image drawn.
	if n := len(strings.Split(strings.TrimSpace(string(list)), "\n")) - 2; n != 5 {
		t.Errorf("LibreOffice draws %d images, want 5 (the header's logo, the body's, three dots):\n%s", n, list)
	}
}

func TestImageErrors(t *testing.T) {
	assets := assetMap{"notes.txt": []byte("not an image"), "dot.png": assettest.PNG(t, 10, 10, color.RGBA{0, 0, 200, 255})}
	for tagText, want := range map[string]string{
		`{{image "notes.txt"}}`:               `the asset "notes.txt" is not a PNG, JPEG or GIF image`,
		`{{image "missing.png"}}`:             "no asset missing.png",
		`{{image logo}}`:                      `an image tag is {{image "name of the asset"}}`,
		`{{image "dot.png" width="9m"}}`:      `"9m" is not a length`,
		`{{image "dot.png" height="2000cm"}}`: `"2000cm" is not a length between 0 and 1 m`,
		`{{image "x.png" depth=3}}`:           `an image tag is`,
	} {
		_, err := Fill(context.Background(), raymondExec, makeDocx(t, p("See "+tagText)), json.RawMessage(`{}`), Options{Assets: assets})
		if paprika.ErrorCode(err) != paprika.CodeTemplateError || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error = %v, want %q", tagText, err, want)
		}
	}
	_, err := Fill(context.Background(), raymondExec, makeDocx(t, p(`{{image "a.png"}}`)), json.RawMessage(`{}`), Options{})
	if !strings.Contains(fmtErr(err), "no assets to take images from") {
		t.Errorf("without assets: %v", err)
	}
	_, err = Fill(context.Background(), raymondExec, makeODT(t, `<text:p>{{image "a.png"}}</text:p>`, ""), json.RawMessage(`{}`), Options{Assets: assets})
	if !strings.Contains(fmtErr(err), "images are placed in Word documents only") {
		t.Errorf("in an .odt: %v", err)
	}
}

func fmtErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

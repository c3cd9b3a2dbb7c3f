package testkit

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"sync"
)

// The pages below are attacks on a render's memory that the render
// package's tests and the attack suite both send.

// ImageBomb is a page of one 389 KB PNG of 20000×20000 gray pixels, as a
// data: URL: 400 MB once decoded, 1.6 GB as the RGBA bitmap Chromium draws.
// A stride of 0 makes every row the same one, so the test does not need
// 400 MB to write it.
var ImageBomb = sync.OnceValue(func() string {
	img := &image.Gray{Pix: make([]uint8, 20000), Stride: 0, Rect: image.Rect(0, 0, 20000, 20000)}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return `<p>bomb</p><img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(buf.Bytes()) +
		`" style="width:20000px;height:20000px">`
})

// ArrayBufferBomb fills 64 MiB ArrayBuffers, and keeps them, up to 4 GiB;
// it sets window.done when it has.
const ArrayBufferBomb = `<p>buffers</p><script>
const kept = [];
for (let i = 0; i < 64; i++) {
	const b = new ArrayBuffer(64 << 20);
	new Uint8Array(b).fill(1);
	kept.push(b);
}
window.done = true;
</script>`

// NoiseCanvas is a page of one canvas of w×h random opaque pixels, as
// wide as the page: a PNG of it does not compress. It sets window.drawn
// when it is drawn.
func NoiseCanvas(w, h int) string {
	return fmt.Sprintf(`<style>body{margin:0}</style><canvas id=c width=%d height=%d style="width:100%%;display:block"></canvas><script>
const x = c.getContext("2d"), d = x.createImageData(%d, %d);
for (let i = 0; i < d.data.length; i += 65536) crypto.getRandomValues(d.data.subarray(i, Math.min(i + 65536, d.data.length)));
for (let i = 3; i < d.data.length; i += 4) d.data[i] = 255;
x.putImageData(d, 0, 0); window.drawn = true;
</script>`, w, h, w, h)
}

// zxing-decode.mjs FORMAT FILE: decodes the one barcode of FORMAT (ZXing's
// name: PDF417, Aztec, QRCode, ...) in the image FILE with ZXing-C++ and
// writes its bytes to stdout; exits 1 when there is not exactly one.
// barcode_test.go copies it beside the zxing-wasm it installs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const [format, file] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
// The module's own loader fetches the WebAssembly from a CDN: hand it over.
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});
const found = await readBarcodes(new Uint8Array(readFileSync(file)), {
  formats: [format], tryHarder: true, maxNumberOfSymbols: 4,
});
const valid = found.filter((r) => r.isValid);
if (valid.length !== 1) {
  process.stderr.write(`${valid.length} ${format} symbols found: ${JSON.stringify(found.map((r) => r.error || r.text))}\n`);
  process.exit(1);
}
process.stdout.write(Buffer.from(valid[0].bytes));

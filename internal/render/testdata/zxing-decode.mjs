// zxing-decode.mjs FORMAT FILE [FORMAT FILE ...]: decodes the one barcode
// of FORMAT (ZXing's name: PDF417, Aztec, QRCode, ...) in each image FILE
// with ZXing-C++ and writes a JSON array, per file {bytes: base64} or
// {error}, the error when there is not exactly one valid symbol.
// barcode_test.go copies it beside the zxing-wasm it installs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
// The module's own loader fetches the WebAssembly from a CDN: hand it over.
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});
const args = process.argv.slice(2);
const results = [];
for (let i = 0; i + 1 < args.length; i += 2) {
  const [format, file] = [args[i], args[i + 1]];
  const found = await readBarcodes(new Uint8Array(readFileSync(file)), {
    formats: [format], tryHarder: true, maxNumberOfSymbols: 4,
  });
  const valid = found.filter((r) => r.isValid);
  results.push(valid.length === 1
    ? { bytes: Buffer.from(valid[0].bytes).toString("base64") }
    : { error: `${valid.length} ${format} symbols found: ${JSON.stringify(found.map((r) => r.error || r.text))}` });
}
process.stdout.write(JSON.stringify(results));

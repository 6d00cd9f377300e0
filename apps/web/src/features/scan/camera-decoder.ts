// The camera's barcode reader: the maintained BarcodeDetector ponyfill on zxing-wasm. Its decoder
// (.wasm) is part of our own build (Vite's ?url import gives its hashed address on this server), never
// fetched from a CDN; the copy is zxing-wasm's reader at the version barcode-detector pins (3.1.3).
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

let prepared = false;

/** A detector for the codes our labels carry (QR and Code128), the decoder served by this server. */
export function createDetector(): BarcodeDetector {
  if (!prepared) {
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path) },
    });
    prepared = true;
  }
  return new BarcodeDetector({ formats: ['qr_code', 'code_128'] });
}


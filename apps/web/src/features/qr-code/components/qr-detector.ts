// The decoder's WebAssembly, emitted by Vite into our own assets and served by our server: the
// polyfill would otherwise fetch it from a CDN at run time (CSP connect-src 'self' forbids that).
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { DetectorUnavailableError } from './camera-errors';

/** What the scanner needs of a BarcodeDetector (Shape Detection API). */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface DetectorConstructor {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own BarcodeDetector, where it has one that reads QR codes (Android, macOS). */
async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * A QR-code detector: the browser's where it has one, else the barcode-detector ponyfill
 * (ZXing compiled to WebAssembly), loaded only here, with its .wasm from our own origin.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = await nativeDetector();
  if (native) return native;
  try {
    const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? zxingReaderWasm : prefix + path,
      },
      fireImmediately: true,
    });
    return new BarcodeDetector({ formats: ['qr_code'] });
  } catch (error) {
    throw new DetectorUnavailableError(String(error));
  }
}

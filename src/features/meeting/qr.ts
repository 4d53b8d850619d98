import qrcode from 'qrcode-generator';

/*
 * QR codes for meeting sign-in.
 * - Organiser's page: `qrcode-generator` (MIT, ~11 kB gzipped, no dependencies, plain JS so any browser and Node 20
 *   run it). We draw the modules as one SVG path, so no canvas and a crisp code at any size; the code changes every
 *   30 s and redrawing a path is cheap.
 * - Participant's scan page: the browser's BarcodeDetector where it exists (Chrome/Android, Safari 17+), otherwise
 *   `jsqr` (Apache-2.0, ~57 kB gzipped unminified) on camera frames. jsqr is imported only when needed so the other
 *   pages do not pay for it.
 */

/** Dark/light modules of the QR code for `text` (error correction M: survives glare on a projected screen). */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  // the library turns each UTF-16 unit into one byte (Latin-1); handing it UTF-8 bytes as a binary string keeps
  // Chinese text intact without changing the library's global conversion
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** An SVG path (one unit per module, `quiet` modules of margin) and the viewBox size to draw it in. */
export function qrSvgPath(text: string, quiet = 4): { d: string; size: number } {
  const m = qrMatrix(text);
  const parts: string[] = [];
  m.forEach((row, r) => {
    // runs of dark modules become one rectangle each, which keeps the path short
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let run = 1;
      while (row[c + run]) run++;
      parts.push(`M${c + quiet} ${r + quiet}h${run}v1h-${run}z`);
      c += run - 1;
    }
  });
  return { d: parts.join(''), size: m.length + 2 * quiet };
}

export type QrDecoderKind = 'barcode-detector' | 'jsqr';

/** Which decoder the scan page uses here; `scope` is `globalThis` in the app. */
export async function pickQrDecoder(scope: {
  BarcodeDetector?: { getSupportedFormats?: () => Promise<string[]> };
}): Promise<QrDecoderKind> {
  const detector = scope.BarcodeDetector;
  if (!detector?.getSupportedFormats) return 'jsqr';
  try {
    return (await detector.getSupportedFormats()).includes('qr_code') ? 'barcode-detector' : 'jsqr';
  } catch {
    return 'jsqr';
  }
}

/** Decodes a QR code in an RGBA frame (e.g. a canvas ImageData of the camera) with jsqr; null when none is seen. */
export async function decodeQrFrame(rgba: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { decodeWithJsQr } = await import('./jsqr-decode');
  return decodeWithJsQr(rgba, width, height);
}

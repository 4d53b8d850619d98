import { describe, expect, it } from 'vitest';
import { decodeQrFrame, pickQrDecoder, qrMatrix, qrSvgPath } from '../../../src/features/meeting/qr';

// draw the SVG path's rectangles into an RGBA frame, as a phone camera would see the organiser's screen
function rasterise(d: string, size: number, scale = 4, invert = false): { rgba: Uint8ClampedArray; width: number } {
  const width = size * scale;
  const rgba = new Uint8ClampedArray(width * width * 4).fill(invert ? 0 : 255);
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let px = Number(x) * scale; px < (Number(x) + Number(run)) * scale; px++) {
      for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
        const i = (py * width + px) * 4;
        rgba.fill(invert ? 255 : 0, i, i + 3);
      }
    }
  }
  return { rgba, width };
}

const token = 'OAQD1.6f1c2d3e-0000-4000-8000-000000000001.2q1k3c8.n3J2b8P4v0yQ-cT9_aZk1w';

describe('sign-in QR codes', () => {
  it('draws the token as an SVG path that a decoder reads back exactly', async () => {
    const { d, size } = qrSvgPath(token);
    expect(size).toBe(qrMatrix(token).length + 8);
    const { rgba, width } = rasterise(d, size);
    expect(await decodeQrFrame(rgba, width, width)).toBe(token);
  });

  it('reads a code shown light-on-dark (a dark-mode screen)', async () => {
    const { d, size } = qrSvgPath(token);
    const { rgba, width } = rasterise(d, size, 3, true);
    expect(await decodeQrFrame(rgba, width, width)).toBe(token);
  });

  it('encodes Chinese text as UTF-8 bytes', async () => {
    const text = '会议签到：周例会';
    const { d, size } = qrSvgPath(text);
    const { rgba, width } = rasterise(d, size);
    expect(await decodeQrFrame(rgba, width, width)).toBe(text);
  });

  it('finds no code in a blank frame', async () => {
    expect(await decodeQrFrame(new Uint8ClampedArray(100 * 100 * 4).fill(255), 100, 100)).toBeNull();
  });

  it('uses BarcodeDetector only when it supports QR codes, else jsqr', async () => {
    expect(await pickQrDecoder({})).toBe('jsqr');
    expect(await pickQrDecoder({ BarcodeDetector: { getSupportedFormats: async () => ['qr_code', 'ean_13'] } })).toBe(
      'barcode-detector',
    );
    expect(await pickQrDecoder({ BarcodeDetector: { getSupportedFormats: async () => ['ean_13'] } })).toBe('jsqr');
    expect(
      await pickQrDecoder({ BarcodeDetector: { getSupportedFormats: () => Promise.reject(new Error('x')) } }),
    ).toBe('jsqr');
  });
});

import jsQR from 'jsqr';

// A module of its own, imported lazily by qr.ts: a lazy import() of jsqr itself (CommonJS) made the bundler put its
// namespace shim in the runtime every page loads.

/** jsqr's reading of an RGBA frame; null when no QR code is seen. */
export function decodeWithJsQr(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

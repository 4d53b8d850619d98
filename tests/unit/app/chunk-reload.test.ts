import { describe, expect, it, vi } from 'vitest';
import { isStalePieceError, reloadOnceForStalePiece } from '@/app/chunk-reload';

function chunkError() {
  const error = new Error('Loading chunk 42 failed.\n(timeout: /static/js/async/42.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('stale route pieces', () => {
  it('recognises a failed JS piece and a failed stylesheet piece', () => {
    expect(isStalePieceError(chunkError())).toBe(true);
    const css = Object.assign(new Error('Loading CSS chunk 7 failed'), { code: 'CSS_CHUNK_LOAD_FAILED' });
    expect(isStalePieceError(css)).toBe(true);
    expect(isStalePieceError(new Error('boom'))).toBe(false);
    expect(isStalePieceError('text')).toBe(false);
  });

  it('reloads once, then shows the retry screen instead of looping', () => {
    const reload = vi.fn();
    expect(reloadOnceForStalePiece(sessionStorage, 1_000_000, reload)).toBe(true);
    expect(reloadOnceForStalePiece(sessionStorage, 1_000_000 + 5_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // a later deploy gets its own reload
    expect(reloadOnceForStalePiece(sessionStorage, 1_000_000 + 120_000, reload)).toBe(true);
  });
});

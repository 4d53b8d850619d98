const RELOAD_MARK = 'oa.pieceReloadAt';
const RELOAD_WINDOW_MS = 60_000;

/** rspack names a failed JS piece ChunkLoadError and a failed stylesheet piece CSS_CHUNK_LOAD_FAILED (spec §8). */
export function isStalePieceError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  return (
    error.name === 'ChunkLoadError' ||
    code === 'CSS_CHUNK_LOAD_FAILED' ||
    /Loading (CSS )?chunk .* failed/i.test(error.message)
  );
}

/**
 * After a deploy the running page may ask for a piece the server no longer has. Reloading once fetches the new
 * build; the mark stops a reload loop when the piece is missing for another reason (offline, server down).
 */
export function reloadOnceForStalePiece(
  storage: Storage = sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
): boolean {
  if (!navigator.onLine) return false;
  const last = Number(storage.getItem(RELOAD_MARK) ?? 0);
  if (now - last < RELOAD_WINDOW_MS) return false;
  storage.setItem(RELOAD_MARK, String(now));
  reload();
  return true;
}

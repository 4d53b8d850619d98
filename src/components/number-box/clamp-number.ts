/** Spec §5: empty or non-numeric → min (or 0); then clamped to [min, max]. */
export function normalizeNumber(raw: unknown, min?: number, max?: number): number {
  const parsed =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  let value = Number.isFinite(parsed) ? parsed : (min ?? 0);
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return value;
}

/** Spec §5: the step is an integer, default 1. */
export function normalizeStep(step: number | undefined): number {
  const value = Math.trunc(step ?? 1);
  return value >= 1 ? value : 1;
}

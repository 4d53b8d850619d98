import fs from 'node:fs/promises';
import path from 'node:path';

/** Why some content gave no PDF, kept so the same bytes are answered at once instead of converted again. */
export type RememberedReason = 'timeout' | 'failed' | 'too-large';

interface Record {
  reason: RememberedReason;
  at: number;
  /** the limits the verdict was reached under: a more generous setting later deserves a new try */
  convertTimeoutMs: number;
  maxInflatedMb: number;
}

export interface FailureLimits {
  convertTimeoutMs: number;
  maxInflatedMb: number;
}

/**
 * A day: long enough that a file which held a conversion slot for the whole time limit cannot do it again and again,
 * short enough that a file which timed out only because the machine was busy (or an upgraded LibreOffice now reads)
 * previews again tomorrow.
 */
const REMEMBER_MS = 24 * 60 * 60 * 1000;

/** Next to the PDF cache (DATA_DIR/previews/<2>/<hash>.failed.json), so every process on the data dir sees it. */
const markOf = (dataDir: string, sha256: string) =>
  path.join(dataDir, 'previews', sha256.slice(0, 2), `${sha256}.failed.json`);

/** The remembered failure of this content, if it still holds under the current limits. */
export async function recallFailure(
  dataDir: string,
  sha256: string,
  limits: FailureLimits,
): Promise<RememberedReason | null> {
  let record: Record;
  try {
    record = JSON.parse(await fs.readFile(markOf(dataDir, sha256), 'utf8')) as Record;
  } catch {
    return null; // none, or half written by a crashed process: convert again
  }
  if (Date.now() - record.at > REMEMBER_MS) return null;
  if (record.reason === 'timeout' && limits.convertTimeoutMs > record.convertTimeoutMs) return null;
  if (record.reason === 'too-large' && limits.maxInflatedMb > record.maxInflatedMb) return null;
  return record.reason;
}

/** Remembers why this content gave no PDF (written whole: a reader sees the old record, none, or this one). */
export async function rememberFailure(
  dataDir: string,
  sha256: string,
  reason: RememberedReason,
  limits: FailureLimits,
): Promise<void> {
  const mark = markOf(dataDir, sha256);
  const record: Record = { reason, at: Date.now(), ...limits };
  await fs.mkdir(path.dirname(mark), { recursive: true });
  const partial = `${mark}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await fs.writeFile(partial, JSON.stringify(record));
  await fs.rename(partial, mark);
}

import fs from 'node:fs';
import path from 'node:path';

const heldInProcess = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the single-owner lock of a PGlite data dir (this process and others); returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  if (heldInProcess.has(dir)) throw new Error(`PGlite data dir ${dir} is already open in this process`);
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    // a lock left by a killed process is taken over; a living owner is not
    if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) {
      throw new Error(`PGlite data dir ${dir} is in use by process ${owner}`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  heldInProcess.add(dir);
  return () => {
    if (!heldInProcess.delete(dir)) return;
    fs.rmSync(lockFile, { force: true });
  };
}

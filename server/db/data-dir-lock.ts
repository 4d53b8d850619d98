import fs from 'node:fs';
import path from 'node:path';

/*
 * Single owner of a PGlite data dir, across processes. The lock file is created with O_EXCL ('wx'), which only one
 * process can win. A lock left by a killed process is broken under a second O_EXCL file (the breaker): only its
 * winner may delete the stale lock, so two starters can never both take it over (each deleting the other's fresh
 * lock). Owners are pid + process start time, so a recycled pid does not keep a dead owner's lock alive.
 */

interface Owner {
  pid: number;
  start: string | null;
}

const heldInProcess = new Set<string>();

/** The kernel's start time of a process (Linux /proc), or null where that is not available. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startTimeOf(owner.pid);
  return owner.start === null || start === null || start === owner.start;
}

function readOwner(file: string): Owner | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (/^\d+$/.test(text)) return { pid: Number(text), start: null }; // written by an older version
    const parsed = JSON.parse(text) as Partial<Owner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, start: parsed.start ?? null } : null;
  } catch (error) {
    // gone, or half-written by an owner that died between create and write: nobody holds it
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : { pid: -1, start: null };
  }
}

/** Creates `file` holding our identity; false when it already exists. */
function createExclusive(file: string, me: Owner): boolean {
  try {
    fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function inUse(dir: string, owner: Owner | null): Error {
  return new Error(`PGlite data dir ${dir} is in use by process ${owner?.pid ?? 'unknown'}`);
}

/** Takes the single-owner lock of a PGlite data dir (this process and others); returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  if (heldInProcess.has(dir)) throw new Error(`PGlite data dir ${dir} is already open in this process`);
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  const breaker = `${lockFile}.break`;
  const me: Owner = { pid: process.pid, start: startTimeOf(process.pid) };
  if (!createExclusive(lockFile, me)) {
    const owner = readOwner(lockFile);
    if (owner && (owner.pid === -1 || alive(owner))) throw inUse(dir, owner);
    if (!createExclusive(breaker, me)) {
      const breaking = readOwner(breaker);
      if (breaking && breaking.pid !== -1 && alive(breaking)) throw inUse(dir, breaking);
      throw new Error(
        `PGlite data dir ${dir}: a stale lock is being broken by a dead process; remove ${breaker} and ${lockFile}`,
      );
    }
    try {
      // re-read under the breaker: another starter may have broken and retaken it meanwhile
      const current = readOwner(lockFile);
      if (current && (current.pid === -1 || alive(current))) throw inUse(dir, current);
      fs.rmSync(lockFile, { force: true });
      if (!createExclusive(lockFile, me)) throw inUse(dir, readOwner(lockFile));
    } finally {
      fs.rmSync(breaker, { force: true });
    }
  }
  heldInProcess.add(dir);
  return () => {
    if (!heldInProcess.delete(dir)) return;
    fs.rmSync(lockFile, { force: true });
  };
}

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Why a conversion gave no PDF; the service turns each into the user's message. */
export class ConversionError extends Error {
  constructor(
    readonly reason: 'missing' | 'timeout' | 'failed',
    detail: string,
  ) {
    super(detail);
    this.name = 'ConversionError';
  }
}

/**
 * The profile's settings, written before LibreOffice first starts in it. Headless conversion never shows the macro
 * dialog and the default level (High) runs only signed macros from trusted places; we also switch macro execution
 * off entirely (DisableMacrosExecution, LibreOffice 6.1+) and set the strictest level, so a document's Basic or
 * event-bound script cannot run whatever the package defaults become. Linked images from untrusted places are not
 * fetched either (a document must not make the server call addresses).
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

/** Creates the private LibreOffice profile (once) with the settings above; a profile already there is kept. */
export async function prepareProfile(profileDir: string): Promise<void> {
  const settings = path.join(profileDir, 'user', 'registrymodifications.xcu');
  if (
    await fs.stat(settings).then(
      () => true,
      () => false,
    )
  )
    return;
  await fs.mkdir(path.dirname(settings), { recursive: true });
  await fs.writeFile(settings, PROFILE_SETTINGS);
}

export interface SofficeRun {
  soffice: string;
  profileDir: string;
  /** the document, named with its real extension (LibreOffice picks the import filter by it and by content) */
  input: string;
  outDir: string;
  timeoutMs: number;
}

/**
 * Runs `soffice --headless --convert-to pdf` in its own process group and profile; past the time limit the whole group
 * (the shell wrapper, oosplash and soffice.bin) is killed. Resolves with the PDF's path.
 */
export async function convertWithSoffice(run: SofficeRun): Promise<string> {
  await prepareProfile(run.profileDir);
  const args = [
    `-env:UserInstallation=${pathToFileURL(run.profileDir).href}`,
    '--headless',
    '--invisible',
    '--nologo',
    '--norestore',
    '--nodefault',
    '--nolockcheck',
    '--convert-to',
    'pdf',
    '--outdir',
    run.outDir,
    run.input,
  ];
  // HOME in the profile too: fontconfig and Java would otherwise write into the service account's home
  const child = spawn(run.soffice, args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: run.profileDir },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, run.timeoutMs);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (timedOut) throw new ConversionError('timeout', `soffice ran past ${run.timeoutMs} ms`);
    const pdf = path.join(run.outDir, `${path.parse(run.input).name}.pdf`);
    // soffice exits 0 even when no import filter took the file: the PDF's presence is the answer
    const made = await fs.stat(pdf).then(
      (s) => s.size > 0,
      () => false,
    );
    if (!made) throw new ConversionError('failed', `soffice exited ${code}: ${stderr.trim()}`);
    return pdf;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ConversionError('missing', `${run.soffice} not found`);
    throw error;
  } finally {
    clearTimeout(timer);
    killGroup(); // a child soffice.bin may outlive the wrapper; never leave one behind
  }
}

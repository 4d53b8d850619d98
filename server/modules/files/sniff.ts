import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../../lib/app-error';

const blockedMimes = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/vnd.microsoft.portable-executable',
  'application/java-vm',
  'application/wasm',
  'application/x-shockwave-flash',
  'application/vnd.ms-htmlhelp',
  'application/x.ms.shortcut',
  'application/x-ms-regedit',
]);
// names that run when opened on a desktop, or render as a page in the browser
const blockedExtensions = new Set([
  'exe',
  'dll',
  'com',
  'bat',
  'cmd',
  'sh',
  'ps1',
  'msi',
  'scr',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'cpl',
  'hta',
  'lnk',
  'reg',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'mht',
  'mhtml',
]);
const textMimes: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  xml: 'application/xml',
};

const unsupported = () => new AppError(415, '不支持的文件类型');
const SCAN_LIMIT = 5 * 1024 * 1024;

function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

function looksLikeText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }); // stream: a cut last character is fine
    return true;
  } catch {
    return false;
  }
}

/** Rejects text that a browser would run: HTML pages and SVG with script or event handlers. */
function assertHarmlessText(text: string): 'svg' | 'text' {
  const lower = text.toLowerCase();
  if (/<!doctype html|<html[\s>]|<script[\s>]|<iframe[\s>]|<body[\s>]/.test(lower)) throw unsupported();
  if (!lower.includes('<svg')) return 'text';
  if (/<script|\son[a-z]+\s*=|javascript:|<foreignobject|<iframe|<embed|<object/.test(lower)) throw unsupported();
  return 'svg';
}

/** Decides the stored MIME of an uploaded file from its bytes (file-type) with a UTF-8 text fallback; 415 if blocked. */
export async function sniffMime(filePath: string, attachName: string, size: number): Promise<string> {
  if (blockedExtensions.has(extensionOf(attachName))) throw unsupported();
  const detected = await fileTypeFromFile(filePath);
  if (detected && blockedMimes.has(detected.mime)) throw unsupported();
  if (detected && detected.mime !== 'application/xml') return detected.mime;
  const handle = await fs.open(filePath, 'r');
  try {
    const bytes = Buffer.alloc(Math.min(size, SCAN_LIMIT));
    await handle.read(bytes, 0, bytes.length, 0);
    if (!looksLikeText(bytes)) return detected?.mime ?? 'application/octet-stream';
    const kind = assertHarmlessText(bytes.toString('utf8'));
    if (kind === 'svg') return 'image/svg+xml';
    return detected?.mime ?? textMimes[extensionOf(attachName)] ?? 'text/plain';
  } finally {
    await handle.close();
  }
}

/** How a stored file may be previewed inline; null = not previewable (415). */
export function previewType(mime: string): string | null {
  if (/^image\/(png|jpeg|gif|webp|bmp|avif)$/.test(mime)) return mime;
  if (mime === 'application/pdf') return mime;
  // text of any kind is shown as plain text, never interpreted
  if (mime.startsWith('text/') || mime === 'application/json' || mime === 'application/xml')
    return 'text/plain; charset=utf-8';
  return null;
}

import type { UploadedFile } from '@contract/files';

/** The answer for one stored upload (contract UploadedFile): the opaque id is the fileName. */
export function presentUploaded(row: { id: string; attachName: string; size: number; mime: string }): UploadedFile {
  return { fileName: row.id, attachName: row.attachName, size: row.size, mime: row.mime };
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file name as people gave it, made safe to store and show: no folders, no control characters, bounded. */
export function cleanAttachName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean || clean === '.' || clean === '..') return '未命名文件';
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}

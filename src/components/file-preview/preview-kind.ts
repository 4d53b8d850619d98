import { CONVERTIBLE_EXTENSIONS } from '../../../contract/preview';

/** How a file is shown: each kind has its own viewer, loaded only when such a file is opened. */
export type PreviewKind = 'image' | 'pdf' | 'docx' | 'xlsx' | 'converted' | 'text' | 'none';

// an SVG is shown through <img> (a blob: address), where none of its script can run
const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'avif', 'svg']);
const TEXT = new Set(['txt', 'csv', 'md', 'json', 'xml', 'log']);
/** rendered in the browser: no server round trip, and no LibreOffice needed for the common formats */
const IN_BROWSER: Record<string, PreviewKind> = { pdf: 'pdf', docx: 'docx', xlsx: 'xlsx' };
const CONVERTED = new Set<string>(CONVERTIBLE_EXTENSIONS);

export const extensionOf = (name: string): string => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The viewer for a file, by the extension of the name people gave it (the server checked the bytes at upload). */
export function previewKindOf(name: string): PreviewKind {
  const extension = extensionOf(name);
  if (IMAGE.has(extension)) return 'image';
  if (IN_BROWSER[extension]) return IN_BROWSER[extension];
  if (CONVERTED.has(extension)) return 'converted';
  if (TEXT.has(extension)) return 'text';
  return 'none';
}

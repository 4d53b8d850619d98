/** GET: a stored office file (fileName) as PDF, converted on the server by LibreOffice; the client shows it with pdf.js. */
export const PREVIEW_PDF_PATH = '/api/form/common/api/previewPdf';

/**
 * Formats the server converts to PDF (legacy Word/Excel/PowerPoint, OpenDocument, RTF and WPS Office's own). .docx
 * and .xlsx are rendered in the browser instead and are here only so a client without those viewers can ask too.
 */
export const CONVERTIBLE_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'pps',
  'ppsx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'wps',
  'et',
  'dps',
] as const;

/** Past this many MB a file is not previewed (server conversion and browser rendering alike); 下载 still works. */
export const PREVIEW_MAX_MB_DEFAULT = 20;

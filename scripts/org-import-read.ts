// Reads an organisation file (CSV or xlsx) into rows keyed by column title, each with the line it came from.
import fs from 'node:fs/promises';
import path from 'node:path';

/** One data row: the line number a person sees in the file (1 = the header) and its cells by column title. */
export interface SourceRow {
  line: number;
  cells: Record<string, string>;
}

/** The header titles (trimmed) and the data rows; rows whose cells are all empty are skipped. */
export interface SourceTable {
  columns: string[];
  rows: SourceRow[];
}

/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF; a UTF-8 BOM is dropped.
 * Each record carries the line it starts on, so a message names the line an editor shows.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records;
}

/** The text of a cell: numbers (手机 typed as a number) as written, dates as their day, formulas as their results. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** The first sheet, read with read-excel-file (the reader the in-app preview uses too). */
async function readXlsx(file: string): Promise<{ line: number; fields: string[] }[]> {
  const { readSheet } = await import('read-excel-file/node');
  // rows come from the first one on, empty ones in between included, so a row's index + 1 is the line Excel shows
  const rows = await readSheet(file, 1, { trim: false });
  return rows
    .map((row, index) => ({ line: index + 1, fields: row.map(cellText) }))
    .filter(({ fields }) => fields.some((field) => field !== ''));
}

/** Reads a .csv (UTF-8) or .xlsx file; anything else is refused with a Chinese message. */
export async function readSourceFile(file: string): Promise<SourceTable> {
  const extension = path.extname(file).toLowerCase();
  let records: { line: number; fields: string[] }[];
  if (extension === '.csv') records = parseCsv(await fs.readFile(file, 'utf8'));
  else if (extension === '.xlsx') records = await readXlsx(file);
  else throw new Error(`只支持 .csv 或 .xlsx 文件：${file}`);
  const [header, ...data] = records;
  if (!header) return { columns: [], rows: [] };
  const columns = header.fields.map((title) => title.trim());
  const rows = data
    .map(({ line, fields }) => ({
      line,
      cells: Object.fromEntries(columns.map((title, i) => [title, (fields[i] ?? '').trim()])),
    }))
    .filter((row) => Object.values(row.cells).some((cell) => cell !== ''));
  return { columns, rows };
}

import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONVERTIBLE_EXTENSIONS } from '@contract/preview';
import { AppError } from '../../lib/app-error';
import { ConversionError, convertWithSoffice } from './libreoffice';

export interface ConversionSettings {
  dataDir: string;
  soffice: string;
  convertTimeoutMs: number;
  maxMb: number;
  /** runs one conversion at a time (createConversionQueue) */
  enqueue: <T>(task: () => Promise<T>) => Promise<T>;
}

/** A stored file as the files module finds it: the row's name, type and content hash, and how to stream its bytes. */
export interface SourceFile {
  row: { sha256: string; attachName: string; mime: string };
  /** the bytes, from the local disk or the bucket (app.blobs) */
  open: () => Promise<Readable>;
  size: number;
}

const convertible = new Set<string>(CONVERTIBLE_EXTENSIONS);
/** What the upload sniffer records for office files: OOXML and ODF are zips, the legacy ones OLE2 (CFB), RTF text. */
const officeMime =
  /^application\/(x-cfb|zip|rtf|msword|vnd\.ms-|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.)|^text\/rtf$/;

const messages: Record<ConversionError['reason'], AppError> = {
  missing: new AppError(503, '服务器未安装文档转换组件，暂不能预览该文件，请下载后查看'),
  timeout: new AppError(504, '文档转换超时，请下载后查看'),
  failed: new AppError(422, '该文件无法转换预览，可能已损坏，请下载后查看'),
};

/** The extension a stored file converts by, or 415: the name must say office and the bytes must agree. */
function extensionToConvert(file: SourceFile): string {
  const extension = path.extname(file.row.attachName).slice(1).toLowerCase();
  if (!convertible.has(extension) || !officeMime.test(file.row.mime))
    throw new AppError(415, '该文件类型不支持在线预览');
  return extension;
}

/** Where the PDF of some content is kept: by the content's hash, so the same bytes convert once for everybody. */
const cachedPdf = (dataDir: string, sha256: string) =>
  path.join(dataDir, 'previews', sha256.slice(0, 2), `${sha256}.pdf`);
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/**
 * The PDF of a stored office file: from the cache, else converted by LibreOffice (one at a time, within the time
 * limit) and kept. `converted` says whether this call ran LibreOffice.
 */
export async function pdfOf(
  settings: ConversionSettings,
  file: SourceFile,
): Promise<{ path: string; converted: boolean }> {
  const extension = extensionToConvert(file);
  if (file.size > settings.maxMb * 1024 * 1024)
    throw new AppError(413, `文件超过${settings.maxMb}MB，不能在线预览，请下载后查看`);
  if (!/^[0-9a-f]{64}$/.test(file.row.sha256)) throw new Error('not a sha256');
  const target = cachedPdf(settings.dataDir, file.row.sha256);
  if (await exists(target)) return { path: target, converted: false };
  return settings.enqueue(async () => {
    // converted by whoever held the queue before us
    if (await exists(target)) return { path: target, converted: false };
    const work = path.join(settings.dataDir, 'previews', 'tmp');
    await fs.mkdir(work, { recursive: true });
    const job = await fs.mkdtemp(path.join(work, 'job-'));
    try {
      const input = path.join(job, `source.${extension}`);
      await pipeline(await file.open(), createWriteStream(input));
      const pdf = await convertWithSoffice({
        soffice: settings.soffice,
        profileDir: path.join(settings.dataDir, 'previews', 'libreoffice-profile'),
        input,
        outDir: job,
        timeoutMs: settings.convertTimeoutMs,
      });
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(pdf, target); // atomic: a reader sees no PDF or the whole one
      return { path: target, converted: true };
    } catch (error) {
      if (error instanceof ConversionError) throw messages[error.reason];
      throw error;
    } finally {
      await fs.rm(job, { recursive: true, force: true });
    }
  });
}

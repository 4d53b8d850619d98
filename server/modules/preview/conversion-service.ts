import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CONVERTIBLE_EXTENSIONS } from '@contract/preview';
import { AppError } from '../../lib/app-error';
import type { Enqueue } from './conversion-queue';
import { recallFailure, rememberFailure, type RememberedReason } from './failure-memory';
import { ConversionError, convertWithSoffice } from './libreoffice';
import { inspectZip } from './zip-inspection';

export interface ConversionSettings {
  dataDir: string;
  soffice: string;
  convertTimeoutMs: number;
  maxMb: number;
  /** what an office file (a zip) may inflate to before it is refused unconverted */
  maxInflatedMb: number;
  /** hands out the conversion slots, fair between persons (createConversionQueue) */
  enqueue: Enqueue;
  /** this process's conversions under way by content hash: a second request for the same bytes joins the first */
  inflight: Map<string, Promise<Converted>>;
}

interface Converted {
  path: string;
  /** whether LibreOffice ran for this answer */
  converted: boolean;
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

const messages: Record<ConversionError['reason'] | RememberedReason, AppError> = {
  missing: new AppError(503, '服务器未安装文档转换组件，暂不能预览该文件，请下载后查看'),
  timeout: new AppError(504, '文档转换超时，请下载后查看'),
  failed: new AppError(422, '该文件无法转换预览，可能已损坏，请下载后查看'),
  'too-large': new AppError(413, '文件解压后过大，无法预览，请下载后查看'),
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

/** A conversion that gave no PDF because of the content (not a missing LibreOffice): remembered, then refused. */
async function refuse(settings: ConversionSettings, sha256: string, reason: RememberedReason): Promise<never> {
  const { convertTimeoutMs, maxInflatedMb } = settings;
  await rememberFailure(settings.dataDir, sha256, reason, { convertTimeoutMs, maxInflatedMb });
  throw messages[reason];
}

/**
 * Copies the file next to the job, refuses a zip that would inflate past the limit (no slot taken), then converts it
 * in a slot. Resolves with the cached PDF's path.
 */
async function convert(
  settings: ConversionSettings,
  file: SourceFile,
  extension: string,
  person: string,
): Promise<Converted> {
  const { sha256 } = file.row;
  const target = cachedPdf(settings.dataDir, sha256);
  const work = path.join(settings.dataDir, 'previews', 'tmp');
  await fs.mkdir(work, { recursive: true });
  const job = await fs.mkdtemp(path.join(work, 'job-'));
  try {
    const input = path.join(job, `source.${extension}`);
    await pipeline(await file.open(), createWriteStream(input));
    const verdict = await inspectZip(input, settings.maxInflatedMb * 1024 * 1024);
    if (verdict === 'too-large') await refuse(settings, sha256, 'too-large');
    if (verdict === 'unreadable') await refuse(settings, sha256, 'failed');
    return await settings.enqueue(person, async (slot) => {
      // converted, or given up on, by another process while this one waited
      if (await exists(target)) return { path: target, converted: false };
      const known = await recallFailure(settings.dataDir, sha256, settings);
      if (known) throw messages[known];
      try {
        const pdf = await convertWithSoffice({
          soffice: settings.soffice,
          profileDir: path.join(settings.dataDir, 'previews', `libreoffice-profile-${slot}`),
          input,
          outDir: job,
          timeoutMs: settings.convertTimeoutMs,
        });
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(pdf, target); // atomic: a reader sees no PDF or the whole one
        return { path: target, converted: true };
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error;
        if (error.reason === 'missing') throw messages.missing; // says nothing about the file: not remembered
        return refuse(settings, sha256, error.reason);
      }
    });
  } finally {
    await fs.rm(job, { recursive: true, force: true });
  }
}

/**
 * The PDF of a stored office file: from the cache, else refused at once when the same bytes failed before, else
 * checked and converted by LibreOffice (within the time limit, in a slot shared fairly between persons) and kept.
 * `converted` says whether this call produced it.
 */
export async function pdfOf(settings: ConversionSettings, file: SourceFile, person: string): Promise<Converted> {
  const extension = extensionToConvert(file);
  if (file.size > settings.maxMb * 1024 * 1024)
    throw new AppError(413, `文件超过${settings.maxMb}MB，不能在线预览，请下载后查看`);
  const { sha256 } = file.row;
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a sha256');
  const target = cachedPdf(settings.dataDir, sha256);
  if (await exists(target)) return { path: target, converted: false };
  const known = await recallFailure(settings.dataDir, sha256, settings);
  if (known) throw messages[known];
  const underWay = settings.inflight.get(sha256);
  if (underWay) return { path: (await underWay).path, converted: false };
  const conversion = convert(settings, file, extension, person);
  settings.inflight.set(sha256, conversion);
  try {
    return await conversion;
  } finally {
    settings.inflight.delete(sha256);
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { writeTransaction } from '../../plugins/write-transaction';
import { currentUser } from '../../plugins/auth';
import { downloadRefusal, readFileRefusal } from './policy';
import { cleanAttachName, contentDisposition, presentUploaded } from './presenter';
import { parseRange } from '../../lib/storage';
import { findStoredFile, recordUploads, storeBlobs, type CheckedUpload } from './service';
import { previewType, sniffMime } from './sniff';
import { discardTemps, isBrokenMultipart, receiveToTemp } from './storage';

const fileQuery = z.object({
  fileName: z.string({ error: '请提供文件名' }).min(1, '请提供文件名').max(1000, '文件名过长'),
});
const fileFields = new Set(['file', 'files', 'file[]']);

/** Upload (multipart, field `file`), download and inline preview of stored files. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { dataDir, uploadMaxMb } = app.config;
  const tooLarge = () => new AppError(413, `文件大小不能超过${uploadMaxMb}MB`);

  async function receive(part: MultipartFile): Promise<CheckedUpload> {
    const attachName = cleanAttachName(part.filename);
    const file = await receiveToTemp(dataDir, part.file);
    if (part.file.truncated) {
      await discardTemps([file]);
      throw tooLarge();
    }
    return { ...file, attachName, mime: '' };
  }

  app.post('/api/form/common/file/upload', { preHandler: [app.authenticate] }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new AppError(400, '请选择要上传的文件');
    const uploads: CheckedUpload[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (!fileFields.has(part.fieldname)) {
          part.file.resume(); // other file fields are drained and ignored
          continue;
        }
        uploads.push(await receive(part));
      }
      if (!uploads.length) throw new AppError(400, '请选择要上传的文件');
      for (const upload of uploads) {
        if (upload.size === 0) throw new AppError(400, '不能上传空文件');
        upload.mime = await sniffMime(upload.tmpPath, upload.attachName, upload.size);
      }
    } catch (error) {
      await discardTemps(uploads);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (isBrokenMultipart(error)) throw new AppError(400, '上传内容格式不正确');
      throw error;
    }
    try {
      // bytes first and outside the transaction: an upload to object storage must not hold a database connection
      await storeBlobs(app.blobs, uploads);
      return await writeTransaction(
        request,
        async (tx) => (await recordUploads(tx, user.id, uploads)).map(presentUploaded),
        '上传成功',
      );
    } finally {
      await discardTemps(uploads); // stored ones were moved away; a replayed Idempotency-Key leaves its temps here
    }
  });

  async function sendStored(request: FastifyRequest, reply: FastifyReply, inline: boolean) {
    const { fileName } = validate(fileQuery, request.query);
    const user = currentUser(request);
    const stored = await findStoredFile(app.db, app.blobs, fileName);
    const refusal = (await readFileRefusal(app.db, user, stored.row)) ?? (await downloadRefusal(app.db, stored.row));
    if (refusal) throw refusal;
    const type = inline ? previewType(stored.row.mime) : stored.row.mime;
    if (!type) throw new AppError(415, '该文件类型不支持在线预览');
    // a stored id never changes content, so clients (and the service worker) may keep it
    reply.header('Cache-Control', 'private, max-age=86400');
    reply.header('Content-Type', type);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', stored.row.attachName));
    // a PDF too: opened straight from this address, the browser's own viewer would run its JavaScript
    if (inline)
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    // video and large PDFs are read in ranges; each range streams from the store, never the whole file
    const range = parseRange(request.headers.range, stored.size);
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${stored.size}`);
      throw new AppError(416, '请求的文件范围无效');
    }
    if (range) {
      reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`);
      reply.header('Content-Length', range.end - range.start + 1);
    } else reply.header('Content-Length', stored.size);
    return reply.send(await app.blobs.read(stored.row.sha256, range ?? undefined));
  }

  const linkRoute = { preHandler: [app.authenticate], config: { allowQueryUid: true } };
  app.get('/api/form/common/api/downloadFile', linkRoute, (request, reply) => sendStored(request, reply, false));
  app.get('/api/form/common/api/preview', linkRoute, (request, reply) => sendStored(request, reply, true));
}

import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PREVIEW_PDF_PATH } from '@contract/preview';
import { validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { readFileRefusal } from '../files/policy';
import { contentDisposition } from '../files/presenter';
import { findStoredFile } from '../files/service';
import { createConversionQueue } from './conversion-queue';
import { pdfOf } from './conversion-service';

const fileQuery = z.object({
  fileName: z.string({ error: '请提供文件名' }).min(1, '请提供文件名').max(1000, '文件名过长'),
});

/** Office files as PDF for the in-app preview: whoever may read the file may read its PDF. */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const { dataDir, preview } = app.config;
  const enqueue = createConversionQueue(app.db, app.driver, preview.slots);
  const settings = { dataDir, ...preview, enqueue, inflight: new Map() };

  app.get(PREVIEW_PDF_PATH, { preHandler: [app.authenticate] }, async (request, reply) => {
    const { fileName } = validate(fileQuery, request.query);
    const stored = await findStoredFile(app.db, app.blobs, fileName);
    const user = currentUser(request);
    const refusal = await readFileRefusal(app.db, user, stored.row);
    if (refusal) throw refusal;
    const pdf = await pdfOf(settings, { ...stored, open: () => app.blobs.read(stored.row.sha256) }, user.id);
    // the PDF of a stored id never changes: the client keeps it for offline reading
    reply.header('Cache-Control', 'private, max-age=86400');
    reply.header('Content-Type', 'application/pdf');
    reply.header(
      'Content-Disposition',
      contentDisposition('inline', stored.row.attachName.replace(/\.[^.]+$/, '.pdf')),
    );
    // opened straight from this address, the browser's own viewer would run the PDF's JavaScript: a sandboxed
    // document runs none (the app's pdf.js fetches the bytes, which a response's CSP does not touch)
    reply.header(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    );
    reply.header('X-Preview-Converted', pdf.converted ? 'yes' : 'no');
    return reply.send(createReadStream(pdf.path));
  });
}

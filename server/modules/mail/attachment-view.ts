import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAIL_ATTACHMENT_VIEW_PATH } from '@contract/mail';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { contentDisposition } from '../files/presenter';
import { findStoredFile } from '../files/service';
import { mailAttachmentOwner } from './attachment-owner';

const viewQuery = z.object({
  fileName: z.string({ error: '请提供文件名' }).min(1, '请提供文件名').max(1000, '文件名过长'),
});

/**
 * The in-app preview's read of a mail attachment, the one address that still serves a 机密 mail's files (下载 and the
 * raw inline address refuse them). It answers only for a file on a mail the caller may read, inline, sandboxed and
 * never kept by the browser, with a link ticket in the query (the preview's fetch carries no session header).
 */
export function mailAttachmentViewRoute(app: FastifyInstance): void {
  app.get(
    MAIL_ATTACHMENT_VIEW_PATH,
    { preHandler: [app.authenticate], config: { allowQueryUid: true } },
    async (request, reply) => {
      const { fileName } = validate(viewQuery, request.query);
      const user = currentUser(request);
      const stored = await findStoredFile(app.db, app.blobs, fileName);
      let readable = false;
      for (const id of await mailAttachmentOwner.recordsAttaching(app.db, stored.row.id))
        if (await mailAttachmentOwner.mayRead(app.db, user, id)) readable = true;
      if (!readable) throw new AppError(404, '文件不存在');
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Type', stored.row.mime || 'application/octet-stream');
      reply.header('Content-Length', stored.size);
      reply.header('Content-Disposition', contentDisposition('inline', stored.row.attachName));
      reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      return reply.send(await app.blobs.read(stored.row.sha256));
    },
  );
}

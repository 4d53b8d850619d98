/** Drives the 邮件 module over HTTP as demo users: the helpers of tests/api/mail.test.ts. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import type { MailCounts, MailDetail, MailFolder, MailListRow } from '../../contract/mail';
import type { MailWriteBody } from '../../contract/mail-schemas';
import { demoId } from '../../server/db/seed/demo-ids';
import type { ServerContext } from '../api/support/server';

/** The id of a demo user. */
export const userId = (username: string) => demoId(`user:${username}`);

export function mailClient(ctx: ServerContext) {
  const as = (user: string) => ctx.as(user);
  return {
    as,
    /** POST /api/mail/messages as asked; the answer as it is */
    write: async (user: string, body: MailWriteBody) =>
      (await as(user)).post<{ id: string }>('/api/mail/messages', body),
    /** sends a mail (200 expected) with a unique subject unless given; answers its id and subject */
    async send(user: string, to: string[], more: Partial<MailWriteBody> = {}) {
      const subject = more.subject ?? `测试邮件-${randomUUID().slice(0, 8)}`;
      const answer = await (
        await as(user)
      ).post<{ id: string }>('/api/mail/messages', {
        to: to.map(userId),
        bodyHtml: '<p>正文</p>',
        ...more,
        subject,
        send: true,
      });
      expect(answer.status, answer.body.msg).toBe(200);
      return { id: answer.body.data.id, subject };
    },
    detail: async (user: string, id: string) => (await as(user)).get<MailDetail>(`/api/mail/messages/${id}`),
    async list(user: string, folder: MailFolder, keyword = '') {
      const answer = await (
        await as(user)
      ).get<{ rows: MailListRow[]; total: number }>(
        `/api/mail/list/${folder}?pageSize=100&keyword=${encodeURIComponent(keyword)}`,
      );
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data;
    },
    act: async (user: string, id: string, action: string) =>
      (await as(user)).post(`/api/mail/messages/${id}/${action}`),
    async counts(user: string) {
      return (await (await as(user)).get<MailCounts>('/api/mail/counts')).body.data;
    },
    async upload(user: string, text = `附件 ${randomUUID()}`) {
      const data = new FormData();
      data.append('file', new Blob([text]), '会议纪要.txt');
      const answer = await (await as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data);
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data[0]!;
    },
    download: async (user: string, fileName: string) =>
      (
        await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${fileName}`, {
          headers: { uid: await ctx.uidOf(user) },
        })
      ).status,
  };
}

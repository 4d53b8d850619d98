import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { defId, flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** A file follows the record it is attached to; an unattached upload is its uploader's alone (issue 11 point 7). */
describe.each(drivers)('file access follows the record on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, act } = flowClient(ctx);

  const upload = async (user: string, text = `病假条 ${randomUUID()}`) => {
    const data = new FormData();
    data.append('file', new Blob([text]), '病假条.txt');
    const answer = await (await as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data[0]!;
  };
  const download = async (user: string, fileName: string) =>
    (
      await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${fileName}`, {
        headers: { uid: await ctx.uidOf(user) },
      })
    ).status;
  const startWith = async (user: string, attachments: UploadedFile[]) =>
    (await as(user)).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(),
      attachments,
    });

  it('an unattached upload is read by its uploader only', async () => {
    const file = await upload('zhangsan');
    expect(await download('zhangsan', file.fileName)).toBe(200);
    expect(await download('lisi', file.fileName)).toBe(404);
    expect(await download('wangwu', file.fileName)).toBe(404);
  });

  it('a file attached to a request is read by exactly those who may read the request', async () => {
    const file = await upload('zhangsan');
    const answer = await startWith('zhangsan', [file]);
    expect(answer.status, answer.body.msg).toBe(200);
    const id = answer.body.data.id;
    // the approver may read the request, so the file; a stranger gets 404 on the request and may not read the file
    expect(await download('lisi', file.fileName)).toBe(200);
    expect(await download('zhangsan', file.fileName)).toBe(200);
    expect((await (await as('wangwu')).get(`/api/flow/instances/${id}`)).status).toBe(404);
    expect(await download('wangwu', file.fileName)).toBe(404);
    expect(await download('admin', file.fileName)).toBe(200);
  });

  it('a file attached to an approval follows the request too', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const file = await upload('lisi');
    const answer = await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意', attachments: [file] });
    expect(answer.status, answer.body.msg).toBe(200);
    expect(await download('zhangsan', file.fileName)).toBe(200);
    expect(await download('wangwu', file.fileName)).toBe(404);
  });

  it('attaching someone else’s unattached upload is refused, at start and at approval', async () => {
    const foreign = await upload('wangwu');
    const refused = await startWith('zhangsan', [foreign]);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('不能使用他人上传的附件');
    const inForm = await (
      await as('zhangsan')
    ).post('/api/flow/instances', {
      definitionId: defId('expense'),
      formData: {
        expenseType: 'traffic',
        amount: 10,
        occurredOn: '2026-11-01',
        description: '打车',
        invoices: [foreign],
      },
    });
    expect(inForm.status).toBe(403);
    const id = await start('zhangsan', 'leave', forms.leave());
    const onApprove = await act('lisi', await taskOf('lisi', id), 'approve', {
      opinion: '同意',
      attachments: [foreign],
    });
    expect(onApprove.status).toBe(403);
    expect(await download('zhangsan', foreign.fileName)).toBe(404);
    const unknown = await startWith('zhangsan', [{ ...foreign, fileName: randomUUID() }]);
    expect(unknown.status).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 41 point 7: someone else's 审批 answers exactly what a missing one answers (404 and the same message) on
 * every route that takes an instance, task or read id, so a stranger cannot learn that an id exists.
 */
describe.each(drivers)('a stranger cannot tell a hidden request from a missing one on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail, taskOf, actOk, list } = flowClient(ctx);

  const answer = async (user: string, method: 'get' | 'post', path: string, body: Record<string, unknown> = {}) => {
    const client = await as(user);
    const res = method === 'get' ? await client.get(path) : await client.post(path, body);
    return [res.status, res.body.msg] as const;
  };

  it('detail (with its trace), comments, instance and task actions, 待阅 and attachments answer 404 to wangwu', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(1));
    const task = await taskOf('lisi', id);
    // lisi's approval puts an attachment in the trace and a 待阅 in xuli's list
    const upload = new FormData();
    upload.append('file', new Blob([`意见附件 ${randomUUID()}`]), '意见.txt');
    const file = (await (await as('lisi')).post<UploadedFile[]>('/api/form/common/file/upload', upload)).body.data[0]!;
    await actOk('lisi', task, 'approve', { opinion: '同意', attachments: [file] });
    const read = (await list('xuli', 'unread')).rows.find((r) => r.instanceId === id)!;
    expect((await detail('zhangsan', id)).trace.some((e) => e.attachments?.length)).toBe(true);

    const missing = randomUUID();
    const instanceRoutes: ['get' | 'post', string, Record<string, unknown>?][] = [
      ['get', '/api/flow/instances/:id'],
      ['post', '/api/flow/instances/:id/comments', { content: '路过' }],
      ['post', '/api/flow/instances/:id/withdraw'],
      ['post', '/api/flow/instances/:id/cc', { userIds: [userId('wangwu')] }],
      ['post', '/api/flow/instances/:id/copy'],
      ['post', '/api/flow/instances/:id/urge', { channels: ['app'] }],
    ];
    for (const [method, route, body] of instanceRoutes) {
      const hidden = await answer('wangwu', method, route.replace(':id', id), body);
      expect([route, ...hidden]).toEqual([route, 404, '流程不存在']);
      expect([route, ...(await answer('wangwu', method, route.replace(':id', missing), body))]).toEqual([
        route,
        ...hidden,
      ]);
    }
    for (const action of ['approve', 'reject', 'return', 'transfer', 'add-signer', 'remove-signer']) {
      const body = { opinion: '越权', targetNodeId: 'start', toUserId: userId('wangwu'), userIds: [userId('wangwu')] };
      const route = `/api/flow/tasks/:id/${action}`;
      const hidden = await answer('wangwu', 'post', route.replace(':id', task), body);
      expect([route, ...hidden]).toEqual([route, 404, '待办不存在']);
      expect([route, ...(await answer('wangwu', 'post', route.replace(':id', missing), body))]).toEqual([
        route,
        ...hidden,
      ]);
    }
    const hiddenRead = await answer('wangwu', 'post', `/api/flow/reads/${read.id}/read`);
    expect(hiddenRead).toEqual([404, '待阅不存在']);
    expect(await answer('wangwu', 'post', `/api/flow/reads/${missing}/read`)).toEqual(hiddenRead);

    const download = (user: string, fileName: string) =>
      answer(user, 'get', `/api/form/common/api/downloadFile?fileName=${encodeURIComponent(fileName)}`);
    expect(await download('wangwu', file.fileName)).toEqual([404, '文件不存在']);
    expect(await download('wangwu', randomUUID())).toEqual([404, '文件不存在']);
    expect((await download('zhangsan', file.fileName))[0]).toBe(200);

    // those who may see it still do, and still hear why an action is not theirs
    expect((await detail('xuli', id)).id).toBe(id);
    expect(await answer('lisi', 'post', `/api/flow/instances/${id}/withdraw`)).toEqual([403, '只有发起人可以撤回']);
  });
});
